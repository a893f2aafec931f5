package dev.textwire;

import static dev.textwire.TestSupport.bytes;
import static dev.textwire.TestSupport.codePoints;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.fail;

import dev.textwire.PiecewiseDecoding.Model;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.ReadOnlyBufferException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every destination of {@link TextDecoder}: heap CharBuffers (at a position, and sliced so the array
 * offset is not 0), CharBuffers without an array, {@code StringBuilder} and any {@code Appendable}, in
 * rooms of 1, 2, 3 and 700 chars (past the 512-char chunk). All deliver the one-shot decoding; under
 * STRICT an error in the middle leaves the chars before it in the destination, and positions and counts
 * say how many.
 */
class TextDecoderOutputsTest {
  private enum Sink {
    HEAP_CHAR_BUFFER,
    SLICED_CHAR_BUFFER,
    DIRECT_CHAR_BUFFER,
    STRING_BUILDER,
    APPENDABLE
  }

  private static final int[] ROOMS = {1, 2, 3, 700};

  /** Inputs with errors in the middle, after more than a chunk of good text, and the short split inputs. */
  private static List<byte[]> inputs() {
    List<byte[]> inputs = new ArrayList<>();
    for (String hex : TextDecoderSplitTest.SHORT_INPUTS) {
      inputs.add(bytes(hex));
    }
    byte[] good = "x\u00E9\u20AC\uD83D\uDE00".repeat(200).getBytes(StandardCharsets.UTF_8);
    inputs.add(TestSupport.concat(good, bytes("E2 82 41 FF"), good));
    inputs.add(TestSupport.concat(good, bytes("ED A0 BD ED B8 80 C0 80 F0 9F"), good));
    inputs.add(TestSupport.concat(good, bytes("F0 9F 98")));
    inputs.add(TextDecoderSplitTest.allBytes());
    return inputs;
  }

  @Test
  void everyDestinationDeliversTheOneShotDecoding() throws IOException {
    for (TextCodec strict : TextDecoderSplitTest.CODECS) {
      for (ErrorPolicy policy : ErrorPolicy.values()) {
        TextCodec codec = strict.withPolicy(policy);
        for (byte[] input : inputs()) {
          Model model = Model.of(codec, input);
          for (Sink sink : Sink.values()) {
            for (int room : ROOMS) {
              String where = codec + ", " + PiecewiseDecoding.hexOf(input) + ", " + sink + ", room " + room;
              decodeInto(codec, input, model, sink, room, where);
            }
          }
        }
      }
    }
  }

  /** An Appendable that is none of the JDK's, taking chars one CharSequence range at a time. */
  private static final class Collector implements Appendable {
    final StringBuilder text = new StringBuilder();

    @Override
    public Appendable append(CharSequence csq) {
      text.append(csq);
      return this;
    }

    @Override
    public Appendable append(CharSequence csq, int start, int end) {
      for (int i = start; i < end; i++) {
        text.append(csq.charAt(i));
      }
      return this;
    }

    @Override
    public Appendable append(char c) {
      text.append(c);
      return this;
    }
  }

