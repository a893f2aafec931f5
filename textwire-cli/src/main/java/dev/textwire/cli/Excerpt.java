package dev.textwire.cli;

import java.util.Arrays;

/**
 * A short excerpt of the text around an ill-formed sequence, on one line: up to {@link #CONTEXT_CHARS}
 * characters before it on the same line, the bad bytes as {@code \xE0\x80}, and up to as many after it,
 * up to the end of the line; and under it a line of carets under the bad bytes. Control characters are
 * escaped, so the excerpt never moves the cursor or breaks the line; other bad bytes nearby are escaped
 * too, and the carets say which ones this error is about. The carets count East Asian wide characters
 * as two columns and combining marks as none, as terminals draw them; right-to-left text will still
 * put them in the wrong place.
 *
 * <p>A file dense with errors has one excerpt per error and many bad bytes in each, so an instance
 * keeps its buffers from one excerpt to the next, and nothing here goes through a {@code Formatter}.
 */
final class Excerpt {
  static final int CONTEXT_CHARS = 32;
  /** Bytes looked at on each side: enough for {@link #CONTEXT_CHARS} characters of 4 bytes. */
  private static final int CONTEXT_BYTES = CONTEXT_CHARS * 4;
  private static final char[] HEX = "0123456789ABCDEF".toCharArray();

  private final Tokens before = new Tokens();
  private final Tokens after = new Tokens();

  /**
   * Appends the excerpt's line to {@code out} and returns the column (from 0, as a terminal draws the
   * line) of its first bad byte, where the carets start.
   *
   * @param window the input, with its look-behind
   * @param at index of the first bad byte in {@code window.buffer}
   * @param badByteCount how many bad bytes
   */
  int appendLine(StringBuilder out, InputDecoder decoder, InputWindow window, int at, int badByteCount) {
    byte[] bytes = window.buffer;
    int windowFrom = Math.max(0, at - CONTEXT_BYTES);
    int from = decoder.charStartAtOrAfter(bytes, windowFrom, at, window.offsetOf(windowFrom));
    if (decoder.positionsFromBytes()) {
      from = lastTokensFrom(bytes, from, at);
    }
    before.clear();
    tokens(decoder, bytes, from, at, true, before, false);
    int lineBreak = before.lastLineBreak();
    // More of the line before what is shown: cut by the character limit, or by the bytes looked at.
    boolean moreBefore =
        before.count - (lineBreak + 1) > CONTEXT_CHARS || (lineBreak < 0 && window.offsetOf(windowFrom) > 0);
    int firstShown = Math.max(lineBreak + 1, before.count - CONTEXT_CHARS);

    int afterStart = at + badByteCount;
    int afterEnd = Math.min(window.end, afterStart + CONTEXT_BYTES);
    boolean inputEndsThere = afterEnd == window.end && window.endOfInput;
    after.clear();
    // Enough tokens to know what is shown and whether more follows: see Tokens.enough.
    tokens(decoder, bytes, afterStart, afterEnd, inputEndsThere, after, true);
    int lineEnd = after.firstLineBreak();
    int lineLength = lineEnd < 0 ? after.count : lineEnd;
    boolean moreAfter = lineLength > CONTEXT_CHARS || (lineEnd < 0 && !inputEndsThere);

    if (moreBefore) {
      out.append("...");
    }
    before.appendTo(out, firstShown, before.count);
    int caretColumn = (moreBefore ? 3 : 0) + before.displayWidth(firstShown, before.count);
    for (int i = at; i < at + badByteCount; i++) {
      out.append('\\').append('x').append(HEX[(bytes[i] >> 4) & 0xF]).append(HEX[bytes[i] & 0xF]);
    }
    after.appendTo(out, 0, Math.min(CONTEXT_CHARS, lineLength));
    if (moreAfter) {
      out.append("...");
    }
    return caretColumn;
  }

