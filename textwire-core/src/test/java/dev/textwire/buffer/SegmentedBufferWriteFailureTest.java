package dev.textwire.buffer;

import static dev.textwire.TestSupport.seedMessage;
import static dev.textwire.buffer.SegmentedBufferTestSupport.SEED;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.textwire.io.FailingOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.GatheringByteChannel;
import java.nio.channels.WritableByteChannel;
import java.util.Arrays;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * SegmentedBuffer.writeTo a stream or channel that fails midway: the {@link PartialWriteException} says
 * exactly how many bytes went out, so a retry from there sends each byte once; and a channel that takes
 * nothing (a non-blocking one with a full buffer) ends the call with the count so far instead of spinning.
 */
class SegmentedBufferWriteFailureTest {
  private static final int[] SEGMENT_SIZES = {1, 4, 64, 8192};

  // -----------------------------------------------------------------------------------------------
  // Streams

  @Test
  void aStreamThatFailsOnItsNthWrite() throws IOException {
    SplittableRandom random = new SplittableRandom(SEED);
    for (int segmentSize : SEGMENT_SIZES) {
      for (int t = 0; t < 40; t++) {
        byte[] content = bytes(random, random.nextInt(4) == 0 ? random.nextInt(40_000) : random.nextInt(300));
        SegmentedBuffer buffer = new SegmentedBuffer(segmentSize);
        buffer.write(content);
        int offset = random.nextBoolean() ? 0 : random.nextInt(content.length + 1);
        int byteCount = random.nextInt(content.length - offset + 1);
        long writes = segmentsTouched(offset, byteCount, segmentSize);
        long failure = 1 + random.nextInt((int) Math.min(writes + 1, 10_000));
        Supplier<String> ctx =
            () -> "segments of " + segmentSize + ", [" + offset + ", +" + byteCount + ") of " + content.length
                + ", write " + failure + " of " + writes + " fails, " + seedMessage(SEED);

        FailingOutputStream out = new FailingOutputStream(failure, 1);
        long sent = 0;
        try {
          buffer.writeTo(out, offset, byteCount);
          assertTrue(failure > writes, ctx);
          sent = byteCount;
        } catch (PartialWriteException e) {
          assertTrue(failure <= writes, ctx);
          assertSame(out.lastThrown(), e.getCause(), ctx);
          assertEquals(out.received().length, e.bytesWritten(), () -> ctx.get() + ": the bytes that went out");
          sent = e.bytesWritten();
          buffer.writeTo(out, offset + sent, byteCount - sent); // the retry
        }
        assertArrayEquals(Arrays.copyOfRange(content, offset, offset + byteCount), out.received(), () -> ctx.get() + ": each byte once");
        assertArrayEquals(content, buffer.toByteArray(), () -> ctx.get() + ": the buffer is unchanged");
      }
    }
  }

  @Test
  void aStreamFailingOnItsFirstWriteReportsNothingWritten() {
    SegmentedBuffer buffer = new SegmentedBuffer(4);
    buffer.write(new byte[10]);
    FailingOutputStream out = new FailingOutputStream(1, 1);
    PartialWriteException e = assertThrows(PartialWriteException.class, () -> buffer.writeTo(out));
    assertEquals(0, e.bytesWritten());
    assertEquals("writing 10 bytes from offset 0 failed after 0 of them (resume at offset 0): java.io.IOException: write 1 fails", e.getMessage());
  }

  @Test
  void segmentedOutputStreamWriteToReportsTheBytesWritten() throws IOException {
    SegmentedOutputStream stream = new SegmentedOutputStream(new SegmentedBuffer(8));
    byte[] content = bytes(new SplittableRandom(SEED), 100);
    stream.write(content, 0, content.length);
    FailingOutputStream out = new FailingOutputStream(3, 1);
    PartialWriteException e = assertThrows(PartialWriteException.class, () -> stream.writeTo(out));
    assertEquals(16, e.bytesWritten(), "two segments went out");
    assertSame(out.lastThrown(), e.getCause());
    stream.buffer().writeTo(out, e.bytesWritten(), stream.size() - e.bytesWritten());
    assertArrayEquals(content, out.received());
  }

  // -----------------------------------------------------------------------------------------------
  // Channels

  @ParameterizedTest(name = "gathering={0}")
  @ValueSource(booleans = {false, true})
  void aChannelThatFailsOnItsNthWrite(boolean gathering) throws IOException {
    SplittableRandom random = new SplittableRandom(SEED);
    for (int segmentSize : SEGMENT_SIZES) {
      for (int t = 0; t < 40; t++) {
        byte[] content = bytes(random, random.nextInt(4) == 0 ? random.nextInt(40_000) : random.nextInt(300));
        SegmentedBuffer buffer = new SegmentedBuffer(segmentSize);
        buffer.write(content);
        boolean whole = random.nextBoolean();
        int offset = whole ? 0 : random.nextInt(content.length + 1);
        int byteCount = whole ? content.length : random.nextInt(content.length - offset + 1);
        long failure = 1 + random.nextInt(1 + byteCount / 8);
        Supplier<String> ctx =
            () -> "segments of " + segmentSize + ", [" + offset + ", +" + byteCount + ") of " + content.length
                + ", channel write " + failure + " fails, gathering " + gathering + ", " + seedMessage(SEED);

        TestChannel channel = TestChannel.of(gathering, random.split(), failure, -1);
        long sent;
        try {
          sent = whole ? buffer.writeTo(channel) : buffer.writeTo(channel, offset, byteCount);
          assertEquals(byteCount, sent, ctx);
        } catch (PartialWriteException e) {
          assertSame(channel.lastThrown, e.getCause(), ctx);
          assertEquals(channel.out.size(), e.bytesWritten(), () -> ctx.get() + ": the bytes that went out");
          sent = e.bytesWritten();
          assertEquals(byteCount - sent, buffer.writeTo(channel, offset + sent, byteCount - sent), ctx); // the retry
        }
        assertArrayEquals(Arrays.copyOfRange(content, offset, offset + byteCount), channel.out.toByteArray(), () -> ctx.get() + ": each byte once");
        assertArrayEquals(content, buffer.toByteArray(), () -> ctx.get() + ": the buffer is unchanged");
      }
    }
  }

