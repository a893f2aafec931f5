package dev.textwire.clob;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The store's layout promises, checked on its structure rather than timed: the index size, where the
 * text lives as it grows and shrinks, that a write in the middle rewrites one segment and not the value,
 * and that allocation follows what is returned.
 */
class TextClobLayoutTest {
  @TempDir Path tempDir;

  private static String alphabet(int charCount) {
    StringBuilder text = new StringBuilder(charCount);
    for (int i = 0; i < charCount; i++) {
      text.append((char) ('a' + i % 26));
    }
    return text.toString();
  }

  @Test
  void asciiSegmentsAreFullAndTheIndexCostsAFewBytesPerThousandChars() throws SQLException {
    int charCount = 15_728_640;
    try (TextClob clob = TextClob.builder().spillThreshold(Long.MAX_VALUE).build(alphabet(charCount))) {
      int segments = clob.segmentCount();
      int segmentBytes = TextClob.Builder.DEFAULT_SEGMENT_BYTES;
      assertEquals((charCount + segmentBytes - 1) / segmentBytes, segments, "ASCII chars fill each segment");
      // 17 bytes of index per segment (SegmentTable): 8.3 bytes per 1,000 chars at 2 KiB segments.
      double indexBytesPerThousandChars = 17.0 * segments / (charCount / 1000.0);
      assertTrue(indexBytesPerThousandChars < 17_000.0 / segmentBytes + 0.1,
          "index bytes per 1,000 chars: " + indexBytesPerThousandChars);
      assertEquals(charCount, clob.storedByteCount());
    }
  }

  @Test
  void textSpillsAboveTheThresholdAndComesBackBelowHalfOfIt() throws SQLException {
    TextClob clob = TextClob.builder().tempDirectory(tempDir).spillThreshold(10_000).segmentBytes(512).build();
    clob.setString(1, alphabet(9_000));
    assertFalse(clob.isSpilled());
    assertNull(clob.spillPath());

    clob.setString(9_001, "Жx".repeat(1_000)); // 12,000 bytes
    assertTrue(clob.isSpilled());
    Path file = clob.spillPath();
    assertNotNull(file);
    assertTrue(Files.exists(file));
    assertEquals(file.getParent(), tempDir);

    clob.truncate(6_000); // 6,000 bytes: above half the threshold, stays
    assertTrue(clob.isSpilled());
    clob.truncate(4_000); // below half: back in memory, file gone
    assertFalse(clob.isSpilled());
    assertFalse(Files.exists(file), "the spill file is deleted when the text returns to memory");
    assertEquals(alphabet(4_000), clob.getSubString(1, 5_000));
    clob.free();
  }

  @Test
  void freeDeletesTheSpillFile() throws SQLException {
    TextClob clob = TextClob.builder().tempDirectory(tempDir).spillThreshold(0).build("spilled at once");
    Path file = clob.spillPath();
    assertTrue(Files.exists(file));
    clob.free();
    assertFalse(Files.exists(file));
    clob.free(); // idempotent
  }

  @Test
  void anUnreachableClobsSpillFileIsDeletedByTheCleaner() throws Exception {
    Path file = spillAndDrop();
    for (int i = 0; i < 200 && Files.exists(file); i++) {
      System.gc();
      Thread.sleep(25);
    }
    assertFalse(Files.exists(file), "the Cleaner deletes the file of a Clob nobody freed");
  }

  private Path spillAndDrop() throws SQLException {
    return TextClob.builder().tempDirectory(tempDir).spillThreshold(0).build("never freed").spillPath();
  }

