package dev.textwire.internal;

import dev.textwire.ErrorPolicy;
import java.nio.ByteBuffer;

/**
 * What the encode drivers ({@link EncodeDriver} for a whole text, {@link ResumableEncoder} for a window at
 * a time) need from an encoding. The UTF-8 family ({@link Utf8Kernel}) and the single-byte code pages
 * ({@link SingleByteKernel}) implement it; the drivers choose the access path (a String's own Latin-1
 * bytes, a short String by {@code charAt}, chunks of chars in scratch) and the kernel does the work on it.
 * Kernels call nothing above them. Arguments are checked by the public API.
 */
public interface EncodeKernel {
  /** The encoding's name, for messages. */
  String encodingName();

  /** The most bytes one char can take (a surrogate pair counts as two chars). */
  int maxBytesPerChar();

  /** The fewest bytes {@code charCount} chars can take under any policy. */
  long minEncodedLength(long charCount);

  /** Whether {@link #encodeLatin1} takes a String's Latin-1 bytes (then no char in them can fail). */
  boolean encodesLatin1();

  /** Bytes written for Latin-1 chars held as bytes, {@code latin1[begin, end)}. */
  long latin1Length(byte[] latin1, int begin, int end);

  /**
   * Encodes Latin-1 chars held as bytes into {@code dst[dp, dl)}, stopping before a char that does not
   * fit whole.
   *
   * @return {@link IndexPair} of {@code src} and {@code dst}
   */
  long encodeLatin1(byte[] src, int sp, int sl, byte[] dst, int dp, int dl);

  /**
   * Bytes written for a short String (read by {@code charAt}, or by {@code codePointAt} where
   * {@link ShortStrings#readByCharAt} says no), or -1 if it is not the common case: asked where
   * {@link ShortStrings#counts} says (a kernel with no path for longer Strings answers -1).
   */
  int shortLength(String text, int begin, int end);

  /**
   * Encodes a short String (read as {@link #shortLength} says) into {@code dst[dp, dl)}, asked where
   * {@link ShortStrings#encodes} says: bytes written, or -1 if it is not the common case or does not fit
   * (bytes may have been written; the caller starts over).
   */
  int encodeShort(String text, int begin, int end, byte[] dst, int dp, int dl);

  /**
   * {@link #encodeShort(String, int, int, byte[], int, int)} into a direct buffer's {@code [dp, dl)}, by
   * absolute puts or a small staged copy, never moving its position; -1 as there, or where the kernel
   * leaves direct buffers to the general path.
   */
  int encodeShort(String text, int begin, int end, ByteBuffer dst, int dp, int dl);

  /**
   * Bytes written for {@code chars[begin, end)}; throws under STRICT at a char with no encoding.
   *
   * @param charIndexBias added to an index in {@code chars} to give the char index reported
   */
  long chunkLength(char[] chars, int begin, int end, ErrorPolicy policy, long charIndexBias);

  /**
   * Encodes {@code scratch.chars[sp, count)} into {@code dst[dp, dl)}, never part of a character; when
   * {@code endOfInput} is false, stops before a high surrogate at {@code count - 1}.
   *
   * @param dstView a heap ByteBuffer over {@code dst} the caller already has, or null; see
   *     {@link JdkEncoders#encodeAsciiPrefix}
   * @return {@link IndexPair} of the chars and {@code dst}
   */
  long encodeChunk(
      Scratch scratch,
      int sp,
      int count,
      byte[] dst,
      int dp,
      int dl,
      boolean endOfInput,
      ErrorPolicy policy,
      long charIndexBias,
      ByteBuffer dstView);

  /**
   * Whether a high surrogate at the end of a piece must wait for the next piece: true where a pair is
   * encoded differently from its two halves on their own. Modified UTF-8 writes every surrogate as it
   * comes, so it carries nothing, and a trailing high surrogate that did not fit the window is simply
   * the next char to encode.
   */
  boolean carriesHighSurrogate();

  /** Bytes written for a surrogate pair. */
  int pairLength();

  /** Writes a surrogate pair; may throw under STRICT where the pair has no encoding. */
  int putPair(char high, char low, byte[] dst, int dp, ErrorPolicy policy, long charIndex);

  /** Bytes written for an unpaired surrogate; throws under STRICT where it is an error. */
  int unpairedLength(ErrorPolicy policy, char surrogate, long charIndex);

  /** Writes what {@link #unpairedLength} counted. */
  int putUnpaired(char surrogate, int length, byte[] dst, int dp, ErrorPolicy policy);
}
