package dev.textwire;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
import org.junit.jupiter.api.parallel.Isolated;

/**
 * The first short encode or decode on a fresh thread allocates what it returns and nothing like a
 * thread's working space (which is about 13 KiB): short text and all-ASCII bytes need no scratch. Counted
 * with {@code com.sun.management.ThreadMXBean.getThreadAllocatedBytes} on the calling thread (a
 * platform thread); skipped
 * where the JVM does not count.
 */
// Alone: what it measures (allocation, the heap) must not depend on the tests running beside it.
@Isolated
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
    assertSmall("Utf8.encode of 32 chars, CJK after a Latin-1 char", () -> Utf8.encode("\u00E9" + "\u4E2D".repeat(31)));
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
   * A short String that starts above Latin-1 is stored as UTF-16. On JDK 18 and later it is read with one
   * {@code getChars} into a small per-thread copy rather than by {@code charAt}, whose cost there depends
   * on how C2 compiled it (see {@code ShortStrings}); on JDK 17 it is read by {@code charAt}. Neither
   * needs the thread's scratch. The length of up to 1,024 such chars is counted by {@code charAt} on JDK
   * 17 (no scratch), and from a chunk in scratch on JDK 18 and later. This test sees the scratch, so that
   * it fails if the driver chooses otherwise.
   */
  @Test
  void shortTextAboveLatin1NeedsNoScratch() throws Exception {
    assumeTrue(Management.countsThreadAllocation(), "this JVM does not count allocation per thread");
    boolean byCharAt = Runtime.version().feature() < 18;
    String cjk = "\u4E2D".repeat(16);
    long encoded = firstCallBytes(() -> Utf8.encode(cjk, new byte[64], 0));
    assertTrue(encoded <= SMALL_BYTES, () -> "16 CJK chars allocated " + encoded + " bytes");
    long counted = firstCallBytes(() -> Utf8.encodedLength("\uD83D\uDE00 ok"));
    assertTrue(counted <= SMALL_BYTES, () -> "an emoji first, counted: " + counted + " bytes");
    java.nio.ByteBuffer direct = java.nio.ByteBuffer.allocateDirect(64);
    long directBytes = firstCallBytes(() -> Utf8.encode(cjk, direct.clear()));
    assertTrue(directBytes <= SMALL_BYTES, () -> "16 CJK chars into a direct buffer allocated " + directBytes);
    String medium = "\u4E2D".repeat(1_024);
    long mediumBytes = firstCallBytes(() -> Utf8.encodedLength(medium));
    assertEquals(byCharAt && !Acceleration.vectorTier(), mediumBytes <= SMALL_BYTES,
        () -> "the length of 1,024 CJK chars allocated " + mediumBytes + " bytes");
    long longer = firstCallBytes(() -> Utf8.encodedLength(medium + "\u4E2D"));
    assertTrue(longer > SMALL_BYTES, () -> "1,025 chars should take the chunked path and its scratch: " + longer);
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
