package dev.textwire.io;

import dev.textwire.ErrorPolicy;
import dev.textwire.MalformedTextException;
import dev.textwire.Utf8;
import dev.textwire.TextEncoder;
import dev.textwire.buffer.SegmentedBuffer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.util.Objects;

/**
 * A {@code Writer} that encodes UTF-8 into an {@code OutputStream} (through its own byte buffer) or
 * straight into a {@link SegmentedBuffer}. It allocates nothing per call: strings, arrays and
 * {@code CharSequence}s are encoded where they are, with no copy into a temporary {@code String}.
 *
 * <p>A surrogate pair split across two calls is joined: a high surrogate at the end of one call waits for
 * the next. An unpaired surrogate follows the policy; under STRICT it throws
 * {@link MalformedStreamException} with its index in the char stream. The chars before it in that call
 * are kept, the rest of that call is dropped, and the writer can go on. {@link #close()} deals with a
 * high surrogate still waiting, then flushes.
 *
 * <p>An {@code IOException} from the stream loses nothing and writes nothing twice. A call that throws
 * one has taken a prefix of its chars, whole characters only ({@link #charsWritten()} before and after
 * the call says how many): their bytes have reached the stream or wait in the buffer, and the rest of
 * the call was not taken, so the caller may write it again. The
 * bytes the stream refused stay in the buffer and go out, in order, with the next write that fills it,
 * {@link #flush()} or {@link #close()}; the writer stays usable. A write the stream threw on is taken to
 * have written nothing: a stream that may have taken part of one cannot say which part, and no writer
 * can repair that. An unchecked exception from the stream is handled the same way.
 *
 * <p>Output agrees byte for byte with {@link Utf8} on the same text, however it is cut into calls. Not
 * thread-safe (unlike the JDK's writers, it takes no lock).
 */
public final class Utf8Writer extends Writer {
  /** Bytes buffered before a write to the stream. */
  public static final int DEFAULT_BUFFER_SIZE = 8 * 1024;

  /** The most bytes one character takes (a pair, or a high surrogate carried from the last call). */
  private static final int MAX_CHARACTER_BYTES = 4;

  private final OutputStream out;
  private final SegmentedBuffer buffer;
  private final TextEncoder encoder;
  private final byte[] bytes;
  private int count;
  private final char[] oneChar = new char[1];
  private boolean closed;

  // The encoder counts only what went through it since its last reset; these add the rest, so errors
  // give positions in the whole stream. The chars a strict error dropped count; those a failing stream
  // gave back do not (the caller writes them again).
  private long charsOutsideEncoder;
  private long bytesOutsideEncoder;
  private long charsFedToEncoder;

  /** A strict writer to {@code out}. */
  public Utf8Writer(OutputStream out) {
    this(out, ErrorPolicy.STRICT, DEFAULT_BUFFER_SIZE);
  }

  public Utf8Writer(OutputStream out, ErrorPolicy policy) {
    this(out, policy, DEFAULT_BUFFER_SIZE);
  }

  /** @param bufferSize bytes buffered before each write to {@code out}, at least 16 */
  public Utf8Writer(OutputStream out, ErrorPolicy policy, int bufferSize) {
    if (bufferSize < 16) {
      throw new IllegalArgumentException("buffer size must be at least 16 bytes, not " + bufferSize);
    }
    this.out = Objects.requireNonNull(out, "out");
    this.buffer = null;
    this.encoder = Utf8.codec(policy).newEncoder();
    this.bytes = new byte[bufferSize];
  }

  /** A strict writer that appends to {@code buffer}, with no buffering of its own. */
  public Utf8Writer(SegmentedBuffer buffer) {
    this(buffer, ErrorPolicy.STRICT);
  }

  public Utf8Writer(SegmentedBuffer buffer, ErrorPolicy policy) {
    this.out = null;
    this.buffer = Objects.requireNonNull(buffer, "buffer");
    this.encoder = Utf8.codec(policy).newEncoder();
    this.bytes = null;
  }

  @Override
  public void write(int c) throws IOException {
    ensureOpen();
    c &= 0xFFFF; // Writer's contract: the char is the low 16 bits, the rest is ignored
    if (c < 0x80 && !encoder.hasCarriedSurrogate()) {
      // ASCII with no surrogate waiting: one byte, no encoder.
      if (buffer != null) {
        buffer.writeByte(c);
      } else {
        if (count == bytes.length) {
          flushBuffer();
        }
        bytes[count++] = (byte) c;
      }
      charsOutsideEncoder++;
      bytesOutsideEncoder++;
      return;
    }
    oneChar[0] = (char) c;
    encode(oneChar, 0, 1);
  }

  @Override
  public void write(char[] cbuf, int off, int len) throws IOException {
    Objects.checkFromIndexSize(off, len, cbuf.length);
    ensureOpen();
    encode(cbuf, off, off + len);
  }

  @Override
  public void write(String str, int off, int len) throws IOException {
    Objects.checkFromIndexSize(off, len, str.length());
    ensureOpen();
    encode(str, off, off + len);
  }

  @Override
  public Utf8Writer append(CharSequence csq) throws IOException {
    CharSequence text = csq == null ? "null" : csq;
    ensureOpen();
    encode(text, 0, text.length());
    return this;
  }

