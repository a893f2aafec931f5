package dev.textwire.internal;

import java.nio.ByteBuffer;

/**
 * Short Strings that {@link ShortStrings} does not read by {@code charAt} (on JDK 18 and later, those
 * that start above U+00FF), in UTF-8: one {@code getChars} into a small per-thread array, then the same
 * loops as there over the copy. The chunked path would do the same copy, but its scratch, its lane
 * choice and its general loop, built for 2,048 chars, cost more than the work at 16 (measured on JDK 25,
 * 16 CJK or emoji chars, issue 15, stop 45, ShortUtf16Benchmark: 28 ns through the chunked path, 23-25
 * here, 18 by an inlined {@code charAt}; the copy and the borrowing are the difference). The same space
 * also stages the UTF-8 of a short String on its way into a direct buffer ({@link #stageUtf8}).
 *
 * <p>The space is borrowed, not acquired ({@link Lender#borrow}): nothing between the copy and the end
 * of the loop runs a caller's code, so a nested call cannot find it half used, and the lent flag's
 * bookkeeping is saved. As in {@link ShortStrings}, only well-formed text of at most
 * {@link ShortStrings#MAX_CHARS} chars that fits is handled; -1 sends anything else to the general path,
 * which starts over.
 */
final class ShortCopies {
  private ShortCopies() {}

  /**
   * What a thread keeps for short Strings: room for {@link ShortStrings#MAX_CHARS} chars copied out, and
   * for their UTF-8 on its way into a direct buffer ({@link #stageUtf8}).
   */
  static final class Space extends Lender.Loanable {
    final char[] chars = new char[ShortStrings.MAX_CHARS];
    final byte[] bytes = new byte[3 * ShortStrings.MAX_CHARS];
  }

  private static final Lender<Space> LENDER = new Lender<>(Space::new);

  /** Encoded length of {@code text[begin, end)}; -1 if it holds an unpaired surrogate. */
  static int utf8Length(String text, int begin, int end) {
    if (end - begin > ShortStrings.MAX_CHARS) {
      return -1;
    }
    Space space = LENDER.borrow();
    try {
      text.getChars(begin, end, space.chars, 0);
      return utf8Length(space.chars, end - begin);
    } finally {
      LENDER.giveBack(space);
    }
  }

  /** As {@link ShortStrings#encode}, for UTF-8. */
  static int encodeUtf8(String text, int begin, int end, byte[] dst, int dp, int dl) {
    if (end - begin > ShortStrings.MAX_CHARS) {
      return -1;
    }
    Space space = LENDER.borrow();
    try {
      text.getChars(begin, end, space.chars, 0);
      return encodeUtf8(space.chars, end - begin, dst, dp, dl);
    } finally {
      LENDER.giveBack(space);
    }
  }

  /**
   * Into a direct buffer's {@code [dp, dl)} by absolute puts, a buffer of the class
   * {@link ShortStrings#encodeUtf8(String, int, int, ByteBuffer, int, int)} checked (its puts are then
   * plain stores). Encoding into the space's bytes and one bulk put instead measured 37-41 ns for 16 CJK
   * chars on JDK 25 through the public call (EncodeBenchmark), against 37 through the chunked path and
   * 26-27 with this loop (issue 15, stop 45).
   */
  static int encodeUtf8(String text, int begin, int end, ByteBuffer direct, int dp, int dl) {
    if (end - begin > ShortStrings.MAX_CHARS) {
      return -1;
    }
    Space space = LENDER.borrow();
    try {
      char[] chars = space.chars;
      int count = end - begin;
      text.getChars(begin, end, chars, 0);
      if (!fits(chars, count, dl - dp)) {
        return -1;
      }
      int start = dp;
      for (int i = 0; i < count; i++) {
        char c = chars[i];
        if (c < 0x80) {
          direct.put(dp++, (byte) c);
        } else if (c < 0x800) {
          direct.put(dp++, (byte) (0xC0 | (c >>> 6)));
          direct.put(dp++, (byte) (0x80 | (c & 0x3F)));
        } else if (!Character.isSurrogate(c)) {
          direct.put(dp++, (byte) (0xE0 | (c >>> 12)));
          direct.put(dp++, (byte) (0x80 | ((c >>> 6) & 0x3F)));
          direct.put(dp++, (byte) (0x80 | (c & 0x3F)));
        } else if (Character.isHighSurrogate(c) && i + 1 < count && Character.isLowSurrogate(chars[i + 1])) {
          int codePoint = Character.toCodePoint(c, chars[++i]);
          direct.put(dp++, (byte) (0xF0 | (codePoint >>> 18)));
          direct.put(dp++, (byte) (0x80 | ((codePoint >>> 12) & 0x3F)));
          direct.put(dp++, (byte) (0x80 | ((codePoint >>> 6) & 0x3F)));
          direct.put(dp++, (byte) (0x80 | (codePoint & 0x3F)));
        } else {
          return -1;
        }
      }
      return dp - start;
    } finally {
      LENDER.giveBack(space);
    }
  }

