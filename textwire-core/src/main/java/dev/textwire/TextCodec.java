package dev.textwire;

import java.nio.ByteBuffer;

/**
 * A text encoding bound to one {@link ErrorPolicy}: exact length, encoding straight into arrays and
 * buffers, resumable encoding, decoding and validation. Get one from {@link TextCodecs}; each is immutable
 * and thread-safe.
 *
 * <p>Every codec keeps the same promises as {@link Utf8Codec}: the length it reports is exactly what its
 * encoder writes under the same policy; encoding into an array or buffer allocates nothing after warm-up;
 * a full destination raises {@link BufferTooSmallException} with nothing written past the space given;
 * a strict error is a {@link MalformedTextException} with the char index (encoding) or byte offset
 * (decoding) in the caller's own array, buffer or sequence, and the bad bytes in hex.
 *
 * <p>Indices are the caller's: {@code beginIndex}/{@code endIndex} are char indices into the
 * {@code CharSequence} (half-open), {@code offset} is a byte index into the array.
 */
public interface TextCodec {
  /** The encoding's name: {@code "UTF-8"}, {@code "CESU-8"}, {@code "Modified UTF-8"}, {@code "ISO-8859-1"}, ... */
  String name();

  /** What this codec does with input it cannot represent. */
  ErrorPolicy policy();

  /** The same encoding under {@code policy}. */
  TextCodec withPolicy(ErrorPolicy policy);

  /** The most bytes one char can take (a surrogate pair counts as two chars): 3 for the UTF-8 family, 1 for single-byte code pages. */
  int maxBytesPerChar();

  /** Exact number of bytes {@link #encode} writes for {@code text}; allocates nothing. */
  default int encodedLength(CharSequence text) {
    return encodedLength(text, 0, text.length());
  }

  /**
   * Exact number of bytes {@link #encode} writes for {@code text[beginIndex, endIndex)}.
   *
   * @throws MalformedTextException under STRICT, at the first char that cannot be encoded
   * @throws IllegalArgumentException if the length exceeds {@code Integer.MAX_VALUE} bytes
   */
  int encodedLength(CharSequence text, int beginIndex, int endIndex);

  /**
   * Encodes {@code text} into a new array of exactly the encoded length.
   *
   * @throws java.util.ConcurrentModificationException if the text changed during the call, so that what
   *     was encoded is not the length counted for the array (a {@code StringBuilder} another thread
   *     writes to, a {@code CharSequence} that is not stable)
   */
  byte[] encode(CharSequence text);

  /** Encodes {@code text} into {@code dst} from {@code offset}; returns the bytes written. */
  default int encode(CharSequence text, byte[] dst, int offset) {
    return encode(text, 0, text.length(), dst, offset);
  }

  /**
   * Encodes {@code text[beginIndex, endIndex)} into {@code dst} from {@code offset}.
   *
   * @return the number of bytes written
   * @throws BufferTooSmallException if the bytes do not fit between {@code offset} and the end of
   *     {@code dst}; nothing was written past the end
   * @throws MalformedTextException under STRICT, at the first char that cannot be encoded
   * @throws java.util.ConcurrentModificationException if the text did not fit, but the length counted
   *     after that does: it changed during the call
   */
  int encode(CharSequence text, int beginIndex, int endIndex, byte[] dst, int offset);

  /** Encodes {@code text} at {@code dst}'s position, heap or direct, and advances it. */
  default int encode(CharSequence text, ByteBuffer dst) {
    return encode(text, 0, text.length(), dst);
  }

  /**
   * Encodes {@code text[beginIndex, endIndex)} at {@code dst}'s position and advances the position by the
   * bytes written, which it returns.
   *
   * @throws BufferTooSmallException if the bytes do not fit in {@code dst.remaining()}; the position is
   *     unchanged (bytes between position and limit may have been overwritten)
   * @throws java.util.ConcurrentModificationException as for arrays, with the position unchanged
   */
  int encode(CharSequence text, int beginIndex, int endIndex, ByteBuffer dst);

  /** A new resumable encoder with this codec's encoding and policy; see {@link TextEncoder}. */
  TextEncoder newEncoder();

  /** Decodes all of {@code src}. */
  default String decode(byte[] src) {
    return decode(src, 0, src.length);
  }

  /**
   * Decodes {@code src[offset, offset + length)}.
   *
   * @throws MalformedTextException under STRICT, with the array index of the first ill-formed sequence
   */
  String decode(byte[] src, int offset, int length);

  /**
   * Decodes {@code src} from its position to its limit and moves the position to the limit. Under STRICT
   * an error leaves the position unchanged and reports the buffer index.
   */
  String decode(ByteBuffer src);

  /** True if {@code src} is well-formed in this encoding. */
  default boolean isValid(byte[] src) {
    return isValid(src, 0, src.length);
  }

  /** True if {@code src[offset, offset + length)} is well-formed in this encoding. */
  default boolean isValid(byte[] src, int offset, int length) {
    return validUpTo(src, offset, length) == offset + length;
  }

  /**
   * Array index after the longest well-formed prefix of {@code src[offset, offset + length)}: equal to
   * {@code offset + length} when all of it is valid. Allocates nothing. Strict decoding of the same bytes
   * fails at exactly this index.
   */
  int validUpTo(byte[] src, int offset, int length);

  /** True if {@code src} from position to limit is well-formed; the position is unchanged. */
  boolean isValid(ByteBuffer src);
}
