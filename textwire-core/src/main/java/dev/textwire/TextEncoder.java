package dev.textwire;

import java.nio.ByteBuffer;

/**
 * A resumable encoder: it writes as much of its input as fits into the window it is given, never part of
 * a character, and the next call goes on from there. Get one from {@link TextCodec#newEncoder()}; see
 * {@link Utf8Encoder} for the UTF-8 family's, which documents the contract in full.
 *
 * <p>Input comes either as one text ({@link #reset(CharSequence)}) or as pieces of a stream
 * ({@link #feed}); a high surrogate at the end of a piece is kept until the next piece says whether its
 * low half follows (except in modified UTF-8, which encodes each surrogate on its own; see
 * {@link Utf8Encoder}). Under {@link ErrorPolicy#STRICT} an unencodable char throws
 * {@link MalformedTextException} after everything before it has been written and counted.
 *
 * <p>Reusable, allocation-free after construction, and not thread-safe.
 */
public interface TextEncoder {
  /** The encoding's name, as {@link TextCodec#name()}. */
  String name();

  /** The policy for chars the encoding cannot represent. */
  ErrorPolicy policy();

  /** Forgets any input, carried surrogate and counts. */
  TextEncoder reset();

  /** Starts encoding the whole of {@code text}, forgetting any earlier input. */
  default TextEncoder reset(CharSequence text) {
    return reset(text, 0, text.length());
  }

  /** Starts encoding {@code text[beginIndex, endIndex)}, forgetting any earlier input. */
  TextEncoder reset(CharSequence text, int beginIndex, int endIndex);

  /**
   * Gives the next piece of a stream of text. When {@code endOfInput} is false, a high surrogate at the
   * end of the piece is carried into the next one; when true, it is unpaired and the policy applies.
   *
   * @throws IllegalStateException if the previous input has not all been encoded
   */
  TextEncoder feed(CharSequence piece, int beginIndex, int endIndex, boolean endOfInput);

  /** As {@link #feed(CharSequence, int, int, boolean)}, from an array, read only while encoding. */
  TextEncoder feed(char[] piece, int beginIndex, int endIndex, boolean endOfInput);

  /**
   * Encodes into {@code dst[offset, limit)} as much as fits whole.
   *
   * @return bytes written; 0 when nothing remains, or when the next character needs more room, or when
   *     only a carried surrogate is left and more input may come
   */
  int encode(byte[] dst, int offset, int limit);

  /** Encodes at the buffer's position, up to its limit, and advances the position by the bytes written. */
  int encode(ByteBuffer dst);

  /** Whether there is more to encode from the input given. */
  boolean hasRemaining();

  /** Whether a high surrogate from the end of the last piece is waiting for the next piece. */
  boolean hasCarriedSurrogate();

  /** Index, in the current text or piece, of the next char to encode; its end index when all is done. */
  int charIndex();

  /** Chars consumed since the last reset (a carried surrogate counts as consumed). */
  long charsConsumed();

  /** Bytes written since the last reset. */
  long bytesWritten();
}
