package dev.textwire;

import dev.textwire.internal.Utf8Decoding;
import dev.textwire.internal.Utf8Encoding;
import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * UTF-8 bound to one {@link ErrorPolicy}. Immutable and thread-safe; get one from {@link Utf8#codec}.
 * {@link Utf8}'s static methods are the {@link ErrorPolicy#STRICT} codec.
 *
 * <p>Indices are the caller's: {@code beginIndex}/{@code endIndex} are char indices into the
 * {@code CharSequence} (half-open), {@code offset} is a byte index into the array, and the positions in a
 * {@link MalformedTextException} are indices into the same array, buffer or sequence.
 */
public final class Utf8Codec {
  static final Utf8Codec STRICT = new Utf8Codec(ErrorPolicy.STRICT);
  private static final Utf8Codec REPLACE = new Utf8Codec(ErrorPolicy.REPLACE);
  private static final Utf8Codec REPLACE_WITH_QUESTION_MARK =
      new Utf8Codec(ErrorPolicy.REPLACE_WITH_QUESTION_MARK);

  private final ErrorPolicy policy;

  private Utf8Codec(ErrorPolicy policy) {
    this.policy = policy;
  }

  static Utf8Codec of(ErrorPolicy policy) {
    switch (Objects.requireNonNull(policy, "policy")) {
      case STRICT:
        return STRICT;
      case REPLACE:
        return REPLACE;
      default:
        return REPLACE_WITH_QUESTION_MARK;
    }
  }

  /** The policy this codec applies to unpaired surrogates and ill-formed bytes. */
  public ErrorPolicy policy() {
    return policy;
  }

  /** A new resumable encoder with this codec's policy; see {@link Utf8Encoder}. */
  public Utf8Encoder newEncoder() {
    return new Utf8Encoder(policy);
  }

  /** Exact number of bytes {@link #encode} writes for {@code text}; allocates nothing. */
  public int encodedLength(CharSequence text) {
    return encodedLength(text, 0, text.length());
  }

  /**
   * Exact number of bytes {@link #encode} writes for {@code text[beginIndex, endIndex)}.
   *
   * @throws MalformedTextException under STRICT, for an unpaired surrogate, with its char index
   * @throws IllegalArgumentException if the length exceeds {@code Integer.MAX_VALUE} bytes
   */
  public int encodedLength(CharSequence text, int beginIndex, int endIndex) {
    Objects.checkFromToIndex(beginIndex, endIndex, text.length());
    return Utf8Encoding.encodedLength(text, beginIndex, endIndex, policy);
  }

  /** Encodes {@code text} into a new array of exactly the encoded length. */
  public byte[] encode(CharSequence text) {
    byte[] bytes = new byte[encodedLength(text)];
    Utf8Encoding.encode(text, 0, text.length(), bytes, 0, policy);
    return bytes;
  }

  /** Encodes {@code text} into {@code dst} from {@code offset}; returns the bytes written. */
  public int encode(CharSequence text, byte[] dst, int offset) {
    return encode(text, 0, text.length(), dst, offset);
  }

  /**
   * Encodes {@code text[beginIndex, endIndex)} into {@code dst} starting at {@code offset}.
   *
   * @return the number of bytes written
   * @throws BufferTooSmallException if the bytes do not fit between {@code offset} and the end of
   *     {@code dst}; nothing was written past the end and the exception says how many bytes are needed
   * @throws MalformedTextException under STRICT, for an unpaired surrogate, with its char index
   */
  public int encode(CharSequence text, int beginIndex, int endIndex, byte[] dst, int offset) {
    Objects.checkFromToIndex(beginIndex, endIndex, text.length());
    Objects.checkFromToIndex(offset, dst.length, dst.length);
    return Utf8Encoding.encode(text, beginIndex, endIndex, dst, offset, policy);
  }

  /** Encodes {@code text} at {@code dst}'s position, heap or direct, and advances it. */
  public int encode(CharSequence text, ByteBuffer dst) {
    return encode(text, 0, text.length(), dst);
  }

  /**
   * Encodes {@code text[beginIndex, endIndex)} at {@code dst}'s position and advances the position by
   * the bytes written, which it returns.
   *
   * @throws BufferTooSmallException if the bytes do not fit in {@code dst.remaining()}; the position is
   *     unchanged (bytes between position and limit may have been overwritten)
   * @throws java.nio.ReadOnlyBufferException if {@code dst} is read-only
   */
  public int encode(CharSequence text, int beginIndex, int endIndex, ByteBuffer dst) {
    Objects.checkFromToIndex(beginIndex, endIndex, text.length());
    return Utf8Encoding.encode(text, beginIndex, endIndex, dst, policy);
  }

  /** Decodes all of {@code src}. */
  public String decode(byte[] src) {
    return decode(src, 0, src.length);
  }

  /**
   * Decodes {@code src[offset, offset + length)}.
   *
   * @throws MalformedTextException under STRICT, with the array index of the first ill-formed sequence
   */
  public String decode(byte[] src, int offset, int length) {
    Objects.checkFromIndexSize(offset, length, src.length);
    return Utf8Decoding.decode(src, offset, offset + length, policy);
  }

  /**
   * Decodes {@code src} from its position to its limit, heap or direct, and moves the position to the
   * limit. Under STRICT an error leaves the position unchanged and reports the buffer index.
   */
  public String decode(ByteBuffer src) {
    return Utf8Decoding.decode(src, policy);
  }
}
