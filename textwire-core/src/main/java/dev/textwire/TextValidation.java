package dev.textwire;

/**
 * Where well-formed input ends, in Rust's {@code Utf8Error} model, for any codec: {@link #validUpTo()} is
 * the index (in the caller's array or buffer) up to which the input is well-formed; {@link #errorLength()}
 * is the length of the ill-formed sequence found there (its maximal subpart in the UTF-8 family, one byte
 * in a code page), or 0 when the input is merely cut short inside a sequence that more bytes could
 * complete (a streaming caller should then wait for more input, not fail). Strict decoding of the same
 * bytes fails at {@code validUpTo}.
 *
 * @param validUpTo the index after the last byte of the well-formed prefix
 * @param errorLength the ill-formed sequence's length at {@code validUpTo} (1 to 3, or 1 to 5 for a CESU-8
 *     pair's halves), 0 if cut short or valid
 * @param endIndex the index after the last byte that was checked
 */
public record TextValidation(int validUpTo, int errorLength, int endIndex) {
  /** True when every byte was well-formed. */
  public boolean isValid() {
    return validUpTo == endIndex;
  }

  /** True when the input ends inside a sequence that further bytes could complete. */
  public boolean isTruncated() {
    return validUpTo != endIndex && errorLength == 0;
  }
}
