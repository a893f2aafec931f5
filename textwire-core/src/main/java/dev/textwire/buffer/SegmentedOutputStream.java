package dev.textwire.buffer;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UnsupportedEncodingException;
import java.nio.charset.Charset;
import java.util.Objects;

/**
 * An {@code OutputStream} over a {@link SegmentedBuffer}, with the methods of
 * {@link java.io.ByteArrayOutputStream}: replace {@code new ByteArrayOutputStream()} with
 * {@code new SegmentedOutputStream()} and growth stops copying, and the size may pass 2 GiB.
 *
 * <p>Differences: {@link #size()} returns a {@code long}, and {@link #writeTo} reports how much it wrote
 * when {@code out} fails. As with {@code ByteArrayOutputStream},
 * {@link #close()} has no effect and writes after it still work; unlike it, nothing is synchronized.
 */
public final class SegmentedOutputStream extends OutputStream {
  private final SegmentedBuffer buffer;

  public SegmentedOutputStream() {
    this(new SegmentedBuffer());
  }

  /** A stream that appends to {@code buffer}. */
  public SegmentedOutputStream(SegmentedBuffer buffer) {
    this.buffer = Objects.requireNonNull(buffer, "buffer");
  }

  /** The buffer this stream appends to. */
  public SegmentedBuffer buffer() {
    return buffer;
  }

  @Override
  public void write(int b) {
    buffer.writeByte(b);
  }

  @Override
  public void write(byte[] b, int off, int len) {
    buffer.write(b, off, len);
  }

  /** Writes all of {@code b}, without the checked exception of {@link #write(byte[])}. */
  public void writeBytes(byte[] b) {
    buffer.write(b, 0, b.length);
  }

  /**
   * Writes everything written so far to {@code out}. Unlike {@code ByteArrayOutputStream}, a failure of
   * {@code out} comes as a {@link PartialWriteException} (an {@code IOException}, with {@code out}'s own
   * as its cause) that says how many bytes went out before it; resume with
   * {@code buffer().writeTo(out, bytesWritten, size() - bytesWritten)}.
   */
  public void writeTo(OutputStream out) throws IOException {
    buffer.writeTo(out);
  }

  /** Empties the stream, keeping segments for reuse as {@link SegmentedBuffer#clear()} does. */
  public void reset() {
    buffer.clear();
  }

  /** A copy of the bytes written; see {@link SegmentedBuffer#toByteArray()} for the 2 GiB limit. */
  public byte[] toByteArray() {
    return buffer.toByteArray();
  }

  /** Bytes written so far: a {@code long}, where {@code ByteArrayOutputStream} has an {@code int}. */
  public long size() {
    return buffer.size();
  }

  /** The bytes decoded with the platform's default charset, as {@code ByteArrayOutputStream} does. */
  @Override
  public String toString() {
    return new String(buffer.toByteArray(), Charset.defaultCharset());
  }

  public String toString(Charset charset) {
    return new String(buffer.toByteArray(), charset);
  }

  public String toString(String charsetName) throws UnsupportedEncodingException {
    return new String(buffer.toByteArray(), charsetName);
  }

  /** No effect, as for {@code ByteArrayOutputStream}. */
  @Override
  public void close() {}
}
