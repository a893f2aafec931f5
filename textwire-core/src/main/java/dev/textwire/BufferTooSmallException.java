package dev.textwire;

/**
 * The encoded text does not fit in the space the caller gave. Nothing was written past that space, no
 * partial sequence was left as the end of the output, and a {@code ByteBuffer}'s position is unchanged.
 * {@link #requiredBytes()} says how much space the whole text needs, so the caller can grow and retry.
 */
public class BufferTooSmallException extends IndexOutOfBoundsException {
  private static final long serialVersionUID = 1L;

  private final long requiredBytes;
  private final long availableBytes;

  public BufferTooSmallException(long requiredBytes, long availableBytes) {
    super("encoded text needs " + requiredBytes + " bytes but only " + availableBytes + " are available");
    this.requiredBytes = requiredBytes;
    this.availableBytes = availableBytes;
  }

  /** Bytes the whole encoded text needs. */
  public long requiredBytes() {
    return requiredBytes;
  }

  /** Bytes that were available: from the offset to the end of the array, or the buffer's remaining. */
  public long availableBytes() {
    return availableBytes;
  }
}
