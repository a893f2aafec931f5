package dev.textwire.resp;

/** Decimal numbers for RESP headers and integer arguments, written without a String. */
final class RespDecimal {
  private RespDecimal() {}

  /** Bytes in the decimal form of {@code value}, its minus sign included. */
  static int length(long value) {
    if (value == Long.MIN_VALUE) return 20;
    int sign = value < 0 ? 1 : 0;
    long magnitude = Math.abs(value);
    int digits = 1;
    for (long bound = 10; digits < 19 && magnitude >= bound; bound *= 10) digits++;
    return sign + digits;
  }

  /** Writes {@code value}'s {@code length} decimal bytes at {@code dst[offset]}. */
  static void write(long value, byte[] dst, int offset, int length) {
    int i = offset + length;
    if (value == Long.MIN_VALUE) {
      byte[] min = {'-', '9', '2', '2', '3', '3', '7', '2', '0', '3', '6', '8', '5', '4', '7', '7', '5', '8', '0', '8'};
      System.arraycopy(min, 0, dst, offset, min.length);
      return;
    }
    long magnitude = Math.abs(value);
    do {
      dst[--i] = (byte) ('0' + (int) (magnitude % 10));
      magnitude /= 10;
    } while (magnitude != 0);
    if (value < 0) dst[--i] = '-';
  }
}
