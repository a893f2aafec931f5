package dev.textwire.io;

import dev.textwire.BufferTooSmallException;
import dev.textwire.ErrorPolicy;
import dev.textwire.MalformedTextException;
import dev.textwire.TextCodec;
import dev.textwire.TextCodecs;
import dev.textwire.TextEncoder;
import dev.textwire.buffer.SegmentedBuffer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A {@code Writer} that encodes with a {@link TextCodec} into an {@code OutputStream} (through its own
 * byte buffer) or straight into a {@link SegmentedBuffer}. It allocates nothing per call: strings, arrays
 * and {@code CharSequence}s are encoded where they are, with no copy into a temporary {@code String}. The
 * codec says the encoding and the policy ({@link TextCodecs#UTF_8}, strict, unless told otherwise).
 *
 * <p>A surrogate pair split across two calls is joined: a high surrogate at the end of one call waits for
 * the next. A char the encoding cannot represent (an unpaired surrogate; in a code page, any char without
 * a byte) follows the policy; under STRICT it throws {@link MalformedStreamException} with its index in
 * the char stream. The chars before it in that call are kept, the rest of that call is dropped, and the
 * writer can go on. {@link #close()} deals with a high surrogate still waiting, then flushes.
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
 * <p>Built on the codec's {@link TextEncoder}. Output agrees byte for byte with {@link TextCodec#encode}
 * on the same text, however it is cut into calls. Not thread-safe (unlike the JDK's writers, it takes no
 * lock).
 */
public final class TextWriter extends Writer {
  /** Bytes buffered before a write to the stream. */
  public static final int DEFAULT_BUFFER_SIZE = 8 * 1024;

  /** Per encoding (its strict codec), the byte of each ASCII char; see {@link #asciiBytes}. */
  private static final ConcurrentHashMap<TextCodec, int[]> ASCII_BYTES = new ConcurrentHashMap<>();

  private final OutputStream out;
  private final SegmentedBuffer buffer;
  private final TextEncoder encoder;
  /** The byte each ASCII char encodes to alone, or -1: write(int) writes those itself. */
  private final int[] asciiBytes;
  /** The most bytes one character takes, a high surrogate carried from the last call included. */
  private final int maxCharacterBytes;
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

  /** A strict UTF-8 writer to {@code out}. */
  public TextWriter(OutputStream out) {
    this(out, TextCodecs.UTF_8, DEFAULT_BUFFER_SIZE);
  }

  /** A writer to {@code out} in {@code codec}'s encoding, under its policy. */
  public TextWriter(OutputStream out, TextCodec codec) {
    this(out, codec, DEFAULT_BUFFER_SIZE);
  }

  /** @param bufferSize bytes buffered before each write to {@code out}, at least 16 */
  public TextWriter(OutputStream out, TextCodec codec, int bufferSize) {
    if (bufferSize < 16) {
      throw new IllegalArgumentException("buffer size must be at least 16 bytes, not " + bufferSize);
    }
    this.out = Objects.requireNonNull(out, "out");
    this.buffer = null;
    this.encoder = Objects.requireNonNull(codec, "codec").newEncoder();
    this.asciiBytes = asciiBytesOf(codec);
    this.maxCharacterBytes = maxCharacterBytes(codec);
    this.bytes = new byte[bufferSize];
  }

  /** A strict UTF-8 writer that appends to {@code buffer}, with no buffering of its own. */
  public TextWriter(SegmentedBuffer buffer) {
    this(buffer, TextCodecs.UTF_8);
  }

  /** A writer that appends to {@code buffer} in {@code codec}'s encoding, with no buffering of its own. */
  public TextWriter(SegmentedBuffer buffer, TextCodec codec) {
    this.out = null;
    this.buffer = Objects.requireNonNull(buffer, "buffer");
    this.encoder = Objects.requireNonNull(codec, "codec").newEncoder();
    this.asciiBytes = asciiBytesOf(codec);
    this.maxCharacterBytes = maxCharacterBytes(codec);
    this.bytes = null;
  }

  private static int[] asciiBytesOf(TextCodec codec) {
    return ASCII_BYTES.computeIfAbsent(codec.withPolicy(ErrorPolicy.STRICT), TextWriter::asciiBytes);
  }

  /**
   * The byte each ASCII char encodes to by itself in {@code codec}'s encoding, or -1 where it is not one
   * byte (a NUL in modified UTF-8 is two) or not encodable at all.
   */
  private static int[] asciiBytes(TextCodec codec) {
    int[] table = new int[0x80];
    byte[] one = new byte[1];
    for (char c = 0; c < table.length; c++) {
      try {
        table[c] = codec.encode(String.valueOf(c), one, 0) == 1 ? one[0] & 0xFF : -1;
      } catch (BufferTooSmallException | MalformedTextException e) {
        table[c] = -1;
      }
    }
    return table;
  }

  /**
   * The most bytes the encoder writes at once when it settles a high surrogate carried from the last call:
   * the pair it makes with a low half (4 bytes in UTF-8, 6 in CESU-8, one substitute in a code page), or
   * the replacement of the lone half. The buffer must have that much room before a call goes in.
   */
  private static int maxCharacterBytes(TextCodec codec) {
    TextCodec replacing = codec.withPolicy(ErrorPolicy.REPLACE);
    return Math.max(replacing.encodedLength("\uD83D\uDE00"), replacing.encodedLength("\uD83D"));
  }

  @Override
  public void write(int c) throws IOException {
    ensureOpen();
    c &= 0xFFFF; // Writer's contract: the char is the low 16 bits, the rest is ignored
    int b = c < 0x80 ? asciiBytes[c] : -1;
    if (b >= 0 && !encoder.hasCarriedSurrogate()) {
      // An ASCII char that is one byte, with no surrogate waiting: no encoder.
      if (buffer != null) {
        buffer.writeByte(b);
      } else {
        if (count == bytes.length) {
          flushBuffer();
        }
        bytes[count++] = (byte) b;
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
  public TextWriter append(CharSequence csq) throws IOException {
    CharSequence text = csq == null ? "null" : csq;
    ensureOpen();
    encode(text, 0, text.length());
    return this;
  }

  @Override
  public TextWriter append(CharSequence csq, int start, int end) throws IOException {
    CharSequence text = csq == null ? "null" : csq;
    Objects.checkFromToIndex(start, end, text.length());
    ensureOpen();
    encode(text, start, end);
    return this;
  }

  @Override
  public TextWriter append(char c) throws IOException {
    write(c);
    return this;
  }

  private void encode(Object piece, int begin, int end) throws IOException {
    encode(piece, begin, end, false);
  }

  private void encode(Object piece, int begin, int end, boolean endOfInput) throws IOException {
    if (out != null && bytes.length - count < maxCharacterBytes) {
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
