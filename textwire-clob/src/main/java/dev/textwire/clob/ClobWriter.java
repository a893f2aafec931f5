package dev.textwire.clob;

import java.io.IOException;
import java.io.Writer;
import java.sql.SQLException;

/**
 * {@code setCharacterStream(pos)}: writes from a char position on, overwriting and then growing the
 * text, as setString does. Chars are buffered and stored on {@link #flush()}, {@link #close()} or a full
 * buffer; chars the store took stay stored whatever fails later.
 */
final class ClobWriter extends Writer {
  private static final int BUFFER_CHARS = 8 * 1024;

  private final TextStore store;
  private long position;
  private final char[] buffer = new char[BUFFER_CHARS];
  private int buffered;
  private boolean closed;

  ClobWriter(TextStore store, long charIndex) {
    this.store = store;
    this.position = charIndex;
  }

  @Override
  public void write(int c) throws IOException {
    checkOpen();
    if (buffered == buffer.length) {
      flushBuffer();
    }
    buffer[buffered++] = (char) c;
  }

  @Override
  public void write(char[] src, int offset, int length) throws IOException {
    java.util.Objects.checkFromIndexSize(offset, length, src.length);
    checkOpen();
    while (length > 0) {
      if (buffered == buffer.length) {
        flushBuffer();
      }
      int n = Math.min(length, buffer.length - buffered);
      System.arraycopy(src, offset, buffer, buffered, n);
      buffered += n;
      offset += n;
      length -= n;
    }
  }

  @Override
  public void write(String text, int offset, int length) throws IOException {
    java.util.Objects.checkFromIndexSize(offset, length, text.length());
    checkOpen();
    while (length > 0) {
      if (buffered == buffer.length) {
        flushBuffer();
      }
      int n = Math.min(length, buffer.length - buffered);
      text.getChars(offset, offset + n, buffer, buffered);
      buffered += n;
      offset += n;
      length -= n;
    }
  }

  @Override
  public void flush() throws IOException {
    checkOpen();
    flushBuffer();
  }

  private void flushBuffer() throws IOException {
    if (buffered == 0) {
      return;
    }
    if (store.isFreed()) {
      throw new IOException("the Clob was freed while this writer was open; " + buffered + " chars not stored");
    }
    long length = store.length();
    if (position > length) {
      throw new IOException("the Clob was truncated to " + length + " chars, before this writer's position "
          + (position + 1) + "; " + buffered + " chars not stored");
    }
    try {
      store.write(position, buffer, 0, buffered);
    } catch (SQLException e) {
      throw new IOException(e.getMessage() + "; " + buffered + " chars not stored", e);
    }
    position += buffered;
    buffered = 0;
  }

  private void checkOpen() throws IOException {
    if (closed) {
      throw new IOException("the Clob writer was closed");
    }
  }

  @Override
  public void close() throws IOException {
    if (!closed) {
      try {
        flushBuffer();
      } finally {
        closed = true;
      }
    }
  }
}
