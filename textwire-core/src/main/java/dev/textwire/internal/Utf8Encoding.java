package dev.textwire.internal;

import dev.textwire.BufferTooSmallException;
import dev.textwire.ErrorPolicy;
import java.nio.ByteBuffer;
import java.nio.ReadOnlyBufferException;

/**
 * Encoding of a caller's text into arrays and buffers, in UTF-8 or one of its {@link Utf8Variant}s:
 * picks the access path (a String's own
 * Latin-1 bytes when allowed, else chunks copied into per-thread scratch) and runs the kernels over it.
 * Arguments are checked by the public API.
 */
public final class Utf8Encoding {
  private Utf8Encoding() {}

  public static int encodedLength(
      CharSequence text, int begin, int end, ErrorPolicy policy, Utf8Variant variant) {
    long length = encodedLengthAsLong(text, begin, end, policy, variant);
    if (length > Integer.MAX_VALUE) {
      throw new IllegalArgumentException(
          variant.displayName + " length of " + (end - begin) + " chars is " + length + " bytes, above 2^31-1");
    }
    return (int) length;
  }

  public static long encodedLengthAsLong(CharSequence text, int begin, int end, ErrorPolicy policy) {
    return encodedLengthAsLong(text, begin, end, policy, Utf8Variant.UTF_8);
  }

  public static long encodedLengthAsLong(
      CharSequence text, int begin, int end, ErrorPolicy policy, Utf8Variant variant) {
    if (text instanceof String) {
      String string = (String) text;
      byte[] latin1 = StringInternals.latin1Bytes(string);
      if (latin1 != null) {
        return Latin1Utf8.encodedLength(latin1, begin, end, variant.nulAsTwoBytes);
      }
      if (end - begin <= ShortStrings.MAX_CHARS) {
        int length = ShortStrings.encodedLength(string, begin, end, variant);
        if (length >= 0) {
          return length;
        }
      }
    }
    if (begin == end) {
      return 0;
    }
    Scratch scratch = Scratch.acquire();
    try {
      long length = 0;
      for (int i = begin; i < end; ) {
        int count = CharAccess.fill(text, i, end, scratch.chars);
        int narrowed =
            count >= Scratch.NARROW_MIN_CHARS && scratch.chars[0] <= 0xFF
                ? scratch.narrowLatin1(0, count)
                : 0;
        length += Latin1Utf8.encodedLength(scratch.latin1, 0, narrowed, variant.nulAsTwoBytes);
        length += CharsUtf8.encodedLength(scratch.chars, narrowed, count, policy, i, variant);
        i += count;
      }
      return length;
    } finally {
      scratch.release();
    }
  }

  /** Encodes into {@code dst[offset, dst.length)}; returns the bytes written. */
  public static int encode(
      CharSequence text, int begin, int end, byte[] dst, int offset, ErrorPolicy policy) {
    return encode(text, begin, end, dst, offset, policy, Utf8Variant.UTF_8);
  }

  public static int encode(
      CharSequence text, int begin, int end, byte[] dst, int offset, ErrorPolicy policy, Utf8Variant variant) {
    int written = encodeInto(text, begin, end, dst, offset, dst.length, policy, null, variant);
    if (written < 0) {
      throw new BufferTooSmallException(
          encodedLengthAsLong(text, begin, end, policy, variant), dst.length - offset);
    }
    return written;
  }

  /** Encodes at the buffer's position and advances it; on overflow the position does not move. */
  public static int encode(CharSequence text, int begin, int end, ByteBuffer dst, ErrorPolicy policy) {
    return encode(text, begin, end, dst, policy, Utf8Variant.UTF_8);
  }

  public static int encode(
      CharSequence text, int begin, int end, ByteBuffer dst, ErrorPolicy policy, Utf8Variant variant) {
    if (dst.isReadOnly()) {
      throw new ReadOnlyBufferException();
    }
    int position = dst.position();
    int written;
    if (dst.hasArray()) {
      int base = dst.arrayOffset();
      written =
          encodeInto(text, begin, end, dst.array(), base + position, base + dst.limit(), policy, dst, variant);
    } else {
      written = encodeIntoDirect(text, begin, end, dst, policy, variant);
    }
    if (written < 0) {
      throw new BufferTooSmallException(
          encodedLengthAsLong(text, begin, end, policy, variant), dst.remaining());
    }
    dst.position(position + written);
    return written;
  }

  /**
   * Encodes into {@code dst[dp, dl)}, for callers that frame the text (a length before it, a trailer
   * after it).
   *
   * @return bytes written, or -1 if the text did not fit (then {@code dst[dp, dl)} holds no meaning)
   */
  public static int encodeWithin(
      CharSequence text, int begin, int end, byte[] dst, int dp, int dl, ErrorPolicy policy, ByteBuffer dstView) {
    return encodeInto(text, begin, end, dst, dp, dl, policy, dstView, Utf8Variant.UTF_8);
  }

  /** As {@link #encodeWithin(CharSequence, int, int, byte[], int, int, ErrorPolicy, ByteBuffer)}, in a variant. */
  public static int encodeWithin(
      CharSequence text,
      int begin,
      int end,
      byte[] dst,
      int dp,
      int dl,
      ErrorPolicy policy,
      ByteBuffer dstView,
      Utf8Variant variant) {
    return encodeInto(text, begin, end, dst, dp, dl, policy, dstView, variant);
  }

