package dev.textwire.clob;

import java.io.IOException;
import java.io.OutputStream;

/**
 * {@code setAsciiStream(pos)}: each byte is one char. A byte above 0x7F is not ASCII, and guessing a
 * charset for it (Derby takes it as Latin-1) would store text the caller never wrote, so it is refused,
 * and nothing of the write call that held it is stored.
 */
final class AsciiOutputStream extends OutputStream {
  private final ClobWriter chars;
  private final char[] scratch = new char[1024];
  private long bytesAccepted;

  AsciiOutputStream(ClobWriter chars) {
    this.chars = chars;
  }

  @Override
  public void write(int b) throws IOException {
    check((byte) b, 0);
    chars.write(b & 0x7F);
    bytesAccepted++;
  }

  @Override
  public void write(byte[] src, int offset, int length) throws IOException {
    java.util.Objects.checkFromIndexSize(offset, length, src.length);
    for (int i = 0; i < length; i++) {
      check(src[offset + i], i);
    }
    while (length > 0) {
      int n = Math.min(length, scratch.length);
      for (int i = 0; i < n; i++) {
        scratch[i] = (char) src[offset + i];
      }
      chars.write(scratch, 0, n);
      bytesAccepted += n;
      offset += n;
      length -= n;
    }
  }

  private void check(byte b, int indexInCall) throws IOException {
    if (b < 0) {
      throw new IOException(String.format("byte %02X at stream offset %d is not ASCII (0x00..0x7F);"
          + " nothing of this write was stored", b & 0xFF, bytesAccepted + indexInCall));
    }
  }

  @Override
  public void flush() throws IOException {
    chars.flush();
  }

  @Override
  public void close() throws IOException {
    chars.close();
  }
}