  /**
   * Where to start reading the context before {@code at} in UTF-8, so as to show what reading from
   * {@code from} would, with less work: at the last byte before {@code at} that leaves at least {@link
   * #CONTEXT_CHARS} + 1 bytes that are not continuation bytes after it. In UTF-8 each such byte starts a
   * token (a character, or a bad sequence: a maximal subpart is a first byte and continuation bytes),
   * wherever the reading started; so the last {@link #CONTEXT_CHARS} + 1 tokens, and the last line
   * break among them, are the same, and if there is none, more of the line goes before them either way.
   */
  private static int lastTokensFrom(byte[] bytes, int from, int at) {
    int starts = 0;
    for (int i = at - 1; i > from; i--) {
      if ((bytes[i] & 0xC0) != 0x80 && ++starts > CONTEXT_CHARS) {
        return i;
      }
    }
    return from;
  }

  /** The excerpt's two lines: the text, and the carets under the bad bytes. */
  static String[] around(InputDecoder decoder, InputWindow window, int at, int badByteCount) {
    StringBuilder line = new StringBuilder();
    int caretColumn = new Excerpt().appendLine(line, decoder, window, at, badByteCount);
    return new String[] {line.toString(), " ".repeat(caretColumn) + "^".repeat(4 * badByteCount)};
  }

  /** Columns a terminal takes to draw {@code text}. */
  static int displayWidth(CharSequence text) {
    char[] chars = text.toString().toCharArray();
    return displayWidth(chars, 0, chars.length);
  }

  /** {@link #width} of each Latin-1 character, most of any excerpt: a lookup is cheaper than its type. */
  private static final byte[] LATIN_1_WIDTHS = new byte[0x100];

  static {
    for (int c = 0; c < LATIN_1_WIDTHS.length; c++) {
      LATIN_1_WIDTHS[c] = (byte) width(c);
    }
  }

  private static int displayWidth(char[] text, int from, int to) {
    int width = 0;
    for (int i = from; i < to; ) {
      char unit = text[i];
      if (unit < LATIN_1_WIDTHS.length) {
        width += LATIN_1_WIDTHS[unit];
        i++;
        continue;
      }
      int c = Character.codePointAt(text, i, to);
      i += Character.charCount(c);
      width += width(c);
    }
    return width;
  }

