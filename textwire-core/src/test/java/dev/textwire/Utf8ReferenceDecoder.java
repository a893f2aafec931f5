package dev.textwire;

/**
 * A plain, slow, obviously correct UTF-8 decoder and validator, written from the Unicode Standard's table
 * 3-7 (well-formed byte sequences) and section 3.9's "U+FFFD substitution of maximal subparts". It shares
 * nothing with the library's kernels and is the oracle for replacement decoding and error positions.
 *
 * <p>A <em>maximal subpart</em> at a position is the longest prefix of a well-formed sequence that
 * starts there (a lead byte followed by as many bytes as fit the table), or the single byte there when
 * it begins no well-formed sequence. Replacement emits one U+FFFD per maximal subpart and resumes after
 * it. When the input ends inside a sequence that further bytes could complete, the error is
 * <em>truncated</em>.
 */
public final class Utf8ReferenceDecoder {
  private Utf8ReferenceDecoder() {}

  /** The first ill-formed sequence: where it starts, its maximal subpart's length, whether it is cut short. */
  public record Error(int offset, int length, boolean truncated) {}

  /**
   * Unicode 15.0, table 3-7, one row per range of lead bytes: the lead bytes, the sequence length, and
   * the range the second byte must be in. Every further byte is 80..BF. Bytes in no row (80..C1, F5..FF)
   * begin no well-formed sequence.
   */
  private static final int[][] TABLE_3_7 = {
    // first  last  length  second byte
    {0x00, 0x7F, 1, 0x00, 0x00}, // U+0000..U+007F
    {0xC2, 0xDF, 2, 0x80, 0xBF}, // U+0080..U+07FF
    {0xE0, 0xE0, 3, 0xA0, 0xBF}, // U+0800..U+0FFF
    {0xE1, 0xEC, 3, 0x80, 0xBF}, // U+1000..U+CFFF
    {0xED, 0xED, 3, 0x80, 0x9F}, // U+D000..U+D7FF
    {0xEE, 0xEF, 3, 0x80, 0xBF}, // U+E000..U+FFFF
    {0xF0, 0xF0, 4, 0x90, 0xBF}, // U+10000..U+3FFFF
    {0xF1, 0xF3, 4, 0x80, 0xBF}, // U+40000..U+FFFFF
    {0xF4, 0xF4, 4, 0x80, 0x8F}, // U+100000..U+10FFFF
  };

  private static int[] row(int lead) {
    for (int[] row : TABLE_3_7) {
      if (row[0] <= lead && lead <= row[1]) {
        return row;
      }
    }
    return null;
  }

  /** Outcome of reading one sequence at a position. */
  private static final class Step {
    boolean valid;
    boolean truncated;
    int length; // bytes consumed: the whole sequence if valid, else the maximal subpart
    int codePoint;
  }

  /** Reads the sequence starting at {@code i} (with {@code i < end}) into {@code step}. */
  private static void read(byte[] src, int i, int end, Step step) {
    int lead = src[i] & 0xFF;
    int[] row = row(lead);
    step.valid = false;
    step.truncated = false;
    step.length = 1;
    if (row == null) {
      return; // C0, C1, F5..FF or a continuation byte: a maximal subpart of one byte
    }
    int length = row[2];
    int codePoint = length == 1 ? lead : lead & (0xFF >> (length + 1));
    for (int k = 1; k < length; k++) {
      if (i + k == end) {
        step.length = k;
        step.truncated = true; // more bytes could complete it
        return;
      }
      int b = src[i + k] & 0xFF;
      int low = k == 1 ? row[3] : 0x80;
      int high = k == 1 ? row[4] : 0xBF;
      if (b < low || b > high) {
        step.length = k; // the bytes before b are the maximal subpart
        return;
      }
      codePoint = (codePoint << 6) | (b & 0x3F);
    }
    step.valid = true;
    step.length = length;
    step.codePoint = codePoint;
  }

  /** The first ill-formed sequence in {@code src[offset, offset + length)}, or null if it is all valid. */
  public static Error firstError(byte[] src, int offset, int length) {
    Step step = new Step();
    int end = offset + length;
    for (int i = offset; i < end; i += step.length) {
      read(src, i, end, step);
      if (!step.valid) {
        return new Error(i, step.length, step.truncated);
      }
    }
    return null;
  }

  public static Error firstError(byte[] src) {
    return firstError(src, 0, src.length);
  }

  public static boolean isValid(byte[] src, int offset, int length) {
    return firstError(src, offset, length) == null;
  }

  /** Array index after the longest well-formed prefix. */
  public static int validUpTo(byte[] src, int offset, int length) {
    Error e = firstError(src, offset, length);
    return e == null ? offset + length : e.offset();
  }

  /** Decodes, replacing each maximal subpart of an ill-formed sequence with one U+FFFD. */
  public static String decodeReplacing(byte[] src, int offset, int length) {
    StringBuilder out = new StringBuilder(length);
    Step step = new Step();
    int end = offset + length;
    for (int i = offset; i < end; i += step.length) {
      read(src, i, end, step);
      out.appendCodePoint(step.valid ? step.codePoint : 0xFFFD);
    }
    return out.toString();
  }

  public static String decodeReplacing(byte[] src) {
    return decodeReplacing(src, 0, src.length);
  }

  /** Number of ill-formed maximal subparts (each one U+FFFD when replacing). */
  public static int errorCount(byte[] src, int offset, int length) {
    Step step = new Step();
    int end = offset + length;
    int count = 0;
    for (int i = offset; i < end; i += step.length) {
      read(src, i, end, step);
      if (!step.valid) {
        count++;
      }
    }
    return count;
  }
}
