package dev.textwire.resp;

import java.nio.charset.StandardCharsets;

/**
 * RESP3 doubles: {@code [+|-]<integral>[.<fractional>][<E|e>[+|-]<exponent>]}, {@code inf}, {@code -inf}
 * and {@code nan}. Parsing is exact: a decimal of at most 15 significant digits scaled by at most 10^22,
 * which is every double Redis sends for ordinary scores, is one exact multiplication or division of two
 * exactly representable numbers (Clinger's fast path), so it needs no string; anything longer goes to
 * {@link Double#parseDouble}.
 */
final class RespDoubles {
  private static final double[] POWERS_OF_TEN = {
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
    1e20, 1e21, 1e22
  };

  private RespDoubles() {}

  static boolean isWellFormed(byte[] line, int offset, int length) {
    int end = offset + length;
    int i = offset;
    if (is(line, offset, length, "inf") || is(line, offset, length, "-inf") || is(line, offset, length, "nan")) {
      return true;
    }
    if (i < end && (line[i] == '+' || line[i] == '-')) i++;
    int digits = skipDigits(line, i, end);
    if (digits == i) return false;
    i = digits;
    if (i < end && line[i] == '.') {
      digits = skipDigits(line, i + 1, end);
      if (digits == i + 1) return false;
      i = digits;
    }
    if (i < end && (line[i] == 'e' || line[i] == 'E')) {
      i++;
      if (i < end && (line[i] == '+' || line[i] == '-')) i++;
      digits = skipDigits(line, i, end);
      if (digits == i) return false;
      i = digits;
    }
    return i == end;
  }

  /** The value of a well-formed double line. */
  static double parse(byte[] line, int offset, int length) {
    if (is(line, offset, length, "inf")) return Double.POSITIVE_INFINITY;
    if (is(line, offset, length, "-inf")) return Double.NEGATIVE_INFINITY;
    if (is(line, offset, length, "nan")) return Double.NaN;
    int end = offset + length;
    int i = offset;
    boolean negative = line[i] == '-';
    if (line[i] == '+' || line[i] == '-') i++;
    long mantissa = 0;
    int significant = 0;
    int scale = 0;
    boolean fraction = false;
    for (; i < end && line[i] != 'e' && line[i] != 'E'; i++) {
      if (line[i] == '.') {
        fraction = true;
        continue;
      }
      int digit = line[i] - '0';
      if (significant > 0 || digit != 0) {
        if (++significant > 15) return slow(line, offset, length);
        mantissa = mantissa * 10 + digit;
      }
      if (fraction) scale--;
    }
    if (i < end) {
      i++;
      boolean negativeExponent = line[i] == '-';
      if (line[i] == '+' || line[i] == '-') i++;
      int exponent = 0;
      for (; i < end; i++) {
        if (exponent > 1000) return slow(line, offset, length);
        exponent = exponent * 10 + (line[i] - '0');
      }
      scale += negativeExponent ? -exponent : exponent;
    }
    double value;
    if (mantissa == 0) {
      value = 0;
    } else if (scale >= 0 && scale < POWERS_OF_TEN.length) {
      value = mantissa * POWERS_OF_TEN[scale];
    } else if (scale < 0 && -scale < POWERS_OF_TEN.length) {
      value = mantissa / POWERS_OF_TEN[-scale];
    } else {
      return slow(line, offset, length);
    }
    return negative ? -value : value;
  }

  private static double slow(byte[] line, int offset, int length) {
    return Double.parseDouble(new String(line, offset, length, StandardCharsets.ISO_8859_1));
  }

  private static int skipDigits(byte[] line, int i, int end) {
    while (i < end && line[i] >= '0' && line[i] <= '9') i++;
    return i;
  }

  private static boolean is(byte[] line, int offset, int length, String literal) {
    if (length != literal.length()) return false;
    for (int i = 0; i < length; i++) {
      if (line[offset + i] != literal.charAt(i)) return false;
    }
    return true;
  }
}
