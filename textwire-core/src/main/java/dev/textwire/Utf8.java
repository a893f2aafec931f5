package dev.textwire;

import dev.textwire.internal.Utf8Decoding;
import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * UTF-8: exact length, encoding straight into arrays and buffers, decoding and validation, with errors
 * that say where. These static methods apply {@link ErrorPolicy#STRICT}; {@link #codec(ErrorPolicy)} gives
 * the same operations under another policy. Thread-safe; no global mutable state.
 *
 * <p>Well-formed UTF-8 (Unicode 15, table 3-7); anything else is ill-formed:
 * <pre>
 *   code points          byte 1   byte 2   byte 3   byte 4
 *   U+0000..U+007F       00..7F
 *   U+0080..U+07FF       C2..DF   80..BF
 *   U+0800..U+0FFF       E0       A0..BF   80..BF
 *   U+1000..U+CFFF       E1..EC   80..BF   80..BF
 *   U+D000..U+D7FF       ED       80..9F   80..BF           (ED A0..BF would be a surrogate)
 *   U+E000..U+FFFF       EE..EF   80..BF   80..BF
 *   U+10000..U+3FFFF     F0       90..BF   80..BF   80..BF
 *   U+40000..U+FFFFF     F1..F3   80..BF   80..BF   80..BF
 *   U+100000..U+10FFFF   F4       80..8F   80..BF   80..BF
 * </pre>
 * C0, C1 and F5..FF never appear; E0 80..9F, F0 80..8F are overlong; F4 90..BF is above U+10FFFF.
 */
public final class Utf8 {
  private Utf8() {}

  /** The UTF-8 codec that applies {@code policy}. */
  public static Utf8Codec codec(ErrorPolicy policy) {
    return Utf8Codec.of(policy);
  }

  /** A new resumable encoder that throws at unpaired surrogates; see {@link Utf8Encoder}. */
  public static Utf8Encoder newEncoder() {
    return new Utf8Encoder(ErrorPolicy.STRICT);
  }

  /** Exact UTF-8 byte count of {@code text}; allocates nothing. */
  public static int encodedLength(CharSequence text) {
    return Utf8Codec.STRICT.encodedLength(text);
  }

  /** Exact UTF-8 byte count of {@code text[beginIndex, endIndex)}. */
  public static int encodedLength(CharSequence text, int beginIndex, int endIndex) {
    return Utf8Codec.STRICT.encodedLength(text, beginIndex, endIndex);
  }

  /**
   * Encodes {@code text} into a new array of exactly its length.
   *
   * @throws java.util.ConcurrentModificationException if the text changed during the call (a first pass
   *     counts the bytes, a second writes them, and they disagree)
   */
  public static byte[] encode(CharSequence text) {
    return Utf8Codec.STRICT.encode(text);
  }

  /** Encodes {@code text} into {@code dst} from {@code offset}; see {@link Utf8Codec#encode}. */
  public static int encode(CharSequence text, byte[] dst, int offset) {
    return Utf8Codec.STRICT.encode(text, dst, offset);
  }

  /** Encodes {@code text[beginIndex, endIndex)} into {@code dst} from {@code offset}. */
  public static int encode(CharSequence text, int beginIndex, int endIndex, byte[] dst, int offset) {
    return Utf8Codec.STRICT.encode(text, beginIndex, endIndex, dst, offset);
  }

  /** Encodes {@code text} at {@code dst}'s position and advances it. */
  public static int encode(CharSequence text, ByteBuffer dst) {
    return Utf8Codec.STRICT.encode(text, dst);
  }

  /** Encodes {@code text[beginIndex, endIndex)} at {@code dst}'s position and advances it. */
  public static int encode(CharSequence text, int beginIndex, int endIndex, ByteBuffer dst) {
    return Utf8Codec.STRICT.encode(text, beginIndex, endIndex, dst);
  }

  /** Decodes all of {@code src}, strictly. */
  public static String decode(byte[] src) {
    return Utf8Codec.STRICT.decode(src);
  }

  /** Decodes {@code src[offset, offset + length)}, strictly. */
  public static String decode(byte[] src, int offset, int length) {
    return Utf8Codec.STRICT.decode(src, offset, length);
  }

  /** Decodes {@code src} from position to limit, strictly, and moves the position to the limit. */
  public static String decode(ByteBuffer src) {
    return Utf8Codec.STRICT.decode(src);
  }

  /** True if {@code src} is well-formed UTF-8. */
  public static boolean isValid(byte[] src) {
    return isValid(src, 0, src.length);
  }

  /** True if {@code src[offset, offset + length)} is well-formed UTF-8. */
  public static boolean isValid(byte[] src, int offset, int length) {
    Objects.checkFromIndexSize(offset, length, src.length);
    return Utf8Decoding.validUpTo(src, offset, offset + length) == offset + length;
  }

  /** True if {@code src} from position to limit is well-formed UTF-8; the position is unchanged. */
  public static boolean isValid(ByteBuffer src) {
    return Utf8Decoding.validUpTo(src) == src.limit();
  }

  /**
   * Array index after the longest well-formed prefix of {@code src[offset, offset + length)}: equal to
   * {@code offset + length} when all of it is valid. Allocates nothing.
   */
  public static int validUpTo(byte[] src, int offset, int length) {
    Objects.checkFromIndexSize(offset, length, src.length);
    return Utf8Decoding.validUpTo(src, offset, offset + length);
  }

  /**
   * Validates {@code src[offset, offset + length)} and says where the valid prefix ends, and whether what
   * follows is ill-formed ({@code errorLength() > 0}) or merely cut short ({@link Utf8Validation#isTruncated}).
   */
  public static Utf8Validation validate(byte[] src, int offset, int length) {
    int end = offset + length;
    int validUpTo = validUpTo(src, offset, length);
    int errorLength = validUpTo == end ? 0 : Utf8Decoding.errorLength(src, validUpTo, end);
    return new Utf8Validation(validUpTo, errorLength, end);
  }

  /** Validates {@code src} from position to limit; indices are buffer indices. Position unchanged. */
  public static Utf8Validation validate(ByteBuffer src) {
    return Utf8Decoding.validate(src);
  }
}
