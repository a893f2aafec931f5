package dev.textwire;

/**
 * Input that is not well-formed text for its encoding: ill-formed bytes met while decoding or validating,
 * or an unpaired surrogate met while encoding under {@link ErrorPolicy#STRICT}, or a character a code page
 * has no byte for ({@link UnmappableCharacterException}, whose message is built only when asked for).
 *
 * <p>It says where: {@link #byteOffset()} for bytes (the index in the caller's array or buffer, or the
 * offset in a stream), {@link #charIndex()} for chars (the index in the caller's {@code CharSequence}). The
 * one that does not apply is {@code -1}. {@link #malformedLength()} is the length of the ill-formed
 * sequence (its maximal subpart, in bytes; or 1 char for an unpaired surrogate), and the message shows
 * the offending bytes in hex.
 */
public class MalformedTextException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final long byteOffset;
  private final long charIndex;
  private final int malformedLength;
  private final boolean truncated;
  private final String reason;

  /** As {@link #MalformedTextException(String, String, long, long, int, boolean)} with the message as the reason. */
  public MalformedTextException(
      String message, long byteOffset, long charIndex, int malformedLength, boolean truncated) {
    this(message, message, byteOffset, charIndex, malformedLength, truncated);
  }

  /**
   * @param message the whole message, already saying where and what
   * @param reason what rule the input breaks, in plain words and without the position, for a caller that
   *     reports the position its own way (a line and column, a stream offset)
   * @param byteOffset where the ill-formed bytes start, or -1 when encoding
   * @param charIndex where the unpaired surrogate is, or -1 when decoding
   * @param malformedLength bytes (decoding) or chars (encoding) in the ill-formed sequence
   * @param truncated the input ended inside a sequence that more bytes could have completed
   */
  public MalformedTextException(
      String message, String reason, long byteOffset, long charIndex, int malformedLength, boolean truncated) {
    super(message);
    this.reason = reason;
    this.byteOffset = byteOffset;
    this.charIndex = charIndex;
    this.malformedLength = malformedLength;
    this.truncated = truncated;
  }

  /** Where the ill-formed bytes start, in the caller's array, buffer or stream; -1 for an encoding error. */
  public long byteOffset() {
    return byteOffset;
  }

  /** Index of the unpaired surrogate in the caller's {@code CharSequence}; -1 for a decoding error. */
  public long charIndex() {
    return charIndex;
  }

  /** Length of the ill-formed sequence: bytes when decoding (1 to 3 for UTF-8), chars (1) when encoding. */
  public int malformedLength() {
    return malformedLength;
  }

  /**
   * True when the input ended inside a sequence that further bytes could have completed. A streaming
   * caller that has more bytes to come should read them and try again instead of failing.
   */
  public boolean isTruncated() {
    return truncated;
  }

  /**
   * What rule the input breaks, in plain words, without the position or the bytes: for example
   * {@code "overlong encoding"} or {@code "sequence cut short by the end of the input"}. The message holds
   * this and says where.
   */
  public String reason() {
    return reason;
  }
}
