package dev.textwire.bench;

import java.io.InputStream;

/**
 * {@code ByteArrayInputStream} without its locks: reads a fixed array and starts again from index 0 on
 * {@link #reset}. {@code ByteArrayInputStream}'s methods are synchronized, and an uncontended lock per
 * call (three calls per {@code readUTF}) would be a fixed cost in every reader's time that is no reader's
 * work. Not thread-safe.
 */
final class ResettableSource extends InputStream {
  private final byte[] bytes;
  private int pos;

  ResettableSource(byte[] bytes) {
    this.bytes = bytes;
  }

  /** Back to the first byte. */
  @Override
  public void reset() {
    pos = 0;
  }

  /** Bytes not read yet. */
  @Override
  public int available() {
    return bytes.length - pos;
  }

  @Override
  public int read() {
    return pos < bytes.length ? bytes[pos++] & 0xFF : -1;
  }

  @Override
  public int read(byte[] b, int off, int len) {
    if (len == 0) {
      return 0;
    }
    int n = Math.min(len, bytes.length - pos);
    if (n <= 0) {
      return -1;
    }
    System.arraycopy(bytes, pos, b, off, n);
    pos += n;
    return n;
  }
}
