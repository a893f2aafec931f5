package dev.textwire.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * A short excerpt of the text around an ill-formed sequence, on one line: up to {@link #CONTEXT_CHARS}
 * characters before it on the same line, the bad bytes as {@code \xE0\x80}, and up to as many after it,
 * up to the end of the line; and under it a line of carets under the bad bytes. Control characters are
 * escaped, so the excerpt never moves the cursor or breaks the line; other bad bytes nearby are escaped
 * too, and the carets say which ones this error is about. The carets count East Asian wide characters
 * as two columns and combining marks as none, as terminals draw them; right-to-left text will still
 * put them in the wrong place.
 */
final class Excerpt {
  static final int CONTEXT_CHARS = 32;
  /** Bytes looked at on each side: enough for {@link #CONTEXT_CHARS} characters of 4 bytes. */
  private static final int CONTEXT_BYTES = CONTEXT_CHARS * 4;
  /** The token that stands for a line break; the excerpt stops there. */
  private static final String LINE_BREAK = "\n";

  private Excerpt() {}

  /**
   * @param window the input, with its look-behind
   * @param at index of the first bad byte in {@code window.buffer}
   * @param badByteCount how many bad bytes
   */
  static String[] around(InputDecoder decoder, InputWindow window, int at, int badByteCount) {
    byte[] bytes = window.buffer;
    int windowFrom = Math.max(0, at - CONTEXT_BYTES);
    int from = decoder.charStartAtOrAfter(bytes, windowFrom, at, window.offsetOf(windowFrom));
    List<String> before = tokens(decoder, bytes, from, at, true);
    int lineBreak = before.lastIndexOf(LINE_BREAK);
    // More of the line before what is shown: cut by the character limit, or by the bytes looked at.
    boolean moreBefore =
        before.size() - (lineBreak + 1) > CONTEXT_CHARS || (lineBreak < 0 && window.offsetOf(windowFrom) > 0);
    before = before.subList(Math.max(lineBreak + 1, before.size() - CONTEXT_CHARS), before.size());

    int afterStart = at + badByteCount;
    int afterEnd = Math.min(window.end, afterStart + CONTEXT_BYTES);
    boolean inputEndsThere = afterEnd == window.end && window.endOfInput;
    List<String> after = tokens(decoder, bytes, afterStart, afterEnd, inputEndsThere);
    int lineEnd = after.indexOf(LINE_BREAK);
    boolean moreAfter =
        (lineEnd < 0 ? after.size() : lineEnd) > CONTEXT_CHARS || (lineEnd < 0 && !inputEndsThere);
    after = after.subList(0, Math.min(CONTEXT_CHARS, lineEnd < 0 ? after.size() : lineEnd));

    StringBuilder out = new StringBuilder();
    if (moreBefore) {
      out.append("...");
    }
    before.forEach(out::append);
    int caretColumn = displayWidth(out);
    for (int i = at; i < at + badByteCount; i++) {
      out.append(byteEscape(bytes[i]));
    }
    String carets = " ".repeat(caretColumn) + "^".repeat(4 * badByteCount);
    after.forEach(out::append);
    if (moreAfter) {
      out.append("...");
    }
    return new String[] {out.toString(), carets};
  }

  /** Columns a terminal takes to draw {@code text}. */
  static int displayWidth(CharSequence text) {
    int width = 0;
    for (int i = 0; i < text.length(); ) {
      int c = Character.codePointAt(text, i);
      i += Character.charCount(c);
      int type = Character.getType(c);
      if (type == Character.NON_SPACING_MARK || type == Character.ENCLOSING_MARK || type == Character.FORMAT) {
        continue;
      }
      width += isWide(c) ? 2 : 1;
    }
    return width;
  }

  /** East Asian Wide and Fullwidth, by block (close to wcwidth, without its tables). */
  private static boolean isWide(int c) {
    return (c >= 0x1100 && c <= 0x115F)
        || (c >= 0x2E80 && c <= 0x303E)
        || (c >= 0x3041 && c <= 0x33FF)
        || (c >= 0x3400 && c <= 0x4DBF)
        || (c >= 0x4E00 && c <= 0x9FFF)
        || (c >= 0xA000 && c <= 0xA4CF)
        || (c >= 0xAC00 && c <= 0xD7A3)
        || (c >= 0xF900 && c <= 0xFAFF)
        || (c >= 0xFE30 && c <= 0xFE4F)
        || (c >= 0xFF00 && c <= 0xFF60)
        || (c >= 0xFFE0 && c <= 0xFFE6)
        || (c >= 0x1F300 && c <= 0x1F64F)
        || (c >= 0x1F900 && c <= 0x1F9FF)
        || (c >= 0x20000 && c <= 0x3FFFD);
  }

  /**
   * One printable token per character of {@code bytes[from, to)}: the character, an escape for a control
   * character or a bad byte, or {@link #LINE_BREAK}. A sequence cut short at {@code to} is bad bytes when
   * {@code toIsBoundary} (the bad sequence being shown starts there, or the input ends there), and left
   * out otherwise (the excerpt's own limit cut it).
   */
  private static List<String> tokens(InputDecoder decoder, byte[] bytes, int from, int to, boolean toIsBoundary) {
    List<String> tokens = new ArrayList<>();
    int i = from;
    while (i < to) {
      int valid = decoder.validUpTo(bytes, i, to);
      String text = decoder.decode(bytes, i, valid);
      for (int k = 0; k < text.length(); k += Character.charCount(text.codePointAt(k))) {
        if (text.charAt(k) == '\r' && k + 1 < text.length() && text.charAt(k + 1) == '\n') {
          continue; // CRLF is one line break; a lone CR is shown as \r, as it does not end a line
        }
        tokens.add(printable(text, k));
      }
      if (valid == to) {
        break;
      }
      Problem problem = decoder.problemAt(bytes, valid, to, toIsBoundary);
      if (problem == null) {
        break;
      }
      for (int k = valid; k < valid + problem.byteCount(); k++) {
        tokens.add(byteEscape(bytes[k]));
      }
      i = valid + problem.byteCount();
    }
    return tokens;
  }

  private static String printable(String text, int index) {
    int c = text.codePointAt(index);
    if (c == '\n') {
      return LINE_BREAK;
    } else if (c == '\t') {
      return "\\t";
    } else if (c == '\r') {
      return "\\r";
    } else if (c < 0x20 || (c >= 0x7F && c < 0xA0)) {
      return String.format("\\x%02X", c);
    } else if (Character.isSurrogate((char) c) && c <= 0xFFFF) {
      return String.format("\\u%04X", c); // unpaired, as modified UTF-8 allows; would print as '?'
    }
    return new String(Character.toChars(c));
  }

  private static String byteEscape(byte b) {
    return String.format("\\x%02X", b & 0xFF);
  }

  /** The bytes as {@code E0 80}. */
  static String hex(byte[] bytes, int from, int to) {
    StringBuilder out = new StringBuilder();
    for (int i = from; i < to; i++) {
      if (i > from) {
        out.append(' ');
      }
      out.append(String.format("%02X", bytes[i] & 0xFF));
    }
    return out.toString();
  }
}
