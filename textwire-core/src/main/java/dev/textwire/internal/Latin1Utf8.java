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
  static long encodedLength(byte[] src, int begin, int end) {
    return (long) (end - begin) + Swar.countHighBytes(src, begin, end); // above 2^31-1 for large text
  }

  /**
   * Encodes {@code src[sp, sl)} into {@code dst[dp, dl)}, stopping before a character that does not fit
   * whole.
   *
   * @return {@link Progress} of source and destination
   */
  static long encode(byte[] src, int sp, int sl, byte[] dst, int dp, int dl) {
    while (sp < sl) {
      // ASCII runs are found by a word-at-a-time scan and moved by arraycopy (a vectorised memcpy):
      // measured faster than storing each word as it is tested.
      int asciiEnd = Swar.skipAscii(src, sp, Math.min(sl, sp + (dl - dp)));
      int run = asciiEnd - sp;
      if (run >= 16) {
        System.arraycopy(src, sp, dst, dp, run);
      } else {
        for (int k = 0; k < run; k++) {
          dst[dp + k] = src[sp + k];
        }
      }
      sp = asciiEnd;
      dp += run;
      if (sp == sl) {
        break;
      }
      int b = src[sp];
      if (b >= 0 || dp > dl - 2) {
        break; // the next character does not fit
      }
      dst[dp++] = (byte) (0xC0 | ((b & 0xFF) >>> 6)); // 110000xx
      dst[dp++] = (byte) (0x80 | (b & 0x3F)); //          10xxxxxx
      sp++;
    }
    return Progress.of(sp, dp);
  }
}
