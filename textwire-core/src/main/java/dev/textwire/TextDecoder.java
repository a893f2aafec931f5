package dev.textwire;

import dev.textwire.internal.DecodeKernel;
import dev.textwire.internal.ResumableDecoder;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.ReadOnlyBufferException;
import java.util.Objects;

/**
 * A resumable decoder, the mirror of {@link TextEncoder}: bytes go in as pieces of a stream, chars come out
 * into whatever room the caller gives, and nothing is ever mis-decoded at a seam. Use it for text that
 * arrives in pieces (reads from a socket, segments of a buffer, pages of a file) and for reading a given
 * number of chars from a byte offset.
 *
 * <pre>{@code
 * TextDecoder decoder = Utf8.newDecoder();
 * for (byte[] piece : pieces) {
 *   decoder.feed(piece, 0, piece.length, last);
 *   while (decoder.hasRemaining()) {
 *     int count = decoder.decode(chars, 0, chars.length);
 *     if (count == 0) break; // the rest of this piece is a sequence its next piece completes
 *     out.append(chars, 0, count);
 *   }
 * }
 * }</pre>
 *
 * <p>A sequence cut by the end of a piece is carried (at most 5 bytes) and decoded with the start of the
 * next piece, so a caller may reuse its array as soon as {@link #hasRemaining()} is false. With
 * {@code endOfInput} true the piece is the last: a sequence cut by its end is ill-formed, and the policy
 * applies.
 *
 * <p>Counts are exact: {@link #charsDecoded()} is the chars written since the last reset and
 * {@link #bytesConsumed()} the bytes they took, so a caller who asks for {@code n} chars learns how many
 * bytes those {@code n} chars were (what an index from char positions to byte offsets needs). When the
 * room given ends between the two chars of a supplementary character, the high surrogate is written and
 * the low one is held back ({@link #hasHeldLowSurrogate()}) and written first by the next call; the
 * character's bytes count from the call that wrote its high half.
 *
 * <p>Errors: under {@link ErrorPolicy#STRICT} an ill-formed sequence throws {@link MalformedTextException}
 * with its byte offset in the whole stream since the last reset. The chars before it have been written
 * and counted, and the decoder stands before the bad bytes: {@link #charsDecoded()} says how far the
 * good output goes, and another call throws again. The replacing policies write one U+FFFD per maximal
 * subpart, as {@link TextCodec#decode} does, with the same result however the input is cut.
 *
 * <p>Reusable, allocation-free after construction (a 2 KiB window the first time it reads a direct
 * buffer; a chunk of 512 chars the first time it decodes into an {@code Appendable} or skips), and not
 * thread-safe. Get one from {@link TextCodec#newDecoder()}.
 */
public final class TextDecoder {
  private static final int CHUNK_CHARS = 512;

  private final ResumableDecoder state;
  private final ErrorPolicy policy;
  /** For Appendables, CharBuffers without an array, and skipping; allocated on first need. */
  private char[] chunk;
  private CharBuffer chunkView;

  TextDecoder(DecodeKernel kernel, ErrorPolicy policy) {
    this.state = new ResumableDecoder(kernel);
    this.policy = policy;
    state.reset(policy);
  }

  /** The encoding's name, as {@link TextCodec#name()}. */
  public String name() {
    return state.encodingName();
  }

  /** The policy for ill-formed input. */
  public ErrorPolicy policy() {
    return policy;
  }

  /** Forgets any input, carried bytes, held-back char and counts. */
  public TextDecoder reset() {
    state.reset(policy);
    return this;
  }

  /** Gives the next piece, the whole of {@code piece}; see {@link #feed(byte[], int, int, boolean)}. */
  public TextDecoder feed(byte[] piece, boolean endOfInput) {
    return feed(piece, 0, piece.length, endOfInput);
  }

  /**
   * Gives the next piece of the stream, {@code piece[offset, offset + length)}, read only while decoding.
   *
   * @param endOfInput whether this is the last piece
   * @throws IllegalStateException if the previous piece has not all been decoded
   */
  public TextDecoder feed(byte[] piece, int offset, int length, boolean endOfInput) {
    Objects.checkFromIndexSize(offset, length, piece.length);
    state.feed(piece, offset, offset + length, endOfInput);
    return this;
  }

  /**
   * Gives the next piece: {@code piece} from its position to its limit, heap or direct. Decoding moves its
   * position past the bytes taken (those decoded, and a cut sequence at its end, which is carried).
   *
   * @throws IllegalStateException if the previous piece has not all been decoded
   */
  public TextDecoder feed(ByteBuffer piece, boolean endOfInput) {
    state.feed(Objects.requireNonNull(piece, "piece"), endOfInput);
    return this;
  }

  /**
   * Decodes into {@code dst[offset, offset + length)} as many whole characters as fit (and the high half of
   * a pair when one char of room is left).
   *
   * @return chars written: 0 when nothing remains, when {@code length} is 0, or when the rest of the piece
   *     is a sequence the next piece completes
   * @throws MalformedTextException under STRICT, at an ill-formed sequence
   */
  public int decode(char[] dst, int offset, int length) {
    Objects.checkFromIndexSize(offset, length, dst.length);
    return state.decode(dst, offset, offset + length);
  }

