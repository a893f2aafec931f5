package dev.textwire;

import dev.textwire.internal.ResumableEncoder;
import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * The public face of {@link ResumableEncoder} that every codec's resumable encoder shares: argument
 * checks and delegation. {@link Utf8Encoder} narrows the return types of {@code reset} and {@code feed}
 * for chaining; the code pages' encoder adds nothing.
 */
abstract class ResumableTextEncoder implements TextEncoder {
  private final ResumableEncoder state;
  private final ErrorPolicy policy;

  ResumableTextEncoder(ResumableEncoder state, ErrorPolicy policy) {
    this.state = state;
    this.policy = policy;
    state.reset(policy);
  }

  /** The encoding's name: {@code "UTF-8"}, {@code "CESU-8"}, {@code "IBM500"}, ... */
  @Override
  public String name() {
    return state.encodingName();
  }

  /** The policy for chars the encoding cannot represent. */
  @Override
  public ErrorPolicy policy() {
    return policy;
  }

  /** Forgets any input, carried surrogate and counts. */
  @Override
  public ResumableTextEncoder reset() {
    state.reset(policy);
    return this;
  }

  /** Starts encoding {@code text[beginIndex, endIndex)}, forgetting any earlier input. */
  @Override
  public ResumableTextEncoder reset(CharSequence text, int beginIndex, int endIndex) {
    Objects.checkFromToIndex(beginIndex, endIndex, text.length());
    state.reset(text, beginIndex, endIndex, policy);
    return this;
  }

  /**
   * Gives the next piece of a stream of text. When {@code endOfInput} is false, a high surrogate at the
   * end of the piece is carried into the next one; when true, it is unpaired and the policy applies.
   *
   * @throws IllegalStateException if the previous input has not all been encoded
   */
  @Override
  public ResumableTextEncoder feed(CharSequence piece, int beginIndex, int endIndex, boolean endOfInput) {
    Objects.checkFromToIndex(beginIndex, endIndex, piece.length());
    state.feed(piece, beginIndex, endIndex, endOfInput);
    return this;
  }

  /** As {@link #feed(CharSequence, int, int, boolean)}, from an array, read only while encoding. */
  @Override
  public ResumableTextEncoder feed(char[] piece, int beginIndex, int endIndex, boolean endOfInput) {
    Objects.checkFromToIndex(beginIndex, endIndex, piece.length);
    state.feed(piece, beginIndex, endIndex, endOfInput);
    return this;
  }

  /**
   * Encodes into {@code dst[offset, limit)} as much as fits whole. Nothing outside that window is
   * touched; inside it, bytes after those written may have been overwritten.
   *
   * @return bytes written; 0 when nothing remains, or when the next character needs more room (at most
   *     4 bytes in UTF-8, 6 for a CESU-8 pair, 1 in a code page), or when only a carried surrogate is
   *     left and more input may come
   * @throws MalformedTextException under STRICT, at a char the encoding cannot represent
   */
  @Override
  public int encode(byte[] dst, int offset, int limit) {
    Objects.checkFromToIndex(offset, limit, dst.length);
    return state.encode(dst, offset, limit);
  }

  /** Encodes at the buffer's position, up to its limit, and advances the position by the bytes written. */
  @Override
  public int encode(ByteBuffer dst) {
    return state.encode(dst);
  }

  /**
   * Whether there is more to encode from the input given: chars not yet written, or a carried surrogate
   * after the end of input.
   */
  @Override
  public boolean hasRemaining() {
    return state.hasRemaining();
  }

  /** Whether a high surrogate from the end of the last piece is waiting for the next piece. */
  @Override
  public boolean hasCarriedSurrogate() {
    return state.isCarrying();
  }

  /** Index, in the current text or piece, of the next char to encode; its end index when all is done. */
  @Override
  public int charIndex() {
    return state.inputIndex();
  }

  /** Chars consumed since the last reset (a carried surrogate counts as consumed). */
  @Override
  public long charsConsumed() {
    return state.charsConsumed();
  }

  /** Bytes written since the last reset. */
  @Override
  public long bytesWritten() {
    return state.bytesWritten();
  }
}
