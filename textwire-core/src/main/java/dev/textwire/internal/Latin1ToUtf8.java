package dev.textwire.internal;

/**
 * UTF-8 from Latin-1 bytes: the fast lane. Every String whose chars all fit in a byte reaches the
 * kernels as Latin-1 bytes (its own compact bytes, or chars narrowed by the JDK's intrinsic), and then
 * 00..7F is copied eight at a time and 80..FF becomes two bytes:
 * <pre>
 *   00..7F   0xxxxxxx
 *   80..FF   110000xx 10xxxxxx   (C2 or C3, then a continuation byte)
 * </pre>
 * Modified UTF-8 differs only at 00, which it writes as C0 80: the two-byte formula applied to 0.
 * Kernels assume checked arguments.
 */
final class Latin1ToUtf8 {
  private Latin1ToUtf8() {}

  /** UTF-8 length of {@code src[begin, end)}: one byte each, plus one more for each byte 80..FF. */
  static long encodedLength(byte[] src, int begin, int end) {
    return (long) (end - begin) + Swar.countHighBytes(src, begin, end); // above 2^31-1 for large text
  }

  /** As {@link #encodedLength(byte[], int, int)}, plus one for each 00 when it becomes C0 80. */
  static long encodedLength(byte[] src, int begin, int end, boolean nulAsTwoBytes) {
    long length = encodedLength(src, begin, end);
    return nulAsTwoBytes ? length + Swar.countZeroBytes(src, begin, end) : length;
  }

  /**
   * Encodes {@code src[sp, sl)} into {@code dst[dp, dl)}, stopping before a character that does not fit
   * whole.
   *
   * @return {@link IndexPair} of source and destination
   */
  static long encode(byte[] src, int sp, int sl, byte[] dst, int dp, int dl, boolean nulAsTwoBytes) {
    int low = nulAsTwoBytes ? 1 : 0; // the smallest byte copied through as itself
    long zeroStops = Swar.zeroStops(nulAsTwoBytes);
    // As far as the output certainly fits (two bytes per input byte at most), run without room checks.
    int roomyEnd = sp + Math.min(sl - sp, (dl - dp) >>> 1);
    while (sp < roomyEnd) {
      if (sp <= roomyEnd - 8) {
        // Room for the word: written <= 2 * read so far, and 2 * (roomyEnd - sp) >= 16 remain. Nothing
        // lands past the final end either: the output still to come is at least as long as the input.
        int ascii = Swar.copyWordAsciiPrefix(src, sp, dst, dp, zeroStops);
        sp += ascii;
        dp += ascii;
        if (ascii == 8) {
          continue;
        }
      }
      int b = src[sp++];
      if (b >= low) {
        dst[dp++] = (byte) b;
      } else {
        dst[dp++] = (byte) (0xC0 | ((b & 0xFF) >>> 6)); // 110000xx
        dst[dp++] = (byte) (0x80 | (b & 0x3F)); //          10xxxxxx
      }
    }
    // Near the end of the room: one byte at a time, checking it.
    for (; sp < sl; sp++) {
      int b = src[sp];
      if (b >= low) {
        if (dp >= dl) {
          break;
        }
        dst[dp++] = (byte) b;
      } else {
        if (dp > dl - 2) {
          break;
        }
        dst[dp++] = (byte) (0xC0 | ((b & 0xFF) >>> 6));
        dst[dp++] = (byte) (0x80 | (b & 0x3F));
      }
    }
    return IndexPair.of(sp, dp);
  }
}
