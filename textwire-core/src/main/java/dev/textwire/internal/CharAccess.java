package dev.textwire.internal;

import java.nio.CharBuffer;

/**
 * Copies a chunk of a caller's text into a char array with the fastest public method each type has:
 * {@code getChars} for String (an intrinsic that widens compact Latin-1 strings with vector
 * instructions) and for StringBuilder/StringBuffer, a bulk {@code get} for CharBuffer, {@code charAt}
 * otherwise. A chunk never ends between the two halves of a surrogate pair unless the text does.
 */
final class CharAccess {
  private CharAccess() {}

  /**
   * Copies up to {@code dst.length} chars of {@code text[begin, end)} into {@code dst[0, ...)}.
   *
   * @return the number of chars copied, at least 1 when {@code begin < end}
   */
  static int fill(CharSequence text, int begin, int end, char[] dst) {
    int count = Math.min(end - begin, dst.length);
    int last = begin + count;
    if (text instanceof String) {
      ((String) text).getChars(begin, last, dst, 0);
    } else if (text instanceof StringBuilder) {
      ((StringBuilder) text).getChars(begin, last, dst, 0);
    } else if (text instanceof StringBuffer) {
      ((StringBuffer) text).getChars(begin, last, dst, 0);
    } else if (text instanceof CharBuffer) {
      CharBuffer buffer = (CharBuffer) text;
      buffer.get(buffer.position() + begin, dst, 0, count); // absolute: the position does not move
    } else {
      for (int i = 0; i < count; i++) {
        dst[i] = text.charAt(begin + i);
      }
    }
    if (last < end && count > 1 && Character.isHighSurrogate(dst[count - 1])) {
      count--; // keep the pair together: the high half goes with the next chunk
    }
    return count;
  }

  /** As {@link #fill(CharSequence, int, int, char[])}, from a caller's array. */
  static int fill(char[] src, int begin, int end, char[] dst) {
    int count = Math.min(end - begin, dst.length);
    System.arraycopy(src, begin, dst, 0, count);
    if (begin + count < end && count > 1 && Character.isHighSurrogate(dst[count - 1])) {
      count--;
    }
    return count;
  }
}
