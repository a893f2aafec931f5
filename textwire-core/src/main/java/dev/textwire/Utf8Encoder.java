package dev.textwire;

import dev.textwire.internal.ResumableEncoder;
import dev.textwire.internal.Utf8Variant;
import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * A resumable UTF-8 encoder: it writes as much of its input as fits into the window it is given, never
 * part of a character, and the next call goes on from there. Use it when the destination fills before the
 * text ends: a fixed request buffer to flush, a buffer to grow, a segment to move past.
 *
 * <pre>{@code
 * Utf8Encoder encoder = Utf8.newEncoder().reset(text);
 * while (encoder.hasRemaining()) {
 *   position += encoder.encode(window, position, window.length);
 *   if (encoder.hasRemaining()) { flush(window, position); position = 0; }
 * }
 * }</pre>
 *
 * <p>Input comes either as one text ({@link #reset(CharSequence)}) or as pieces of a stream
 * ({@link #feed}); a high surrogate at the end of a piece is kept until the next piece brings its low
 * half, so a caller can reuse its array as soon as the encoder has no input left.
 *
 * <p>Errors: under {@link ErrorPolicy#STRICT} an unpaired surrogate throws {@link MalformedTextException}.
 * Everything before it has been written and counted, and the encoder stands before the bad char, so
 * {@link #charIndex()}, {@link #charsConsumed()} and {@link #bytesWritten()} say where the good output
 * ends. Char indices in errors are indices in the text given to {@code reset}, or, for pieces given to
 * {@code feed}, the char's position in the whole stream since the last reset.
 *
 * <p>Reusable, allocation-free after construction (it owns about 12 KiB of working space), and not
 * thread-safe. Get one from {@link Utf8#newEncoder()} or {@link Utf8Codec#newEncoder()}.
 *
 * <p>The same class encodes CESU-8 and modified UTF-8 ({@link TextCodecs#CESU_8}, {@link
 * TextCodecs#MODIFIED_UTF_8}). In CESU-8 a supplementary character is two 3-byte sequences, 6 bytes that
 * are never split between windows. Modified UTF-8 encodes UTF-16 code units, every surrogate on its own
 * as {@code writeUTF} does, so there each char is a character: a window may end between the halves of a
 * pair, nothing is carried between pieces, every window is well-formed modified UTF-8 by itself, and it
 * never throws.
 */
public final class Utf8Encoder implements TextEncoder {
  private final ResumableEncoder state;
  private final ErrorPolicy policy;

  Utf8Encoder(ErrorPolicy policy) {
    this(policy, Utf8Variant.UTF_8);
  }

  Utf8Encoder(ErrorPolicy policy, Utf8Variant variant) {
    this.policy = policy;
    this.state = new ResumableEncoder(variant);
    state.reset(policy);
  }

  /** {@code "UTF-8"}, {@code "CESU-8"} or {@code "Modified UTF-8"}. */
  @Override
  public String name() {
    return state.encodingName();
  }

  /** The policy for unpaired surrogates. */
  @Override
  public ErrorPolicy policy() {
    return policy;
  }

  /** Forgets any input, carried surrogate and counts. */
  @Override
  public Utf8Encoder reset() {
    state.reset(policy);
    return this;
  }

  /** Starts encoding the whole of {@code text}, forgetting any earlier input. */
  @Override
  public Utf8Encoder reset(CharSequence text) {
    return reset(text, 0, text.length());
  }

  /** Starts encoding {@code text[beginIndex, endIndex)}, forgetting any earlier input. */
  @Override
  public Utf8Encoder reset(CharSequence text, int beginIndex, int endIndex) {
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
  public Utf8Encoder feed(CharSequence piece, int beginIndex, int endIndex, boolean endOfInput) {
    Objects.checkFromToIndex(beginIndex, endIndex, piece.length());
    state.feed(piece, beginIndex, endIndex, endOfInput);
    return this;
  }

  /** As {@link #feed(CharSequence, int, int, boolean)}, from an array, read only while encoding. */
  @Override
  public Utf8Encoder feed(char[] piece, int beginIndex, int endIndex, boolean endOfInput) {
    Objects.checkFromToIndex(beginIndex, endIndex, piece.length);
    state.feed(piece, beginIndex, endIndex, endOfInput);
    return this;
  }

  /**
   * Encodes into {@code dst[offset, limit)} as much as fits whole.
   *
   * @return bytes written; 0 when nothing remains, or when the next character needs more room (at most
   *     4 bytes; 6 for a CESU-8 pair), or when only a carried surrogate is left and more input may come
   * @throws MalformedTextException under STRICT, at an unpaired surrogate
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
