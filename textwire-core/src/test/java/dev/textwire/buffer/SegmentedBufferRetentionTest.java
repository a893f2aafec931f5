package dev.textwire.buffer;

import static dev.textwire.TestSupport.seedMessage;
import static dev.textwire.buffer.SegmentedBufferTestSupport.SEED;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.textwire.buffer.SegmentedBufferTestSupport.ShortReads;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * SegmentedBuffer's retention and reuse: clear() keeps at most the retained bytes, and a cleared buffer
 * refilled by any route allocates nothing new. Every failure message names the seed; replay it with
 * {@code -Dtextwire.test.seed=<seed>}.
 */
class SegmentedBufferRetentionTest {
  // -----------------------------------------------------------------------------------------------
  // Retention and reuse

  static Stream<Arguments> retentionCases() {
    return Stream.of(
        Arguments.of(64, 0L),
        Arguments.of(64, 200L), // 3 segments and a bit: rounded down to 3
        Arguments.of(64, 64L * 5),
        Arguments.of(64, 64L * 1000),
        Arguments.of(1, 3L),
        Arguments.of(8192, 20_000L),
        Arguments.of(4096, SegmentedBuffer.DEFAULT_MAX_RETAINED_BYTES));
  }

  @ParameterizedTest(name = "segmentSize={0}, maxRetainedBytes={1}")
  @MethodSource("retentionCases")
  void clearKeepsAtMostTheRetainedBytesAndARefillReusesThem(int segmentSize, long maxRetainedBytes) {
    SegmentedBuffer buffer = new SegmentedBuffer(segmentSize, maxRetainedBytes);
    long retainedSegments = maxRetainedBytes / segmentSize;
    // Several segments, and more than the bound keeps, plus a partial one.
    int length = (int) Math.min(8_000_000, segmentSize * Math.max(20, retainedSegments + 5) + 7);
    byte[] content = new byte[length];
    new SplittableRandom(SEED).nextBytes(content);
    buffer.write(content);
    long allocated = buffer.allocatedBytes();
    assertTrue(allocated >= length, "allocated " + allocated + " for " + length);

    buffer.clear();
    long bound = retainedSegments * segmentSize;
    assertTrue(buffer.allocatedBytes() <= bound, "kept " + buffer.allocatedBytes() + ", bound " + bound);
    assertEquals(Math.min(allocated, bound), buffer.allocatedBytes(), "keeps what the bound allows");
    assertEquals(0, buffer.size());

    buffer.write(content);
    assertEquals(allocated, buffer.allocatedBytes(), "the refill allocates only what clear() let go");
    assertArrayEquals(content, buffer.toByteArray(), seedMessage(SEED));
  }

  @ParameterizedTest(name = "segmentSize={0}")
  @ValueSource(ints = {1, 64, 8192})
  void aClearedAndRefilledBufferAllocatesNothing(int segmentSize) throws IOException {
    SplittableRandom random = new SplittableRandom(SEED);
    SegmentedBuffer buffer = new SegmentedBuffer(segmentSize); // 1 MiB retained: all of what follows
    int most = Math.max(5000, 10 * segmentSize + 3);
    byte[] content = new byte[most];
    random.nextBytes(content);
    buffer.write(content);
    // One full cycle by every route first: reaching the steady state may take a segment more than the
    // first fill did (readFrom asks a fresh segment for its last read, to see the end of the stream).
    buffer.clear();
    buffer.readFrom(new ByteArrayInputStream(content));
    long allocated = buffer.allocatedBytes();

    for (int cycle = 0; cycle < 100; cycle++) {
      String where = seedMessage(SEED) + ", cycle " + cycle;
      if (cycle % 2 == 0) {
        buffer.clear();
      } else {
        buffer.outputStream().reset(); // the ByteArrayOutputStream way to say the same
      }
      assertEquals(allocated, buffer.allocatedBytes(), where + ": after clear");
      // Refill by different routes, to at most the first size.
      int length = cycle == 99 ? most : random.nextInt(most + 1);
      switch (cycle % 3) {
        case 0 -> buffer.write(content, 0, length);
        case 1 -> buffer.readFrom(new ShortReads(Arrays.copyOf(content, length), random.split()));
        default -> buffer.write(ByteBuffer.wrap(content, 0, length));
      }
      assertEquals(allocated, buffer.allocatedBytes(), where + ": after refilling " + length + " bytes");
      assertArrayEquals(Arrays.copyOf(content, length), buffer.toByteArray(), where);
    }
  }

  enum Refill {
    WRITE_ARRAY,
    WRITE_BYTE_BUFFER,
    WRITE_BYTES_ONE_BY_ONE,
    WRITE_UTF8,
    READ_FROM_STREAM,
    READ_FROM_STREAM_EXACTLY
  }

  static Stream<Arguments> refillCases() {
    List<Arguments> out = new ArrayList<>();
    for (int length : new int[] {4 * 64, 4 * 64 + 1, 4 * 64 - 1}) {
      for (Refill refill : Refill.values()) {
        out.add(Arguments.of(length, refill));
      }
    }
    return out.stream();
  }

  /**
   * Refilling a cleared buffer to the size it had must not need more segments than it had, whichever
   * way the bytes come, including a length that ends exactly at a segment boundary.
   */
  @ParameterizedTest(name = "{0} bytes by {1}")
  @MethodSource("refillCases")
  void refillingToTheSameSizeAllocatesNoMore(int length, Refill refill) throws IOException {
    SegmentedBuffer buffer = new SegmentedBuffer(64);
    byte[] content = new byte[length];
    SplittableRandom random = new SplittableRandom(SEED);
    for (int i = 0; i < length; i++) {
      content[i] = (byte) random.nextInt('a', 'z' + 1); // ASCII, so writeUtf8 of it writes the same bytes
    }
    buffer.write(content);
    long allocated = buffer.allocatedBytes();
    buffer.clear();

    switch (refill) {
      case WRITE_ARRAY -> buffer.write(content);
      case WRITE_BYTE_BUFFER -> buffer.write(ByteBuffer.wrap(content));
      case WRITE_BYTES_ONE_BY_ONE -> {
        for (byte b : content) {
          buffer.writeByte(b);
        }
      }
      case WRITE_UTF8 -> buffer.writeText(new String(content, UTF_8));
      case READ_FROM_STREAM -> buffer.readFrom(new ByteArrayInputStream(content));
      default -> buffer.readFrom(new ByteArrayInputStream(content), length);
    }
    assertArrayEquals(content, buffer.toByteArray(), seedMessage(SEED));
    if (refill == Refill.READ_FROM_STREAM && length % 64 == 0) {
      // A stream's end is only known by reading it: the read that finds it has already moved to a fresh
      // segment (documented on readFrom). One segment more, once; a second refill needs nothing new.
      assertEquals(allocated + 64, buffer.allocatedBytes(), "readFrom at an exact segment boundary");
      allocated = buffer.allocatedBytes();
      buffer.clear();
      buffer.readFrom(new ByteArrayInputStream(content));
      assertArrayEquals(content, buffer.toByteArray(), seedMessage(SEED));
    }
    assertEquals(
        allocated,
        buffer.allocatedBytes(),
        "a first fill of " + length + " bytes allocated " + allocated + "; the refill by " + refill + " should reuse them");
  }

  @Test
  void outputStreamIsOneInstanceOverThisBuffer() {
    SegmentedBuffer buffer = new SegmentedBuffer();
    SegmentedOutputStream out = buffer.outputStream();
    assertSame(out, buffer.outputStream());
    assertSame(buffer, out.buffer());
    out.write('x');
    assertEquals('x', buffer.get(0));
  }
}
