package dev.textwire.cli;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;

class PositionsTest {
  private static final int[] INTERESTING = {0x0A, 0x0A, 0x8A, 0x4A, 0x0B, 0x09, 0x0D, 0x00, 0x80, 0xBF, 0xC0, 0x40, 0x7F, 0xFF, 0xCA};

  @Test
  void wordAtATimeCountsEqualByteByByteCounts() {
    Random random = new Random(7);
    for (int trial = 0; trial < 5000; trial++) {
      byte[] bytes = new byte[random.nextInt(70)];
      for (int i = 0; i < bytes.length; i++) {
        bytes[i] = (byte) (random.nextBoolean() ? INTERESTING[random.nextInt(INTERESTING.length)] : random.nextInt(256));
      }
      int from = random.nextInt(bytes.length + 1);
      int to = from + random.nextInt(bytes.length - from + 1);
      long lineFeeds = 0;
      long starts = 0;
      for (int i = from; i < to; i++) {
        lineFeeds += bytes[i] == '\n' ? 1 : 0;
        starts += (bytes[i] & 0xC0) != 0x80 ? 1 : 0;
      }
      String where = "trial " + trial + " [" + from + ", " + to + ")";
      assertEquals(lineFeeds, Positions.countLineFeeds(bytes, from, to), where);
      assertEquals(starts, Positions.codePoints(bytes, from, to), where);
    }
  }

  @Test
  void allOnesAndNone() {
    byte[] lfs = new byte[67];
    java.util.Arrays.fill(lfs, (byte) '\n');
    assertEquals(67, Positions.countLineFeeds(lfs, 0, 67));
    assertEquals(60, Positions.countLineFeeds(lfs, 3, 63));
    byte[] continuation = new byte[67];
    java.util.Arrays.fill(continuation, (byte) 0x80);
    assertEquals(0, Positions.codePoints(continuation, 0, 67));
    assertEquals(0, Positions.countLineFeeds(continuation, 0, 67));
  }

  private static final String[] PIECES = {"a", "bc", " ", "\n", "\r\n", "\r", "\t", "é", "日本", "😀", "🎉", "\u0000", "\n\n"};

  private static String randomText(Random random, int length) {
    StringBuilder text = new StringBuilder();
    while (text.length() < length) {
      text.append(PIECES[random.nextInt(PIECES.length)]);
    }
    return text.toString();
  }

  @Test
  void advanceUtf8InAnyChunksEqualsOnePassAndTheText() {
    Random random = new Random(11);
    for (int trial = 0; trial < 300; trial++) {
      String text = randomText(random, random.nextInt(300));
      byte[] bytes = text.getBytes(UTF_8);
      long[] expected = Texts.lineColumn(text);

      Positions one = new Positions();
      one.advanceUtf8(bytes, 0, bytes.length);
      Positions chunked = new Positions();
      int at = 0;
      while (at < bytes.length) {
        int next = Math.min(bytes.length, at + random.nextInt(20)); // empty chunks and splits inside characters too
        chunked.advanceUtf8(bytes, at, next);
        at = next;
      }
      String where = "trial " + trial;
      assertEquals(expected[0], one.line(), where);
      assertEquals(expected[1], one.column(), where);
      assertEquals(expected[0], chunked.line(), where);
      assertEquals(expected[1], chunked.column(), where);
    }
  }

  /** As FilePositions counts a long stretch: parts counted apart, from any byte, then added in order. */
  @Test
  void partsCountedApartAddUpToOnePass() {
    Random random = new Random(17);
    for (int trial = 0; trial < 300; trial++) {
      String text = randomText(random, random.nextInt(300));
      byte[] bytes = text.getBytes(UTF_8);
      long[] expected = Texts.lineColumn(text);
      Positions total = new Positions();
      total.advanceUtf8(bytes, 0, Math.min(bytes.length, 3)); // something counted before the parts
      int at = Math.min(bytes.length, 3);
      while (at < bytes.length) {
        int next = Math.min(bytes.length, at + random.nextInt(40)); // splits inside characters too
        Positions part = new Positions();
        part.advanceUtf8(bytes, at, next);
        total.add(part);
        at = next;
      }
      assertEquals(expected[0], total.line(), "trial " + trial);
      assertEquals(expected[1], total.column(), "trial " + trial);
    }
  }

  @Test
  void advanceOverTextInChunksBetweenCharacters() {
    Random random = new Random(13);
    for (int trial = 0; trial < 300; trial++) {
      String text = randomText(random, random.nextInt(300));
      long[] expected = Texts.lineColumn(text);
      Positions p = new Positions();
      int at = 0;
      while (at < text.length()) {
        int next = Math.min(text.length(), at + random.nextInt(20));
        if (next < text.length() && Character.isLowSurrogate(text.charAt(next))) {
          next++; // splits between characters only; see advanceOverAPairSplitBetweenCalls
        }
        p.advance(text, at, next);
        at = next;
      }
      assertEquals(expected[0], p.line(), "trial " + trial);
      assertEquals(expected[1], p.column(), "trial " + trial);
    }
  }

  @Test
  void advanceOneIsOneColumn() {
    Positions p = new Positions();
    p.advanceUtf8("ab\ncd".getBytes(UTF_8), 0, 5);
    p.advanceOne();
    p.advance("é😀", 0, 3);
    assertEquals(2, p.line());
    assertEquals(6, p.column());
  }

  /**
   * Modified UTF-8 (and CESU-8 in the excerpt) decode a chunk that may end between the two halves of a
   * surrogate pair; the pair is still one character. This is what makes validate's column one too many in
   * ValidateIT.modifiedUtf8PairSplitByTheFirstReadCountsAsOneColumn.
   */
  @Test
  void advanceOverAPairSplitBetweenCalls() {
    Positions p = new Positions();
    p.advance("a\uD83D", 0, 2);
    p.advance("\uDE00b", 0, 2);
    assertEquals(4, p.column()); // a, 😀, b
  }
}
