package dev.textwire.bench;

import java.io.OutputStream;
import java.util.Arrays;

/**
 * An {@code OutputStream} that copies what it is given into a fixed array and forgets it on
 * {@link #reset}: a stream sink that costs one {@code arraycopy} per write and allocates nothing, so a
 * writer measured over it is measured, not the stream. Not thread-safe, not synchronized; overflowing
 * the array throws.
 */
final class ResettableSink extends OutputStream {
  private final byte[] bytes;
  private int size;

  ResettableSink(int capacity) {
    bytes = new byte[capacity];
  }

  /** Forgets everything written: the next write goes to index 0. */
  void reset() {
    size = 0;
  }

  /** Bytes written since the last reset. */
  int size() {
    return size;
  }

  /** A copy of the bytes written since the last reset. */
  byte[] toByteArray() {
    return Arrays.copyOf(bytes, size);
  }

  @Override
  public void write(int b) {
    if (size == bytes.length) {
      throw new IllegalStateException("sink full at " + size + " bytes");
    }
    bytes[size++] = (byte) b;
  }

  @Override
  public void write(byte[] b, int off, int len) {
    if (len > bytes.length - size) {
      throw new IllegalStateException("sink full: " + len + " bytes do not fit after " + size);
    }
    System.arraycopy(b, off, bytes, size, len);
    size += len;
  }
}
