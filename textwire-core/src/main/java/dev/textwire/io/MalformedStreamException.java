package dev.textwire.io;

import dev.textwire.MalformedTextException;
import java.nio.charset.MalformedInputException;

/**
 * Ill-formed text met by a stream adapter under the strict policy: ill-formed bytes read by a
 * {@link Utf8Reader}, or an unpaired surrogate written to a {@link Utf8Writer}. It is an
 * {@code IOException} (a {@link MalformedInputException}, as the JDK's own readers and writers throw), so
 * it travels through code written for streams, and it says where: the offset of the bad bytes in the
 * byte stream and the index of the char in the char stream. The cause is the codec's
 * {@link MalformedTextException}.
 */
public final class MalformedStreamException extends MalformedInputException {
  private static final long serialVersionUID = 1L;

  private final String message;
  private final long byteOffset;
  private final long charIndex;

  /**
   * @param byteOffset offset in the byte stream of the bad bytes (reading), or of the first byte the bad
   *     char would have had (writing)
   * @param charIndex index in the char stream of the first char not delivered (reading), or of the
   *     unpaired surrogate (writing)
   */
  public MalformedStreamException(MalformedTextException cause, long byteOffset, long charIndex) {
    super(cause.malformedLength());
    this.byteOffset = byteOffset;
    this.charIndex = charIndex;
    this.message = cause.getMessage();
    initCause(cause);
  }

  @Override
  public String getMessage() {
    return message;
  }

  /** Offset in the byte stream: of the ill-formed bytes when reading, of the output so far when writing. */
  public long byteOffset() {
    return byteOffset;
  }

  /** Index in the char stream: of the unpaired surrogate when writing, of the chars read so far when reading. */
  public long charIndex() {
    return charIndex;
  }

  /** Whether the stream ended inside a sequence (reading only). */
  public boolean isTruncated() {
    return ((MalformedTextException) getCause()).isTruncated();
  }
}