  /** @return bytes written into {@code dst[dp, dl)}, or -1 if the text did not fit */
  private static int encodeInto(
      CharSequence text,
      int begin,
      int end,
      byte[] dst,
      int dp,
      int dl,
      ErrorPolicy policy,
      ByteBuffer dstView,
      Utf8Variant variant) {
    if (text instanceof String) {
      String string = (String) text;
      byte[] latin1 = StringInternals.latin1Bytes(string);
      if (latin1 != null) {
        long progress = Latin1Utf8.encode(latin1, begin, end, dst, dp, dl, variant.nulAsTwoBytes);
        return Progress.source(progress) == end ? Progress.destination(progress) - dp : -1;
      }
      if (end - begin <= ShortStrings.MAX_CHARS) {
        int written = ShortStrings.encode(string, begin, end, dst, dp, dl, variant);
        if (written >= 0) {
          return written;
        }
      }
    }
    int start = dp;
    if (begin == end) {
      return 0;
    }
    Scratch scratch = Scratch.acquire();
    try {
      for (int i = begin; i < end; ) {
        int count = CharAccess.fill(text, i, end, scratch.chars);
        long progress = encodeChunk(scratch, 0, count, dst, dp, dl, true, policy, i, dstView, variant);
        if (Progress.source(progress) != count) {
          return -1;
        }
        dp = Progress.destination(progress);
        i += count;
      }
      return dp - start;
    } finally {
      scratch.release();
    }
  }

  /** Direct buffers: encode a chunk into scratch, then one bulk copy (a memcpy) per chunk. */
  private static int encodeIntoDirect(
      CharSequence text, int begin, int end, ByteBuffer dst, ErrorPolicy policy, Utf8Variant variant) {
    Scratch scratch = Scratch.acquire();
    try {
      int position = dst.position();
      int limit = dst.limit();
      int dp = position;
      for (int i = begin; i < end; ) {
        int count = CharAccess.fill(text, i, end, scratch.chars);
        long progress =
            encodeChunk(
                scratch, 0, count, scratch.encoded, 0, scratch.encoded.length, true, policy, i, null, variant);
        int bytes = Progress.destination(progress);
        if (bytes > limit - dp) {
          return -1;
        }
        dst.put(dp, scratch.encoded, 0, bytes);
        dp += bytes;
        i += count;
      }
      return dp - position;
    } finally {
      scratch.release();
    }
  }

  /**
   * Encodes {@code scratch.chars[sp, count)}: its ASCII prefix by the JDK's US-ASCII intrinsic straight
   * into {@code dst}, the Latin-1 run after it narrowed by the JDK's Latin-1 intrinsic and encoded by our
   * Latin-1 kernel, and the rest by the general kernel. Chunks too short to repay the JDK encoders' fixed
   * cost go straight to the general kernel. Stops before a character that does not fit whole, and, when
   * {@code endOfInput} is false, before a high surrogate at {@code count - 1}.
   *
   * @param charIndexBias added to an index in {@code scratch.chars} to give the char index reported
   * @param dstView a heap ByteBuffer over {@code dst} the caller already has, or null; see
   *     {@link Scratch#encodeAsciiPrefix}
   * @return {@link Progress} of {@code scratch.chars} and {@code dst}
   */
  static long encodeChunk(
      Scratch scratch,
      int sp,
      int count,
      byte[] dst,
      int dp,
      int dl,
      boolean endOfInput,
      ErrorPolicy policy,
      long charIndexBias,
      ByteBuffer dstView,
      Utf8Variant variant) {
    char[] chars = scratch.chars;
    if (count - sp >= Scratch.NARROW_MIN_CHARS && chars[sp] < 0x80) {
      int ascii = scratch.encodeAsciiPrefix(sp, count, dst, dp, dl, dstView);
      if (variant.nulAsTwoBytes) {
        // The JDK's ASCII encoder copies U+0000 as 00; modified UTF-8 needs C0 80, so the prefix ends at
        // the first 00 (a scan of bytes already in cache, rare to stop early).
        ascii = Swar.indexOfZero(dst, dp, dp + ascii) - dp;
      }
      sp += ascii;
      dp += ascii;
      if (sp == count || dp == dl) {
        return Progress.of(sp, dp);
      }
      if (count - sp >= Scratch.NARROW_MIN_CHARS && chars[sp] <= 0xFF) {
        int narrowed = scratch.narrowLatin1(sp, count);
        if (narrowed > 0) {
          long progress = Latin1Utf8.encode(scratch.latin1, 0, narrowed, dst, dp, dl, variant.nulAsTwoBytes);
          dp = Progress.destination(progress);
          if (Progress.source(progress) != narrowed) {
            return Progress.of(sp + Progress.source(progress), dp);
          }
          sp += narrowed;
        }
      }
    }
    return CharsUtf8.encode(chars, sp, count, dst, dp, dl, endOfInput, policy, charIndexBias, variant);
  }
}
