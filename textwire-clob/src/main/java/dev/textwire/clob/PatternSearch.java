package dev.textwire.clob;

import java.sql.SQLException;

/**
 * {@code position()}: scans the text a window at a time, each window overlapping the last by the
 * pattern's length minus one, so a match across windows is found and the text is never read whole.
 */
final class PatternSearch {
  private static final int WINDOW_CHARS = 16 * 1024;

  private PatternSearch() {}

  /** The char index of the first match at or after {@code fromCharIndex}, or -1. Pattern not empty. */
  static long find(TextStore store, String pattern, long fromCharIndex) throws SQLException {
    int patternLength = pattern.length();
    long length = store.length();
    if (patternLength > length - fromCharIndex) {
      return -1;
    }
    char[] target = pattern.toCharArray();
    char[] window = new char[(int) Math.min(Math.max(WINDOW_CHARS, 2L * patternLength), length - fromCharIndex)];
    long windowStart = fromCharIndex;
    int filled = 0;
    while (true) {
      filled += store.read(windowStart + filled, window, filled, window.length - filled);
      int found = indexOf(window, filled, target);
      if (found >= 0) {
        return windowStart + found;
      }
      if (windowStart + filled >= length) {
        return -1;
      }
      int keep = patternLength - 1;
      System.arraycopy(window, filled - keep, window, 0, keep);
      windowStart += filled - keep;
      filled = keep;
    }
  }

  private static int indexOf(char[] text, int textLength, char[] target) {
    char first = target[0];
    int lastStart = textLength - target.length;
    for (int i = 0; i <= lastStart; i++) {
      if (text[i] != first) {
        continue;
      }
      int j = 1;
      while (j < target.length && text[i + j] == target[j]) {
        j++;
      }
      if (j == target.length) {
        return i;
      }
    }
    return -1;
  }
}
