package dev.textwire.buffer;

import java.io.IOException;

/**
 * An {@code IOException} from the stream or channel a {@link SegmentedBuffer} was writing to, saying how
 * many of the bytes went out before it: a retry resumes after them ({@code writeTo(target, offset +
 * bytesWritten(), byteCount - bytesWritten())}) instead of sending them twice. The cause is the stream's
 * or channel's own exception. The write that threw is taken to have written nothing: a stream that may
 * have taken part of it cannot say which part.
 */
public final class PartialWriteException extends IOException {
  private static final long serialVersionUID = 1L;

  private final long bytesWritten;

  /**
   * @param bytesWritten bytes that went out before the failure
   * @param byteCount bytes the call was to write
   * @param offset offset in the buffer of the first byte the call was to write
   * @param cause the stream's or channel's exception
   */
  public PartialWriteException(long bytesWritten, long byteCount, long offset, IOException cause) {
    super(
        "writing " + byteCount + " bytes from offset " + offset + " failed after " + bytesWritten
            + " of them (resume at offset " + (offset + bytesWritten) + "): " + cause,
        cause);
    this.bytesWritten = bytesWritten;
  }

  /** Bytes written before the failure, from the offset the call started at. */
  public long bytesWritten() {
    return bytesWritten;
  }
}
