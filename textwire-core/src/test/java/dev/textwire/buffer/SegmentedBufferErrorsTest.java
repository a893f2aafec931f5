package dev.textwire.buffer;

import static dev.textwire.TestSupport.seedMessage;
import static dev.textwire.buffer.SegmentedBufferTestSupport.SEED;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.textwire.TestSupport;
import dev.textwire.buffer.SegmentedBufferTestSupport.ShortReads;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * SegmentedBuffer's error paths, one by one: indexes and ranges outside the buffer, destinations too
 * small, a stream that ends early, and constructor arguments. Every failure message names the seed;
 * replay it with {@code -Dtextwire.test.seed=<seed>}.
 */
class SegmentedBufferErrorsTest {
  // -----------------------------------------------------------------------------------------------
  // Errors

  @Test
  void getAndSetOutsideTheBufferThrow() {
    SegmentedBuffer buffer = new SegmentedBuffer(4);
    assertThrows(IndexOutOfBoundsException.class, () -> buffer.get(0), "empty buffer");
    buffer.write(new byte[10]);
    for (long index : new long[] {-1, 10, 11, 12, Long.MAX_VALUE, Long.MIN_VALUE, 1L << 32}) {
      assertThrows(IndexOutOfBoundsException.class, () -> buffer.get(index), "get(" + index + ")");
      assertThrows(IndexOutOfBoundsException.class, () -> buffer.set(index, (byte) 1), "set(" + index + ")");
    }
    // Bytes past a truncation are still in the segment, but no longer the buffer's.
    buffer.truncate(5);
    assertThrows(IndexOutOfBoundsException.class, () -> buffer.get(5));
    assertThrows(IndexOutOfBoundsException.class, () -> buffer.set(7, (byte) 1));
    buffer.clear();
    assertThrows(IndexOutOfBoundsException.class, () -> buffer.get(0), "after clear()");
    assertEquals(0, buffer.size());
  }

  /** Ranges that do not fit: past the end, negative, and so large that offset + length overflows. */
  static Stream<Arguments> rangesOutside() {
    return Stream.of(
        Arguments.of(990L, 37L),
        Arguments.of(1000L, 1L),
        Arguments.of(1001L, 0L),
        Arguments.of(-1L, 5L),
        Arguments.of(5L, -1L),
        Arguments.of(Long.MAX_VALUE, 2L),
        Arguments.of(3L, Long.MAX_VALUE));
  }

  @ParameterizedTest(name = "offset={0}, length={1}")
  @MethodSource("rangesOutside")
  void rangesOutsideTheBufferAreRefusedWithAMessage(long offset, long length) {
    SegmentedBuffer buffer = new SegmentedBuffer(64);
    byte[] content = new byte[1000];
    new SplittableRandom(SEED).nextBytes(content);
    buffer.write(content);
    ByteArrayOutputStream out = new ByteArrayOutputStream();

    List<Executable> calls = new ArrayList<>();
    calls.add(() -> buffer.toByteArray(offset, length));
    calls.add(() -> buffer.writeTo(out, offset, length));
    if (length >= 0 && length <= 1000) {
      // Within the destination, so what fails is the buffer's range, not the array's.
      calls.add(() -> buffer.copyTo(offset, new byte[(int) length], 0, (int) length));
      calls.add(() -> buffer.copyTo(offset, ByteBuffer.allocate((int) length)));
    }
    for (Executable call : calls) {
      IndexOutOfBoundsException e = assertThrows(IndexOutOfBoundsException.class, call);
      String message = String.valueOf(e.getMessage());
      for (long number : new long[] {offset, length, 1000}) {
        assertTrue(message.contains(String.valueOf(number)), "message should name " + number + ": " + message);
      }
    }
    assertEquals(0, out.size(), "nothing written before the range was refused");
    assertArrayEquals(content, buffer.toByteArray());
  }

  @Test
  void copyToADestinationTooSmallIsRefused() {
    SegmentedBuffer buffer = new SegmentedBuffer(8);
    buffer.write(new byte[100]);
    assertThrows(IndexOutOfBoundsException.class, () -> buffer.copyTo(0, new byte[10], 5, 6));
    assertThrows(IndexOutOfBoundsException.class, () -> buffer.copyTo(0, new byte[10], -1, 2));
    assertThrows(IndexOutOfBoundsException.class, () -> buffer.copyTo(0, new byte[10], 0, -1));
  }

  @ParameterizedTest(name = "segmentSize={0}")
  @ValueSource(ints = {1, 8, 64, 8192})
  void readFromAStreamThatEndsEarlyKeepsWhatArrived(int segmentSize) throws IOException {
    SplittableRandom random = new SplittableRandom(SEED);
    byte[] prefix = {1, 2, 3};
    byte[] data = new byte[100];
    random.nextBytes(data);
    SegmentedBuffer buffer = new SegmentedBuffer(segmentSize);
    buffer.write(prefix);

    EOFException e =
        assertThrows(EOFException.class, () -> buffer.readFrom(new ShortReads(data, random), 150), seedMessage(SEED));
    assertTrue(String.valueOf(e.getMessage()).contains("100"), "says how many arrived: " + e.getMessage());
    assertEquals(103, buffer.size(), seedMessage(SEED));
    assertArrayEquals(TestSupport.concat(prefix, data), buffer.toByteArray(), seedMessage(SEED));

    // Still usable, and the next bytes follow the ones that arrived.
    buffer.readFrom(new ByteArrayInputStream(new byte[] {9}), 1);
    assertEquals(9, buffer.get(103));
  }

  @Test
  void readFromZeroOrANegativeCount() throws IOException {
    SegmentedBuffer buffer = new SegmentedBuffer(8);
    ByteArrayInputStream in = new ByteArrayInputStream(new byte[5]);
    buffer.readFrom(in, 0);
    assertEquals(5, in.available(), "asked for nothing, read nothing");
    assertThrows(IllegalArgumentException.class, () -> buffer.readFrom(in, -1));
    assertEquals(0, buffer.size());
  }

  @ParameterizedTest(name = "segmentSize={0}")
  @ValueSource(ints = {0, -1, -8, 3, 6, 12, 100, 3 << 20, (1 << 30) + 1, (1 << 30) + (1 << 29), Integer.MIN_VALUE, Integer.MAX_VALUE})
  void constructorRejectsASegmentSizeThatIsNotAPowerOfTwoUpTo2To30(int segmentSize) {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> new SegmentedBuffer(segmentSize, 1024));
    assertTrue(e.getMessage().contains(String.valueOf(segmentSize)), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> new SegmentedBuffer(segmentSize));
  }

  @ParameterizedTest(name = "segmentSize={0}")
  @ValueSource(ints = {1, 2, 1024, 1 << 30})
  void constructorAcceptsPowersOfTwoUpTo2To30(int segmentSize) {
    SegmentedBuffer buffer = new SegmentedBuffer(segmentSize, 0);
    assertEquals(segmentSize, buffer.segmentSize());
    assertEquals(0, buffer.size());
    assertEquals(0, buffer.allocatedBytes(), "nothing allocated before the first write");
  }

  @Test
  void constructorRejectsANegativeMaxRetainedBytes() {
    for (long bad : new long[] {-1, -4096, Long.MIN_VALUE}) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> new SegmentedBuffer(64, bad), "" + bad);
      assertTrue(e.getMessage().contains(String.valueOf(bad)), e.getMessage());
    }
    new SegmentedBuffer(64, 0);
    new SegmentedBuffer(64, Long.MAX_VALUE);
  }
}
