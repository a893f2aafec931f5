package dev.textwire.buffer;

/**
 * A length-prefixed frame that cannot be read: a malformed prefix, a declared length above the caller's
 * maximum, a frame cut short by the end of the input ({@link #isTruncated()}), or a missing trailer. It is
 * raised before anything is allocated for the text.
 */
public class MalformedFrameException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final long byteOffset;
  private final boolean truncated;

  public MalformedFrameException(String message, long byteOffset, boolean truncated) {
    super(message);
    this.byteOffset = byteOffset;
    this.truncated = truncated;
  }

  /** Where the frame starts, in the caller's array or buffer. */
  public long byteOffset() {
    return byteOffset;
  }

  /** True when the input ends before the frame does: a streaming caller should wait for more bytes. */
  public boolean isTruncated() {
    return truncated;
  }
}
