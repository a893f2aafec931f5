package dev.textwire.internal;

import dev.textwire.ErrorPolicy;

/**
 * What the decode drivers ({@link DecodeDriver} for whole inputs, {@link ResumableDecoder} for pieces of a
 * stream) need from an encoding. The UTF-8 family ({@link Utf8Kernel}) and the single-byte code pages
 * ({@link SingleByteKernel}) implement it. Kernels call nothing above them; arguments are checked by the
 * public API; {@code offsetBias} turns an index in {@code src} into the offset an error reports.
 */
public interface DecodeKernel {
  /** The encoding's name, for messages. */
  String encodingName();

  /**
   * Index after the leading bytes of {@code src[begin, end)} that are their own Latin-1 chars (ASCII in
   * UTF-8, every byte in ISO-8859-1): a String can be built from them with one copy.
   */
  int plainPrefix(byte[] src, int begin, int end);

  /** Whether {@link #decodeLatin1} may get anywhere from the sequence that starts with {@code lead}. */
  boolean startsLatin1(byte lead);

  /**
   * Decodes the leading characters of {@code src[sp, sl)} that are all in Latin-1 into one byte per char
   * (the shape of a compact string), stopping at the first that is not, well-formed or not. {@code dst}
   * has room for {@code sl - sp} bytes from {@code dp}.
   *
   * @return {@link IndexPair} of {@code src} and {@code dst}
   */
  long decodeLatin1(byte[] src, int sp, int sl, byte[] dst, int dp);

  /**
   * Decodes {@code src[sp, sl)} into {@code dst[dp, dl)}. Stops when the next character does not fit, or,
   * when {@code endOfInput} is false, before a sequence cut short by {@code sl}; never before a
   * character when {@code dst} has room for two chars and the input holds it whole.
   *
   * @return {@link IndexPair} of source and destination
   */
  long decode(
      byte[] src, int sp, int sl, char[] dst, int dp, int dl, boolean endOfInput, ErrorPolicy policy, long offsetBias);

  /** Index after the longest well-formed prefix of {@code src[begin, end)}. */
  int validUpTo(byte[] src, int begin, int end);

  /**
   * The length of the ill-formed sequence at {@code src[index]} (its maximal subpart), or 0 if the input
   * merely ends inside a sequence that more bytes could complete.
   */
  int errorLength(byte[] src, int index, int end);

  /** The most bytes a sequence cut short by the end of a piece can hold (a decoder carries them). */
  int maxCarriedBytes();
}
