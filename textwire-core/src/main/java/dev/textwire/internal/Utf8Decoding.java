package dev.textwire.internal;

import dev.textwire.ErrorPolicy;
import dev.textwire.Utf8Validation;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * Decoding and validation of arrays and buffers in UTF-8 or one of its {@link Utf8Variant}s. Arguments are checked by the public API;
 * reported offsets are indices in the caller's array or buffer.
 */
public final class Utf8Decoding {
  private Utf8Decoding() {}

  public static String decode(byte[] src, int begin, int end, ErrorPolicy policy) {
    return decode(src, begin, end, policy, 0);
  }

  /** As {@link #decode(byte[], int, int, ErrorPolicy)}, reporting errors at {@code index + offsetBias}. */
  public static String decode(byte[] src, int begin, int end, ErrorPolicy policy, long offsetBias) {
    return decode(src, begin, end, policy, offsetBias, Utf8Variant.UTF_8);
  }

  /** As {@link #decode(byte[], int, int, ErrorPolicy, long)}, in {@code variant}. */
  public static String decode(
      byte[] src, int begin, int end, ErrorPolicy policy, long offsetBias, Utf8Variant variant) {
    int asciiEnd = asciiEnd(src, begin, end, variant);
    if (asciiEnd == end) {
      // All ASCII: the JDK's Latin-1 constructor is one copy into a compact string, and no scratch.
      return new String(src, begin, end - begin, StandardCharsets.ISO_8859_1);
    }
    Scratch scratch = Scratch.borrow();
    try {
      return decodeFrom(
          src, begin, asciiEnd, end, policy, offsetBias, variant, scratch.decodeSpace, Scratch.DECODE_MAX_CHARS);
    } finally {
      scratch.giveBack();
    }
  }

  /**
   * As {@link #decode(byte[], int, int, ErrorPolicy, long, Utf8Variant)}, in {@code space}, whose arrays
   * are kept up to {@code maxRetainedChars}.
   */
  static String decode(
      byte[] src,
      int begin,
      int end,
      ErrorPolicy policy,
      long offsetBias,
      Utf8Variant variant,
      DecodeSpace space,
      int maxRetainedChars) {
    int asciiEnd = asciiEnd(src, begin, end, variant);
    if (asciiEnd == end) {
      return new String(src, begin, end - begin, StandardCharsets.ISO_8859_1);
    }
    return decodeFrom(src, begin, asciiEnd, end, policy, offsetBias, variant, space, maxRetainedChars);
  }

  private static int asciiEnd(byte[] src, int begin, int end, Utf8Variant variant) {
    return variant.nulAsTwoBytes ? Swar.skipAsciiNonZero(src, begin, end) : Swar.skipAscii(src, begin, end);
  }

  /** Decodes {@code src[begin, end)}, whose bytes before {@code asciiEnd < end} are ASCII. */
  private static String decodeFrom(
      byte[] src,
      int begin,
      int asciiEnd,
      int end,
      ErrorPolicy policy,
      long offsetBias,
      Utf8Variant variant,
      DecodeSpace space,
      int maxRetainedChars) {
    int byteCount = end - begin;
    int sp = asciiEnd;
    int charCount = 0;
    char[] chars;
    byte lead = src[asciiEnd];
    if (lead == (byte) 0xC2 || lead == (byte) 0xC3) {
      // Latin-1 text (most of Western Europe's) decodes to one byte per char, the shape of a compact
      // string: eight ASCII bytes per store, then one copy into the string.
      byte[] latin1 = space.latin1(byteCount, maxRetainedChars);
      System.arraycopy(src, begin, latin1, 0, asciiEnd - begin);
      long progress = Utf8Kernel.decodeLatin1(src, asciiEnd, end, latin1, asciiEnd - begin, variant);
      sp = Progress.source(progress);
      charCount = Progress.destination(progress);
      if (sp == end) {
        return new String(latin1, 0, charCount, StandardCharsets.ISO_8859_1);
      }
      // A wider character, or ill-formed bytes: widen what we have and let the general kernel go on.
      chars = space.chars(byteCount, maxRetainedChars); // never more chars than bytes
      for (int i = 0; i < charCount; i++) {
        chars[i] = (char) (latin1[i] & 0xFF);
      }
    } else {
      chars = space.chars(byteCount, maxRetainedChars);
      for (int i = begin; i < asciiEnd; i++) {
        chars[charCount++] = (char) src[i];
      }
    }
    long progress =
        Utf8Kernel.decode(src, sp, end, chars, charCount, byteCount, true, policy, offsetBias, variant);
    return new String(chars, 0, Progress.destination(progress));
  }

