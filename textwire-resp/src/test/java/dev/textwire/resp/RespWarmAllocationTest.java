package dev.textwire.resp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.textwire.buffer.SegmentedBuffer;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * Once warm, writing commands into a reused destination and parsing replies through a handler allocate
 * nothing: counted with {@code ThreadMXBean.getThreadAllocatedBytes} on this thread around calls that were
 * already run. Nothing here relies on escape analysis, so even interpreted calls allocate nothing.
 */
@Isolated
class RespWarmAllocationTest {
  private static long allocatedBy(Runnable call) {
    long overhead = -ThreadAllocation.bytes() + ThreadAllocation.bytes();
    long start = ThreadAllocation.bytes();
    for (int i = 0; i < 5; i++) call.run();
    return ThreadAllocation.bytes() - start - overhead;
  }

  /**
   * With core's vector tier on, its kernels allocate a box per vector until C2 has compiled them, in the
   * background and in its own time: so there, warm means calling until a round allocates nothing, for at
   * most this long (core's WarmAllocationTest does the same).
   */
  private static final long VECTOR_WARM_NANOS = 30_000_000_000L;

  private static void assertNoAllocation(String what, Runnable call) {
    for (int i = 0; i < 50; i++) call.run();
    if (dev.textwire.Acceleration.vectorTier()) {
      long deadline = System.nanoTime() + VECTOR_WARM_NANOS;
      while (allocatedBy(call) > 0 && System.nanoTime() < deadline) {
        for (int i = 0; i < 200; i++) call.run();
      }
    }
    long least = Long.MAX_VALUE;
    for (int round = 0; round < 3 && least > 0; round++) least = Math.min(least, allocatedBy(call));
    assertEquals(0, least, what + " allocated " + least + " bytes in 5 warm calls (the least of three rounds)");
  }

  @Test
  void writingCommandsIntoReusedDestinationsAllocatesNothing() {
    assumeTrue(ThreadAllocation.counted(), "this JVM does not count a thread's allocation");
    String key = "user:1000:name";
    for (String value : new String[] {"v", "ascii ".repeat(400), "Grüße ".repeat(300), "日本語 😀 ".repeat(300)}) {
      byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
      byte[] array = new byte[bytes.length + 128];
      RespWriter toArray = RespWriter.to(array, 0);
      assertNoAllocation("SET into a byte[]", () -> toArray.reset(array, 0).array(3).bulk("SET").bulk(key).bulk(value));
      ByteBuffer direct = ByteBuffer.allocateDirect(2 * bytes.length + 128);
      RespWriter toDirect = RespWriter.to(direct);
      assertNoAllocation("SET into a direct buffer", () -> {
        direct.clear();
        toDirect.reset(direct).array(5).bulk("SET").bulk(key).bulk(value).bulk(bytes).bulk(42L);
      });
      SegmentedBuffer segments = new SegmentedBuffer();
      RespWriter toSegments = RespWriter.to(segments);
      assertNoAllocation("SET into a segmented buffer", () -> {
        segments.clear();
        toSegments.array(5).bulk("SET").bulk(key).bulk(value).bulk(bytes).bulk(-7L);
      });
    }
  }

  @Test
  void parsingThroughAHandlerAllocatesNothing() {
    assumeTrue(ThreadAllocation.counted(), "this JVM does not count a thread's allocation");
    byte[] replies = RespReaderTest.ALL_TYPES.getBytes(StandardCharsets.UTF_8);
    RespParser parser = new RespParser();
    RespHandler handler = new CountingHandler();
    assertNoAllocation("parsing every type whole", () -> parseAll(parser, replies, replies.length, handler));
    assertNoAllocation("parsing every type in 3-byte chunks", () -> parseAll(parser, replies, 3, handler));
  }

  private static void parseAll(RespParser parser, byte[] bytes, int chunk, RespHandler handler) {
    for (int from = 0; from < bytes.length; from += chunk) {
      int end = Math.min(bytes.length, from + chunk);
      for (int at = from; at < end; ) at += parser.parse(bytes, at, end - at, handler);
    }
  }

  /** Looks at everything it hears, so nothing is optimised away, and keeps nothing. */
  static final class CountingHandler implements RespHandler {
    long sum;

    @Override
    public void line(RespType type, byte[] src, int offset, int length) {
      sum += length;
    }

    @Override
    public void integer(long value) {
      sum += value;
    }

    @Override
    public void doubleValue(double value) {
      sum += (long) value;
    }

    @Override
    public void booleanValue(boolean value) {
      sum += value ? 1 : 0;
    }

    @Override
    public void nullValue(RespType type) {
      sum++;
    }

    @Override
    public void blobStart(RespType type, long byteLength) {
      sum += byteLength;
    }

    @Override
    public void blobPart(byte[] src, int offset, int length, boolean last) {
      sum += length;
    }

    @Override
    public void aggregateStart(RespType type, int count) {
      sum += count;
    }

    @Override
    public void aggregateEnd(RespType type) {
      sum++;
    }
  }
}
