package dev.textwire.internal;

import dev.textwire.BufferTooSmallException;
import dev.textwire.ErrorPolicy;
import java.nio.ByteBuffer;
import java.nio.ReadOnlyBufferException;

/**
 * Encodes a whole text, in any encoding, into a new array, an array, a heap or direct buffer, or a window
 * a framing caller chooses. It picks the access path per call (a String's own Latin-1 bytes when the
 * fast path is on, a short String by the kernel's own loop, by {@code charAt} where that is cheap in every
 * compilation and else by {@code codePointAt} ({@link ShortStrings}, {@link ShortUtf16}), else chunks
 * copied into lent scratch) and
 * runs the {@link EncodeKernel} over it. Into an array the public call asks the short path itself first
 * ({@link #encodeShort}).
 * Arguments are checked by the public API.
 */
public final class EncodeDriver {
  private EncodeDriver() {}

  /** Exact length as an array size; above 2^31-1 bytes it is an {@link IllegalArgumentException}. */
  public static int encodedLength(EncodeKernel kernel, CharSequence text, int begin, int end, ErrorPolicy policy) {
    long length = encodedLengthAsLong(kernel, text, begin, end, policy);
    if (length > Integer.MAX_VALUE) {
      throw new IllegalArgumentException(
          kernel.encodingName() + " length of " + (end - begin) + " chars is " + length + " bytes, above 2^31-1");
    }
    return (int) length;
  }

  public static long encodedLengthAsLong(
      EncodeKernel kernel, CharSequence text, int begin, int end, ErrorPolicy policy) {
    if (text instanceof String) {
      String string = (String) text;
      byte[] latin1 = kernel.encodesLatin1() ? StringInternals.latin1Bytes(string) : null;
      if (latin1 != null) {
        return kernel.latin1Length(latin1, begin, end);
      }
      if (ShortStrings.counts(string, begin, end)) {
        int length = kernel.shortLength(string, begin, end);
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
        length += chunkLength(kernel, scratch, count, policy, i);
        i += count;
      }
      return length;
    } finally {
      scratch.release();
    }
  }

  /**
   * A chunk's length: its Latin-1 stretches narrowed by the JDK's intrinsic and counted a byte at a time
   * ({@link #latin1Stretches}), the rest by the kernel's loop.
   */
  private static long chunkLength(EncodeKernel kernel, Scratch scratch, int count, ErrorPolicy policy, long bias) {
    int begin = 0;
    long length = 0;
    if (kernel.encodesLatin1() && count >= Scratch.NARROW_MIN_CHARS && scratch.chars[0] <= 0xFF) {
      long progress = latin1Stretches(kernel, scratch, count, policy, bias);
      begin = IndexPair.source(progress);
      length = IndexPair.destination(progress);
      // A chunk narrowed whole (all Latin-1) needs no call of the loop: measured 1-2 ns of 42 at 512
      // ASCII chars.
      if (begin == count) {
        return length;
      }
    }
    return length + kernel.chunkLength(scratch.chars, begin, count, policy, bias);
  }

