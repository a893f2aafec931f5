package dev.textwire;

/**
 * What a codec does with input it cannot represent: malformed bytes when decoding, unpaired surrogates
 * when encoding. Length, encode and decode always agree under the same policy: the length a codec
 * reports is exactly the number of bytes its encoder writes.
 */
public enum ErrorPolicy {
  /** Throw {@link MalformedTextException} saying where and what. The default. */
  STRICT,
  /**
   * Replace. Decoding emits one U+FFFD per maximal subpart of an ill-formed sequence (Unicode chapter 3,
   * as WHATWG, CPython and Rust do). Encoding writes U+FFFD ({@code EF BF BD}) for an unpaired surrogate.
   */
  REPLACE,
  /**
   * Replace like the JDK. Encoding writes {@code '?'} ({@code 3F}) for an unpaired surrogate, so the bytes
   * equal {@code String.getBytes(UTF_8)}. Decoding is the same as {@link #REPLACE}: a {@code '?'} in decoded
   * text could not be told from a real one.
   */
  REPLACE_WITH_QUESTION_MARK
}
