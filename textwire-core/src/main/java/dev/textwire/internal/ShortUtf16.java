package dev.textwire.internal;

import java.nio.ByteBuffer;

/**
 * Short Strings that {@link ShortStrings} does not read by {@code charAt} (on JDK 18 and later, those
 * that start above U+00FF, so stored as UTF-16), read by {@code String.codePointAt}: in UTF-8, and in
 * CESU-8 and modified UTF-8 by loops of their own.
 *
 * <p>Why not {@code charAt}: C2 inlines {@code StringUTF16.charAt} into {@code String.charAt}'s callers
 * only if at least 0.85% of the {@code String.charAt} calls the JVM profiled were on UTF-16 Strings
 * ({@code MinInlineFrequencyRatio}), and that profile is the whole program's: almost every library calls
 * {@code charAt}, mostly on Latin-1 Strings, so in many programs each char would be a call (see
 * {@link ShortStrings}). {@code String.codePointAt} has the same shape, a Latin-1 branch and a call of
 * {@code StringUTF16.codePointAt}, but its profile is this class's own in most programs: the JDK calls
 * it on no hot path (to parse service files and module names, to compile regular expressions, and in
 * {@code StringTokenizer} when the delimiters hold surrogates; matching reads {@code charAt}), and
 * textwire calls it only on Strings stored as UTF-16. So its UTF-16 branch is the common one and is
 * inlined. A program that calls {@code codePointAt} on Latin-1 Strings about a hundred times as often as
 * it encodes UTF-16 ones would make this loop a call per char: 16 CJK chars about 175 ns, forced by
 * {@code -XX:CompileCommand=dontinline}, where the peers' {@code charAt} loops took 76-138 out of line.
 *
 * <p>This replaced a copy ({@code getChars} into a borrowed per-thread array, then the same loops over
 * it; stops 45 to 48), which cost the copy and the borrowing: 16 CJK chars into an array on JDK 25 took
 * 43 ns that way and 30 this way (protobuf 31), and 51 against 33 with {@code StringUTF16.charAt} out of
 * line, the case the copy was for (docs/BENCHMARKS.md, "Short UTF-16 Strings by codePointAt", issue 15,
 * stop 49). As in {@link ShortStrings}, only well-formed text of at most {@link ShortStrings#MAX_CHARS}
 * chars that fits is encoded; -1 sends anything else to the general path, which starts over.
 */
final class ShortUtf16 {
  private ShortUtf16() {}

  /**
   * Encoded length of {@code text[begin, end)}, a range of at most {@link ShortStrings#MAX_CHARS} chars
   * (the callers check; the sum is an int); -1 if it holds an unpaired surrogate (a high one whose low
   * half is at {@code end} or later counts as unpaired).
   */
  static int utf8Length(String text, int begin, int end) {
    int length = end - begin;
    int i = begin;
    // Up to the first surrogate, a counted loop (the index steps by one), which C2 unrolls (four chars
    // a step on JDK 25, read with perfasm); the loop below, which steps over pairs, takes the rest.
    // Measured (issue 15, stop 50, JDK 25, 16 chars): CJK 14.3 ns without it, 12.3 with it.
    for (; i < end; i++) {
      int c = text.codePointAt(i);
      if (c < 0x800) {
        length += (0x7F - c) >>> 31;
      } else if (!isSurrogateOrPair(c)) {
        length += 2;
      } else {
        break;
      }
    }
    for (; i < end; i++) {
      int c = text.codePointAt(i); // a pair as one code point, even if its low half is at end
      // Pairs tested first: this loop starts at a surrogate, and emoji text is little else. 16 emoji
      // chars 18.9 and 20.2 ns with the pair tested last, 17.1 and 17.2 first (stop 50, two runs).
      if (c >= 0x10000) {
        if (++i >= end) {
          return -1;
        }
        length += 2; // a pair: 4 bytes for 2 chars
      } else if (c >= 0x80) {
        if (c < 0x800) {
          length += 1;
        } else if (Character.isSurrogate((char) c)) {
          return -1;
        } else {
          length += 2;
        }
      }
    }
    return length;
  }

  /** As {@link ShortStrings#encode}, for UTF-8. */
  static int encodeUtf8(String text, int begin, int end, byte[] dst, int dp, int dl) {
    if (end - begin > ShortStrings.MAX_CHARS || !fits(text, begin, end, dl - dp)) {
      return -1;
    }
    int start = dp;
    for (int i = begin; i < end; i++) {
      int c = text.codePointAt(i);
      if (c < 0x80) {
        dst[dp++] = (byte) c;
      } else if (c < 0x800) {
        dst[dp++] = (byte) (0xC0 | (c >>> 6));
        dst[dp++] = (byte) (0x80 | (c & 0x3F));
      } else if (c < 0x10000) {
        if (Character.isSurrogate((char) c)) {
          return -1;
        }
        dp = CharsToUtf8.putThreeBytes((char) c, dst, dp);
      } else if (++i < end) {
        dp = CharsToUtf8.putFourBytes(c, dst, dp);
      } else {
        return -1;
      }
    }
    return dp - start;
  }

