package dev.textwire.clob;

import java.io.IOException;
import java.io.InputStream;

/**
 * {@code getAsciiStream()}: one byte per char, so byte offsets are char positions. A char above U+007F
 * has no ASCII byte and reads as {@code '?'}, one per char (an emoji's two surrogates give two), as Derby
 * does; H2 writes UTF-8 instead, which breaks the one-byte-per-char reading an ASCII stream promises.
 */
final class AsciiInputStream extends InputStream {
  private final ClobReader chars;
  private char[] scratch;

  AsciiInputStream(ClobReader chars) {
    this.chars = chars;
  }

  @Override
  public int read() throws IOException {
    int c = chars.read();
    return c < 0 ? -1 : toAscii((char) c);
  }

  @Override
  public int read(byte[] dst, int offset, int length) throws IOException {
    java.util.Objects.checkFromIndexSize(offset, length, dst.length);
    if (length == 0) {
      return 0;
    }
    if (scratch == null) {
      scratch = new char[1024];
    }
    int n = chars.read(scratch, 0, Math.min(length, scratch.length));
    for (int i = 0; i < n; i++) {
      dst[offset + i] = (byte) toAscii(scratch[i]);
    }
    return n;
  }

  private static int toAscii(char c) {
    return c < 0x80 ? c : '?';
  }

  @Override
  public long skip(long byteCount) throws IOException {
    return chars.skip(byteCount);
  }

  @Override
  public void close() {
    chars.close();
  }
}
