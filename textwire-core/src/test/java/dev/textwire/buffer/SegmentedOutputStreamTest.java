package dev.textwire.buffer;

import static dev.textwire.TestSupport.seedMessage;
import static java.nio.charset.StandardCharsets.UTF_16BE;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.textwire.TestSupport;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UnsupportedEncodingException;
import java.nio.charset.Charset;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * SegmentedOutputStream claims to be a drop-in for ByteArrayOutputStream, so each test does the same
 * calls on both, side by side, and expects the same bytes, sizes, strings and exceptions. Segment sizes
 * of 1 and 8 make every multi-byte write cross segments; 8192 is the default.
 */
class SegmentedOutputStreamTest {
  private static final long SEED = TestSupport.seed(0x0B5_7EA3L);

  /** The two streams under the same calls. */
  private static final class Pair {
    final ByteArrayOutputStream expected = new ByteArrayOutputStream();
    final SegmentedOutputStream actual;

    Pair(int segmentSize) {
      actual = new SegmentedOutputStream(new SegmentedBuffer(segmentSize));
    }

    void write(int b) {
      expected.write(b);
      actual.write(b);
    }

    void write(byte[] b, int off, int len) {
      expected.write(b, off, len);
      actual.write(b, off, len);
    }

    void assertSame(String where) {
      assertEquals(expected.size(), actual.size(), where);
      assertArrayEquals(expected.toByteArray(), actual.toByteArray(), where);
    }
  }

  @ParameterizedTest(name = "segmentSize={0}")
  @ValueSource(ints = {1, 8, 8192})
  void writeIntKeepsTheLowEightBits(int segmentSize) {
    Pair pair = new Pair(segmentSize);
    for (int b : new int[] {0, 0x41, 0x7F, 0x80, 0xFF, 0x100, 0x1234, -1, -128, Integer.MIN_VALUE, Integer.MAX_VALUE}) {
      pair.write(b);
    }
    pair.assertSame("write(int)");
    assertEquals("00 41 7F 80 FF 00 34 FF 80 00 FF", TestSupport.hex(pair.actual.toByteArray()));
  }

  @ParameterizedTest(name = "segmentSize={0}")
  @ValueSource(ints = {1, 8, 8192})
  void writeArrayRangesAndBadRanges(int segmentSize) {
    Pair pair = new Pair(segmentSize);
    byte[] data = "0123456789abcdef".getBytes(UTF_8);
    pair.write(data, 0, data.length);
    pair.write(data, 3, 9);
    pair.write(data, 16, 0); // empty, at the very end: allowed
    pair.write(data, 0, 0);
    pair.assertSame("good ranges");

    // Bad ranges: both refuse them the same way and keep what they had.
    int[][] bad = {{-1, 1}, {0, -1}, {0, 17}, {17, 0}, {10, 7}, {Integer.MAX_VALUE, 1}, {1, Integer.MAX_VALUE}};
    for (int[] range : bad) {
      String where = "write(byte[16], " + range[0] + ", " + range[1] + ")";
      assertThrows(IndexOutOfBoundsException.class, () -> pair.expected.write(data, range[0], range[1]), where);
      assertThrows(IndexOutOfBoundsException.class, () -> pair.actual.write(data, range[0], range[1]), where);
    }
    assertThrows(NullPointerException.class, () -> pair.expected.write(null, 0, 1));
    assertThrows(NullPointerException.class, () -> pair.actual.write(null, 0, 1));
    assertThrows(NullPointerException.class, () -> pair.actual.write(null, 0, 0));
    assertThrows(NullPointerException.class, () -> pair.actual.writeBytes(null));
    pair.assertSame("after the refused writes");
  }

  @ParameterizedTest(name = "segmentSize={0}")
  @ValueSource(ints = {1, 8, 8192})
  void writeBytesAndWriteArrayWriteAll(int segmentSize) throws IOException {
    Pair pair = new Pair(segmentSize);
    byte[] data = "héllo, 世界".getBytes(UTF_8);
    pair.expected.writeBytes(data);
    pair.actual.writeBytes(data);
    pair.expected.write(data); // OutputStream.write(byte[]), inherited by both
    pair.actual.write(data);
    pair.expected.writeBytes(new byte[0]);
    pair.actual.writeBytes(new byte[0]);
    pair.assertSame("writeBytes and write(byte[])");
    assertEquals(2L * data.length, pair.actual.size());
  }

  @ParameterizedTest(name = "segmentSize={0}")
  @ValueSource(ints = {1, 8, 8192})
  void resetEmptiesAndTheStreamIsReusable(int segmentSize) {
    Pair pair = new Pair(segmentSize);
    byte[] data = new byte[100];
    new SplittableRandom(SEED).nextBytes(data);
    pair.write(data, 0, data.length);
    pair.expected.reset();
    pair.actual.reset();
    pair.assertSame(seedMessage(SEED) + ": after reset");
    assertEquals(0, pair.actual.size());
    pair.write(data, 10, 20);
    pair.write(7);
    pair.assertSame(seedMessage(SEED) + ": reused after reset");
  }

  @Test
  void toByteArrayReturnsACopy() {
    Pair pair = new Pair(8);
    pair.write("abcdefghij".getBytes(UTF_8), 0, 10);
    byte[] first = pair.actual.toByteArray();
    assertNotSame(first, pair.actual.toByteArray(), "a new array each time");
    first[0] = 'X';
    first[9] = 'Y';
    pair.assertSame("after changing a copy");
    assertEquals('a', pair.actual.buffer().get(0));
  }