  /**
   * Into a direct buffer's {@code [dp, dl)} by absolute puts, a buffer of the class
   * {@link ShortStrings#encodeUtf8(String, int, int, ByteBuffer, int, int)} checked (its puts are then
   * plain stores).
   */
  static int encodeUtf8(String text, int begin, int end, ByteBuffer direct, int dp, int dl) {
    if (end - begin > ShortStrings.MAX_CHARS || !fits(text, begin, end, dl - dp)) {
      return -1;
    }
    int start = dp;
    for (int i = begin; i < end; i++) {
      int c = text.codePointAt(i);
      if (c < 0x80) {
        direct.put(dp++, (byte) c);
      } else if (c < 0x800) {
        direct.put(dp++, (byte) (0xC0 | (c >>> 6)));
        direct.put(dp++, (byte) (0x80 | (c & 0x3F)));
      } else if (c < 0x10000) {
        if (Character.isSurrogate((char) c)) {
          return -1;
        }
        direct.put(dp++, (byte) (0xE0 | (c >>> 12)));
        direct.put(dp++, (byte) (0x80 | ((c >>> 6) & 0x3F)));
        direct.put(dp++, (byte) (0x80 | (c & 0x3F)));
      } else if (++i < end) {
        direct.put(dp++, (byte) (0xF0 | (c >>> 18)));
        direct.put(dp++, (byte) (0x80 | ((c >>> 12) & 0x3F)));
        direct.put(dp++, (byte) (0x80 | ((c >>> 6) & 0x3F)));
        direct.put(dp++, (byte) (0x80 | (c & 0x3F)));
      } else {
        return -1;
      }
    }
    return dp - start;
  }

  // CESU-8 and modified UTF-8 in loops of their own, so that UTF-8's loops above hold no variant (a
  // variant in the loop measured slower; see ShortStrings). Both write a pair as two 3-byte sequences,
  // and modified UTF-8 writes U+0000 as two bytes and a lone surrogate as three.

  /**
   * Encoded length of {@code text[begin, end)} (at most {@link ShortStrings#MAX_CHARS} chars) in a
   * variant other than UTF-8; -1 if it holds a surrogate the variant refuses (a high one whose low half
   * is at {@code end} or later is alone in the range).
   */
  static int variantLength(String text, int begin, int end, Utf8Variant variant) {
    int low = variant.asciiLow;
    int length = end - begin;
    for (int i = begin; i < end; i++) {
      int c = text.codePointAt(i);
      if (c < 0x80 && c >= low) {
        continue;
      }
      if (c < 0x800) {
        length += 1; // and U+0000 as C0 80
      } else if (c >= 0x10000 && i + 1 < end) {
        length += variant.pairLength() - 2;
        i++;
      } else if (variant.loneSurrogatesAllowed || !isSurrogateOrPair(c)) {
        length += 2; // a char of U+0800 and above, or a lone half as three bytes
      } else {
        return -1;
      }
    }
    return length;
  }

  /** As {@link ShortStrings#encode}, for a variant other than UTF-8. */
  static int encodeVariant(String text, int begin, int end, byte[] dst, int dp, int dl, Utf8Variant variant) {
    if (end - begin > ShortStrings.MAX_CHARS) {
      return -1;
    }
    if (dl - dp < 3 * (end - begin)) {
      int length = variantLength(text, begin, end, variant);
      if (length < 0 || length > dl - dp) {
        return -1;
      }
    }
    int low = variant.asciiLow;
    int start = dp;
    for (int i = begin; i < end; i++) {
      int c = text.codePointAt(i);
      if (c < 0x80 && c >= low) {
        dst[dp++] = (byte) c;
      } else if (c < 0x800) {
        dst[dp++] = (byte) (0xC0 | (c >>> 6)); // C0 80 for U+0000
        dst[dp++] = (byte) (0x80 | (c & 0x3F));
      } else if (c >= 0x10000 && i + 1 < end) {
        // 6 bytes for 2 chars, so the room check of 3 a char above still covers it
        dp = CharsToUtf8.putPair(variant, Character.highSurrogate(c), Character.lowSurrogate(c), dst, dp);
        i++;
      } else if (variant.loneSurrogatesAllowed || !isSurrogateOrPair(c)) {
        dp = CharsToUtf8.putThreeBytes(c >= 0x10000 ? Character.highSurrogate(c) : (char) c, dst, dp);
      } else {
        return -1;
      }
    }
    return dp - start;
  }

  /**
   * True for what {@code codePointAt} returns at a surrogate: a lone half, or a pair whose low half is
   * past the range (the caller has checked that).
   */
  private static boolean isSurrogateOrPair(int c) {
    return c >= 0x10000 || Character.isSurrogate((char) c);
  }

  /**
   * True if the UTF-8 of {@code text[begin, end)} fits in {@code room} bytes: at once where there is room
   * for three bytes a char, else by a length pass, which also refuses an unpaired surrogate (the loops
   * then need no room check).
   */
  private static boolean fits(String text, int begin, int end, int room) {
    if (room >= 3 * (end - begin)) {
      return true;
    }
    int length = utf8Length(text, begin, end);
    return length >= 0 && length <= room;
  }
}
