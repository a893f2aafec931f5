package dev.textwire.internal;

import dev.textwire.ErrorPolicy;
import java.nio.ByteBuffer;

/**
 * The UTF-8 family's kernel, both directions, for one {@link Utf8Variant}: the lane choice over a chunk
 * (the JDK's ASCII intrinsic, then the Latin-1 lane, then the general loop) and the variant's rules for
 * surrogates, over the loops in {@link CharsToUtf8}, {@link Latin1ToUtf8}, {@link ShortStrings} and
 * {@link Utf8ToChars}.
 */
public final class Utf8Kernel implements EncodeKernel, DecodeKernel {
  public static final Utf8Kernel UTF_8 = new Utf8Kernel(Utf8Variant.UTF_8);
  public static final Utf8Kernel CESU_8 = new Utf8Kernel(Utf8Variant.CESU_8);
  public static final Utf8Kernel MODIFIED_UTF_8 = new Utf8Kernel(Utf8Variant.MODIFIED_UTF_8);

  final Utf8Variant variant;

  private Utf8Kernel(Utf8Variant variant) {
    this.variant = variant;
  }

  @Override
  public String encodingName() {
    return variant.displayName;
  }

  // Encoding.

  /** 3: a supplementary character is 4 bytes for 2 chars in UTF-8, 6 in the variants. */
  @Override
  public int maxBytesPerChar() {
    return 3;
  }

  /** One byte per char at least: a pair is 4 or 6 bytes, a replacement 1 or 3. */
  @Override
  public long minEncodedLength(long charCount) {
    return charCount;
  }

  @Override
  public boolean encodesLatin1() {
    return true;
  }

  @Override
  public long latin1Length(byte[] latin1, int begin, int end) {
    return Latin1ToUtf8.encodedLength(latin1, begin, end, variant.nulAsTwoBytes);
  }

  @Override
  public long encodeLatin1(byte[] src, int sp, int sl, byte[] dst, int dp, int dl) {
    return Latin1ToUtf8.encode(src, sp, sl, dst, dp, dl, variant.nulAsTwoBytes);
  }

  @Override
  public int shortLength(String text, int begin, int end) {
    return ShortStrings.encodedLength(text, begin, end, variant);
  }

  @Override
  public int encodeShort(String text, int begin, int end, byte[] dst, int dp, int dl) {
    return ShortStrings.encode(text, begin, end, dst, dp, dl, variant);
  }

  /** UTF-8 only: CESU-8 and modified UTF-8 into direct buffers are rare enough for the general path. */
  @Override
  public int encodeShort(String text, int begin, int end, ByteBuffer dst, int dp, int dl) {
    return variant == Utf8Variant.UTF_8 ? ShortStrings.encodeUtf8(text, begin, end, dst, dp, dl) : -1;
  }

  @Override
  public long chunkLength(char[] chars, int begin, int end, ErrorPolicy policy, long charIndexBias) {
    return CharsToUtf8.encodedLength(chars, begin, end, policy, charIndexBias, variant);
  }

