package dev.textwire.cli;

/**
 * How an ill-formed sequence is reported, by {@code validate} and {@code convert} alike:
 * <pre>
 * file:line:column: byte offset N: what is wrong (bytes E0 80)
 *     | the line around it, the bad bytes as \xE0\x80
 *     |                                      ^^^^^^^^
 * </pre>
 * An instance keeps its buffers for the next error: {@code validate --all} on a binary file reports
 * one for every few bytes.
 */
final class Diagnostic {
  private static final String LINE_SEPARATOR = System.lineSeparator();

  private final Excerpt excerpt = new Excerpt();

  /** The three lines, joined by line separators, without a final one. */
  static String of(String name, Positions where, InputDecoder decoder, InputWindow window, int at, Problem problem) {
    StringBuilder out = new StringBuilder(256);
    new Diagnostic().append(out, name, where, decoder, window, at, problem);
    return out.toString();
  }

  /** Appends the three lines, joined by line separators, without a final one. */
  void append(
      StringBuilder out, String name, Positions where, InputDecoder decoder, InputWindow window, int at, Problem problem) {
    out.append(name).append(':').append(where.line()).append(':').append(where.column())
        .append(": byte offset ").append(window.offsetOf(at)).append(": ").append(problem.reason()).append(" (bytes ");
    Excerpt.appendHex(out, window.buffer, at, at + problem.byteCount());
    out.append(')').append(LINE_SEPARATOR).append("    | ");
    int caretColumn = excerpt.appendLine(out, decoder, window, at, problem.byteCount());
    out.append(LINE_SEPARATOR).append("    | ");
    repeat(out, ' ', caretColumn);
    repeat(out, '^', 4 * problem.byteCount());
  }

  private static final char[] SPACES = " ".repeat(128).toCharArray();
  private static final char[] CARETS = "^".repeat(128).toCharArray();

  /** Appends {@code count} spaces or carets, a run at a time. */
  private static void repeat(StringBuilder out, char c, int count) {
    char[] run = c == ' ' ? SPACES : CARETS;
    for (; count > 0; count -= run.length) {
      out.append(run, 0, Math.min(count, run.length));
    }
  }
}