  /**
   * The UTF-8 of {@code text[begin, end)} by {@link ShortStrings}' {@code charAt} loop into the space's
   * bytes, then one bulk put into {@code direct[dp, dl)}: bytes written, or -1 (unpaired, too long, or
   * no room). For direct buffers whose absolute puts cost more than a copy (see
   * {@link ShortStrings#encodeUtf8ByCharAt}).
   */
  static int stageUtf8(String text, int begin, int end, ByteBuffer direct, int dp, int dl) {
    if (end - begin > ShortStrings.MAX_CHARS) {
      return -1;
    }
    Space space = LENDER.borrow();
    try {
      byte[] bytes = space.bytes;
      int length = ShortStrings.encodeByCharAt(text, begin, end, bytes, 0, bytes.length, Utf8Variant.UTF_8);
      if (length < 0 || length > dl - dp) {
        return -1;
      }
      direct.put(dp, bytes, 0, length);
      return length;
    } finally {
      LENDER.giveBack(space);
    }
  }

  private static int utf8Length(char[] chars, int count) {
    int length = count;
    for (int i = 0; i < count; i++) {
      char c = chars[i];
      if (c >= 0x80) {
        if (c < 0x800) {
          length += 1;
        } else if (!Character.isSurrogate(c)) {
          length += 2;
        } else if (Character.isHighSurrogate(c) && i + 1 < count && Character.isLowSurrogate(chars[i + 1])) {
          length += 2;
          i++;
        } else {
          return -1;
        }
      }
    }
    return length;
  }

  /**
   * True if the UTF-8 of {@code chars[0, count)} fits in {@code room} bytes: at once where there is room
   * for three bytes a char, else by a length pass, which also refuses an unpaired surrogate (the loops
   * then need no room check).
   */
  private static boolean fits(char[] chars, int count, int room) {
    if (room >= 3 * count) {
      return true;
    }
    int length = utf8Length(chars, count);
    return length >= 0 && length <= room;
  }

  private static int encodeUtf8(char[] chars, int count, byte[] dst, int dp, int dl) {
    if (!fits(chars, count, dl - dp)) {
      return -1;
    }
    int start = dp;
    for (int i = 0; i < count; i++) {
      char c = chars[i];
      if (c < 0x80) {
        dst[dp++] = (byte) c;
      } else if (c < 0x800) {
        dst[dp++] = (byte) (0xC0 | (c >>> 6));
        dst[dp++] = (byte) (0x80 | (c & 0x3F));
      } else if (!Character.isSurrogate(c)) {
        dp = CharsToUtf8.putThreeBytes(c, dst, dp);
      } else if (Character.isHighSurrogate(c) && i + 1 < count && Character.isLowSurrogate(chars[i + 1])) {
        dp = CharsToUtf8.putFourBytes(Character.toCodePoint(c, chars[++i]), dst, dp);
      } else {
        return -1;
      }
    }
    return dp - start;
  }
}
