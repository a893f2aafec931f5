package dev.textwire.clob;

import java.io.IOException;
import java.io.Reader;
import java.sql.SQLException;

/**
 * Reads chars {@code [start, end)} of a store by position, one segment decode per segment crossed. It
 * fails on the first call after the Clob changes or is freed, rather than return a mix of old and new
 * text (Derby's readers return the mix, or an EOFException, or a NullPointerException).
 */
final class ClobReader extends Reader {
  private static final int BUFFER_CHARS = 1024;

  private final TextStore store;
  private final int expectedModCount;
  private final long end;
  private long position;
  private boolean closed;
  // Serves read() one char at a time without a store lookup per char.
  private char[] buffer;
  private int bufferIndex;
  private int bufferCount;

  ClobReader(TextStore store, long start, long end) {
    this.store = store;
    this.expectedModCount = store.modCount();
    this.position = start;
    this.end = end;
  }

  @Override
  public int read() throws IOException {
    check();
    if (bufferIndex == bufferCount) {
      if (buffer == null) {
        buffer = new char[(int) Math.max(1, Math.min(BUFFER_CHARS, end - position))];
      }
      bufferCount = fill(buffer, 0, buffer.length);
      bufferIndex = 0;
      if (bufferCount <= 0) {
        bufferCount = 0;
        return -1;
      }
    }
    return buffer[bufferIndex++];
  }

  @Override
  public int read(char[] dst, int offset, int length) throws IOException {
    java.util.Objects.checkFromIndexSize(offset, length, dst.length);
    check();
    if (length == 0) {
      return 0;
    }
    int fromBuffer = Math.min(length, bufferCount - bufferIndex);
    if (fromBuffer > 0) {
      System.arraycopy(buffer, bufferIndex, dst, offset, fromBuffer);
      bufferIndex += fromBuffer;
      return fromBuffer;
    }
    return fill(dst, offset, length);
  }

  private int fill(char[] dst, int offset, int length) throws IOException {
    int n = (int) Math.min(length, end - position);
    if (n <= 0) {
      return -1;
    }
    int copied;
    try {
      copied = store.read(position, dst, offset, n);
    } catch (SQLException e) {
      throw new IOException(e.getMessage(), e);
    }
    if (copied < n) {
      // Only a free() from another thread, or a change made behind the reader's back, shortens the text.
      check();
      throw new IOException("the Clob ended at char " + (position + copied) + " while this reader expected "
          + end + " chars");
    }
    position += n;
    return n;
  }

  @Override
  public long skip(long charCount) throws IOException {
    check();
    if (charCount <= 0) {
      return 0;
    }
    long buffered = bufferCount - bufferIndex;
    if (charCount <= buffered) {
      bufferIndex += (int) charCount;
      return charCount;
    }
    bufferIndex = bufferCount;
    long skipped = buffered + Math.min(charCount - buffered, end - position);
    position += skipped - buffered;
    return skipped;
  }

  @Override
  public boolean ready() throws IOException {
    check();
    return true;
  }

  private void check() throws IOException {
    if (closed) {
      throw new IOException("the Clob reader was closed");
    }
    if (store.isFreed()) {
      throw new IOException("the Clob was freed while this reader was open");
    }
    if (store.modCount() != expectedModCount) {
      throw new IOException("the Clob was modified after this reader was opened (setString, truncate or a"
          + " writer); open a new reader to read the new text");
    }
  }

  @Override
  public void close() {
    closed = true;
    buffer = null;
  }
}
