package dev.textwire.cli;

import java.util.Locale;

/**
 * How an ill-formed sequence is reported, by {@code validate} and {@code convert} alike:
 * <pre>
 * file:line:column: byte offset N: what is wrong (bytes E0 80)
 *     | the line around it, the bad bytes as \xE0\x80
 *     |                                      ^^^^^^^^
 * </pre>
 */
final class Diagnostic {
  private Diagnostic() {}

  /** The three lines, joined by line separators, without a final one. */
  static String of(String name, Positions where, InputDecoder decoder, InputWindow window, int at, Problem problem) {
    String[] excerpt = Excerpt.around(decoder, window, at, problem.byteCount());
    return String.format(
        Locale.ROOT,
        "%s:%d:%d: byte offset %d: %s (bytes %s)%n    | %s%n    | %s",
        name,
        where.line(),
        where.column(),
        window.offsetOf(at),
        problem.reason(),
        Excerpt.hex(window.buffer, at, at + problem.byteCount()),
        excerpt[0],
        excerpt[1]);
  }
}
