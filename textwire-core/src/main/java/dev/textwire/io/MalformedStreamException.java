package dev.textwire.io;

import dev.textwire.MalformedTextException;
import java.nio.charset.MalformedInputException;

/**
 * Ill-formed text met by a stream adapter under the strict policy: ill-formed bytes read by a
 * {@link TextReader}, or a char its encoding cannot represent (an unpaired surrogate; in a code page, a
 * char without a byte) written to a {@link TextWriter}. It is an
 * {@code IOException} (a {@link MalformedInputException}, as the JDK's own readers and writers throw), so
 * it travels through code written for streams, and it says where: the offset of the bad bytes in the
 * byte stream and the index of the char in the char stream. The cause is the codec's
 * {@link MalformedTextException}.
 */
public final class MalformedStreamException extends MalformedInputException {
  private static final long serialVersionUID = 1L;

  private final long byteOffset;
  private final long charIndex;

  /**
   * @param byteOffset offset in the byte stream of the bad bytes (reading), or of the first byte the bad
   *     char would have had (writing)
   * @param charIndex index in the char stream of the first char not delivered (reading), or of the
   *     char that cannot be encoded (writing)
   */
  public MalformedStreamException(MalformedTextException cause, long byteOffset, long charIndex) {
    super(cause.malformedLength());
    this.byteOffset = byteOffset;
    this.charIndex = charIndex;
    initCause(cause);
  }

  /** The cause's message (built when first asked for, as a code page's names its character). */
  @Override
  public String getMessage() {
    return getCause().getMessage();
  }

  /** Offset in the byte stream: of the ill-formed bytes when reading, of the output so far when writing. */
  public long byteOffset() {
    return byteOffset;
  }

  /**
   * Index in the char stream: of the char that cannot be encoded when writing, of the chars read so far
   * when reading.
   */
  public long charIndex() {
    return charIndex;
  }

  /** Whether the stream ended inside a sequence (reading only). */
  public boolean isTruncated() {
    return ((MalformedTextException) getCause()).isTruncated();
  }
}
