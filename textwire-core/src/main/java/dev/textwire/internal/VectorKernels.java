package dev.textwire.internal;

/**
 * The kernels of the SIMD tier, as the rest of core sees them: an interface with no type of the
 * incubating Vector API in it, implemented in {@code dev.textwire.internal.vector}, a package compiled
 * on its own (src/main/vector) and loaded by {@link VectorTier} only when the JVM has the module.
 *
 * <p>Each kernel does the part it can prove and hands the rest back: it returns how far it got, always
 * at a point where the scalar kernel can carry on (a char or sequence boundary, never inside a surrogate
 * pair or a UTF-8 sequence), and it never reports an error. Errors, policies and the last few elements
 * stay in the scalar kernels, so they exist once.
 */
public interface VectorKernels {
  /**
   * Exact UTF-8 length of a prefix of {@code src[begin, end)}: an {@link IndexPair} of the index where it
   * stopped and the bytes needed beyond one per char up to there. It stops before the first unpaired
   * surrogate it sees (a low one at {@code begin} included) and within a vector of {@code end}, and
   * never between the two halves of a pair. Chars before {@code begin} are not read.
   */
  long utf8Length(char[] src, int begin, int end);

  /**
   * Index after a well-formed UTF-8 prefix of {@code src[begin, end)}, at a sequence boundary: every
   * sequence before it is complete and well-formed. It may stop short of the longest such prefix (at a
   * vector holding an error, or within a few vectors of {@code end}); the scalar kernel goes on from
   * there. It reads the three bytes before {@code begin} (their high nibbles tell what {@code begin}
   * must be), so {@code begin >= 3}, and they must end with a complete, well-formed sequence.
   */
  int validUtf8Prefix(byte[] src, int begin, int end);

  /**
   * As {@link #validUtf8Prefix}, stopping also before any 4-byte lead when {@code noFourBytes} and any 00
   * byte when {@code noNul}: the prefix is then well-formed in CESU-8 ({@code noFourBytes}) and in
   * modified UTF-8 (both) as well. It stops at their own forms (encoded surrogates, C0 80), which are
   * ill-formed UTF-8, for the variant's scalar kernel.
   */
  int validUtf8FamilyPrefix(byte[] src, int begin, int end, boolean noFourBytes, boolean noNul);

  /**
   * Encodes a prefix of {@code src[begin, end)} as UTF-8 into {@code dst} from {@code dstBegin}: an
   * {@link IndexPair} of the source and destination indices where it stopped. It stops before anything
   * it does not encode (an unpaired surrogate, text its blocks do not cover), within a few vectors of
   * {@code end} or of {@code dstEnd}, and never between the two halves of a pair. It writes nothing at
   * or past {@code dstEnd}. It may write up to 12 bytes past those it reports, but only where the chars
   * after its stop (8, or 16 after a block of mixed lengths) hold no surrogate and fit, so that encoding
   * them (which the caller does next) writes over every such byte.
   */
  long encodeUtf8(char[] src, int begin, int end, byte[] dst, int dstBegin, int dstEnd);

  /**
   * Decodes a well-formed UTF-8 prefix of {@code src[begin, end)} into {@code dst} from
   * {@code dstBegin}: an {@link IndexPair} of the source and destination indices where it stopped, always
   * at a sequence boundary. It stops before anything it does not decode (any ill-formed byte; 3- and
   * 4-byte sequences except among mostly-ASCII bytes) and within a few vectors of {@code end} or
   * {@code dstEnd}; it never reports an error. It writes nothing at or past {@code dstEnd}. It may write
   * up to 4 chars past those it reports, but only where the bytes after its stop hold at least 4
   * well-formed chars (and there is room for them), so that decoding them, which the caller does next,
   * writes over those chars.
   */
  long decodeUtf8(byte[] src, int begin, int end, char[] dst, int dstBegin, int dstEnd);

  /** A short description for diagnostics, such as {@code "512-bit"}. */
  String shape();
}
