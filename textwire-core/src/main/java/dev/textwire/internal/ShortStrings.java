package dev.textwire.internal;

/**
 * Short Strings straight from {@code charAt}, with no scratch and no copy: for a handful of chars the
 * per-call cost of the chunked path (a ThreadLocal, {@code getChars}, bookkeeping: about 20 ns measured)
 * is more than the work. Only the common case is handled here, well-formed text with room to spare;
 * anything else (an unpaired surrogate, a full destination) answers -1 and the general path starts over,
 * so policies, errors and partial writes live in one place.
 */
final class ShortStrings {
  private ShortStrings() {}

  /** Up to this many chars a String takes this path. */
  static final int MAX_CHARS = 32;

  /** UTF-8 length of {@code text[begin, end)}, or -1 if it holds an unpaired surrogate. */
  static int encodedLength(String text, int begin, int end) {
    int length = end - begin;
    for (int i = begin; i < end; i++) {
      char c = text.charAt(i);
      if (c >= 0x80) {
        if (c < 0x800) {
          length += 1;
        } else if (!Character.isSurrogate(c)) {
          length += 2;
        } else if (Character.isHighSurrogate(c) && i + 1 < end && Character.isLowSurrogate(text.charAt(i + 1))) {
          length += 2; // 4 bytes for the two chars
          i++;
        } else {
          return -1;
        }
      }
    }
    return length;
  }

  /**
   * Encodes {@code text[begin, end)} into {@code dst[dp, dl)}; returns the bytes written, or -1 if the
   * text holds an unpaired surrogate or does not fit (bytes may have been written; the caller starts over).
   */
  static int encode(String text, int begin, int end, byte[] dst, int dp, int dl) {
    if (dl - dp < 3 * (end - begin)) {
      return -1; // the general path handles tight room
    }
    int start = dp;
    for (int i = begin; i < end; i++) {
      char c = text.charAt(i);
      if (c < 0x80) {
        dst[dp++] = (byte) c;
      } else if (c < 0x800) {
        dst[dp++] = (byte) (0xC0 | (c >>> 6)); //         110xxxxx
        dst[dp++] = (byte) (0x80 | (c & 0x3F)); //        10xxxxxx
      } else if (!Character.isSurrogate(c)) {
        dst[dp++] = (byte) (0xE0 | (c >>> 12)); //        1110xxxx
        dst[dp++] = (byte) (0x80 | ((c >>> 6) & 0x3F)); // 10xxxxxx
        dst[dp++] = (byte) (0x80 | (c & 0x3F)); //        10xxxxxx
      } else if (Character.isHighSurrogate(c) && i + 1 < end && Character.isLowSurrogate(text.charAt(i + 1))) {
        // A pair: 4 bytes for 2 chars, so the 3-per-char room check above still covers it.
        dp = CharsUtf8.putFourBytes(Character.toCodePoint(c, text.charAt(++i)), dst, dp);
      } else {
        return -1;
      }
    }
    return dp - start;
  }
}