  private static void decodeInto(TextCodec codec, byte[] input, Model model, Sink sink, int room, String where)
      throws IOException {
    TextDecoder decoder = codec.newDecoder();
    decoder.feed(input, true);
    int capacity = input.length + 1000;
    CharBuffer buffer =
        switch (sink) {
          case HEAP_CHAR_BUFFER -> CharBuffer.allocate(capacity).position(3);
          case SLICED_CHAR_BUFFER -> CharBuffer.wrap(new char[capacity + 10], 5, capacity).slice().position(2);
          case DIRECT_CHAR_BUFFER -> ByteBuffer.allocateDirect(2 * capacity).asCharBuffer().position(1);
          default -> null;
        };
    int start = buffer == null ? 0 : buffer.position();
    StringBuilder builder = new StringBuilder("<<");
    Collector collector = new Collector();
    MalformedTextException error = null;
    long total = 0;
    for (int guard = 0; decoder.hasRemaining() && error == null; guard++) {
      if (guard > 100_000) {
        fail(where + ": no end");
      }
      long before = decoder.charsDecoded();
      int positionBefore = buffer == null ? 0 : buffer.position();
      try {
        int written =
            switch (sink) {
              case STRING_BUILDER -> decoder.decode(builder, room);
              case APPENDABLE -> decoder.decode(collector, room);
              default -> {
                buffer.limit(buffer.position() + room);
                yield decoder.decode(buffer);
              }
            };
        assertEquals(decoder.charsDecoded() - before, written, where + ": returned vs charsDecoded");
        if (buffer != null) {
          assertEquals(positionBefore + written, buffer.position(), where + ": position after decode");
        }
        if (written == 0) {
          fail(where + ": no progress with room " + room + ": " + decoder);
        }
        total += written;
      } catch (MalformedTextException e) {
        error = e;
        if (buffer != null) {
          assertEquals(positionBefore + (decoder.charsDecoded() - before), buffer.position(), where + ": position at the error");
        }
      }
    }
    String out =
        switch (sink) {
          case STRING_BUILDER -> builder.substring(2);
          case APPENDABLE -> collector.text.toString();
          default -> {
            int end = buffer.position();
            yield buffer.duplicate().limit(end).position(start).toString();
          }
        };
    String expected = model.expectedChars();
    if (!expected.equals(out)) {
      fail(where + ": delivered " + PiecewiseDecoding.around(out, expected) + ", expected " + PiecewiseDecoding.around(expected, out)
          + (error == null ? "" : " before " + error));
    }
    assertEquals(out.length(), decoder.charsDecoded(), where + ": charsDecoded");
    if (model.error() == null) {
      assertEquals(null, error, where);
      assertEquals(out.length(), total, where + ": sum of returns");
      assertEquals(input.length, decoder.bytesConsumed(), where + ": bytesConsumed");
    } else {
      if (error == null) {
        fail(where + ": no error, expected " + model.error());
      }
      assertEquals(model.error().byteOffset(), error.byteOffset(), where + ": offset of " + error);
      assertEquals(model.error().malformedLength(), error.malformedLength(), where + ": length of " + error);
    }
  }

  @Test
  void readOnlyCharBufferIsRefused() {
    TextDecoder decoder = TextCodecs.UTF_8.newDecoder().feed(bytes("41 42"), true);
    assertThrows(ReadOnlyBufferException.class, () -> decoder.decode(CharBuffer.allocate(4).asReadOnlyBuffer()));
    char[] dst = new char[4];
    assertEquals(2, decoder.decode(dst, 0, 4), "nothing was taken by the refused call");
    assertEquals("AB", new String(dst, 0, 2));
  }

  /** A pair with room for one char through each destination: the high half now, the low one next. */
  @Test
  void pairSplitByAOneCharRoomInEveryDestination() throws IOException {
    byte[] input = bytes("F0 9F 98 80 41");
    StringBuilder builder = new StringBuilder();
    TextDecoder decoder = TextCodecs.UTF_8.newDecoder().feed(input, true);
    assertEquals(1, decoder.decode(builder, 1));
    assertEquals(4, decoder.bytesConsumed());
    assertEquals(true, decoder.hasHeldLowSurrogate());
    assertEquals(2, decoder.decode(builder, 5));
    assertEquals("U+1F600 U+0041", codePoints(builder.toString()));

    CharBuffer direct = ByteBuffer.allocateDirect(16).asCharBuffer();
    decoder.reset().feed(input, true);
    direct.limit(1);
    assertEquals(1, decoder.decode(direct));
    direct.limit(8);
    assertEquals(2, decoder.decode(direct));
    assertEquals("U+1F600 U+0041", codePoints(direct.flip().toString()));

    decoder.reset().feed(input, true);
    assertEquals(1, decoder.skip(1));
    assertEquals(true, decoder.hasHeldLowSurrogate());
    char[] dst = new char[4];
    assertEquals(2, decoder.decode(dst, 0, 4));
    assertEquals("U+DE00 U+0041", codePoints(new String(dst, 0, 2)));
  }
}
