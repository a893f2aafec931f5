package dev.textwire.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.textwire.Utf8;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link ShortUtf16} on Strings of every length up to its bound and past it, seeded random, against the
 * {@code charAt} loops of {@link ShortStrings} (checked exhaustively over short alphabets in
 * {@link ShortStringsExhaustiveTest}) and {@code String.getBytes}: the same answer on every JDK, the
 * encoders -1 past {@link ShortStrings#MAX_CHARS} chars (the length counts any), and the public API's
 * bytes whichever route it takes; CESU-8 and modified UTF-8 likewise against the {@code charAt} loops
 * with their variant. The staging for direct buffers ({@link ShortCopies#stageUtf8}) likewise.
 */
class ShortUtf16Test {
  private static final String[] PIECES = {
    "a", "\u00E9", "\u0416", "\u4E2D", "\uFFFF", "\uD83D\uDE00", "\uDBFF\uDFFF",
    // each side of every bound the loops test: one, two and three bytes, the surrogate block
    "\u007F", "\u0080", "\u07FF", "\u0800", "\uD7FF", "\uE000",
    "\uD800", "\uDC00", "\u0000", // the last three only in texts that need not be well formed
  };

  @Test
  void seededRandomStringsAgreeWithTheCharAtLoops() {
    SplittableRandom random = new SplittableRandom(0x73686f7274L);
    byte[] dst = new byte[3 * (ShortStrings.MAX_CHARS + 4) + 4];
    byte[] oracle = new byte[dst.length];
    ByteBuffer direct = ByteBuffer.allocateDirect(dst.length);
    for (int round = 0; round < 50_000; round++) {
      StringBuilder sb = new StringBuilder();
      int target = random.nextInt(ShortStrings.MAX_CHARS + 4);
      boolean wellFormed = random.nextInt(3) > 0;
      sb.append('\u4E2D'); // starts above Latin-1, as the texts this path gets do
      while (sb.length() < target) {
        String piece = PIECES[random.nextInt(wellFormed ? PIECES.length - 3 : PIECES.length)];
        sb.append(piece);
      }
      String text = sb.toString();
      int begin = random.nextInt(3) == 0 ? random.nextInt(Math.min(3, text.length() + 1)) : 0;
      int end = random.nextInt(3) == 0 ? Math.max(begin, text.length() - random.nextInt(3)) : text.length();
      String where = "round " + round + " " + hex(text) + " [" + begin + ", " + end + ")";
      boolean tooLong = end - begin > ShortStrings.MAX_CHARS;

      int wholeLength = ShortStrings.lengthByCharAt(text, begin, end, Utf8Variant.UTF_8);
      assertEquals(wholeLength, ShortUtf16.utf8Length(text, begin, end), where);
      int expectedLength = tooLong ? -1 : wholeLength;
      int room = random.nextInt(4) == 0 ? Math.max(0, expectedLength - random.nextInt(2)) : 3 * (end - begin);
      Arrays.fill(dst, (byte) 0x5A);
      Arrays.fill(oracle, (byte) 0x5A);
      int expected = tooLong ? -1 : ShortStrings.encodeByCharAt(text, begin, end, oracle, 1, 1 + room, Utf8Variant.UTF_8);
      int written = ShortUtf16.encodeUtf8(text, begin, end, dst, 1, 1 + room);
      assertEquals(expected, written, where);
      if (written >= 0) {
        assertArrayEquals(oracle, dst, where); // the bytes, and nothing outside them
        assertArrayEquals(text.substring(begin, end).getBytes(StandardCharsets.UTF_8),
            Arrays.copyOfRange(dst, 1, 1 + written), where);
      }
      assertDirect(expected, ShortUtf16.encodeUtf8(text, begin, end, direct, 1, 1 + room), direct, oracle, where);
      // Staged for a direct buffer: the charAt loop into the space, then one bulk put.
      assertDirect(expected, ShortCopies.stageUtf8(text, begin, end, direct, 1, 1 + room), direct, oracle, where);
      // CESU-8 and modified UTF-8 likewise, against the charAt loops with the variant.
      for (Utf8Variant variant : new Utf8Variant[] {Utf8Variant.CESU_8, Utf8Variant.MODIFIED_UTF_8}) {
        String at = where + " " + variant;
        int variantLength = ShortStrings.lengthByCharAt(text, begin, end, variant);
        assertEquals(variantLength, ShortUtf16.variantLength(text, begin, end, variant), at);
        int variantRoom = random.nextInt(4) == 0 ? Math.max(0, variantLength - random.nextInt(2)) : 3 * (end - begin);
        Arrays.fill(dst, (byte) 0x5A);
        Arrays.fill(oracle, (byte) 0x5A);
        int variantExpected =
            tooLong ? -1 : ShortStrings.encodeByCharAt(text, begin, end, oracle, 1, 1 + variantRoom, variant);
        assertEquals(variantExpected, ShortUtf16.encodeVariant(text, begin, end, dst, 1, 1 + variantRoom, variant), at);
        if (variantExpected >= 0) {
          assertArrayEquals(oracle, dst, at);
        }
      }
      if (expectedLength >= 0) {
        // The public API, whichever route it takes on this JDK.
        assertEquals(expectedLength, Utf8.encodedLength(text, begin, end), where);
        byte[] exact = new byte[expectedLength];
        assertEquals(expectedLength, Utf8.encode(text, begin, end, exact, 0), where);
        assertArrayEquals(text.substring(begin, end).getBytes(StandardCharsets.UTF_8), exact, where);
      }
    }
  }

  private static String hex(String text) {
    StringBuilder sb = new StringBuilder("\"");
    for (int i = 0; i < text.length(); i++) {
      sb.append(String.format("\\u%04X", (int) text.charAt(i)));
    }
    return sb.append('"').toString();
  }

  /** A direct-buffer route wrote what the array oracle wrote from index 1, or refused as it did. */
  private static void assertDirect(int expected, int written, ByteBuffer direct, byte[] oracle, String where) {
    assertEquals(expected, written, where);
    if (written >= 0) {
      byte[] got = new byte[written];
      direct.get(1, got);
      assertArrayEquals(Arrays.copyOfRange(oracle, 1, 1 + written), got, where);
    }
  }
}
