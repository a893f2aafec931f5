package dev.textwire.cli;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

/**
 * UTF-16LE or UTF-16BE, decoded by the JDK. Well-formedness is checked here, code unit by code unit, so
 * that an error has an exact offset and a reason: an odd byte at the end, or a surrogate without its
 * partner. A byte order mark is not treated specially: it is the character U+FEFF.
 */
final class Utf16Decoder implements InputDecoder {
  private final boolean bigEndian;
  private final Charset charset;

  Utf16Decoder(boolean bigEndian) {
    this.bigEndian = bigEndian;
    this.charset = bigEndian ? StandardCharsets.UTF_16BE : StandardCharsets.UTF_16LE;
  }

  private char unit(byte[] bytes, int i) {
    int a = bytes[i] & 0xFF;
    int b = bytes[i + 1] & 0xFF;
    return (char) (bigEndian ? a << 8 | b : b << 8 | a);
  }

  @Override
  public int validUpTo(byte[] bytes, int from, int to) {
    int i = from;
    while (i + 1 < to) {
      char c = unit(bytes, i);
      if (!Character.isSurrogate(c)) {
        i += 2;
      } else if (Character.isHighSurrogate(c) && i + 3 < to && Character.isLowSurrogate(unit(bytes, i + 2))) {
        i += 4;
      } else {
        return i;
      }
    }
    return i;
  }

  @Override
  public Problem problemAt(byte[] bytes, int at, int to, boolean endOfInput) {
    if (to - at < 2) {
      return endOfInput
          ? new Problem(1, "odd number of bytes: the input ends inside a 2-byte code unit")
          : null;
    }
    char c = unit(bytes, at);
    if (Character.isLowSurrogate(c)) {
      return new Problem(2, "low surrogate U+" + hex4(c) + " without a high surrogate before it");
    }
    if (to - at < 4) {
      return endOfInput
          ? new Problem(2, "high surrogate U+" + hex4(c) + " cut short by the end of the input")
          : null;
    }
    return new Problem(2, "high surrogate U+" + hex4(c) + " not followed by a low surrogate");
  }

  /** A surrogate as 4 upper-case hex digits, without a Formatter (which cost more than the rest of an error). */
  private static String hex4(char c) {
    char[] digits = new char[4];
    for (int k = 3; k >= 0; k--) {
      digits[k] = Character.toUpperCase(Character.forDigit((c >> (4 * (3 - k))) & 0xF, 16));
    }
    return new String(digits);
  }

  @Override
  public String decode(byte[] bytes, int from, int to) {
    return new String(bytes, from, to - from, charset);
  }

  @Override
  public long byteCount(byte[] bytes, int from, int to, int charEnd) {
    return 2L * charEnd;
  }

  @Override
  public int charStartAtOrAfter(byte[] bytes, int index, int to, long streamOffset) {
    if ((streamOffset & 1) != 0) {
      index++;
    }
    if (index + 1 < to && Character.isLowSurrogate(unit(bytes, index))) {
      index += 2;
    }
    return Math.min(index, to);
  }

  @Override
  public boolean positionsFromBytes() {
    return false;
  }
}
