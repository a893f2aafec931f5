package dev.textwire;

import dev.textwire.internal.Errors;
import dev.textwire.internal.Utf8Decoding;
import dev.textwire.internal.Utf8Encoding;
import dev.textwire.internal.Utf8Variant;
import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * UTF-8 bound to one {@link ErrorPolicy}. Immutable and thread-safe; get one from {@link Utf8#codec}.
 * {@link Utf8}'s static methods are the {@link ErrorPolicy#STRICT} codec.
 *
 * <p>The same class, over the same kernels, serves UTF-8's two variants, {@link TextCodecs#CESU_8} and
 * {@link TextCodecs#MODIFIED_UTF_8}; {@link #name()} says which one a codec is.
 *
 * <p>Indices are the caller's: {@code beginIndex}/{@code endIndex} are char indices into the
 * {@code CharSequence} (half-open), {@code offset} is a byte index into the array, and the positions in a
 * {@link MalformedTextException} are indices into the same array, buffer or sequence.
 */
public final class Utf8Codec implements TextCodec {
  /** One codec per variant and policy, indexed [variant][policy]. */
  private static final Utf8Codec[][] CODECS = new Utf8Codec[Utf8Variant.values().length][];

  static {
    for (Utf8Variant variant : Utf8Variant.values()) {
      Utf8Codec[] byPolicy = new Utf8Codec[ErrorPolicy.values().length];
      for (ErrorPolicy policy : ErrorPolicy.values()) {
        byPolicy[policy.ordinal()] = new Utf8Codec(policy, variant);
      }
      CODECS[variant.ordinal()] = byPolicy;
    }
  }

  static final Utf8Codec STRICT = of(ErrorPolicy.STRICT);

  private final ErrorPolicy policy;
  private final Utf8Variant variant;

  private Utf8Codec(ErrorPolicy policy, Utf8Variant variant) {
    this.policy = policy;
    this.variant = variant;
  }

  static Utf8Codec of(ErrorPolicy policy) {
    return of(Utf8Variant.UTF_8, policy);
  }

  static Utf8Codec of(Utf8Variant variant, ErrorPolicy policy) {
    return CODECS[variant.ordinal()][Objects.requireNonNull(policy, "policy").ordinal()];
  }

  /** {@code "UTF-8"}, or {@code "CESU-8"} or {@code "Modified UTF-8"} for the variants. */
  @Override
  public String name() {
    return variant.displayName;
  }

  /** The policy this codec applies to unpaired surrogates and ill-formed bytes. */
  @Override
  public ErrorPolicy policy() {
    return policy;
  }

  @Override
  public Utf8Codec withPolicy(ErrorPolicy policy) {
    return of(variant, policy);
  }

  /** 3: a supplementary character is 4 bytes for 2 chars in UTF-8, 6 in the variants. */
  @Override
  public int maxBytesPerChar() {
    return 3;
  }

  /** A new resumable encoder with this codec's policy; see {@link Utf8Encoder}. */
  @Override
  public Utf8Encoder newEncoder() {
    return new Utf8Encoder(policy, variant);
  }

  @Override
  public String toString() {
    return variant.displayName + " (" + policy + ")";
  }

  /** Exact number of bytes {@link #encode} writes for {@code text}; allocates nothing. */
  @Override
  public int encodedLength(CharSequence text) {
    return encodedLength(text, 0, text.length());
  }

  /**
   * Exact number of bytes {@link #encode} writes for {@code text[beginIndex, endIndex)}.
   *
   * @throws MalformedTextException under STRICT, for an unpaired surrogate, with its char index
   * @throws IllegalArgumentException if the length exceeds {@code Integer.MAX_VALUE} bytes
   */
  @Override
  public int encodedLength(CharSequence text, int beginIndex, int endIndex) {
    Objects.checkFromToIndex(beginIndex, endIndex, text.length());
    return Utf8Encoding.encodedLength(text, beginIndex, endIndex, policy, variant);
  }

  /**
   * Encodes {@code text} into a new array of exactly the encoded length: one pass counts, a second
   * encodes.
   *
   * @throws java.util.ConcurrentModificationException if the text changed between the two passes (it
   *     wrote other than the bytes counted), rather than return an array with trailing zeros or none
   */
  @Override
  public byte[] encode(CharSequence text) {
    int charCount = text.length();
    byte[] bytes = new byte[encodedLength(text, 0, charCount)];
    int written = Utf8Encoding.encodeWithin(text, 0, charCount, bytes, 0, bytes.length, policy, null, variant);
    if (written != bytes.length) {
      throw Errors.textChanged(variant.displayName, bytes.length, written);
    }
    return bytes;
  }

  /** Encodes {@code text} into {@code dst} from {@code offset}; returns the bytes written. */
  @Override
  public int encode(CharSequence text, byte[] dst, int offset) {
    return encode(text, 0, text.length(), dst, offset);
  }

  /**
   * Encodes {@code text[beginIndex, endIndex)} into {@code dst} starting at {@code offset}.
   *
   * @return the number of bytes written
   * @throws BufferTooSmallException if the bytes do not fit between {@code offset} and the end of
   *     {@code dst}; nothing was written past the end and the exception says how many bytes are needed
   *     (counted in a second pass, only on this path)
   * @throws MalformedTextException under STRICT, for an unpaired surrogate, with its char index
   * @throws java.util.ConcurrentModificationException if the text did not fit but a second pass counts
   *     a length that does: it changed during the call
   */
  @Override
  public int encode(CharSequence text, int beginIndex, int endIndex, byte[] dst, int offset) {
    Objects.checkFromToIndex(beginIndex, endIndex, text.length());
    Objects.checkFromToIndex(offset, dst.length, dst.length);
    try {
      return Utf8Encoding.encode(text, beginIndex, endIndex, dst, offset, policy, variant);
    } catch (BufferTooSmallException e) {
      throw Errors.checkTooSmall(e, variant.displayName);
    }
  }

  /** Encodes {@code text} at {@code dst}'s position, heap or direct, and advances it. */
  @Override
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
   * @throws java.util.ConcurrentModificationException if the text did not fit but a second pass counts
   *     a length that does: it changed during the call
   */
  @Override
  public int encode(CharSequence text, int beginIndex, int endIndex, ByteBuffer dst) {
    Objects.checkFromToIndex(beginIndex, endIndex, text.length());
    try {
      return Utf8Encoding.encode(text, beginIndex, endIndex, dst, policy, variant);
    } catch (BufferTooSmallException e) {
      throw Errors.checkTooSmall(e, variant.displayName);
    }
  }

  /** Decodes all of {@code src}. */
  @Override
  public String decode(byte[] src) {
    return decode(src, 0, src.length);
  }

  /**
   * Decodes {@code src[offset, offset + length)}.
   *
   * @throws MalformedTextException under STRICT, with the array index of the first ill-formed sequence
   */
  @Override
  public String decode(byte[] src, int offset, int length) {
    Objects.checkFromIndexSize(offset, length, src.length);
    return Utf8Decoding.decode(src, offset, offset + length, policy, 0, variant);
  }

  /**
   * Decodes {@code src} from its position to its limit, heap or direct, and moves the position to the
   * limit. Under STRICT an error leaves the position unchanged and reports the buffer index.
   */
  @Override
  public String decode(ByteBuffer src) {
    return Utf8Decoding.decode(src, policy, variant);
  }

  @Override
  public boolean isValid(byte[] src, int offset, int length) {
    return validUpTo(src, offset, length) == offset + length;
  }

  @Override
  public int validUpTo(byte[] src, int offset, int length) {
    Objects.checkFromIndexSize(offset, length, src.length);
    return Utf8Decoding.validUpTo(src, offset, offset + length, variant);
  }

  /** True if {@code src} from position to limit is well-formed; the position is unchanged. */
  @Override
  public boolean isValid(ByteBuffer src) {
    return Utf8Decoding.validUpTo(src, variant) == src.limit();
  }
}