  /** Decodes at the buffer's position, up to its limit, and advances the position by the chars written. */
  public int decode(CharBuffer dst) {
    if (dst.isReadOnly()) {
      throw new ReadOnlyBufferException();
    }
    if (dst.hasArray()) {
      int position = dst.position();
      long before = state.charsDecoded();
      try {
        return state.decode(dst.array(), dst.arrayOffset() + position, dst.arrayOffset() + dst.limit());
      } finally {
        // On a strict error too: the chars before it are in the buffer.
        dst.position(position + (int) (state.charsDecoded() - before));
      }
    }
    return (int) drainUnchecked(dst, dst.remaining());
  }

  /**
   * Decodes up to {@code maxChars} chars and appends them to {@code dst}.
   *
   * @return chars appended
   * @throws MalformedTextException under STRICT, after the chars before the ill-formed sequence are
   *     appended
   */
  public int decode(StringBuilder dst, int maxChars) {
    return (int) drainUnchecked(dst, checkMaxChars(maxChars));
  }

  /**
   * Decodes up to {@code maxChars} chars and appends them to {@code dst}, a chunk of at most 512 chars at a
   * time.
   *
   * @return chars appended
   * @throws MalformedTextException under STRICT, after the chars before the ill-formed sequence are
   *     appended
   * @throws IOException from {@code dst}; the chars of the chunk it refused are lost to this decoder
   */
  public int decode(Appendable dst, int maxChars) throws IOException {
    return (int) drain(Objects.requireNonNull(dst, "dst"), checkMaxChars(maxChars));
  }

  /**
   * Decodes and discards up to {@code maxChars} chars: to move to a char position, with
   * {@link #bytesConsumed()} telling the byte offset it is at.
   *
   * @return chars skipped
   */
  public long skip(long maxChars) {
    return drainUnchecked(null, checkMaxChars(maxChars));
  }

  private long drainUnchecked(Appendable dst, long maxChars) {
    try {
      return drain(dst, maxChars);
    } catch (IOException e) {
      throw new AssertionError("only a caller's Appendable throws IOException", e);
    }
  }

  /**
   * Decodes up to {@code maxChars} chars a chunk at a time and hands each chunk to {@code dst}: a
   * StringBuilder or CharBuffer by their bulk methods, any other Appendable through a view of the chunk,
   * nowhere when null (skipping). The chars before a strict error are handed over before it is thrown.
   */
  private long drain(Appendable dst, long maxChars) throws IOException {
    if (chunk == null) {
      chunk = new char[CHUNK_CHARS];
      chunkView = CharBuffer.wrap(chunk);
    }
    long total = 0;
    while (total < maxChars) {
      long before = state.charsDecoded();
      int written;
      try {
        written = state.decode(chunk, 0, (int) Math.min(maxChars - total, CHUNK_CHARS));
      } catch (MalformedTextException e) {
        emit(dst, (int) (state.charsDecoded() - before));
        throw e;
      }
      if (written == 0) {
        break;
      }
      emit(dst, written);
      total += written;
    }
    return total;
  }

  private void emit(Appendable dst, int count) throws IOException {
    if (dst instanceof StringBuilder) {
      ((StringBuilder) dst).append(chunk, 0, count);
    } else if (dst instanceof CharBuffer) {
      ((CharBuffer) dst).put(chunk, 0, count);
    } else if (dst != null) {
      dst.append(chunkView, 0, count);
    }
  }

  private static long checkMaxChars(long maxChars) {
    if (maxChars < 0) {
      throw new IllegalArgumentException("maxChars is " + maxChars + "; it must be 0 or more");
    }
    return maxChars;
  }

  /**
   * Whether there is more to decode from the input given: bytes of the piece not yet taken, a held-back
   * low surrogate, or carried bytes after the end of input.
   */
  public boolean hasRemaining() {
    return state.hasRemaining();
  }

  /** Whether the bytes of a sequence cut by the end of the last piece are waiting for the next piece. */
  public boolean hasCarriedBytes() {
    return state.hasCarriedBytes();
  }

  /** Whether a low surrogate is waiting to be written by the next call (room for one char was given). */
  public boolean hasHeldLowSurrogate() {
    return state.hasHeldLowSurrogate();
  }

  /** Index in the current piece (array index, or buffer position) of the next byte not yet taken. */
  public int byteIndex() {
    return state.inputIndex();
  }

  /** Bytes whose chars have all been written since the last reset: the stream offset decoding is at. */
  public long bytesConsumed() {
    return state.bytesConsumed();
  }

  /** Chars written since the last reset. */
  public long charsDecoded() {
    return state.charsDecoded();
  }

  @Override
  public String toString() {
    return "TextDecoder[" + name() + " (" + policy + "), " + bytesConsumed() + " bytes, " + charsDecoded() + " chars]";
  }
}