  @ParameterizedTest(name = "gathering={0}")
  @ValueSource(booleans = {false, true})
  void aChannelThatTakesNothingEndsTheCallWithTheCountSoFar(boolean gathering) throws IOException {
    SplittableRandom random = new SplittableRandom(SEED);
    for (int segmentSize : SEGMENT_SIZES) {
      for (int t = 0; t < 40; t++) {
        byte[] content = bytes(random, 1 + random.nextInt(random.nextInt(4) == 0 ? 40_000 : 300));
        SegmentedBuffer buffer = new SegmentedBuffer(segmentSize);
        buffer.write(content);
        long room = random.nextInt(content.length); // what the channel takes before it is full
        Supplier<String> ctx =
            () -> "segments of " + segmentSize + ", " + content.length + " bytes, the channel takes " + room
                + ", gathering " + gathering + ", " + seedMessage(SEED);
        TestChannel channel = TestChannel.of(gathering, random.split(), 0, room);
        long sent = 0;
        for (int round = 0; sent < content.length; round++) {
          long n = round == 0 ? buffer.writeTo(channel) : buffer.writeTo(channel, sent, content.length - sent);
          assertEquals(channel.out.size(), sent + n, () -> ctx.get() + ": the count returned is what went out");
          sent += n;
          assertTrue(round == 0 ? sent == room : sent == content.length, ctx);
          channel.room = Long.MAX_VALUE; // the channel drains: the next call finishes
        }
        assertArrayEquals(content, channel.out.toByteArray(), () -> ctx.get() + ": each byte once");
      }
    }
  }

  // -----------------------------------------------------------------------------------------------

  private static byte[] bytes(SplittableRandom random, int length) {
    byte[] bytes = new byte[length];
    random.nextBytes(bytes);
    return bytes;
  }

  /** Segments a range spans: one stream write each. */
  private static long segmentsTouched(long offset, long byteCount, int segmentSize) {
    return byteCount == 0 ? 0 : (offset + byteCount - 1) / segmentSize - offset / segmentSize + 1;
  }

  /**
   * A channel that takes a random part of what it is offered, at most {@code room} bytes in all (then it
   * returns 0, as a non-blocking channel with a full buffer does), and whose write number
   * {@code failure} (from 1; 0 for none) throws. A writer that keeps offering bytes the channel will not
   * take is spinning: after 100 such writes in a row the channel fails the test.
   */
  static class TestChannel implements WritableByteChannel {
    final ByteArrayOutputStream out = new ByteArrayOutputStream();
    final SplittableRandom random;
    final long failure;
    long room;
    long writes;
    int zeroWrites;
    IOException lastThrown;

    TestChannel(SplittableRandom random, long failure, long room) {
      this.random = random;
      this.failure = failure;
      this.room = room < 0 ? Long.MAX_VALUE : room;
    }

    static TestChannel of(boolean gathering, SplittableRandom random, long failure, long room) {
      return gathering ? new Gathering(random, failure, room) : new TestChannel(random, failure, room);
    }

    @Override
    public int write(ByteBuffer src) throws IOException {
      return (int) write(new ByteBuffer[] {src}, 0, 1);
    }

    long write(ByteBuffer[] srcs, int offset, int length) throws IOException {
      Objects.checkFromIndexSize(offset, length, srcs.length);
      if (++writes == failure) {
        lastThrown = new IOException("channel write " + writes + " fails");
        throw lastThrown;
      }
      long budget = Math.min(room - out.size(), 1 + random.nextInt(random.nextBoolean() ? 5 : 40_000));
      if (budget == 0) {
        if (++zeroWrites > 100) {
          throw new AssertionError("the writer keeps offering bytes to a full channel: it spins");
        }
        return 0;
      }
      zeroWrites = 0;
      long total = 0;
      for (int i = offset; i < offset + length && total < budget; i++) {
        int count = (int) Math.min(srcs[i].remaining(), budget - total);
        byte[] bytes = new byte[count];
        srcs[i].get(bytes);
        out.writeBytes(bytes);
        total += count;
      }
      return total;
    }

    @Override
    public boolean isOpen() {
      return true;
    }

    @Override
    public void close() {}

    static final class Gathering extends TestChannel implements GatheringByteChannel {
      Gathering(SplittableRandom random, long failure, long room) {
        super(random, failure, room);
      }

      @Override
      public long write(ByteBuffer[] srcs, int offset, int length) throws IOException {
        return super.write(srcs, offset, length);
      }

      @Override
      public long write(ByteBuffer[] srcs) throws IOException {
        return write(srcs, 0, srcs.length);
      }
    }
  }
}