  /**
   * One step of a streaming decode: {@code src[sp, sl)} into {@code dst[dp, dl)}, stopping when
   * {@code dst} is full or, unless {@code endOfInput}, before a sequence cut short by {@code sl}. Errors
   * report {@code offsetBias + index}.
   *
   * @return {@link Progress} of source and destination
   */
  public static long decodeChunk(
      byte[] src, int sp, int sl, char[] dst, int dp, int dl, boolean endOfInput, ErrorPolicy policy, long offsetBias) {
    return Utf8Kernel.decode(src, sp, sl, dst, dp, dl, endOfInput, policy, offsetBias, Utf8Variant.UTF_8);
  }

  /** As {@link #decodeChunk(byte[], int, int, char[], int, int, boolean, ErrorPolicy, long)}, in a variant. */
  public static long decodeChunk(
      byte[] src,
      int sp,
      int sl,
      char[] dst,
      int dp,
      int dl,
      boolean endOfInput,
      ErrorPolicy policy,
      long offsetBias,
      Utf8Variant variant) {
    return Utf8Kernel.decode(src, sp, sl, dst, dp, dl, endOfInput, policy, offsetBias, variant);
  }

  /** Decodes from position to limit and moves the position to the limit (not on error). */
  public static String decode(ByteBuffer src, ErrorPolicy policy) {
    return decode(src, policy, Utf8Variant.UTF_8);
  }

  public static String decode(ByteBuffer src, ErrorPolicy policy, Utf8Variant variant) {
    int position = src.position();
    int limit = src.limit();
    String text;
    if (src.hasArray()) {
      int base = src.arrayOffset();
      text = decode(src.array(), base + position, base + limit, policy, -base, variant);
    } else {
      byte[] copy = new byte[limit - position];
      src.get(position, copy);
      text = decode(copy, 0, copy.length, policy, position, variant);
    }
    src.position(limit);
    return text;
  }

  public static int validUpTo(byte[] src, int begin, int end) {
    return Utf8Kernel.validUpTo(src, begin, end);
  }

  public static int validUpTo(byte[] src, int begin, int end, Utf8Variant variant) {
    return Utf8Kernel.validUpTo(src, begin, end, variant);
  }

  /** The maximal subpart's length at {@code index}, or 0 if the input ends inside the sequence. */
  public static int errorLength(byte[] src, int index, int end) {
    int subpart = Utf8Kernel.maximalSubpart(src, index, end);
    return (subpart & Utf8Kernel.TRUNCATED) != 0 ? 0 : subpart;
  }

  /** Buffer index after the longest well-formed prefix from position to limit. */
  public static int validUpTo(ByteBuffer src) {
    return validUpTo(src, Utf8Variant.UTF_8);
  }

  public static int validUpTo(ByteBuffer src, Utf8Variant variant) {
    int position = src.position();
    int limit = src.limit();
    if (src.hasArray()) {
      int base = src.arrayOffset();
      return Utf8Kernel.validUpTo(src.array(), base + position, base + limit, variant) - base;
    }
    // Direct: validate chunk by chunk; a sequence cut by a chunk's end is read again with the next.
    Scratch scratch = Scratch.borrow();
    try {
      return validUpTo(src, position, limit, variant, scratch.encoded);
    } finally {
      scratch.giveBack();
    }
  }

  private static int validUpTo(ByteBuffer src, int position, int limit, Utf8Variant variant, byte[] chunk) {
    int index = position;
    while (index < limit) {
      int count = Math.min(limit - index, chunk.length);
      src.get(index, chunk, 0, count);
      int valid = Utf8Kernel.validUpTo(chunk, 0, count, variant);
      if (valid == count) {
        index += count;
        continue;
      }
      boolean cutByChunk = (Utf8Kernel.maximalSubpart(chunk, valid, count, variant) & Utf8Kernel.TRUNCATED) != 0;
      if (cutByChunk && index + count < limit) {
        index += valid; // valid > 0: a chunk holds far more than one sequence
        continue;
      }
      return index + valid;
    }
    return limit;
  }

  public static Utf8Validation validate(ByteBuffer src) {
    int validUpTo = validUpTo(src);
    int limit = src.limit();
    if (validUpTo == limit) {
      return new Utf8Validation(validUpTo, 0, limit);
    }
    byte[] tail = new byte[Math.min(4, limit - validUpTo)];
    src.get(validUpTo, tail);
    return new Utf8Validation(validUpTo, errorLength(tail, 0, tail.length), limit);
  }
}
