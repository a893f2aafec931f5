package dev.textwire.cli;

/**
 * The reading side of an {@link Encoding}, in the shape a streaming command needs: find where the
 * well-formed bytes end, say what is wrong there (or that more input is needed), and decode the
 * well-formed part. All indices are array indices into the caller's buffer.
 */
interface InputDecoder {
  /** Index after the longest well-formed prefix of {@code bytes[from, to)}. */
  int validUpTo(byte[] bytes, int from, int to);

  /**
   * What is wrong at {@code bytes[at]}, where {@link #validUpTo} stopped; {@code null} when the bytes from
   * {@code at} to {@code to} are the start of a sequence that the next input could complete (never at the
   * end of the input).
   */
  Problem problemAt(byte[] bytes, int at, int to, boolean endOfInput);

  /**
   * Where decoding of the well-formed {@code bytes[from, valid)} should stop when more input may follow
   * {@code valid}: before a high surrogate at the very end that the next read may pair with a low one.
   * Only modified UTF-8 needs it, where an unpaired surrogate is well-formed on its own; elsewhere
   * {@link #validUpTo} already stops before such a surrogate.
   */
  default int completeUpTo(byte[] bytes, int from, int valid) {
    return valid;
  }

  /** Decodes {@code bytes[from, to)}, which {@link #validUpTo} said is well-formed. */
  String decode(byte[] bytes, int from, int to);

  /**
   * Bytes that the first {@code charEnd} chars of the well-formed {@code bytes[from, to)} take: where a
   * char that {@link #decode} returned starts in the input.
   */
  long byteCount(byte[] bytes, int from, int to, int charEnd);

  /**
   * The first index at or after {@code index} where a character can start, given the stream offset of
   * {@code bytes[index]}: for showing context from the middle of a buffer.
   */
  int charStartAtOrAfter(byte[] bytes, int index, int to, long streamOffset);

  /**
   * The least byte value from which every byte up to {@code 7F} is a well-formed character on its own,
   * the same ASCII character: {@code 00} in UTF-8, CESU-8 and Latin-1, {@code 01} in modified UTF-8
   * (where {@code 00} is ill-formed), {@code 0x80} (none) elsewhere. An excerpt reads those bytes
   * without decoding.
   */
  default int asciiAsIsFrom() {
    return 0x80;
  }

  /**
   * True for UTF-8: a line feed is the byte {@code 0A} and every byte that is not a continuation byte
   * ({@code 10xxxxxx}) starts a code point, so {@link Positions#advanceUtf8} can count lines and columns
   * on the bytes without decoding them. (Not CESU-8 or modified UTF-8, where a supplementary character
   * is two 3-byte sequences.)
   */
  boolean positionsFromBytes();
}
