package dev.textwire.cli;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Line and column of the next character, counted as the input goes by. A line ends at each line feed
 * (so CRLF and LF alike; a lone CR does not end a line). Columns count characters (code points) from 1,
 * so a multi-byte character before an error moves the column by one, not by its byte count.
 *
 * <p>For the UTF-8 family the counting runs on the bytes, a word at a time, without decoding: a line
 * feed is the byte {@code 0A} and every byte but a continuation byte starts a code point. It has to run
 * on every chunk (standard input cannot be read twice), so it is kept to one pass that counts line
 * feeds plus a short pass over the bytes after the last one.
 */
final class Positions {
  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final long ONES = 0x0101010101010101L;
  private static final long LOW7 = 0x7F7F7F7F7F7F7F7FL;
  private static final long HIGH = 0x8080808080808080L;
  private static final long LF = ONES * '\n';

  private long lineBreaks;
  private long charsSinceLineBreak;
  /** The last char given to {@link #advance} was a high surrogate: a low one next completes its pair. */
  private boolean afterHighSurrogate;

  /** 1-based line of the next character. */
  long line() {
    return lineBreaks + 1;
  }

  /** 1-based column of the next character. */
  long column() {
    return charsSinceLineBreak + 1;
  }

  /** Moves past one character that is not a line feed: a replaced ill-formed sequence, say. */
  void advanceOne() {
    charsSinceLineBreak++;
    afterHighSurrogate = false;
  }

  /** Moves past what {@code next} counted, which followed what this one counted. */
  void add(Positions next) {
    if (next.lineBreaks > 0) {
      lineBreaks += next.lineBreaks;
      charsSinceLineBreak = next.charsSinceLineBreak;
    } else {
      charsSinceLineBreak += next.charsSinceLineBreak;
    }
    afterHighSurrogate = next.afterHighSurrogate;
  }

  /** Moves past well-formed UTF-8-family bytes. */
  void advanceUtf8(byte[] bytes, int from, int to) {
    long lineFeeds = countLineFeeds(bytes, from, to);
    if (lineFeeds == 0) {
      charsSinceLineBreak += codePoints(bytes, from, to);
      return;
    }
    lineBreaks += lineFeeds;
    int last = to - 1;
    while (bytes[last] != '\n') {
      last--;
    }
    charsSinceLineBreak = codePoints(bytes, last + 1, to);
  }

  /** Moves past decoded text. */
  void advance(CharSequence text, int from, int to) {
    for (int i = from; i < to; i++) {
      char c = text.charAt(i);
      if (c == '\n') {
        lineBreaks++;
        charsSinceLineBreak = 0;
      } else if (!(Character.isLowSurrogate(c) && afterHighSurrogate)) {
        charsSinceLineBreak++; // the low half of a pair is the same character as the high half
      }
      afterHighSurrogate = Character.isHighSurrogate(c);
    }
  }

  /** Bytes equal to {@code 0A} in {@code bytes[from, to)}. */
  static long countLineFeeds(byte[] bytes, int from, int to) {
    long count = 0;
    int i = from;
    for (; i + 8 <= to; i += 8) {
      long x = (long) LONGS.get(bytes, i) ^ LF;
      // High bit set exactly in the bytes of x that are zero (no false positives from borrows).
      long zero = ~(((x & LOW7) + LOW7) | x | LOW7);
      count += Long.bitCount(zero);
    }
    for (; i < to; i++) {
      if (bytes[i] == '\n') {
        count++;
      }
    }
    return count;
  }

  /** Code points in well-formed UTF-8 {@code bytes[from, to)}: the bytes that are not {@code 10xxxxxx}. */
  static long codePoints(byte[] bytes, int from, int to) {
    long continuation = 0;
    int i = from;
    for (; i + 8 <= to; i += 8) {
      long x = (long) LONGS.get(bytes, i);
      // Bit 7 set and bit 6 clear; the shift moves each byte's bit 6 to its own bit 7.
      continuation += Long.bitCount(x & ~(x << 1) & HIGH);
    }
    for (; i < to; i++) {
      if ((bytes[i] & 0xC0) == 0x80) {
        continuation++;
      }
    }
    return (to - from) - continuation;
  }
}
