package dev.textwire.io;

import dev.textwire.ErrorPolicy;
import dev.textwire.MalformedTextException;
import dev.textwire.TextCodec;
import dev.textwire.TextCodecs;
import dev.textwire.TextDecoder;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.util.Objects;

/**
 * A {@code Reader} that decodes an {@code InputStream} with a {@link TextCodec}, straight into the
 * caller's array. A sequence split across two reads of the stream is joined; one cut short by the end of
 * the stream is ill-formed. It allocates nothing per call. The codec says the encoding and the policy
 * ({@link TextCodecs#UTF_8}, strict, unless told otherwise).
 *
 * <p>Under {@link ErrorPolicy#STRICT}, ill-formed bytes throw {@link MalformedStreamException} with their
 * offset in the byte stream and the number of chars read before them. The good chars before the bad bytes
 * are delivered first: a read that meets an error after decoding some chars returns those, and the next
 * read throws (and so does every read after it: the reader stays before the bad bytes). Under the
 * replacing policies each maximal subpart becomes one U+FFFD, exactly as {@link TextCodec#decode} does:
 * the output is the same however the stream cuts its reads.
 *
 * <p>An {@code IOException} from the stream loses nothing and repeats nothing: a read that throws one
 * has delivered no chars (it reads the stream only when it has none to give), the bytes already read stay
 * with the reader, and the next read goes on from there.
 *
 * <p>Built on the codec's {@link TextDecoder}: each read of the stream is fed to it as the next piece,
 * and it keeps a sequence cut by the end of a piece, and the low half of a pair when the caller's array
 * had room for the high half only. Not thread-safe (unlike the JDK's readers, it takes no lock).
 */
public final class TextReader extends Reader {
  /** Bytes read from the stream at a time. */
  public static final int DEFAULT_BUFFER_SIZE = 8 * 1024;

  private final InputStream in;
  private final TextDecoder decoder;
  /** The last bytes read from the stream, fed to the decoder, which takes them all before the next read. */
  private final byte[] bytes;
  private boolean endOfStream;
  private boolean closed;

  /**
   * A char that {@link #ready()} decoded to learn that one is there; the next read delivers it first.
   * The decoder cannot be asked whether a char is decodable without decoding it.
   */
  private final char[] lookahead = new char[1];
  private boolean hasLookahead;
  private final char[] oneChar = new char[1];
  private long charsRead;

  /** A strict UTF-8 reader of {@code in}. */
  public TextReader(InputStream in) {
    this(in, TextCodecs.UTF_8, DEFAULT_BUFFER_SIZE);
  }

  /** A reader of {@code in} in {@code codec}'s encoding, under its policy. */
  public TextReader(InputStream in, TextCodec codec) {
    this(in, codec, DEFAULT_BUFFER_SIZE);
  }

  /** @param bufferSize bytes read from {@code in} at a time, at least 1 */
  public TextReader(InputStream in, TextCodec codec, int bufferSize) {
    if (bufferSize < 1) {
      throw new IllegalArgumentException("buffer size must be at least 1 byte, not " + bufferSize);
    }
    this.in = Objects.requireNonNull(in, "in");
    this.decoder = Objects.requireNonNull(codec, "codec").newDecoder();
    this.bytes = new byte[bufferSize];
  }

  @Override
  public int read() throws IOException {
    return read(oneChar, 0, 1) < 0 ? -1 : oneChar[0];
  }

  @Override
  public int read(char[] cbuf, int off, int len) throws IOException {
    Objects.checkFromIndexSize(off, len, cbuf.length);
    ensureOpen();
    if (len == 0) {
      return 0;
    }
    int produced = 0;
    if (hasLookahead) {
      cbuf[off] = lookahead[0];
      hasLookahead = false;
      produced = 1;
    }
    while (produced < len) {
      long before = decoder.charsDecoded();
      try {
        produced += decoder.decode(cbuf, off + produced, len - produced);
      } catch (MalformedTextException e) {
        // The decoder wrote and counted the good chars before the bad bytes, and stays before them.
        produced += (int) (decoder.charsDecoded() - before);
        if (produced > 0) {
          break; // deliver them; the next read meets the error again, and throws
        }
        throw new MalformedStreamException(e, e.byteOffset(), charsRead);
      }
      if (produced > 0 || endOfStream) {
        break; // something to give (don't block on the stream for more), or nothing more will come
      }
      fill(bytes.length); // the decoder has taken all it was given (a cut sequence it keeps)
    }
    charsRead += produced;
    return produced == 0 ? -1 : produced;
  }

  /**
   * Reads at most {@code maxBytes} from the stream and feeds them to the decoder, or notes the end of the
   * stream and tells the decoder. The decoder has taken all it was fed before, so {@code bytes} is free.
   *
   * @return the bytes read, or -1 at the end of the stream
   */
  private int fill(int maxBytes) throws IOException {
    int count = in.read(bytes, 0, Math.min(maxBytes, bytes.length));
    if (count < 0) {
      endOfStream = true;
      decoder.feed(bytes, 0, 0, true); // a sequence the decoder keeps is now cut short
    } else {
      decoder.feed(bytes, 0, count, false);
    }
    return count;
  }

  /**
   * Whether {@link #read()} will return without blocking: a whole char is decodable from the bytes read
   * so far (it is decoded then, and kept for the next read), or its low half is waiting, or they are
   * ill-formed already, or the end of the stream has been met. When the bytes read hold only the start of
   * a sequence, it reads what the stream's {@code available()} says it has (which does not block) and
   * looks again. False may still mean a read would not block, as {@link java.io.Reader#ready()} allows (a
   * stream that says nothing is available). An {@code IOException} from the stream loses nothing: the
   * bytes read so far stay with the reader.
   */
  @Override
  public boolean ready() throws IOException {
    ensureOpen();
    while (!hasLookahead && !endOfStream && !decodeLookahead()) {
      // The decoder has taken all it was given, with no char or error to show for it.
      int available = in.available();
      if (available <= 0 || fill(available) == 0) {
        return false;
      }
    }
    return true;
  }

  /** Decodes one char into the lookahead: whether there was one, or an error a read will meet. */
  private boolean decodeLookahead() {
    long before = decoder.charsDecoded();
    try {
      hasLookahead = decoder.decode(lookahead, 0, 1) > 0;
      return hasLookahead;
    } catch (MalformedTextException e) {
      hasLookahead = decoder.charsDecoded() > before;
      return true; // the decoder stays before the bad bytes: the read after any good char throws
    }
  }

  /** Chars returned so far. */
  public long charsRead() {
    return charsRead;
  }

  @Override
  public void close() throws IOException {
    if (!closed) {
      closed = true;
      in.close();
    }
  }

  private void ensureOpen() throws IOException {
    if (closed) {
      throw new IOException("the reader is closed");
    }
  }
}
