package dev.textwire;

/**
 * Where valid UTF-8 ends, in Rust's {@code Utf8Error} model: {@link #validUpTo()} is the index (in the
 * caller's array or buffer) up to which the input is well-formed; {@link #errorLength()} is the length of
 * the ill-formed sequence found there, or 0 when the input is merely cut short inside a sequence that more
 * bytes could complete (a streaming caller should then wait for more input, not fail).
 *
 * @param validUpTo the index after the last byte of the well-formed prefix
 * @param errorLength the maximal subpart's length at {@code validUpTo} (1 to 3), 0 if truncated or valid
 * @param endIndex the index after the last byte that was checked
 */
public record Utf8Validation(int validUpTo, int errorLength, int endIndex) {
  /** True when every byte was well-formed. */
  public boolean isValid() {
    return validUpTo == endIndex;
  }

  /** True when the input ends inside a sequence that further bytes could complete. */
  public boolean isTruncated() {
    return validUpTo != endIndex && errorLength == 0;
  }
}
