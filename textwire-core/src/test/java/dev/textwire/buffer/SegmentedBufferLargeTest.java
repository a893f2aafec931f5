package dev.textwire.buffer;

import static dev.textwire.TestSupport.seedMessage;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.textwire.TestSupport;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.util.SplittableRandom;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * A SegmentedBuffer past 2^31 bytes, where an {@code int} offset or size would go negative: the size,
 * the content (by CRC, streamed out), single bytes and a copied range on both sides of 2^31, and the
 * refusal to make one array of it all. Needs about 3 GiB of heap; skipped with a message below that.
 * About 10 s.
 */
@Tag("large")
class SegmentedBufferLargeTest {
  private static final long SEED = TestSupport.seed(0x2_0000_3039L);

  private static final long TWO_GIB = 1L << 31;
  private static final long SIZE = TWO_GIB + 12345;
  /**
   * The content plus headroom. Below 3 GiB because -Xmx3g reports less than that as maxMemory() under
   * some collectors (2731 MiB with the parallel one), and -Xmx3g is what the skip message asks for.
   */
  private static final long HEAP_NEEDED = 2560L << 20;

  private static final int CHUNK = 8 * 1024;
  /**
   * The content repeats with this period, so the byte at any offset is known without storing it. Not a
   * multiple of the chunk or segment size, so chunks start everywhere in the pattern.
   */
  private static final int PERIOD = (1 << 20) + 7;

  @Test
  @ResourceLock("heap") // needs 3 GiB: not beside the other test that does
  void moreThan2GiB() throws IOException {
    long maxHeap = Runtime.getRuntime().maxMemory();
    assumeTrue(
        maxHeap >= HEAP_NEEDED,
        () -> "skipped: needs a max heap of about 3 GiB (Runtime.maxMemory() of at least " + (HEAP_NEEDED >> 20)
            + " MiB) to hold " + SIZE + " bytes, and this JVM's is " + (maxHeap >> 20)
            + " MiB; run with -Xmx3g or more");
    String seed = seedMessage(SEED);

    // The period, then its first chunk again, so any chunk of the periodic content is one array range.
    byte[] pattern = new byte[PERIOD + CHUNK];
    SplittableRandom random = new SplittableRandom(SEED);
    for (int i = 0; i < PERIOD; i++) {
      pattern[i] = (byte) random.nextInt(256);
    }
    System.arraycopy(pattern, 0, pattern, PERIOD, CHUNK);

    SegmentedBuffer buffer = new SegmentedBuffer();
    CRC32 expectedCrc = new CRC32();
    long written = 0;
    int at = 0; // written % PERIOD
    for (long call = 0; written < SIZE; call++) {
      if (call % 1000 == 0) {
        // A lone byte now and then shifts the chunks off the segment boundaries, so most straddle two.
        buffer.writeByte(pattern[at]);
        expectedCrc.update(pattern[at]);
        written++;
        at = (at + 1) % PERIOD;
      } else {
        int length = (int) Math.min(CHUNK, SIZE - written);
        buffer.write(pattern, at, length);
        expectedCrc.update(pattern, at, length);
        written += length;
        at = (at + length) % PERIOD;
      }
    }

    assertEquals(SIZE, buffer.size(), seed);
    assertTrue(buffer.size() > Integer.MAX_VALUE, "size() past 2^31 and positive: " + buffer.size());
    assertTrue(buffer.allocatedBytes() >= SIZE, "allocatedBytes() " + buffer.allocatedBytes());

    // Every byte, in order, through the streaming path that has no 2 GiB limit.
    CrcOutputStream out = new CrcOutputStream();
    buffer.writeTo(out);
    assertEquals(SIZE, out.count, seed + ": bytes streamed by writeTo");
    assertEquals(expectedCrc.getValue(), out.crc.getValue(), seed + ": CRC32 of what writeTo streamed");

    // Single bytes on both sides of 2^31 and at the ends.
    for (long offset : new long[] {0, TWO_GIB - 2, TWO_GIB - 1, TWO_GIB, TWO_GIB + 1, SIZE - 2, SIZE - 1}) {
      assertEquals(expected(pattern, offset), buffer.get(offset), seed + ": get(" + offset + ")");
    }
    assertThrows(IndexOutOfBoundsException.class, () -> buffer.get(SIZE));

    // A range across 2^31, by each copying method.
    byte[] across = new byte[20];
    for (int i = 0; i < across.length; i++) {
      across[i] = expected(pattern, TWO_GIB - 10 + i);
    }
    assertArrayEquals(across, buffer.toByteArray(TWO_GIB - 10, 20), seed + ": toByteArray(2^31 - 10, 20)");
    ByteBuffer copied = ByteBuffer.allocate(20);
    buffer.copyTo(TWO_GIB - 10, copied);
    assertArrayEquals(across, copied.array(), seed + ": copyTo(2^31 - 10, ByteBuffer)");
    ByteArrayOutputStream range = new ByteArrayOutputStream();
    buffer.writeTo(range, TWO_GIB - 10, 20);
    assertArrayEquals(across, range.toByteArray(), seed + ": writeTo(out, 2^31 - 10, 20)");

    // Writes past 2^31 land where they should.
    buffer.set(TWO_GIB, (byte) ~expected(pattern, TWO_GIB));
    assertEquals((byte) ~expected(pattern, TWO_GIB), buffer.get(TWO_GIB), seed);
    assertEquals(expected(pattern, TWO_GIB + 1), buffer.get(TWO_GIB + 1), seed + ": set changed only its byte");

    // Too big for one array: refused with the size, not a negative-size or out-of-memory error.
    IllegalStateException e = assertThrows(IllegalStateException.class, buffer::toByteArray);
    assertTrue(String.valueOf(e.getMessage()).contains(String.valueOf(SIZE)), "message says the size: " + e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> buffer.toByteArray(0, SIZE));

    buffer.clear(); // let the 2 GiB go before the next test class runs in this JVM
    assertEquals(0, buffer.size());
  }

  private static byte expected(byte[] pattern, long offset) {
    return pattern[(int) (offset % PERIOD)];
  }

  /** Counts and checksums what is written to it, keeping nothing. */
  private static final class CrcOutputStream extends OutputStream {
    final CRC32 crc = new CRC32();
    long count;

    @Override
    public void write(int b) {
      crc.update(b);
      count++;
    }

    @Override
    public void write(byte[] b, int off, int len) {
      crc.update(b, off, len);
      count += len;
    }
  }
}