  /**
   * Encodes {@code scratch.chars[sp, count)}: its ASCII prefix by the JDK's US-ASCII intrinsic straight
   * into {@code dst}, the Latin-1 run after it narrowed by the JDK's Latin-1 intrinsic and encoded by our
   * Latin-1 loop, and the rest by the general loop. A chunk that starts with a Latin-1 char above
   * U+007F ("été ...") starts with the Latin-1 run, as the length path does. Chunks too short to repay
   * the JDK encoders' fixed cost, and chunks that start above U+00FF, go straight to the general loop.
   *
   * <p>When a Latin-1 stretch of at least {@link Scratch#NARROW_MIN_CHARS} chars ends at a wider char
   * (French, German or English text meets a ’ or a —), only the run of wider chars (at most
   * {@link Scratch#STRETCH_RUN_MAX_CHARS}; a longer one goes to the general loop with the rest of the
   * chunk) is encoded on its own, and the intrinsics take the text after it again. Text that changes
   * more often (Cyrillic or Arabic words between ASCII spaces) has short stretches and stays in the
   * general loop from the first one.
   */
  @Override
  public long encodeChunk(
      Scratch scratch,
      int sp,
      int count,
      byte[] dst,
      int dp,
      int dl,
      boolean endOfInput,
      ErrorPolicy policy,
      long charIndexBias,
      ByteBuffer dstView) {
    char[] chars = scratch.chars;
    while (true) {
      if (count - sp >= Scratch.NARROW_MIN_CHARS && chars[sp] <= 0xFF) {
        int stretchStart = sp;
        if (chars[sp] < 0x80) {
          int ascii = scratch.jdk.encodeAsciiPrefix(sp, count, dst, dp, dl, dstView);
          if (variant.nulAsTwoBytes) {
            // The JDK's ASCII encoder copies U+0000 as 00; modified UTF-8 needs C0 80, so the prefix ends
            // at the first 00 (a scan of bytes already in cache, rare to stop early).
            ascii = Swar.indexOfZero(dst, dp, dp + ascii) - dp;
          }
          sp += ascii;
          dp += ascii;
          if (sp == count || dp == dl) {
            return IndexPair.of(sp, dp);
          }
        }
        if (count - sp >= Scratch.NARROW_MIN_CHARS && chars[sp] <= 0xFF) {
          int narrowed = scratch.jdk.narrowLatin1(sp, count);
          if (narrowed > 0) {
            long progress = Latin1ToUtf8.encode(scratch.latin1, 0, narrowed, dst, dp, dl, variant.nulAsTwoBytes);
            dp = IndexPair.destination(progress);
            if (IndexPair.source(progress) != narrowed) {
              return IndexPair.of(sp + IndexPair.source(progress), dp);
            }
            sp += narrowed;
          }
        }
        if (sp - stretchStart >= Scratch.NARROW_MIN_CHARS && sp < count) {
          // A wider char ends a long stretch: its run (a char or a few) goes char by char through the
          // general loop's careful step, and the stretches after it go on above. Handing such runs to
          // the general loop itself made the Chinese article 1.5 times slower on JDK 17 and 25, though
          // it has 20 such runs in 137,208 chars: the time went into the general loop's own work, and a
          // build with the code in place but never taken ran at the old speed (docs/BENCHMARKS.md,
          // "Latin-1 stretches after a wider char").
          int runEnd = Scratch.shortRunEnd(chars, sp, count);
          if (runEnd >= 0) {
            // Inside the chunk the run ends at a Latin-1 char, so a high surrogate that ends it has no low
            // surrogate to wait for: the input is as good as ended for it.
            boolean runEndsInput = runEnd < count || endOfInput;
            while (sp < runEnd) {
              long step =
                  CharsToUtf8.encodeOne(chars, sp, runEnd, dst, dp, dl, runEndsInput, policy, charIndexBias, variant);
              if (step < 0) {
                return IndexPair.of(sp, dp); // out of room, or a high surrogate that waits for the next chunk
              }
              sp = IndexPair.source(step);
              dp = IndexPair.destination(step);
            }
            continue;
          }
          // A longer run (a Chinese paragraph after a line of markup) is left to the general loop, with the
          // rest of the chunk.
        }
      }
      return CharsToUtf8.encode(chars, sp, count, dst, dp, dl, endOfInput, policy, charIndexBias, variant);
    }
  }

  /** A lone surrogate is written as itself (modified UTF-8), so a pair is its two halves: nothing to carry. */
  @Override
  public boolean carriesHighSurrogate() {
    return !variant.loneSurrogatesAllowed;
  }

  @Override
  public int pairLength() {
    return variant.pairLength();
  }

  @Override
  public int putPair(char high, char low, byte[] dst, int dp, ErrorPolicy policy, long charIndex) {
    return CharsToUtf8.putPair(variant, high, low, dst, dp);
  }

  @Override
  public int unpairedLength(ErrorPolicy policy, char surrogate, long charIndex) {
    return CharsToUtf8.replacementLength(policy, surrogate, charIndex, variant);
  }

  @Override
  public int putUnpaired(char surrogate, int length, byte[] dst, int dp, ErrorPolicy policy) {
    return CharsToUtf8.putUnpaired(surrogate, length, dst, dp, variant);
  }

  // Decoding.

  /** ASCII, except a raw 00 in modified UTF-8, where it is ill-formed. */
  @Override
  public int plainPrefix(byte[] src, int begin, int end) {
    return variant.nulAsTwoBytes ? Swar.skipAsciiNonZero(src, begin, end) : Swar.skipAscii(src, begin, end);
  }

  /** Latin-1 text past ASCII (most of Western Europe's) starts with C2 or C3. */
  @Override
  public boolean startsLatin1(byte lead) {
    return lead == (byte) 0xC2 || lead == (byte) 0xC3;
  }

  @Override
  public long decodeLatin1(byte[] src, int sp, int sl, byte[] dst, int dp) {
    return Utf8ToChars.decodeLatin1(src, sp, sl, dst, dp, variant);
  }

  @Override
  public long decode(
      byte[] src, int sp, int sl, char[] dst, int dp, int dl, boolean endOfInput, ErrorPolicy policy, long offsetBias) {
    return Utf8ToChars.decode(src, sp, sl, dst, dp, dl, endOfInput, policy, offsetBias, variant);
  }

  @Override
  public int validUpTo(byte[] src, int begin, int end) {
    return Utf8ToChars.validUpTo(src, begin, end, variant);
  }

  @Override
  public int errorLength(byte[] src, int index, int end) {
    int subpart = Utf8ToChars.maximalSubpart(src, index, end, variant);
    return (subpart & Utf8ToChars.TRUNCATED) != 0 ? 0 : subpart;
  }

  /** A 4-byte sequence less one, or a CESU-8 pair's 6 bytes less one. */
  @Override
  public int maxCarriedBytes() {
    return variant.surrogatesOneByOne ? 5 : 3;
  }
}
