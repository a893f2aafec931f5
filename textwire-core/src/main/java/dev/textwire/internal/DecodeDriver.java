package dev.textwire.internal;

import dev.textwire.ErrorPolicy;
import dev.textwire.TextValidation;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * Decodes and validates whole inputs, arrays and buffers, in any encoding, over its {@link DecodeKernel}.
 * Decoding picks the cheapest shape for the String: bytes that are their own Latin-1 chars go in with one
 * copy and no scratch; Latin-1 text becomes one byte per char (a compact string's layout); anything else
 * chars. Arguments are checked by the public API; offsets in errors are indices in the caller's array or
 * buffer, plus {@code offsetBias}.
 */
public final class DecodeDriver {
  private DecodeDriver() {}

  public static String decode(DecodeKernel kernel, byte[] src, int begin, int end, ErrorPolicy policy, long offsetBias) {
    int plainEnd = kernel.plainPrefix(src, begin, end);
    if (plainEnd == end) {
      // The JDK's Latin-1 constructor is one copy into a compact string, and no scratch.
      return new String(src, begin, end - begin, StandardCharsets.ISO_8859_1);
    }
    // No detour through the JDK's new String(bytes, UTF_8) for mostly-ASCII text on JDK 25, as there was
    // until issue 15's stop 37: measured at more lengths than the 512 chars it was chosen on, it lost at 16
    // to 384 chars, 576, 4,096 and 65,536 and on the English article, and won at 448 to 768, where C2 had
    // compiled our fast section apart from its caller (docs/BENCHMARKS.md, stop 37).
    Scratch scratch = Scratch.borrow();
    try {
      return decode(kernel, src, begin, plainEnd, end, policy, offsetBias, scratch.decodeSpace, Scratch.DECODE_MAX_CHARS);
    } finally {
      scratch.giveBack();
    }
  }

  /**
   * As {@link #decode(DecodeKernel, byte[], int, int, ErrorPolicy, long)}, in {@code space}, whose arrays
   * are kept up to {@code maxRetainedChars}: for a caller that lends its own.
   */
  static String decode(
      DecodeKernel kernel,
      byte[] src,
      int begin,
      int end,
      ErrorPolicy policy,
      long offsetBias,
      DecodeSpace space,
      int maxRetainedChars) {
    int plainEnd = kernel.plainPrefix(src, begin, end);
    if (plainEnd == end) {
      return new String(src, begin, end - begin, StandardCharsets.ISO_8859_1);
    }
    return decode(kernel, src, begin, plainEnd, end, policy, offsetBias, space, maxRetainedChars);
  }

  /** Decodes {@code src[begin, end)}, whose bytes before {@code plainEnd < end} are their own chars. */
  private static String decode(
      DecodeKernel kernel,
      byte[] src,
      int begin,
      int plainEnd,
      int end,
      ErrorPolicy policy,
      long offsetBias,
      DecodeSpace space,
      int maxRetainedChars) {
    int byteCount = end - begin; // never fewer bytes than chars, in any encoding here
    int sp = plainEnd;
    int charCount = 0;
    char[] chars;
    if (kernel.startsLatin1(src[plainEnd])) {
      // Latin-1 text decodes to one byte per char, the shape of a compact string: one copy into it.
      byte[] latin1 = space.latin1(byteCount, maxRetainedChars);
      try {
        if (plainEnd > begin) { // measured: a call with length 0 cost EBCDIC decoding 27 ns of 130
          System.arraycopy(src, begin, latin1, 0, plainEnd - begin);
        }
        long progress = kernel.decodeLatin1(src, plainEnd, end, latin1, plainEnd - begin);
        sp = IndexPair.source(progress);
        charCount = IndexPair.destination(progress);
        if (sp == end) {
          return new String(latin1, 0, charCount, StandardCharsets.ISO_8859_1);
        }
        // A wider character, or ill-formed bytes: widen what we have and let the general loop go on.
        chars = space.chars(byteCount, maxRetainedChars);
        for (int i = 0; i < charCount; i++) {
          chars[i] = (char) (latin1[i] & 0xFF);
        }
      } finally {
        space.done(latin1);
      }
    } else {
      chars = space.chars(byteCount, maxRetainedChars);
      for (int i = begin; i < plainEnd; i++) {
        chars[charCount++] = (char) (src[i] & 0xFF);
      }
    }
    try {
      long progress = kernel.decode(src, sp, end, chars, charCount, byteCount, true, policy, offsetBias);
      return new String(chars, 0, IndexPair.destination(progress));
    } finally {
      space.done(chars);
    }
  }

  /** Decodes from position to limit and moves the position to the limit (not on error). */
  public static String decode(DecodeKernel kernel, ByteBuffer src, ErrorPolicy policy) {
    int position = src.position();
    int limit = src.limit();
    String text;
    if (src.hasArray()) {
      int base = src.arrayOffset();
      text = decode(kernel, src.array(), base + position, base + limit, policy, -base);
    } else {
      byte[] copy = new byte[limit - position];
      src.get(position, copy);
      text = decode(kernel, copy, 0, copy.length, policy, position);
    }
    src.position(limit);
    return text;
  }

  public static TextValidation validate(DecodeKernel kernel, byte[] src, int begin, int end) {
    int validUpTo = kernel.validUpTo(src, begin, end);
    int errorLength = validUpTo == end ? 0 : kernel.errorLength(src, validUpTo, end);
    return new TextValidation(validUpTo, errorLength, end);
  }

  /** Buffer index after the longest well-formed prefix from position to limit; the position is unchanged. */
  public static int validUpTo(DecodeKernel kernel, ByteBuffer src) {
    int position = src.position();
    int limit = src.limit();
    if (src.hasArray()) {
      int base = src.arrayOffset();
      return kernel.validUpTo(src.array(), base + position, base + limit) - base;
    }
    // Direct: validate chunk by chunk; a sequence cut by a chunk's end is read again with the next.
    Scratch scratch = Scratch.borrow();
    try {
      byte[] chunk = scratch.encoded;
      int index = position;
      while (index < limit) {
        int count = Math.min(limit - index, chunk.length);
        src.get(index, chunk, 0, count);
        int valid = kernel.validUpTo(chunk, 0, count);
        if (valid == count) {
          index += count;
          continue;
        }
        boolean cutByChunk = kernel.errorLength(chunk, valid, count) == 0;
        if (cutByChunk && index + count < limit) {
          index += valid; // valid > 0: a chunk holds far more than one sequence
          continue;
        }
        return index + valid;
      }
      return limit;
    } finally {
      scratch.giveBack();
    }
  }

  /** As {@link #validate(DecodeKernel, byte[], int, int)} from position to limit, in buffer indices. */
  public static TextValidation validate(DecodeKernel kernel, ByteBuffer src) {
    int validUpTo = validUpTo(kernel, src);
    int limit = src.limit();
    if (validUpTo == limit) {
      return new TextValidation(validUpTo, 0, limit);
    }
    byte[] tail = new byte[Math.min(8, limit - validUpTo)]; // the longest subpart is 6 bytes (CESU-8)
    src.get(validUpTo, tail);
    int errorLength = kernel.errorLength(tail, 0, tail.length);
    return new TextValidation(validUpTo, errorLength, limit);
  }
}
