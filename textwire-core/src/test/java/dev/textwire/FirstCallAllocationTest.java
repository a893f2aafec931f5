package dev.textwire;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * The first short encode or decode on a fresh thread allocates what it returns and nothing like a
 * thread's working space (which is about 13 KiB): short text and all-ASCII bytes need no scratch. Counted
 * with {@code com.sun.management.ThreadMXBean.getThreadAllocatedBytes} on the calling thread (a
 * platform thread); skipped
 * where the JVM does not count.
 */
class FirstCallAllocationTest {
  /** Far below a chunk of scratch (2,048 chars), far above a short result and its header. */
  private static final long SMALL_BYTES = 512;

  private interface Call {
    Object run() throws Exception;
  }

  /** Bytes {@code call} allocates as the first call of a new platform thread. */
  private static long firstCallBytes(Call call) throws Exception {
    // Classes load and initialise on another thread first, so only the call's own allocation counts.
    call.run();
    Management.threadAllocatedBytes(Thread.currentThread().getId());
    AtomicLong bytes = new AtomicLong();
    AtomicReference<Throwable> failure = new AtomicReference<>();
    Thread thread = new Thread(() -> {
      try {
        long id = Thread.currentThread().getId();
        long before = Management.threadAllocatedBytes(id);
        long overhead = Management.threadAllocatedBytes(id) - before; // the counter's own cost, if any
        long start = Management.threadAllocatedBytes(id);
        call.run();
        bytes.set(Management.threadAllocatedBytes(id) - start - overhead);
      } catch (Throwable e) {
        failure.set(e);
      }
    });
    thread.start();
    thread.join();
    if (failure.get() != null) {
      throw new AssertionError(failure.get());
    }
    return bytes.get();
  }

  private static void assertSmall(String what, Call call) throws Exception {
    long bytes = firstCallBytes(call);
    assertTrue(bytes <= SMALL_BYTES, () -> what + " allocated " + bytes + " bytes as a thread's first call");
  }

  @Test
  void shortEncodeNeedsNoScratch() throws Exception {
    assumeTrue(Management.countsThreadAllocation(), "this JVM does not count allocation per thread");
    byte[] dst = new byte[64];
    assertSmall("Utf8.encode(\"hello\")", () -> Utf8.encode("hello"));
    assertSmall("Utf8.encode of 32 chars of CJK", () -> Utf8.encode("\u4E2D".repeat(32)));
    assertSmall("Utf8.encode into an array", () -> Utf8.encode("h\u00E9llo \u20AC", dst, 0));
    assertSmall("Utf8.encode into exactly enough", () -> Utf8.encode("h\u00E9llo", new byte[6], 0));
    assertSmall("Utf8.encodedLength", () -> Utf8.encodedLength("h\u00E9llo \u20AC"));
    assertSmall("modified UTF-8", () -> TextCodecs.MODIFIED_UTF_8.encode("he\0llo"));
    assertSmall("CESU-8", () -> TextCodecs.CESU_8.encode("hello \uD83D\uDE00"));
    assertSmall("ISO-8859-1", () -> TextCodecs.ISO_8859_1.encode("h\u00E9llo"));
    assertSmall("IBM500", () -> TextCodecs.IBM500.encode("hello"));
    DataOutputStream out = new DataOutputStream(OutputStream.nullOutputStream());
    assertSmall("writeUTF", () -> {
      ModifiedUtf8.writeUTF(out, "hello");
      return null;
    });
  }

  /**
   * The exact length of a String of up to 1,024 chars that starts above Latin-1 is counted from the String
   * itself; one char longer, it goes through the thread's scratch, which this test also sees, so that it
   * fails if the driver stops choosing the first path. With the vector tier on, a String of 64 chars or
   * more takes the chunked path, where the tier counts it (in about a third of the time on 512 CJK chars).
   */
  @Test
  void mediumLengthAboveLatin1NeedsNoScratch() throws Exception {
    assumeTrue(Management.countsThreadAllocation(), "this JVM does not count allocation per thread");
    if (Acceleration.vectorTier()) {
      String tierLength = "\u4E2D".repeat(64);
      long tiered = firstCallBytes(() -> Utf8.encodedLength(tierLength));
      assertTrue(tiered > SMALL_BYTES, () -> "64 chars should reach the tier through the chunked path: " + tiered);
      String below = "\u4E2D".repeat(63);
      assertSmall("Utf8.encodedLength of 63 CJK chars, below the tier", () -> Utf8.encodedLength(below));
      return;
    }
    String cjk = "\u4E2D".repeat(1_024);
    String emoji = "\uD83D\uDE00".repeat(256) + "a\u00E9 \u0416".repeat(128);
    assertSmall("Utf8.encodedLength of 1,024 CJK chars", () -> Utf8.encodedLength(cjk));
    assertSmall("Utf8.encodedLength of emoji, then mixed text", () -> Utf8.encodedLength(emoji));
    String prefixed = "a" + cjk;
    assertSmall("a sub-range", () -> Utf8.encodedLength(prefixed, 1, 1_025));
    String longer = cjk + "\u4E2D";
    long chunked = firstCallBytes(() -> Utf8.encodedLength(longer));
    assertTrue(chunked > SMALL_BYTES, () -> "1,025 chars should take the chunked path and its scratch: " + chunked);
  }

  @Test
  void asciiDecodeNeedsNoScratch() throws Exception {
    assumeTrue(Management.countsThreadAllocation(), "this JVM does not count allocation per thread");
    byte[] hello = "hello".getBytes(StandardCharsets.US_ASCII);
    byte[] framed = {0, 5, 'h', 'e', 'l', 'l', 'o'};
    assertSmall("Utf8.decode of 5 ASCII bytes", () -> Utf8.decode(hello));
    assertSmall("Utf8.decode of a heap buffer", () -> Utf8.decode(ByteBuffer.wrap(hello)));
    assertSmall("modified UTF-8", () -> TextCodecs.MODIFIED_UTF_8.decode(hello));
    assertSmall("ISO-8859-1", () -> TextCodecs.ISO_8859_1.decode(hello));
    ByteBuffer direct = ByteBuffer.allocateDirect(5).put(hello).flip();
    assertSmall("Utf8.decode of a direct buffer", () -> Utf8.decode(direct.duplicate()));
    ByteArrayInputStream source = new ByteArrayInputStream(framed);
    DataInputStream in = new DataInputStream(source);
    assertSmall("readUTF", () -> {
      source.reset(); // the same 7 bytes again, with no new stream in the count
      return ModifiedUtf8.readUTF(in);
    });
    // 1,000 ASCII bytes: still no scratch, only the String.
    byte[] kilobyte = "abcdefghij".repeat(100).getBytes(StandardCharsets.US_ASCII);
    long bytes = firstCallBytes(() -> Utf8.decode(kilobyte));
    assertTrue(bytes <= 1000 + SMALL_BYTES, () -> "decode of 1,000 ASCII bytes allocated " + bytes + " bytes");
  }
}
