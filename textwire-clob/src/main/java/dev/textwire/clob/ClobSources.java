package dev.textwire.clob;

import dev.textwire.MalformedTextException;
import dev.textwire.TextDecoder;
import dev.textwire.Utf8;
import dev.textwire.buffer.SegmentedBuffer;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.sql.SQLException;

/**
 * Fills a new TextClob from a Reader or from UTF-8 bytes, a chunk of chars at a time appended to the
 * store, so memory stays bounded however long the source is. A source that fails frees the Clob (its
 * spill file included) before the error is thrown.
 */
final class ClobSources {
  private static final int CHUNK_CHARS = 16 * 1024;
  private static final int CHUNK_BYTES = 16 * 1024;

  private ClobSources() {}

  static TextClob fromReader(TextClob clob, Reader reader) throws SQLException {
    char[] chunk = new char[CHUNK_CHARS];
    TextStore store = clob.store();
    try {
      int read;
      while ((read = reader.read(chunk, 0, chunk.length)) >= 0) {
        store.write(store.length(), chunk, 0, read);
      }
      return clob;
    } catch (IOException e) {
      clob.free();
      throw new SQLException("reading the Reader failed after " + store.length() + " chars: " + e,
          ClobErrors.IO, e);
    } catch (SQLException | RuntimeException e) {
      clob.free();
      throw e;
    }
  }

  static TextClob fromUtf8(TextClob clob, byte[] bytes, int offset, int length) throws SQLException {
    java.util.Objects.checkFromIndexSize(offset, length, bytes.length);
    Utf8Appender appender = new Utf8Appender(clob);
    appender.feed(bytes, offset, length, true);
    return clob;
  }

  static TextClob fromUtf8(TextClob clob, InputStream in) throws SQLException {
    Utf8Appender appender = new Utf8Appender(clob);
    byte[] chunk = new byte[CHUNK_BYTES];
    try {
      int read;
      while ((read = in.read(chunk, 0, chunk.length)) >= 0) {
        appender.feed(chunk, 0, read, false);
      }
    } catch (IOException e) {
      clob.free();
      throw new SQLException("reading the InputStream failed after " + appender.bytes + " bytes: " + e,
          ClobErrors.IO, e);
    }
    appender.feed(chunk, 0, 0, true);
    return clob;
  }

  static TextClob fromUtf8(TextClob clob, SegmentedBuffer buffer) throws SQLException {
    Utf8Appender appender = new Utf8Appender(clob);
    byte[] chunk = new byte[CHUNK_BYTES];
    long size = buffer.size();
    for (long at = 0; at < size; at += chunk.length) {
      int n = (int) Math.min(chunk.length, size - at);
      buffer.copyTo(at, chunk, 0, n);
      appender.feed(chunk, 0, n, false);
    }
    appender.feed(chunk, 0, 0, true);
    return clob;
  }

  /** Strict UTF-8 through the core's resumable decoder, chunk by chunk into the store. */
  private static final class Utf8Appender {
    private final TextClob clob;
    private final TextDecoder decoder = Utf8.newDecoder();
    private final char[] chars = new char[CHUNK_CHARS];
    long bytes;

    Utf8Appender(TextClob clob) {
      this.clob = clob;
    }

    void feed(byte[] src, int offset, int length, boolean endOfInput) throws SQLException {
      TextStore store = clob.store();
      try {
        decoder.feed(src, offset, length, endOfInput);
        int n;
        while ((n = decoder.decode(chars, 0, chars.length)) > 0) {
          store.write(store.length(), chars, 0, n);
        }
        bytes += length;
      } catch (MalformedTextException e) {
        clob.free();
        throw new SQLException("the bytes are not well-formed UTF-8: " + e.getMessage(), ClobErrors.MALFORMED_TEXT, e);
      } catch (SQLException | RuntimeException e) {
        clob.free();
        throw e;
      }
    }
  }
}