  /**
   * Copy-on-write by segment: each write goes to a fresh slot and releases the old one, so a thousand
   * one-char writes in the middle of a spilled value, width-changing or not, grow the file by a couple
   * of slots, never by a rewrite of the value.
   */
  @Test
  void aWriteInTheMiddleRewritesOneSegmentNotTheValue() throws Exception {
    int charCount = 1_000_000;
    try (TextClob clob = TextClob.builder().tempDirectory(tempDir).spillThreshold(0).build(alphabet(charCount))) {
      long fileBytes = Files.size(clob.spillPath());
      int segments = clob.segmentCount();
      for (int i = 0; i < 1_000; i++) {
        clob.setString(charCount / 2 + (i % 10), i % 2 == 0 ? "Ж" : "b");
      }
      assertEquals(charCount, clob.length());
      // A write holds its old and new slots at once, and a split adds a segment: a few slots, not 1 MB.
      assertTrue(Files.size(clob.spillPath()) <= fileBytes + 8 * TextClob.Builder.DEFAULT_SEGMENT_BYTES,
          "file grew from " + fileBytes + " to " + Files.size(clob.spillPath()));
      assertTrue(clob.segmentCount() <= segments + 2, "segments " + segments + " -> " + clob.segmentCount());
      StringBuilder model = new StringBuilder(alphabet(charCount));
      for (int i = 0; i < 1_000; i++) {
        model.replace(charCount / 2 + (i % 10) - 1, charCount / 2 + (i % 10), i % 2 == 0 ? "Ж" : "b");
      }
      String expectedMiddle = model.substring(charCount / 2 - 2, charCount / 2 + 12);
      assertEquals(expectedMiddle, clob.getSubString(charCount / 2 - 1, 14));
    }
  }

  /** Bytes this thread allocated, from com.sun.management.ThreadMXBean; -1 where the JVM has no counter. */
  private static long allocatedBytes() {
    try {
      Class<?> factory = Class.forName("java.lang.management.ManagementFactory");
      Object threads = factory.getMethod("getThreadMXBean").invoke(null);
      Class<?> sunThreads = Class.forName("com.sun.management.ThreadMXBean");
      return (long) sunThreads.getMethod("getThreadAllocatedBytes", long.class)
          .invoke(threads, Thread.currentThread().getId());
    } catch (ReflectiveOperationException | RuntimeException e) {
      return -1;
    }
  }

  /** Derby allocates the length asked for before looking at the Clob's; this allocates for what it returns. */
  @Test
  void getSubStringAllocatesForWhatItReturns() throws SQLException {
    assumeTrue(allocatedBytes() >= 0, "this JVM does not count allocated bytes per thread");
    try (TextClob clob = TextClob.of("aЖ世😀")) {
      clob.getSubString(1, Integer.MAX_VALUE); // warm the reflective counter and the path
      long before = allocatedBytes();
      String whole = clob.getSubString(1, Integer.MAX_VALUE);
      long allocated = allocatedBytes() - before;
      assertEquals("aЖ世😀", whole);
      assertTrue(allocated < 4_096, "getSubString(1, MAX) of 5 chars allocated " + allocated + " bytes");
    }
  }

  /** Positions are longs throughout: a value past 2^31 chars, spilled, reads and writes at its far end. */
  @Test
  void contentPastTwoToThe31CharsWorks() throws Exception {
    long charCount = (1L << 31) + 100;
    assumeTrue(Files.getFileStore(tempDir).getUsableSpace() > 3 * charCount,
        "needs 6.5 GB free in " + tempDir + " for a 2^31-char spill file");
    try (TextClob clob = TextClob.builder().tempDirectory(tempDir).spillThreshold(0).segmentBytes(64 * 1024).build()) {
      String block = alphabet(26 * 40_000);
      long written = 0;
      while (written < charCount) {
        int n = (int) Math.min(block.length(), charCount - written);
        clob.setString(written + 1, block, 0, n);
        written += n;
      }
      assertEquals(charCount, clob.length());
      long last = charCount - 5;
      StringBuilder tail = new StringBuilder();
      for (long pos = last; pos <= charCount; pos++) {
        tail.append(block.charAt((int) ((pos - 1) % block.length())));
      }
      assertEquals(tail.toString(), clob.getSubString(last, 100));
      clob.setString(charCount - 1, "😀Ж");
      assertEquals(charCount + 1, clob.length());
      assertEquals("😀Ж", clob.getSubString(charCount - 1, 3));
      assertEquals(charCount - 1, clob.position("😀Ж", charCount - 100));
      clob.truncate(charCount - 1);
      assertEquals(charCount - 1, clob.length());
    }
  }
}
