package dev.textwire.io;

import dev.textwire.ErrorPolicy;
import dev.textwire.MalformedTextException;
import dev.textwire.internal.IndexPair;
import dev.textwire.internal.Utf8Kernel;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.util.Objects;

/**
 * A {@code Reader} that decodes UTF-8 from an {@code InputStream}, straight into the caller's array. A
 * sequence split across two reads of the stream is joined; one cut short by the end of the stream is
 * ill-formed. It allocates nothing per call.
 *
 * <p>Under {@link ErrorPolicy#STRICT}, ill-formed bytes throw {@link MalformedStreamException} with their
 * offset in the byte stream and the number of chars read before them. The good chars before the bad bytes
 * are delivered first: a read that meets an error after decoding some chars returns those, and the next
 * read throws. Under the replacing policies each maximal subpart becomes one U+FFFD, exactly as the
 * one-shot decoder does: the output is the same however the stream cuts its reads.
 *
 * <p>An {@code IOException} from the stream loses nothing and repeats nothing: a read that throws one
 * has delivered no chars (it reads the stream only when it has none to give), the bytes already read stay
 * buffered, and the next read goes on from there.
 *
 * <p>Not thread-safe (unlike the JDK's readers, it takes no lock).
 */
public final class Utf8Reader extends Reader {
  /** Bytes read from the stream at a time. */
  public static final int DEFAULT_BUFFER_SIZE = 8 * 1024;

  private final InputStream in;
  private final ErrorPolicy policy;
  private final byte[] bytes;
  /** {@code bytes[position, limit)} are read from the stream and not yet decoded. */
  private int position;
  private int limit;
  /** Offset in the stream of {@code bytes[0]}. */
  private long bufferOffset;
  private boolean endOfStream;
  private boolean closed;

  /** The low half of a pair whose high half filled the caller's last free slot. */
  private char pendingLow;
  private boolean hasPendingLow;
  private final char[] pair = new char[2];
  private final char[] oneChar = new char[1];
  private long charsRead;

  /** A strict reader of {@code in}. */
  public Utf8Reader(InputStream in) {
    this(in, ErrorPolicy.STRICT, DEFAULT_BUFFER_SIZE);
  }

  public Utf8Reader(InputStream in, ErrorPolicy policy) {
    this(in, policy, DEFAULT_BUFFER_SIZE);
  }

  /** @param bufferSize bytes read from {@code in} at a time, at least 4 */
  public Utf8Reader(InputStream in, ErrorPolicy policy, int bufferSize) {
    if (bufferSize < 4) {
      throw new IllegalArgumentException("buffer size must be at least 4 bytes, not " + bufferSize);
    }
    this.in = Objects.requireNonNull(in, "in");
    this.policy = Objects.requireNonNull(policy, "policy");
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
    int dp = off;
    int dl = off + len;
    if (hasPendingLow) {
      cbuf[dp++] = pendingLow;
      hasPendingLow = false;
    }
    while (dp < dl) {
      if (position < limit) {
        dp = decode(cbuf, off, dp, dl);
        if (dp < 0) {
          dp = -dp - 1; // an error after some good chars: deliver them, throw on the next read
          break;
        }
      }
      if (dp > off || endOfStream) {
        break; // something to give (don't block on the stream for more), or nothing more will come
      }
      fill(bytes.length); // the buffer is empty, or holds only the start of a sequence
    }
    int produced = dp - off;
    charsRead += produced;
    return produced == 0 ? -1 : produced;
  }

  /**
   * Decodes buffered bytes into {@code cbuf[dp, dl)}.
   *
   * @return the new dp; or {@code -(dp + 1)} when an ill-formed sequence stopped it after some chars
   */
  private int decode(char[] cbuf, int off, int dp, int dl) throws IOException {
    long progress;
    try {
      progress = Utf8Kernel.UTF_8.decode(bytes, position, limit, cbuf, dp, dl, endOfStream, policy, bufferOffset);
    } catch (MalformedTextException e) {
      int bad = (int) (e.byteOffset() - bufferOffset);
      int good = charsIn(position, bad); // already decoded into cbuf by the kernel before it threw
      position = bad;
      if (dp + good > off) {
        return -(dp + good) - 1;
      }
      throw new MalformedStreamException(e, e.byteOffset(), charsRead);
    }
    position = IndexPair.source(progress);
    int next = IndexPair.destination(progress);
    if (next == dp && dl - dp == 1 && position < limit) {
      // One slot left and the next sequence makes a pair: give the high half, keep the low half.
      long pairProgress =
          Utf8Kernel.UTF_8.decode(bytes, position, limit, pair, 0, 2, endOfStream, policy, bufferOffset);
      if (IndexPair.destination(pairProgress) == 2) {
        position = IndexPair.source(pairProgress);
        cbuf[dp] = pair[0];
        pendingLow = pair[1];
        hasPendingLow = true;
        return dp + 1;
      }
    }
    return next;
  }

  /** Chars made by the well-formed bytes {@code bytes[from, to)}: one per sequence, two for 4 bytes. */
  private int charsIn(int from, int to) {
    int chars = 0;
    for (int i = from; i < to; i++) {
      int b = bytes[i] & 0xFF;
      if ((b & 0xC0) != 0x80) {
        chars += b >= 0xF0 ? 2 : 1;
      }
    }
    return chars;
  }

  /**
   * Moves undecoded bytes to the front and reads more after them, at most {@code maxBytes}; notes the end
   * of the stream.
   *
   * @return the bytes read, or -1 at the end of the stream
   */
  private int fill(int maxBytes) throws IOException {
    if (position > 0) {
      System.arraycopy(bytes, position, bytes, 0, limit - position);
      bufferOffset += position;
      limit -= position;
      position = 0;
    }
    int count = in.read(bytes, limit, Math.min(maxBytes, bytes.length - limit));
    if (count < 0) {
      endOfStream = true;
    } else {
      limit += count;
    }
    return count;
  }

  /**
   * Whether {@link #read()} will return without blocking: a whole char is decodable from the bytes
   * buffered, or its low half is waiting, or they are ill-formed already, or the end of the stream has
   * been met. When the buffer holds only the start of a sequence, it reads what the stream's
   * {@code available()} says it has (which does not block) and looks again. False may still mean a read
   * would not block, as {@link java.io.Reader#ready()} allows (a stream that says nothing is available).
   * An {@code IOException} from the stream loses nothing: the bytes read so far stay buffered.
   */
  @Override
  public boolean ready() throws IOException {
    ensureOpen();
    while (!hasPendingLow && !endOfStream && !decodable()) {
      int available = in.available();
      if (available <= 0 || fill(available) == 0) {
        return false;
      }
    }
    return true;
  }

  /** Whether the buffered bytes give a char, or an error, without more input: as {@link #decode} will. */
  private boolean decodable() {
    if (position == limit) {
      return false;
    }
    try {
      long progress = Utf8Kernel.UTF_8.decode(bytes, position, limit, pair, 0, 2, false, policy, bufferOffset);
      return IndexPair.destination(progress) > 0;
    } catch (MalformedTextException e) {
      return true;
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
