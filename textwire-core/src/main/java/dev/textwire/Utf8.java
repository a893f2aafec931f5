package dev.textwire;

import java.nio.ByteBuffer;

/**
 * UTF-8: exact length, encoding straight into arrays and buffers, decoding and validation, with errors
 * that say where. These static methods are {@link TextCodecs#UTF_8}, the {@link ErrorPolicy#STRICT}
 * codec, by a shorter name; {@link #codec(ErrorPolicy)} gives the same operations under another policy.
 * Thread-safe; no global mutable state.
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

  private static final TextCodec STRICT = TextCodecs.UTF_8;

  /** The UTF-8 codec that applies {@code policy}. */
  public static TextCodec codec(ErrorPolicy policy) {
    return STRICT.withPolicy(policy);
  }

  /** A new resumable encoder that throws at unpaired surrogates; see {@link TextEncoder}. */
  public static TextEncoder newEncoder() {
    return STRICT.newEncoder();
  }

  /** A new resumable decoder that throws at ill-formed bytes; see {@link TextDecoder}. */
  public static TextDecoder newDecoder() {
    return STRICT.newDecoder();
  }

  /** Exact UTF-8 byte count of {@code text}; allocates nothing. */
  public static int encodedLength(CharSequence text) {
    return STRICT.encodedLength(text);
  }

  /** Exact UTF-8 byte count of {@code text[beginIndex, endIndex)}. */
  public static int encodedLength(CharSequence text, int beginIndex, int endIndex) {
    return STRICT.encodedLength(text, beginIndex, endIndex);
  }

  /**
   * Encodes {@code text} into a new array of exactly its length.
   *
   * @throws java.util.ConcurrentModificationException if the text changed during the call (a first pass
   *     counts the bytes, a second writes them, and they disagree)
   */
  public static byte[] encode(CharSequence text) {
    return STRICT.encode(text);
  }

  /** Encodes {@code text} into {@code dst} from {@code offset}; see {@link TextCodec#encode}. */
  public static int encode(CharSequence text, byte[] dst, int offset) {
    return STRICT.encode(text, dst, offset);
  }

  /** Encodes {@code text[beginIndex, endIndex)} into {@code dst} from {@code offset}. */
  public static int encode(CharSequence text, int beginIndex, int endIndex, byte[] dst, int offset) {
    return STRICT.encode(text, beginIndex, endIndex, dst, offset);
  }

  /** Encodes {@code text} at {@code dst}'s position and advances it. */
  public static int encode(CharSequence text, ByteBuffer dst) {
    return STRICT.encode(text, dst);
  }

  /** Encodes {@code text[beginIndex, endIndex)} at {@code dst}'s position and advances it. */
  public static int encode(CharSequence text, int beginIndex, int endIndex, ByteBuffer dst) {
    return STRICT.encode(text, beginIndex, endIndex, dst);
  }

  /** Decodes all of {@code src}, strictly. */
  public static String decode(byte[] src) {
    return STRICT.decode(src);
  }

  /** Decodes {@code src[offset, offset + length)}, strictly. */
  public static String decode(byte[] src, int offset, int length) {
    return STRICT.decode(src, offset, length);
  }

  /** Decodes {@code src} from position to limit, strictly, and moves the position to the limit. */
  public static String decode(ByteBuffer src) {
    return STRICT.decode(src);
  }

  /** True if {@code src} is well-formed UTF-8. */
  public static boolean isValid(byte[] src) {
    return STRICT.isValid(src);
  }

  /** True if {@code src[offset, offset + length)} is well-formed UTF-8. */
  public static boolean isValid(byte[] src, int offset, int length) {
    return STRICT.isValid(src, offset, length);
  }

  /** True if {@code src} from position to limit is well-formed UTF-8; the position is unchanged. */
  public static boolean isValid(ByteBuffer src) {
    return STRICT.isValid(src);
  }

  /**
   * Array index after the longest well-formed prefix of {@code src[offset, offset + length)}: equal to
   * {@code offset + length} when all of it is valid. Allocates nothing.
   */
  public static int validUpTo(byte[] src, int offset, int length) {
    return STRICT.validUpTo(src, offset, length);
  }

  /** Buffer index after the longest well-formed prefix from position to limit; the position is unchanged. */
  public static int validUpTo(ByteBuffer src) {
    return STRICT.validUpTo(src);
  }

  /**
   * Validates {@code src[offset, offset + length)} and says where the valid prefix ends, and whether what
   * follows is ill-formed ({@code errorLength() > 0}) or merely cut short ({@link TextValidation#isTruncated}).
   */
  public static TextValidation validate(byte[] src, int offset, int length) {
    return STRICT.validate(src, offset, length);
  }

  /** Validates {@code src} from position to limit; indices are buffer indices. Position unchanged. */
  public static TextValidation validate(ByteBuffer src) {
    return STRICT.validate(src);
  }
}
