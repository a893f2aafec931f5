package dev.textwire;

import static dev.textwire.TestSupport.bytes;
import static dev.textwire.TestSupport.hex;
import static dev.textwire.TestSupport.seed;
import static dev.textwire.TestSupport.seedMessage;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Random;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * {@link TextCodec#validate}, {@code validUpTo} and {@code isValid} for every codec, over array ranges at
 * an offset, sliced heap buffers, read-only heap buffers and direct buffers at a position, with strict
 * decoding as the oracle: {@code validUpTo} is where strict decoding throws (or the end),
 * {@code errorLength} is the error's {@code malformedLength()} (0 when it is truncated), and
 * {@code isTruncated()} is the error's. Buffers keep their position and limit. Exhaustive over every 1-
 * and 2-byte input, a seeded sample of longer ones, and inputs that put a sequence across the 6,144-byte
 * chunks in which direct buffers are validated.
 */
// Methods two at a time too (junit-platform.properties): among the longest classes, and each method
// keeps its state in its own instance.
@Execution(ExecutionMode.CONCURRENT)
class TextValidationTest {
  /** Direct buffers are validated through a chunk of this many bytes (Scratch's 2,048 chars times 3). */
  private static final int DIRECT_CHUNK_BYTES = 6144;

  /** Reused buffers: large enough for every input here, the input put at a position. */
  private final ByteBuffer direct = ByteBuffer.allocateDirect(3 * DIRECT_CHUNK_BYTES);
  private final byte[] heapBacking = new byte[3 * DIRECT_CHUNK_BYTES + 16];

  @Test
  void everyOneAndTwoByteInput() {
    for (TextCodec codec : TextDecoderSplitTest.CODECS) {
      byte[] one = new byte[1];
      for (int b = 0; b < 256; b++) {
        one[0] = (byte) b;
        check(codec, one, () -> "");
      }
      byte[] two = new byte[2];
      for (int b = 0; b < 65536; b++) {
        two[0] = (byte) (b >>> 8);
        two[1] = (byte) b;
        check(codec, two, () -> "");
      }
    }
  }

  /** Bytes that sit on the boundaries of UTF-8's table 3-7, and a few plain ones. */
  private static final int[] EDGE_BYTES = {
    0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xAF, 0xB0, 0xBF, 0xC0, 0xC1, 0xC2, 0xC3, 0xDF, 0xE0, 0xE1,
    0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF
  };

  @Test
  void seededSampleOfLongerInputs() {
    long seed = seed(0x7A11DA7EL);
    Random random = new Random(seed);
    for (TextCodec codec : TextDecoderSplitTest.CODECS) {
      for (int trial = 0; trial < 40_000; trial++) {
        byte[] src = new byte[3 + random.nextInt(10)];
        for (int i = 0; i < src.length; i++) {
          src[i] = random.nextInt(4) == 0 ? (byte) random.nextInt(256) : (byte) EDGE_BYTES[random.nextInt(EDGE_BYTES.length)];
        }
        check(codec, src, () -> seedMessage(seed));
      }
    }
  }

  @Test
  void splitTestInputs() {
    for (TextCodec codec : TextDecoderSplitTest.CODECS) {
      for (String hex : TextDecoderSplitTest.SHORT_INPUTS) {
        check(codec, bytes(hex), () -> "");
      }
      check(codec, TextDecoderSplitTest.allBytes(), () -> "");
    }
  }

  /**
   * A tricky sequence placed across a direct buffer's chunk edge (at every offset near it, from a position
   * that is 0 or not), with ASCII before it and ASCII or nothing after.
   */
  @Test
  void sequencesAcrossTheDirectChunkEdge() {
    String[] tricky = {
      "C3 A9", "E2 82 AC", "F0 9F 98 80", "ED A0 BD ED B8 80", "C0 80", "ED A0 80", "E2 82", "F0 9F 98", "ED A0 BD ED B8",
      "ED A0 BD", "E2 41", "F0 9F 41", "FF", "ED A0 80 ED B0 80", "ED A0 BD ED B8 80 ED A0 BD ED B8 80"
    };
    for (TextCodec codec : TextDecoderSplitTest.CODECS) {
      for (String hex : tricky) {
        byte[] middle = bytes(hex);
        for (int edge : new int[] {DIRECT_CHUNK_BYTES, 2 * DIRECT_CHUNK_BYTES}) {
          for (int before = edge - 7; before <= edge + 1; before++) {
            for (int after : new int[] {0, 1, 9}) {
              byte[] src = new byte[before + middle.length + after];
              Arrays.fill(src, (byte) 'a');
              System.arraycopy(middle, 0, src, before, middle.length);
              int b = before;
              check(codec, src, () -> b + " ASCII bytes, " + hex + ", " + after + " ASCII bytes");
            }
          }
        }
      }
    }
  }

  /** Checks every entry point on {@code src}, alone and within a larger array or buffer at an offset. */
  private void check(TextCodec codec, byte[] src, Supplier<String> context) {
    for (int offset : new int[] {0, 3}) {
      byte[] padded = new byte[src.length + offset + 2];
      Arrays.fill(padded, (byte) 0x80); // never valid on its own: a range must not read past its end
      System.arraycopy(src, 0, padded, offset, src.length);
      Supplier<String> where = () -> codec + ", " + (src.length <= 64 ? hex(src) : src.length + " bytes") + " at " + offset
          + ", " + context.get();
      checkArray(codec, padded, offset, src.length, where);
      checkBuffers(codec, src, offset, where);
    }
  }

  /** The strict oracle for {@code src[offset, offset + length)}: the TextValidation it implies, in array indices. */
  private static TextValidation oracle(TextCodec codec, byte[] src, int offset, int length) {
    TextCodec strict = codec.withPolicy(ErrorPolicy.STRICT);
    try {
      strict.decode(src, offset, length);
      return new TextValidation(offset + length, 0, offset + length);
    } catch (MalformedTextException e) {
      return new TextValidation((int) e.byteOffset(), e.isTruncated() ? 0 : e.malformedLength(), offset + length);
    }
  }

  private static void checkArray(TextCodec codec, byte[] src, int offset, int length, Supplier<String> where) {
    TextValidation expected = oracle(codec, src, offset, length);
    for (ErrorPolicy policy : ErrorPolicy.values()) { // validation is strict whatever the codec's policy
      TextCodec c = codec.withPolicy(policy);
      TextValidation actual = c.validate(src, offset, length);
      if (!expected.equals(actual)) {
        throw new AssertionError(where.get() + ", " + policy + ": validate(byte[]) is " + actual + ", expected " + expected
            + " (strict decoding: " + strictOutcome(codec, src, offset, length) + ")");
      }
      assertEquals(expected.isTruncated(), actual.isTruncated(), where);
      assertEquals(expected.validUpTo(), c.validUpTo(src, offset, length), () -> where.get() + ": validUpTo(byte[])");
      assertEquals(expected.isValid(), c.isValid(src, offset, length), () -> where.get() + ": isValid(byte[], range)");
      if (offset == 0 && length == src.length) {
        assertEquals(expected, c.validate(src), where);
        assertEquals(expected.isValid(), c.isValid(src), where);
      }
    }
  }

  private static String strictOutcome(TextCodec codec, byte[] src, int offset, int length) {
    try {
      return "\"" + TestSupport.codePoints(codec.withPolicy(ErrorPolicy.STRICT).decode(src, offset, length)) + "\"";
    } catch (MalformedTextException e) {
      return PiecewiseDecoding.describe(e);
    }
  }

  private void checkBuffers(TextCodec codec, byte[] src, int position, Supplier<String> where) {
    TextValidation inArray = oracle(codec, src, 0, src.length);
    // In buffer indices: shifted by the position.
    TextValidation expected =
        new TextValidation(inArray.validUpTo() + position, inArray.errorLength(), src.length + position);
    // A heap buffer sliced from a larger array, so its array offset is 5.
    Arrays.fill(heapBacking, 0, 5 + position + src.length + 2, (byte) 0x80); // the slice: not the whole 18 KiB per input
    System.arraycopy(src, 0, heapBacking, 5 + position, src.length);
    ByteBuffer sliced = ByteBuffer.wrap(heapBacking, 5, src.length + position + 2).slice();
    sliced.position(position).limit(position + src.length);
    checkBuffer(codec, sliced, expected, () -> where.get() + ", sliced heap buffer");
    checkBuffer(codec, sliced.asReadOnlyBuffer(), expected, () -> where.get() + ", read-only heap buffer");
    direct.clear();
    for (int i = 0; i < position; i++) {
      direct.put((byte) 0x80);
    }
    direct.put(src);
    direct.put((byte) 0x80).put((byte) 0x80); // past the limit
    direct.position(position).limit(position + src.length);
    checkBuffer(codec, direct, expected, () -> where.get() + ", direct buffer");
  }

  private static void checkBuffer(TextCodec codec, ByteBuffer buffer, TextValidation expected, Supplier<String> where) {
    int position = buffer.position();
    int limit = buffer.limit();
    TextValidation actual = codec.validate(buffer);
    if (!expected.equals(actual)) {
      throw new AssertionError(where.get() + ": validate(ByteBuffer) is " + actual + ", expected " + expected);
    }
    assertEquals(expected.validUpTo(), codec.validUpTo(buffer), () -> where.get() + ": validUpTo(ByteBuffer)");
    assertEquals(expected.isValid(), codec.isValid(buffer), () -> where.get() + ": isValid(ByteBuffer)");
    assertEquals(position, buffer.position(), () -> where.get() + ": position");
    assertEquals(limit, buffer.limit(), () -> where.get() + ": limit");
  }
}
