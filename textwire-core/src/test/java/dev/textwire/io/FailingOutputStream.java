package dev.textwire.io;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/**
 * An OutputStream whose writes number {@code firstFailure} to {@code firstFailure + failures - 1}
 * (counting from 1, over every write call) throw an IOException and take nothing; the others keep their
 * bytes. {@code failures} of {@link Integer#MAX_VALUE} is a dead stream. {@code close()} closes it (and
 * throws too when asked); writes after it throw.
 */
public final class FailingOutputStream extends OutputStream {
  private final ByteArrayOutputStream received = new ByteArrayOutputStream();
  private final long firstFailure;
  private final long lastFailure;
  private final boolean failOnClose;
  private long writes;
  private int closes;
  private int flushes;
  private IOException lastThrown;

  public FailingOutputStream(long firstFailure, int failures) {
    this(firstFailure, failures, false);
  }

  public FailingOutputStream(long firstFailure, int failures, boolean failOnClose) {
    this.firstFailure = firstFailure;
    this.lastFailure = failures == Integer.MAX_VALUE ? Long.MAX_VALUE : firstFailure + failures - 1;
    this.failOnClose = failOnClose;
  }

  @Override
  public void write(int b) throws IOException {
    check();
    received.write(b);
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    check();
    received.write(b, off, len);
  }

  private void check() throws IOException {
    if (closes > 0) {
      throw new IOException("stream closed");
    }
    writes++;
    if (writes >= firstFailure && writes <= lastFailure) {
      lastThrown = new IOException("write " + writes + " fails");
      throw lastThrown;
    }
  }

  @Override
  public void flush() throws IOException {
    if (closes > 0) {
      throw new IOException("stream closed");
    }
    flushes++;
  }

  @Override
  public void close() throws IOException {
    closes++;
    if (failOnClose) {
      throw new IOException("close fails");
    }
  }

  public byte[] received() {
    return received.toByteArray();
  }

  public int closes() {
    return closes;
  }

  public int flushes() {
    return flushes;
  }

  public long writes() {
    return writes;
  }

  /** The exception the last failing write threw, or null. */
  public IOException lastThrown() {
    return lastThrown;
  }
}
