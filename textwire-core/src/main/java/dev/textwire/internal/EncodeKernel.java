package dev.textwire.internal;

import dev.textwire.ErrorPolicy;
import java.nio.ByteBuffer;

/**
 * What the resumable encoder needs from an encoding: its chunk kernel, its Latin-1 lane, and how it
 * writes a surrogate pair and an unpaired surrogate, the two things a carried high surrogate can turn out
 * to be. The UTF-8 family ({@link Utf8Variant}) and single-byte code pages ({@link SingleByteTable}) each
 * implement it, so one {@link ResumableEncoder} serves every codec.
 */
interface EncodeKernel {
  /** The encoding's name, for messages. */
  String encodingName();

  /**
   * Encodes {@code scratch.chars[sp, count)} into {@code dst[dp, dl)}, never part of a character; when
   * {@code endOfInput} is false, stops before a high surrogate at {@code count - 1}.
   *
   * @return {@link Progress} of the chars and {@code dst}
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

  /** Whether {@link #encodeLatin1} takes a String's Latin-1 bytes (then no char in them can fail). */
  boolean encodesLatin1();

  /** Encodes Latin-1 chars held as bytes; returns {@link Progress}. */
  long encodeLatin1(byte[] src, int sp, int sl, byte[] dst, int dp, int dl);

  /** Bytes written for {@code chars[begin, end)}, which are known to encode without error. */
  long encodedLength(char[] chars, int begin, int end, ErrorPolicy policy);

  /**
   * Whether a high surrogate at the end of a piece must wait for the next piece: true where a pair is
   * encoded differently from its two halves on their own. Modified UTF-8 writes every surrogate as it
   * comes, so it carries nothing, and a trailing high surrogate that did not fit the window is simply
   * the next char to encode.
   */
  default boolean carriesHighSurrogate() {
    return true;
  }

  /** Bytes written for a surrogate pair. */
  int pairLength();

  /** Writes a surrogate pair; may throw under STRICT where the pair has no encoding. */
  int putPair(char high, char low, byte[] dst, int dp, ErrorPolicy policy, long charIndex);

  /** Bytes written for an unpaired surrogate; throws under STRICT where it is an error. */
  int unpairedLength(ErrorPolicy policy, char surrogate, long charIndex);

  /** Writes what {@link #unpairedLength} counted. */
  int putUnpaired(char surrogate, int length, byte[] dst, int dp, ErrorPolicy policy);
}