  @ParameterizedTest(name = "segmentSize={0}")
  @ValueSource(ints = {1, 8, 8192})
  void writeToAnotherStream(int segmentSize) throws IOException {
    Pair pair = new Pair(segmentSize);
    byte[] data = new byte[20_000];
    new SplittableRandom(SEED).nextBytes(data);
    pair.write(data, 0, data.length);
    ByteArrayOutputStream fromExpected = new ByteArrayOutputStream();
    ByteArrayOutputStream fromActual = new ByteArrayOutputStream();
    fromActual.write('>'); // writeTo appends to what the target holds
    fromExpected.write('>');
    pair.expected.writeTo(fromExpected);
    pair.actual.writeTo(fromActual);
    assertArrayEquals(fromExpected.toByteArray(), fromActual.toByteArray(), seedMessage(SEED));
    pair.assertSame(seedMessage(SEED) + ": writeTo leaves the stream as it was");
  }

  @ParameterizedTest(name = "segmentSize={0}")
  @ValueSource(ints = {1, 8, 8192})
  void toStringDecodesLikeByteArrayOutputStream(int segmentSize) throws UnsupportedEncodingException {
    Pair pair = new Pair(segmentSize);
    // Valid UTF-8, then a byte that is not: each decoder must replace it the same way.
    byte[] text = "Grüße, 世界 😀 ".getBytes(UTF_8);
    pair.write(text, 0, text.length);
    pair.write(0xC3);
    pair.write('!');

    assertEquals(pair.expected.toString(), pair.actual.toString(), "default charset " + Charset.defaultCharset());
    for (Charset charset : new Charset[] {UTF_8, UTF_16BE, Charset.forName("ISO-8859-1")}) {
      assertEquals(pair.expected.toString(charset), pair.actual.toString(charset), charset.name());
      assertEquals(pair.expected.toString(charset.name()), pair.actual.toString(charset.name()), charset.name());
    }
    assertEquals("Grüße, 世界 😀 \uFFFD!", pair.actual.toString(UTF_8));

    assertThrows(UnsupportedEncodingException.class, () -> pair.expected.toString("no-such-charset"));
    assertThrows(UnsupportedEncodingException.class, () -> pair.actual.toString("no-such-charset"));
    assertThrows(NullPointerException.class, () -> pair.expected.toString((String) null));
    assertThrows(NullPointerException.class, () -> pair.actual.toString((String) null));
  }

  @Test
  void closeHasNoEffectAndFlushWorks() throws IOException {
    Pair pair = new Pair(8);
    pair.write("before".getBytes(UTF_8), 0, 6);
    pair.expected.flush();
    pair.actual.flush();
    pair.expected.close();
    pair.actual.close();
    pair.write(" after close".getBytes(UTF_8), 0, 12);
    pair.write('!');
    pair.expected.close();
    pair.actual.close(); // twice is fine too
    pair.assertSame("writes after close");
    assertEquals("before after close!", pair.actual.toString(UTF_8));
  }

  @Test
  void aStreamOverAGivenBufferSharesIt() throws IOException {
    SegmentedBuffer buffer = new SegmentedBuffer(4);
    buffer.write(new byte[] {1, 2});
    SegmentedOutputStream out = new SegmentedOutputStream(buffer);
    assertSame(buffer, out.buffer());
    assertEquals(2, out.size(), "sees what the buffer already held");
    out.write(new byte[] {3, 4, 5});
    assertEquals(5, buffer.size(), "writes land in the buffer");
    buffer.writeByte(6);
    assertArrayEquals(new byte[] {1, 2, 3, 4, 5, 6}, out.toByteArray(), "and the buffer's writes show in the stream");
    out.reset();
    assertEquals(0, buffer.size(), "reset clears the buffer");

    assertThrows(NullPointerException.class, () -> new SegmentedOutputStream(null));
    SegmentedOutputStream own = new SegmentedOutputStream();
    assertEquals(SegmentedBuffer.DEFAULT_SEGMENT_SIZE, own.buffer().segmentSize());
    assertEquals(0, own.size());
  }

  /** A random mix of every call, compared after each one. */
  @ParameterizedTest(name = "segmentSize={0}")
  @ValueSource(ints = {1, 8, 8192})
  void randomCallsMatchByteArrayOutputStream(int segmentSize) throws IOException {
    SplittableRandom random = new SplittableRandom(SEED ^ segmentSize);
    Pair pair = new Pair(segmentSize);
    for (int step = 0; step < 2000; step++) {
      String where = seedMessage(SEED) + ", segmentSize=" + segmentSize + ", step " + step;
      switch (random.nextInt(10)) {
        case 0, 1, 2 -> pair.write(random.nextInt());
        case 3, 4, 5 -> {
          byte[] data = new byte[random.nextInt(3 * segmentSize + 10)];
          random.nextBytes(data);
          int off = random.nextInt(data.length + 1);
          pair.write(data, off, random.nextInt(data.length - off + 1));
        }
        case 6 -> {
          byte[] data = new byte[random.nextInt(50)];
          random.nextBytes(data);
          pair.expected.writeBytes(data);
          pair.actual.writeBytes(data);
        }
        case 7 -> {
          if (random.nextInt(5) == 0) {
            pair.expected.reset();
            pair.actual.reset();
          }
        }
        case 8 -> {
          ByteArrayOutputStream a = new ByteArrayOutputStream();
          ByteArrayOutputStream b = new ByteArrayOutputStream();
          pair.expected.writeTo(a);
          pair.actual.writeTo(b);
          assertArrayEquals(a.toByteArray(), b.toByteArray(), where);
        }
        default -> assertEquals(pair.expected.toString(UTF_8), pair.actual.toString(UTF_8), where);
      }
      assertEquals(pair.expected.size(), pair.actual.size(), where);
      if (step % 50 == 0) {
        pair.assertSame(where);
      }
    }
    pair.assertSame(seedMessage(SEED) + ", at the end");
  }
}
