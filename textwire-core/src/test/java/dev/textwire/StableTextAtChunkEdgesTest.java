package dev.textwire;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import dev.textwire.buffer.LengthPrefix;
import dev.textwire.buffer.SegmentedBuffer;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The other side of {@link UnstableTextTest}: text that does not change must never be taken for text
 * that did. The count and the encoding read a {@code CharSequence} in 2,048-char chunks; a surrogate pair
 * cut by a chunk edge, or an unpaired high surrogate at its last index, must give the same bytes in both
 * passes, under every codec and policy, through every path that counts first.
 */
class StableTextAtChunkEdgesTest {
  private static final int CHUNK = 2048;

  private static List<String> texts() {
    List<String> texts = new ArrayList<>();
    for (int edge = CHUNK - 2; edge <= CHUNK + 1; edge++) {
      String before = "é".repeat(edge);
      texts.add(before + "\uD83D\uDE00" + "x".repeat(100)); // a pair at, or across, the edge
      texts.add(before + "\uD83D" + "x".repeat(100)); // an unpaired high surrogate there
      texts.add(before + "\uDE00\uD83D" + "日".repeat(100)); // a lone low, then a lone high
      texts.add("a".repeat(edge) + "\uD83D\uDE00".repeat(3)); // ASCII up to the edge
    }
    return texts;
  }

  private static List<TextCodec> codecs() {
    List<TextCodec> codecs = new ArrayList<>();
    for (TextCodec codec :
        new TextCodec[] {
          TextCodecs.UTF_8, TextCodecs.CESU_8, TextCodecs.MODIFIED_UTF_8, TextCodecs.ISO_8859_1,
          TextCodecs.IBM500, TextCodecs.IBM1047
        }) {
      for (ErrorPolicy policy : ErrorPolicy.values()) {
        codecs.add(codec.withPolicy(policy));
      }
    }
    return codecs;
  }

  @Test
  void aStableTextEncodesTheSameFromAStringAndAStringBuilder() {
    for (String text : texts()) {
      for (TextCodec codec : codecs()) {
        Object fromString = outcome(() -> codec.encode(text));
        Object fromBuilder = outcome(() -> codec.encode(new StringBuilder(text)));
        String where = codec + " at length " + text.length();
        if (fromString instanceof byte[] bytes) {
          assertArrayEquals(bytes, (byte[]) fromBuilder, where);
        } else {
          // Strict and a surrogate it cannot take: the same error both ways, never a "changed" one.
          org.junit.jupiter.api.Assertions.assertEquals(
              fromString.getClass(), fromBuilder.getClass(), where + ": " + fromBuilder);
        }
      }
    }
  }

  @Test
  void aStableTextMakesTheSameFrameInEveryTarget() {
    for (String text : texts()) {
      for (ErrorPolicy policy : new ErrorPolicy[] {ErrorPolicy.REPLACE, ErrorPolicy.REPLACE_WITH_QUESTION_MARK}) {
        for (LengthPrefix prefix : LengthPrefix.values()) {
          StringBuilder builder = new StringBuilder(text);
          byte[] array = new byte[4 * text.length() + 32];
          int n = prefix.write(builder, 0, builder.length(), Utf8.codec(policy), array, 0);
          byte[] expected = java.util.Arrays.copyOf(array, n);

          ByteBuffer direct = ByteBuffer.allocateDirect(array.length);
          prefix.write(builder, 0, builder.length(), Utf8.codec(policy), direct);
          byte[] fromDirect = new byte[direct.flip().remaining()];
          direct.get(fromDirect);
          assertArrayEquals(expected, fromDirect, prefix + " into a direct buffer");

          ByteBuffer small = ByteBuffer.allocate(n); // too small for the one-pass write: counted first
          prefix.write(builder, 0, builder.length(), Utf8.codec(policy), small);
          assertArrayEquals(expected, small.array(), prefix + " into an exact heap buffer");

          SegmentedBuffer segmented = new SegmentedBuffer();
          prefix.write(builder, 0, builder.length(), Utf8.codec(policy), segmented);
          assertArrayEquals(expected, segmented.toByteArray(), prefix + " into a segmented buffer");
        }
      }
    }
  }

  private static Object outcome(java.util.function.Supplier<Object> call) {
    try {
      return call.get();
    } catch (RuntimeException e) {
      return e;
    }
  }
}
