package dev.textwire;

import dev.textwire.internal.EncodeKernel;
import dev.textwire.internal.ResumableEncoder;
import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * A resumable encoder: it writes as much of its input as fits into the window it is given, never part of
 * a character, and the next call goes on from there. Use it when the destination fills before the text
 * ends: a fixed request buffer to flush, a buffer to grow, a segment to move past.
 *
 * <pre>{@code
 * TextEncoder encoder = Utf8.newEncoder().reset(text);
 * while (encoder.hasRemaining()) {
 *   position += encoder.encode(window, position, window.length - position);
 *   if (encoder.hasRemaining()) { flush(window, position); position = 0; }
 * }
 * }</pre>
 *
 * <p>Input comes either as one text ({@link #reset(CharSequence)}) or as pieces of a stream
 * ({@link #feed}); a high surrogate at the end of a piece is kept until the next piece says whether its
 * low half follows, so a caller can reuse its array as soon as the encoder has no input left.
 *
 * <p>Errors: under {@link ErrorPolicy#STRICT} a char the encoding cannot represent (an unpaired surrogate;
 * in a code page, any char without a byte) throws {@link MalformedTextException}. Everything before it has
 * been written and counted, and the encoder stands before the bad char, so {@link #charIndex()},
 * {@link #charsConsumed()} and {@link #bytesWritten()} say where the good output ends. Char indices in
 * errors are indices in the text given to {@code reset}, or, for pieces given to {@code feed}, the char's
 * position in the whole stream since the last reset.
 *
 * <p>In CESU-8 a supplementary character is two 3-byte sequences, 6 bytes that are never split between
 * windows; in a code page it is one substitute byte. Modified UTF-8 encodes UTF-16 code units, every
 * surrogate on its own as {@code writeUTF} does, so there each char is a character: a window may end
 * between the halves of a pair, nothing is carried between pieces, every window is well-formed modified
 * UTF-8 by itself, and it never throws.
 *
 * <p>Reusable, allocation-free after construction (it owns about 12 KiB of working space), and not
 * thread-safe. Get one from {@link TextCodec#newEncoder()}.
 */
public final class TextEncoder {
  private final ResumableEncoder state;
  private final ErrorPolicy policy;

  TextEncoder(EncodeKernel kernel, ErrorPolicy policy) {
    this.state = new ResumableEncoder(kernel);
    this.policy = policy;
    state.reset(policy);
  }

  /** The encoding's name, as {@link TextCodec#name()}. */
  public String name() {
    return state.encodingName();
  }

  /** The policy for chars the encoding cannot represent. */
  public ErrorPolicy policy() {
    return policy;
  }

  /** Forgets any input, carried surrogate and counts. */
  public TextEncoder reset() {
    state.reset(policy);
    return this;
  }

  /** Starts encoding the whole of {@code text}, forgetting any earlier input. */
  public TextEncoder reset(CharSequence text) {
    return reset(text, 0, text.length());
  }

  /** Starts encoding {@code text[beginIndex, endIndex)}, forgetting any earlier input. */
  public TextEncoder reset(CharSequence text, int beginIndex, int endIndex) {
    Objects.checkFromToIndex(beginIndex, endIndex, text.length());
    state.reset(text, beginIndex, endIndex, policy);
    return this;
  }

  /**
   * Gives the next piece of a stream of text, {@code piece[beginIndex, endIndex)}. When
   * {@code endOfInput} is false, a high surrogate at the end of the piece is carried into the next one;
   * when true, it is unpaired and the policy applies.
   *
   * @throws IllegalStateException if the previous input has not all been encoded
   */
  public TextEncoder feed(CharSequence piece, int beginIndex, int endIndex, boolean endOfInput) {
    Objects.checkFromToIndex(beginIndex, endIndex, piece.length());
    state.feed(piece, beginIndex, endIndex, endOfInput);
    return this;
  }

  /**
   * As {@link #feed(CharSequence, int, int, boolean)}, from {@code piece[offset, offset + length)}, read
   * only while encoding.
   */
  public TextEncoder feed(char[] piece, int offset, int length, boolean endOfInput) {
    Objects.checkFromIndexSize(offset, length, piece.length);
    state.feed(piece, offset, offset + length, endOfInput);
    return this;
  }

  /**
   * Encodes into {@code dst[offset, offset + length)} as much as fits whole. Nothing outside that window
   * is touched; inside it, bytes after those written may have been overwritten.
   *
   * @return bytes written; 0 when nothing remains, or when the next character needs more room (at most
   *     4 bytes in UTF-8, 6 for a CESU-8 pair, 1 in a code page), or when only a carried surrogate is
   *     left and more input may come
   * @throws MalformedTextException under STRICT, at a char the encoding cannot represent
   */
  public int encode(byte[] dst, int offset, int length) {
    Objects.checkFromIndexSize(offset, length, dst.length);
    return state.encode(dst, offset, offset + length);
  }

  /**
   * Encodes at the buffer's position, up to its limit, and advances the position by the bytes written,
   * also when a strict error stops it.
   */
  public int encode(ByteBuffer dst) {
    return state.encode(dst);
  }

  /**
   * Whether there is more to encode from the input given: chars not yet written, or a carried surrogate
   * after the end of input.
   */
  public boolean hasRemaining() {
    return state.hasRemaining();
  }

  /** Whether a high surrogate from the end of the last piece is waiting for the next piece. */
  public boolean hasCarriedSurrogate() {
    return state.isCarrying();
  }

  /** Index, in the current text or piece, of the next char to encode; its end index when all is done. */
  public int charIndex() {
    return state.inputIndex();
  }

  /** Chars consumed since the last reset (a carried surrogate counts as consumed). */
  public long charsConsumed() {
    return state.charsConsumed();
  }

  /** Bytes written since the last reset. */
  public long bytesWritten() {
    return state.bytesWritten();
  }

  @Override
  public String toString() {
    return "TextEncoder[" + name() + " (" + policy + "), " + charsConsumed() + " chars, " + bytesWritten() + " bytes]";
  }
}
