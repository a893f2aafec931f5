package dev.textwire.bench;

/**
 * The values the Clob benchmarks store, built deterministically so every implementation (and every fork)
 * holds exactly the same chars.
 */
final class ClobTexts {
  /** Derby's ClobAccessTest default: 15 MB ({@code derby.tests.largeClobSize} = 15, times 1024 * 1024) chars. */
  static final int LARGE_CHARS = 15 * 1024 * 1024;

  /**
   * 64 UTF-16 chars, 103 UTF-8 bytes: ASCII (1 byte per char), Cyrillic (2), CJK (3) and four emoji
   * (4 bytes per surrogate pair). Its length divides {@link #LARGE_CHARS}, so no pair is ever cut at the
   * end of the value; the ASCII 'a's give the write benchmarks a one-byte char to overwrite anywhere.
   */
  static final String MIXED_SAMPLE = "Clob text, a mix: Привет, мир! Жёлтый 中文字符和日本語 😀👍🎉🚀 done abc";

  private ClobTexts() {}

  /** {@code alphabet} (a..z repeated, Derby's LoopingAlphabetReader) or {@code mixed}, {@code chars} long. */
  static String build(String kind, int chars) {
    switch (kind) {
      case "alphabet":
        return alphabet(chars);
      case "mixed":
        return repeat(MIXED_SAMPLE, chars);
      default:
        throw new IllegalArgumentException("unknown text kind: " + kind);
    }
  }

  static String alphabet(int chars) {
    StringBuilder sb = new StringBuilder(chars);
    for (int i = 0; i < chars; i++) {
      sb.append((char) ('a' + i % 26));
    }
    return sb.toString();
  }

  private static String repeat(String sample, int chars) {
    if (sample.length() != 64 || chars % sample.length() != 0) {
      throw new IllegalStateException("the mixed sample must be 64 chars and divide " + chars);
    }
    return sample.repeat(chars / sample.length());
  }

  /** The first 1-based position at or after the middle of {@code text} holding an 'a'. */
  static long middleA(String text) {
    int index = text.indexOf('a', text.length() / 2);
    if (index < 0) {
      throw new IllegalStateException("no 'a' after the middle");
    }
    return index + 1L;
  }
}