  /**
   * Counts {@code scratch.chars[0, count)}, which starts with a Latin-1 char, from its start for as long as
   * it is Latin-1 stretches of at least {@link Scratch#NARROW_MIN_CHARS} chars with short runs of wider
   * chars between them (French or English text meets a ’ or a —), as {@link Utf8Kernel#encodeChunk}
   * encodes it. Each stretch is narrowed, each run counted by the kernel's loop. A short stretch (Cyrillic
   * or Arabic words between ASCII spaces) or a long run (a Chinese paragraph) ends it, and the caller's
   * one call of the loop takes the rest. Counting the rest here, in a second inlined copy of the loop,
   * made the Chinese article 15% slower on JDK 25: the same work, compiled worse.
   *
   * @return {@link IndexPair} of the chars counted and their bytes (at most 3 per char: an int)
   */
  private static long latin1Stretches(
      EncodeKernel kernel, Scratch scratch, int count, ErrorPolicy policy, long bias) {
    char[] chars = scratch.chars;
    int i = 0;
    int length = 0;
    while (true) {
      int narrowed = scratch.jdk.narrowLatin1(i, count);
      length += (int) kernel.latin1Length(scratch.latin1, 0, narrowed);
      i += narrowed;
      if (i == count || narrowed < Scratch.NARROW_MIN_CHARS) {
        break;
      }
      int runEnd = Scratch.shortRunEnd(chars, i, count);
      if (runEnd < 0 || count - runEnd < Scratch.NARROW_MIN_CHARS) {
        break; // a long run, or too little text after it to narrow
      }
      // The run ends at a Latin-1 char, so a high surrogate that ends it is unpaired, as the loop takes it.
      length += (int) kernel.chunkLength(chars, i, runEnd, policy, bias);
      i = runEnd;
    }
    return IndexPair.of(i, length);
  }

  /**
   * Encodes into a new array of exactly the length counted first.
   *
   * @throws java.util.ConcurrentModificationException if the text wrote other than the bytes counted
   */
  public static byte[] encodeToArray(EncodeKernel kernel, CharSequence text, ErrorPolicy policy) {
    int charCount = text.length();
    byte[] bytes = new byte[encodedLength(kernel, text, 0, charCount, policy)];
    int written = encodeWithin(kernel, text, 0, charCount, bytes, 0, bytes.length, policy, null);
    if (written != bytes.length) {
      throw Errors.textChanged(kernel.encodingName(), bytes.length, written);
    }
    return bytes;
  }

  /**
   * The short path alone: {@code text[begin, end)} encoded into {@code dst[dp, dl)} by the kernel's own
   * loop ({@link ShortStrings}) if it has at most {@link ShortStrings#MAX_CHARS} chars, is well formed and
   * fits; else -1, with nothing else tried (bytes may have been written).
   *
   * <p>The public call into an array ({@code TextCodec.encode}) asks this first, and then
   * {@link #encode} for what it refuses. Asked inside the driver, the loop was compiled into one unit
   * with everything the driver keeps for its general path (the kernel, the policy, the bounds): C2 kept
   * the loop's destination index on the stack and its char index in an {@code xmm} register, and 16
   * mostly-ASCII chars (stored as UTF-16) took 31-35 ns against Netty's 16 (JDK 17). Asked first, with
   * little else live across the loop: 16 ns (docs/BENCHMARKS.md, "The short path first", issue 15, stop
   * 48). What it refuses is a short text on its way to an error or a replacement (an unpaired surrogate,
   * no room), or a Latin-1 String the fast path reads; {@link #encodeWithin} asks the short path again
   * before its general path, at most 32 chars more, and is left as it was because the heap-buffer and
   * framing callers that share it compiled slower when it was split (CJK into heap buffers, JDK 25).
   */
  public static int encodeShort(EncodeKernel kernel, String text, int begin, int end, byte[] dst, int dp, int dl) {
    if (!ShortStrings.encodes(begin, end) || kernel.encodesLatin1() && StringInternals.latin1Bytes(text) != null) {
      return -1;
    }
    return kernel.encodeShort(text, begin, end, dst, dp, dl);
  }

  /** Encodes into {@code dst[offset, dst.length)}; returns the bytes written. */
  public static int encode(
      EncodeKernel kernel, CharSequence text, int begin, int end, byte[] dst, int offset, ErrorPolicy policy) {
    int written = encodeWithin(kernel, text, begin, end, dst, offset, dst.length, policy, null);
    if (written < 0) {
      throw tooSmall(kernel, text, begin, end, policy, dst.length - offset);
    }
    return written;
  }

