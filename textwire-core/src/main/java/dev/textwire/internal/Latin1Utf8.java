package dev.textwire.internal;

/**
 * UTF-8 from Latin-1 bytes: the fast lane. Every String whose chars all fit in a byte reaches the
 * kernels as Latin-1 bytes (its own compact bytes, or chars narrowed by the JDK's intrinsic), and then
 * 00..7F is copied eight at a time and 80..FF becomes two bytes:
 * <pre>
 *   00..7F   0xxxxxxx
 *   80..FF   110000xx 10xxxxxx   (C2 or C3, then a continuation byte)
 * </pre>
 * Kernels assume checked arguments.
 */
final class Latin1Utf8 {
  private Latin1Utf8() {}

  /** UTF-8 length of {@code src[begin, end)}: one byte each, plus one more for each byte 80..FF. */
  static int encodedLength(byte[] src, int begin, int end) {
    int extra = 0;
    int i = begin;
    for (; i <= end - 8; i += 8) {
      extra += Long.bitCount(Swar.getLong(src, i) & Swar.HIGH_BITS);
    }
    for (; i < end; i++) {
      extra += src[i] >>> 31; // 1 for a negative byte, branch free
    }
    return (end - begin) + extra;
  }

  /**
   * Encodes {@code src[sp, sl)} into {@code dst[dp, dl)}, stopping before a character that does not fit
   * whole.
   *
   * @return {@link Progress} of source and destination
   */
  static long encode(byte[] src, int sp, int sl, byte[] dst, int dp, int dl) {
    while (sp < sl) {
      while (sp <= sl - 8 && dp <= dl - 8) {
        long word = Swar.getLong(src, sp);
        if ((word & Swar.HIGH_BITS) != 0) {
          break;
        }
        Swar.putLong(dst, dp, word);
        sp += 8;
        dp += 8;
      }
      // Up to eight bytes one at a time, so Latin-1-dense text does not retry the word test per byte.
      int stop = Math.min(sl, sp + 8);
      while (sp < stop) {
        int b = src[sp];
        if (b >= 0) {
          if (dp >= dl) {
            return Progress.of(sp, dp);
          }
          dst[dp++] = (byte) b;
        } else {
          if (dp > dl - 2) {
            return Progress.of(sp, dp);
          }
          dst[dp++] = (byte) (0xC0 | ((b & 0xFF) >>> 6)); // 110000xx
          dst[dp++] = (byte) (0x80 | (b & 0x3F)); //          10xxxxxx
        }
        sp++;
      }
      if (dp >= dl && sp < sl) {
        break;
      }
    }
    return Progress.of(sp, dp);
  }
}