  /** Columns a terminal takes to draw the code point {@code c}: none for a combining mark. */
  private static int width(int c) {
    int type = Character.getType(c);
    if (type == Character.NON_SPACING_MARK || type == Character.ENCLOSING_MARK || type == Character.FORMAT) {
      return 0;
    }
    return isWide(c) ? 2 : 1;
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
   * Adds one printable token per character of {@code bytes[from, to)} to {@code out}: the character, an
   * escape for a control character or a bad byte, or a line break. A sequence cut short at {@code to} is
   * bad bytes when {@code toIsBoundary} (the bad sequence being shown starts there, or the input ends
   * there), and left out otherwise (the excerpt's own limit cut it). With {@code stopWhenEnough}, stops
   * once what follows could not change what is shown after a bad sequence.
   */
  private static void tokens(
      InputDecoder decoder, byte[] bytes, int from, int to, boolean toIsBoundary, Tokens out, boolean stopWhenEnough) {
    int asciiAsIsFrom = decoder.asciiAsIsFrom();
    int i = from;
    while (i < to && !(stopWhenEnough && out.enough())) {
      byte b = bytes[i];
      if (b >= asciiAsIsFrom) {
        // ASCII: one character, itself (CRLF is one line break; a lone CR is shown as \r).
        if (!(b == '\r' && i + 1 < to && bytes[i + 1] == '\n')) {
          addPrintable(out, b);
        }
        i++;
        continue;
      }
      int valid = decoder.validUpTo(bytes, i, to);
      if (valid > i) {
        String text = decoder.decode(bytes, i, valid);
        for (int k = 0; k < text.length(); ) {
          int c = text.codePointAt(k);
          int next = k + Character.charCount(c);
          if (!(c == '\r' && next < text.length() && text.charAt(next) == '\n')) {
            addPrintable(out, c); // CRLF is one line break; a lone CR is shown as \r, as it does not end a line
          }
          k = next;
        }
        i = valid;
        continue;
      }
      Problem problem = decoder.problemAt(bytes, i, to, toIsBoundary);
      if (problem == null) {
        break;
      }
      for (int k = i; k < i + problem.byteCount(); k++) {
        out.byteEscape(bytes[k]);
      }
      i += problem.byteCount();
    }
  }

  private static void addPrintable(Tokens out, int c) {
    if (c == '\n') {
      out.end(true);
      return;
    } else if (c == '\t') {
      out.put('\\').put('t');
    } else if (c == '\r') {
      out.put('\\').put('r');
    } else if (c < 0x20 || (c >= 0x7F && c < 0xA0)) {
      out.put('\\').put('x').put(HEX[c >> 4]).put(HEX[c & 0xF]);
    } else if (c <= 0xFFFF && Character.isSurrogate((char) c)) {
      // Unpaired, as modified UTF-8 allows; would print as '?'.
      out.put('\\').put('u').put(HEX[c >> 12]).put(HEX[(c >> 8) & 0xF]).put(HEX[(c >> 4) & 0xF]).put(HEX[c & 0xF]);
    } else if (c <= 0xFFFF) {
      out.put((char) c);
    } else {
      out.put(Character.highSurrogate(c)).put(Character.lowSurrogate(c));
    }
    out.end(false);
  }

  /** The bytes as {@code E0 80}. */
  static String hex(byte[] bytes, int from, int to) {
    StringBuilder out = new StringBuilder();
    appendHex(out, bytes, from, to);
    return out.toString();
  }

  /** Appends the bytes as {@code E0 80}. */
  static void appendHex(StringBuilder out, byte[] bytes, int from, int to) {
    for (int i = from; i < to; i++) {
      if (i > from) {
        out.append(' ');
      }
      out.append(HEX[(bytes[i] >> 4) & 0xF]).append(HEX[bytes[i] & 0xF]);
    }
  }

  /**
   * Printable tokens, one per character, in one buffer: token {@code k} is {@code text[start(k), start(k +
   * 1))}. A line break is an empty token, flagged; nothing printable is empty.
   */
  private static final class Tokens {
    private char[] text = new char[4 * CONTEXT_BYTES];
    private int length;
    private int[] ends = new int[2 * CONTEXT_BYTES];
    private boolean[] lineBreak = new boolean[2 * CONTEXT_BYTES];
    int count;
    private boolean anyLineBreak;

    void clear() {
      length = 0;
      count = 0;
      anyLineBreak = false;
    }

    /** Appends a char to the token being written (a plain array: a StringBuilder's checks cost more here). */
    Tokens put(char c) {
      if (length == text.length) {
        text = Arrays.copyOf(text, 2 * length);
      }
      text[length++] = c;
      return this;
    }

    /** Adds a bad byte's token, {@code \xNN}. */
    void byteEscape(byte b) {
      put('\\').put('x').put(HEX[(b >> 4) & 0xF]).put(HEX[b & 0xF]);
      end(false);
    }

    /** Ends the token being written: what was put since the last one. */
    void end(boolean isLineBreak) {
      if (count == ends.length) {
        ends = Arrays.copyOf(ends, 2 * count);
        lineBreak = Arrays.copyOf(lineBreak, 2 * count);
      }
      lineBreak[count] = isLineBreak;
      anyLineBreak |= isLineBreak;
      ends[count++] = length;
    }

    /**
     * Whether the tokens after a bad sequence say all there is to show: a line break, or more than
     * {@link #CONTEXT_CHARS} tokens (then "..." follows whatever comes next).
     */
    boolean enough() {
      return count > CONTEXT_CHARS || anyLineBreak;
    }

    int lastLineBreak() {
      for (int k = count - 1; k >= 0; k--) {
        if (lineBreak[k]) {
          return k;
        }
      }
      return -1;
    }

    int firstLineBreak() {
      for (int k = 0; k < count; k++) {
        if (lineBreak[k]) {
          return k;
        }
      }
      return -1;
    }

    private int start(int k) {
      return k == 0 ? 0 : ends[k - 1];
    }

    /** Columns a terminal takes to draw tokens {@code [from, to)}. */
    int displayWidth(int from, int to) {
      return Excerpt.displayWidth(text, start(from), start(to));
    }

    /** Appends tokens {@code [from, to)}, none of them a line break. */
    void appendTo(StringBuilder out, int from, int to) {
      out.append(text, start(from), start(to) - start(from));
    }
  }
}
