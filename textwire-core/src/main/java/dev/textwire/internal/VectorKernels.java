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

  /** A short description for diagnostics, such as {@code "512-bit"}. */
  String shape();
}
