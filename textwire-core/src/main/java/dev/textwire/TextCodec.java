package dev.textwire;

import dev.textwire.internal.CodecAccess;
import dev.textwire.internal.DecodeDriver;
import dev.textwire.internal.DecodeKernel;
import dev.textwire.internal.EncodeDriver;
import dev.textwire.internal.EncodeKernel;
import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * A text encoding bound to one {@link ErrorPolicy}: exact length, encoding straight into arrays and
 * buffers, resumable encoding and decoding, decoding and validation. Get one from {@link TextCodecs} (or
 * {@link Utf8#codec}); each is immutable and thread-safe, and there is one per encoding and policy, so
 * {@code ==} compares them.
 *
 * <p>Every codec keeps the same promises: the length it reports is exactly what its encoder writes under
 * the same policy; encoding into an array or buffer allocates nothing after warm-up; a full destination
 * raises {@link BufferTooSmallException} with nothing written past the space given; a strict error is a
 * {@link MalformedTextException} with the char index (encoding) or byte offset (decoding) in the caller's
 * own array, buffer or sequence, and the bad bytes in hex.
 *
 * <p>Ranges follow the package's one rule (see {@code package-info}): a {@code CharSequence} range is
 * {@code (beginIndex, endIndex)}, half-open; an array range is {@code (offset, length)}; a buffer's range
 * is its position to its limit.
 */
public final class TextCodec {
  static {
    CodecAccess.register(
        new CodecAccess.Opener() {
          @Override
          public EncodeKernel encodeKernel(TextCodec codec) {
            return codec.encodeKernel;
          }

          @Override
          public DecodeKernel decodeKernel(TextCodec codec) {
            return codec.decodeKernel;
          }
        });
  }

  private final EncodeKernel encodeKernel;
  private final DecodeKernel decodeKernel;
  private final ErrorPolicy policy;
  /** The same encoding under each policy, shared by all of them. */
  private final TextCodec[] byPolicy;

  private TextCodec(EncodeKernel encodeKernel, DecodeKernel decodeKernel, ErrorPolicy policy, TextCodec[] byPolicy) {
    this.encodeKernel = encodeKernel;
    this.decodeKernel = decodeKernel;
    this.policy = policy;
    this.byPolicy = byPolicy;
  }

  /** The strict codec over the kernels of one encoding; {@link #withPolicy} gives the others. */
  static <K extends EncodeKernel & DecodeKernel> TextCodec of(K kernel) {
    TextCodec[] byPolicy = new TextCodec[ErrorPolicy.values().length];
    for (ErrorPolicy policy : ErrorPolicy.values()) {
      byPolicy[policy.ordinal()] = new TextCodec(kernel, kernel, policy, byPolicy);
    }
    return byPolicy[ErrorPolicy.STRICT.ordinal()];
  }

  /** The encoding's name: {@code "UTF-8"}, {@code "CESU-8"}, {@code "Modified UTF-8"}, {@code "ISO-8859-1"}, ... */
  public String name() {
    return encodeKernel.encodingName();
  }

  /** What this codec does with input it cannot represent. */
  public ErrorPolicy policy() {
    return policy;
  }

  /** The same encoding under {@code policy}. */
  public TextCodec withPolicy(ErrorPolicy policy) {
    return byPolicy[Objects.requireNonNull(policy, "policy").ordinal()];
  }

  /** The most bytes one char can take (a surrogate pair counts as two chars): 3 for the UTF-8 family, 1 for single-byte code pages. */
  public int maxBytesPerChar() {
    return encodeKernel.maxBytesPerChar();
  }

  // Encoding.

  /** Exact number of bytes {@link #encode} writes for {@code text}; allocates nothing. */
  public int encodedLength(CharSequence text) {
    return EncodeDriver.encodedLength(encodeKernel, text, 0, text.length(), policy);
  }

  /**
   * Exact number of bytes {@link #encode} writes for {@code text[beginIndex, endIndex)}.
   *
   * @throws MalformedTextException under STRICT, at the first char that cannot be encoded
   * @throws IllegalArgumentException if the length exceeds {@code Integer.MAX_VALUE} bytes
   */
  public int encodedLength(CharSequence text, int beginIndex, int endIndex) {
    Objects.checkFromToIndex(beginIndex, endIndex, text.length());
    return EncodeDriver.encodedLength(encodeKernel, text, beginIndex, endIndex, policy);
  }

  /**
   * Encodes {@code text} into a new array of exactly the encoded length: one pass counts, a second
   * encodes.
   *
   * @throws java.util.ConcurrentModificationException if the text changed between the two passes (a
   *     {@code StringBuilder} another thread writes to, a {@code CharSequence} that is not stable), rather
   *     than return an array with trailing zeros or none
   */
  public byte[] encode(CharSequence text) {
    return EncodeDriver.encodeToArray(encodeKernel, text, policy);
  }

  /** Encodes {@code text} into {@code dst} from {@code offset}; returns the bytes written. */
  public int encode(CharSequence text, byte[] dst, int offset) {
    return encode(text, 0, text.length(), dst, offset);
  }

  /**
   * Encodes {@code text[beginIndex, endIndex)} into {@code dst} from {@code offset}.
   *
   * @return the number of bytes written
   * @throws BufferTooSmallException if the bytes do not fit between {@code offset} and the end of
   *     {@code dst}; nothing was written past the end, and the exception says how many bytes are needed
   *     (counted in a second pass, only on this path)
   * @throws MalformedTextException under STRICT, at the first char that cannot be encoded
   * @throws java.util.ConcurrentModificationException if the text did not fit, but the length counted
   *     after that does: it changed during the call
   */
  public int encode(CharSequence text, int beginIndex, int endIndex, byte[] dst, int offset) {
    Objects.checkFromToIndex(beginIndex, endIndex, text.length());
    Objects.checkFromToIndex(offset, dst.length, dst.length);
    if (text instanceof String) {
      // The short path first, before the driver holds anything (see EncodeDriver.encodeShort).
      int written = EncodeDriver.encodeShort(encodeKernel, (String) text, beginIndex, endIndex, dst, offset, dst.length);
      if (written >= 0) {
        return written;
      }
    }
    return EncodeDriver.encode(encodeKernel, text, beginIndex, endIndex, dst, offset, policy);
  }

  /** Encodes {@code text} at {@code dst}'s position, heap or direct, and advances it. */
  public int encode(CharSequence text, ByteBuffer dst) {
    return encode(text, 0, text.length(), dst);
  }

  /**
   * Encodes {@code text[beginIndex, endIndex)} at {@code dst}'s position and advances the position by the
   * bytes written, which it returns.
   *
   * @throws BufferTooSmallException if the bytes do not fit in {@code dst.remaining()}; the position is
   *     unchanged (bytes between position and limit may have been overwritten)
   * @throws java.nio.ReadOnlyBufferException if {@code dst} is read-only
   * @throws java.util.ConcurrentModificationException as for arrays, with the position unchanged
   */
  public int encode(CharSequence text, int beginIndex, int endIndex, ByteBuffer dst) {
    Objects.checkFromToIndex(beginIndex, endIndex, text.length());
    return EncodeDriver.encode(encodeKernel, text, beginIndex, endIndex, dst, policy);
  }

  /** A new resumable encoder with this codec's encoding and policy; see {@link TextEncoder}. */
  public TextEncoder newEncoder() {
    return new TextEncoder(encodeKernel, policy);
  }

  // Decoding.

  /** A new resumable decoder with this codec's encoding and policy; see {@link TextDecoder}. */
  public TextDecoder newDecoder() {
    return new TextDecoder(decodeKernel, policy);
  }

  /** Decodes all of {@code src}. */
  public String decode(byte[] src) {
    return DecodeDriver.decode(decodeKernel, src, 0, src.length, policy, 0);
  }

  /**
   * Decodes {@code src[offset, offset + length)}.
   *
   * @throws MalformedTextException under STRICT, with the array index of the first ill-formed sequence
   */
  public String decode(byte[] src, int offset, int length) {
    Objects.checkFromIndexSize(offset, length, src.length);
    return DecodeDriver.decode(decodeKernel, src, offset, offset + length, policy, 0);
  }

  /**
   * Decodes {@code src} from its position to its limit, heap or direct, and moves the position to the
   * limit. Under STRICT an error leaves the position unchanged and reports the buffer index.
   */
  public String decode(ByteBuffer src) {
    return DecodeDriver.decode(decodeKernel, src, policy);
  }

  // Validation: the same rules as strict decoding, allocating nothing.

  /** True if {@code src} is well-formed in this encoding. */
  public boolean isValid(byte[] src) {
    return decodeKernel.validUpTo(src, 0, src.length) == src.length;
  }

  /** True if {@code src[offset, offset + length)} is well-formed in this encoding. */
  public boolean isValid(byte[] src, int offset, int length) {
    return validUpTo(src, offset, length) == offset + length;
  }

  /** True if {@code src} from position to limit is well-formed; the position is unchanged. */
  public boolean isValid(ByteBuffer src) {
    return DecodeDriver.validUpTo(decodeKernel, src) == src.limit();
  }

  /**
   * Array index after the longest well-formed prefix of {@code src[offset, offset + length)}: equal to
   * {@code offset + length} when all of it is valid. Strict decoding of the same bytes fails at exactly
   * this index.
   */
  public int validUpTo(byte[] src, int offset, int length) {
    Objects.checkFromIndexSize(offset, length, src.length);
    return decodeKernel.validUpTo(src, offset, offset + length);
  }

  /** Buffer index after the longest well-formed prefix from position to limit; the position is unchanged. */
  public int validUpTo(ByteBuffer src) {
    return DecodeDriver.validUpTo(decodeKernel, src);
  }

  /** As {@link #validate(byte[], int, int)} for all of {@code src}. */
  public TextValidation validate(byte[] src) {
    return DecodeDriver.validate(decodeKernel, src, 0, src.length);
  }

  /**
   * Validates {@code src[offset, offset + length)} and says where the valid prefix ends, and whether what
   * follows is ill-formed ({@code errorLength() > 0}) or merely cut short
   * ({@link TextValidation#isTruncated}). Allocates only the answer.
   */
  public TextValidation validate(byte[] src, int offset, int length) {
    Objects.checkFromIndexSize(offset, length, src.length);
    return DecodeDriver.validate(decodeKernel, src, offset, offset + length);
  }

  /** Validates {@code src} from position to limit; indices are buffer indices. Position unchanged. */
  public TextValidation validate(ByteBuffer src) {
    return DecodeDriver.validate(decodeKernel, src);
  }

  @Override
  public String toString() {
    return name() + " (" + policy + ")";
  }
}