  /** Encodes at the buffer's position and advances it; on overflow the position does not move. */
  public static int encode(
      EncodeKernel kernel, CharSequence text, int begin, int end, ByteBuffer dst, ErrorPolicy policy) {
    if (dst.isReadOnly()) {
      throw new ReadOnlyBufferException();
    }
    int position = dst.position();
    int written;
    if (dst.hasArray()) {
      int base = dst.arrayOffset();
      written = encodeWithin(kernel, text, begin, end, dst.array(), base + position, base + dst.limit(), policy, dst);
    } else {
      written = encodeDirect(kernel, text, begin, end, dst, policy);
    }
    if (written < 0) {
      throw tooSmall(kernel, text, begin, end, policy, dst.remaining());
    }
    dst.position(position + written);
    return written;
  }

  /**
   * The exception for a text that did not fit, with the length a second pass counts; if that length
   * would have fitted, the text changed during the call.
   */
  private static RuntimeException tooSmall(
      EncodeKernel kernel, CharSequence text, int begin, int end, ErrorPolicy policy, int room) {
    BufferTooSmallException e = new BufferTooSmallException(encodedLengthAsLong(kernel, text, begin, end, policy), room);
    return Errors.checkTooSmall(e, kernel.encodingName());
  }

  /**
   * Encodes into {@code dst[dp, dl)}, for callers that frame the text (a length before it, a trailer
   * after it).
   *
   * @param dstView a heap ByteBuffer over {@code dst} the caller already has, or null
   * @return bytes written, or -1 if the text did not fit (then {@code dst[dp, dl)} holds no meaning)
   */
  public static int encodeWithin(
      EncodeKernel kernel,
      CharSequence text,
      int begin,
      int end,
      byte[] dst,
      int dp,
      int dl,
      ErrorPolicy policy,
      ByteBuffer dstView) {
    if (text instanceof String) {
      String string = (String) text;
      byte[] latin1 = kernel.encodesLatin1() ? StringInternals.latin1Bytes(string) : null;
      if (latin1 != null) {
        long progress = kernel.encodeLatin1(latin1, begin, end, dst, dp, dl);
        return IndexPair.source(progress) == end ? IndexPair.destination(progress) - dp : -1;
      }
      if (ShortStrings.encodes(begin, end)) {
        int written = kernel.encodeShort(string, begin, end, dst, dp, dl);
        if (written >= 0) {
          return written;
        }
      }
    }
    if (begin == end) {
      return 0;
    }
    int start = dp;
    Scratch scratch = Scratch.acquire();
    try {
      for (int i = begin; i < end; ) {
        int count = CharAccess.fill(text, i, end, scratch.chars);
        long progress = kernel.encodeChunk(scratch, 0, count, dst, dp, dl, true, policy, i, dstView);
        if (IndexPair.source(progress) != count) {
          return -1;
        }
        dp = IndexPair.destination(progress);
        i += count;
      }
      return dp - start;
    } finally {
      scratch.release();
    }
  }

  /**
   * Direct buffers: a short String straight in by absolute puts; else encode a chunk into scratch, then
   * one bulk copy (a memcpy) per chunk.
   */
  private static int encodeDirect(
      EncodeKernel kernel, CharSequence text, int begin, int end, ByteBuffer dst, ErrorPolicy policy) {
    if (text instanceof String && ShortStrings.encodes(begin, end)) {
      int written = kernel.encodeShort((String) text, begin, end, dst, dst.position(), dst.limit());
      if (written >= 0) {
        return written;
      }
    }
    Scratch scratch = Scratch.acquire();
    try {
      int position = dst.position();
      int limit = dst.limit();
      int dp = position;
      for (int i = begin; i < end; ) {
        int count = CharAccess.fill(text, i, end, scratch.chars);
        long progress =
            kernel.encodeChunk(
                scratch, 0, count, scratch.encoded, 0, scratch.encoded.length, true, policy, i, scratch.encodedView);
        int bytes = IndexPair.destination(progress);
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
}