  @Override
  public Utf8Writer append(CharSequence csq, int start, int end) throws IOException {
    CharSequence text = csq == null ? "null" : csq;
    Objects.checkFromToIndex(start, end, text.length());
    ensureOpen();
    encode(text, start, end);
    return this;
  }

  @Override
  public Utf8Writer append(char c) throws IOException {
    write(c);
    return this;
  }

  private void encode(Object piece, int begin, int end) throws IOException {
    encode(piece, begin, end, false);
  }

  private void encode(Object piece, int begin, int end, boolean endOfInput) throws IOException {
    if (out != null && bytes.length - count < MAX_CHARACTER_BYTES) {
      // Room for the first character before the piece goes in: the encoder then settles a high
      // surrogate it carries before the stream can fail, and giving back what it has not encoded
      // (drain) never gives back a surrogate taken by an earlier call.
      flushBuffer();
    }
    if (piece instanceof char[]) {
      encoder.feed((char[]) piece, begin, end - begin, endOfInput);
    } else {
      encoder.feed((CharSequence) piece, begin, end, endOfInput);
    }
    charsFedToEncoder += end - begin;
    drain();
  }

  private void drain() throws IOException {
    try {
      if (buffer != null) {
        buffer.write(encoder);
        return;
      }
      while (encoder.hasRemaining()) {
        long before = encoder.bytesWritten();
        try {
          encoder.encode(bytes, count, bytes.length - count);
        } finally {
          count += (int) (encoder.bytesWritten() - before); // also when it throws: good bytes stay
        }
        if (encoder.hasRemaining()) {
          flushBuffer();
        }
      }
    } catch (MalformedTextException e) {
      MalformedStreamException error =
          new MalformedStreamException(
              e, bytesOutsideEncoder + encoder.bytesWritten(), charsOutsideEncoder + e.charIndex());
      // Keep what was written before the bad char, drop the rest of this call, and start afresh.
      bytesOutsideEncoder += encoder.bytesWritten();
      charsOutsideEncoder += charsFedToEncoder;
      charsFedToEncoder = 0;
      encoder.reset();
      throw error;
    } catch (IOException | RuntimeException e) {
      // The stream refused the full buffer (or threw unchecked, as streams that wrap their failures do):
      // its bytes stay there, and the chars of this call not yet encoded are given back. The encoder
      // stopped between characters and carries nothing (encode left room for the first one), so starting
      // it afresh loses nothing taken.
      bytesOutsideEncoder += encoder.bytesWritten();
      charsOutsideEncoder += encoder.charsConsumed();
      charsFedToEncoder = 0;
      encoder.reset();
      throw e;
    }
  }

  /** Writes the buffer to the stream; if the stream throws, the bytes stay for the next attempt. */
  private void flushBuffer() throws IOException {
    if (count > 0) {
      out.write(bytes, 0, count);
      count = 0;
    }
  }

  /**
   * Chars taken so far: encoded (their bytes reached the target or wait in the buffer), carried (a high
   * surrogate waiting for its low half), or dropped after an unpaired surrogate under STRICT. Char
   * indices in errors count from here. After a call throws an {@code IOException}, the difference from
   * the value before the call is how many of its chars were taken; the rest were not.
   */
  public long charsWritten() {
    return charsOutsideEncoder + encoder.charsConsumed();
  }

  /**
   * Writes the buffered bytes to the stream and flushes it. A high surrogate still waiting stays. If the
   * stream throws, the bytes it refused stay buffered for the next attempt.
   */
  @Override
  public void flush() throws IOException {
    ensureOpen();
    if (out != null) {
      flushBuffer();
      out.flush();
    }
  }

  /**
   * Ends the text (a high surrogate still waiting is unpaired, and follows the policy), writes out the
   * buffer, and closes the stream; a buffer target stays open. The stream is closed whatever happens
   * before, and the first failure is thrown with any later one (the stream's own {@code close()})
   * attached as suppressed: an {@code IOException} from the stream comes before a
   * {@link MalformedStreamException} for the dangling surrogate, whose good bytes are still written.
   * Bytes the stream refuses here are lost with it. The writer is closed even if this throws; closing
   * again does nothing.
   */
  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    if (out == null) {
      encode(oneChar, 0, 0, true);
      return;
    }
    try {
      endAndFlush();
    } catch (Throwable e) {
      try {
        out.close();
      } catch (Throwable closeFailure) {
        e.addSuppressed(closeFailure);
      }
      throw e;
    }
    out.close();
  }

  private void endAndFlush() throws IOException {
    MalformedStreamException danglingSurrogate = null;
    try {
      encode(oneChar, 0, 0, true);
    } catch (MalformedStreamException e) {
      danglingSurrogate = e; // what earlier writes took still goes out
    }
    try {
      flushBuffer();
    } catch (IOException e) {
      if (danglingSurrogate != null) {
        e.addSuppressed(danglingSurrogate);
      }
      throw e;
    }
    if (danglingSurrogate != null) {
      throw danglingSurrogate;
    }
  }

  private void ensureOpen() throws IOException {
    if (closed) {
      throw new IOException("the writer is closed");
    }
  }
}
