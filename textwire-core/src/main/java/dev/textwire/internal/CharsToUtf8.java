package dev.textwire.internal;

import dev.textwire.ErrorPolicy;

/**
 * UTF-8 from UTF-16 chars: the general lane, for text that is not all Latin-1.
 * <pre>
 *   U+0000..U+007F     0xxxxxxx
 *   U+0080..U+07FF     110xxxxx 10xxxxxx
 *   U+0800..U+FFFF     1110xxxx 10xxxxxx 10xxxxxx            (not D800..DFFF)
 *   U+10000..U+10FFFF  11110xxx 10xxxxxx 10xxxxxx 10xxxxxx   (from a high + low surrogate pair)
 * </pre>
 * An unpaired surrogate follows the policy: STRICT throws, REPLACE writes U+FFFD ({@code EF BF BD}),
 * REPLACE_WITH_QUESTION_MARK writes {@code 3F} as {@code String.getBytes} does. The same kernel writes
 * CESU-8 and modified UTF-8, asking the {@link Utf8Variant} only where they differ: U+0000 (the two-byte
 * formula applied to 0 gives modified UTF-8's C0 80) and surrogates. Kernels assume checked arguments;
 * {@code charIndexBias} turns an index in {@code src} into the caller's char index.
 */
final class CharsToUtf8 {
  private CharsToUtf8() {}

  /**
   * Encoded length of {@code src[begin, end)}. A high surrogate at {@code end - 1} is unpaired: callers
   * that cut text into chunks never cut between the two halves of a pair.
   */
  static long encodedLength(
      char[] src, int begin, int end, ErrorPolicy policy, long charIndexBias, Utf8Variant variant) {
    // UTF-8 gets a loop with no variant in it. Measured (KernelLoopBenchmark, issue 15, JDK 17): this
    // loop with the variant's U+0000 bound and surrogate rules in its method took 780-840 ns for 512
    // mostly-ASCII chars with a few pairs, and 139-145 ns with constants. Moving the rules out of the
    // loop, or into locals, did not help; only constants did.
    if (variant == Utf8Variant.UTF_8) {
      return utf8Length(src, begin, end, policy, charIndexBias);
    }
    int low = variant.asciiLow;
    long extra = 0;
    int i = begin;
    while (true) {
      for (; i < end; i++) { // branchy, with modified UTF-8's two-byte U+0000 (utf8Length is branch-free)
        char c = src[i];
        if (c >= 0x80) {
          if (c < 0x800) {
            extra += 1;
          } else if (!Character.isSurrogate(c)) {
            extra += 2;
          } else {
            break;
          }
        } else if (c < low) {
          extra += 1; // U+0000 as C0 80
        }
      }
      if (i >= end) {
        return (end - begin) + extra;
      }
      long step = surrogateStep(src, i, end, policy, charIndexBias, variant);
      i += IndexPair.source(step);
      extra += IndexPair.destination(step);
    }
  }

  /** Chars counted into an int before it is added to the long: two extra bytes each stay below 2^31. */
  private static final int INT_BLOCK_CHARS = 1 << 29;

  private static long utf8Length(char[] src, int begin, int end, ErrorPolicy policy, long charIndexBias) {
    long length = end - begin;
    int i = begin;
    while (true) {
      VectorKernels vector = VectorTier.scanKernelsFor(end - i);
      if (vector != null) {
        // The SIMD tier counts up to its first unpaired surrogate or the last vector; the loop below
        // goes on from there, and comes back here after the surrogate.
        long step = vector.utf8Length(src, i, end - i > INT_BLOCK_CHARS ? i + INT_BLOCK_CHARS : end);
        length += IndexPair.destination(step);
        i = IndexPair.source(step);
      }
      // Up to the next surrogate: a counted loop (the index steps by one), which the JIT unrolls, and no
      // branch between one and two bytes: (0x7F - c) >>> 31 is 1 from U+0080 on. Measured on whole
      // corpus files and 65,536 chars (KernelLoopBenchmark, issue 15), this is 1.3 to 2.7 times the
      // branchy form (Russian 79 us against 209): real Cyrillic or Arabic text changes between letters
      // and ASCII spaces and markup every few chars, and a branch there mispredicts at each change.
      // (On 512 chars repeated call after call the branchy form looked twice as fast: the branch
      // predictor had learnt the input.) The sum is an int (a long sum measured 25% slower), so the
      // loop runs a block of at most INT_BLOCK_CHARS at a time.
      int blockEnd = end - i > INT_BLOCK_CHARS ? i + INT_BLOCK_CHARS : end;
      int extra = 0;
      for (; i < blockEnd; i++) {
        char c = src[i];
        if (c < 0x800) {
          extra += (0x7F - c) >>> 31;
        } else if (!Character.isSurrogate(c)) {
          extra += 2;
        } else {
          break;
        }
      }
      length += extra;
      if (i >= end) {
        return length;
      }
      if (i < blockEnd) {
        // A surrogate is counted outside the loop, which then goes on, so a pair in mostly-ASCII text
        // costs one exit and not a slower loop for the rest of the text. Pairs come in runs (emoji
        // text is little else), so a run of well-formed pairs is counted in one exit.
        int pairChars = pairRunLength(src, i, end);
        if (pairChars > 0) {
          i += pairChars;
          length += pairChars; // a pair is 2 chars and 4 bytes: one byte more than one per char
        } else {
          long step = surrogateStep(src, i, end, policy, charIndexBias, Utf8Variant.UTF_8);
          i += IndexPair.source(step);
          length += IndexPair.destination(step);
        }
      }
    }
  }

  /**
   * Chars in the run of well-formed surrogate pairs that starts at {@code src[begin]}: even, and 0 when
   * {@code src[begin]} does not start a pair. Two chars a step, both tested with one branch.
   */
  private static int pairRunLength(char[] src, int begin, int end) {
    int i = begin;
    for (int last = end - 1; i < last; i += 2) {
      if ((((src[i] & 0xFC00) ^ 0xD800) | ((src[i + 1] & 0xFC00) ^ 0xDC00)) != 0) {
        break;
      }
    }
    return i - begin;
  }

  /**
   * The surrogate at {@code src[i]}: {@link IndexPair} of the chars it takes (2 for a pair) and the bytes
   * they need beyond one per char.
   */
  private static long surrogateStep(
      char[] src, int i, int end, ErrorPolicy policy, long charIndexBias, Utf8Variant variant) {
    char c = src[i];
    if (!variant.loneSurrogatesAllowed
        && Character.isHighSurrogate(c) && i + 1 < end && Character.isLowSurrogate(src[i + 1])) {
      return IndexPair.of(2, variant.pairLength() - 2);
    }
    // Modified UTF-8 writes each surrogate as three bytes; elsewhere an unpaired one follows the policy.
    return IndexPair.of(1, replacementLength(policy, c, i + charIndexBias, variant) - 1);
  }

  /**
   * Bytes written for an unpaired surrogate: its own three bytes where the variant allows it, else the
   * policy's replacement; throws under STRICT.
   */
  static int replacementLength(ErrorPolicy policy, char surrogate, long charIndex, Utf8Variant variant) {
    if (variant.loneSurrogatesAllowed || policy == ErrorPolicy.REPLACE) {
      return 3;
    }
    if (policy == ErrorPolicy.REPLACE_WITH_QUESTION_MARK) {
      return 1;
    }
    throw Errors.unpairedSurrogate(variant.displayName, surrogate, charIndex);
  }

  /** Writes what {@link #replacementLength} counted for {@code surrogate}. */
  static int putUnpaired(char surrogate, int length, byte[] dst, int dp, Utf8Variant variant) {
    if (variant.loneSurrogatesAllowed) {
      return putThreeBytes(surrogate, dst, dp);
    }
    return putReplacement(length, dst, dp);
  }

  /**
   * Encodes {@code src[sp, sl)} into {@code dst[dp, dl)}, stopping before a character whose bytes do
   * not fit whole. When {@code endOfInput} is false a high surrogate at {@code sl - 1} is left
   * unconsumed, for the caller to carry into its next call with the low surrogate.
   *
   * @return {@link IndexPair} of source and destination
   */
  static long encode(
      char[] src,
      int sp,
      int sl,
      byte[] dst,
      int dp,
      int dl,
      boolean endOfInput,
      ErrorPolicy policy,
      long charIndexBias,
      Utf8Variant variant) {
    if (variant == Utf8Variant.UTF_8) {
      return encodeUtf8(src, sp, sl, dst, dp, dl, endOfInput, policy, charIndexBias);
    }
    while (sp < sl) {
      // Fast section: up to safeEnd every char fits whatever it is (at most 3 bytes per char, 4 or 6 per
      // pair of chars), so the loop checks no room. Anything unusual drops to the careful step below.
      int safeEnd = sp + Math.min(sl - sp, (dl - dp) / 3);
      while (sp < safeEnd) {
        char c = src[sp];
        if (c < 0x80) {
          if (c == 0 && variant.nulAsTwoBytes) {
            dst[dp++] = (byte) 0xC0; // modified UTF-8's U+0000
            dst[dp++] = (byte) 0x80;
            sp++;
            continue;
          }
          // ASCII run in its own tight loop: measured three times faster on mostly-ASCII text than
          // going round the whole if-chain for every char. Two copies, each comparing with constants
          // only: one loop with a lower bound held in a variable (0, or 1 for modified UTF-8) cost
          // UTF-8 about 10%.
          dst[dp++] = (byte) c;
          sp++;
          if (!variant.nulAsTwoBytes) {
            while (sp < safeEnd && (c = src[sp]) < 0x80) {
              dst[dp++] = (byte) c;
              sp++;
            }
          } else {
            while (sp < safeEnd && (c = src[sp]) < 0x80 && c != 0) { // modified UTF-8: U+0000 is C0 80
              dst[dp++] = (byte) c;
              sp++;
            }
          }
        } else if (c < 0x800) {
          dst[dp++] = (byte) (0xC0 | (c >>> 6)); //         110xxxxx (C0 80 for U+0000)
          dst[dp++] = (byte) (0x80 | (c & 0x3F)); //        10xxxxxx
          sp++;
        } else if (!Character.isSurrogate(c)) {
          dp = putThreeBytes(c, dst, dp);
          sp++;
        } else if (Character.isHighSurrogate(c) && sp + 1 < safeEnd && Character.isLowSurrogate(src[sp + 1])) {
          dp = putPair(variant, c, src[sp + 1], dst, dp);
          sp += 2;
        } else {
          break;
        }
      }
      if (sp >= sl) {
        break;
      }
      // Careful step: one character, with room checked, in a method of its own. That, and reading the
      // variant's fields where a branch needs them instead of holding them in locals, leaves the fast
      // loop its registers: measured side by side with the UTF-8-only kernel this replaced, CJK text
      // encoded 8-10% slower until both were done, and at parity after.
      long step = encodeOne(src, sp, sl, dst, dp, dl, endOfInput, policy, charIndexBias, variant);
      if (step < 0) {
        break;
      }
      sp = IndexPair.source(step);
      dp = IndexPair.destination(step);
    }
    return IndexPair.of(sp, dp);
  }

  /**
   * {@link #encode} for UTF-8, its rules as constants. Measured on 65,536 chars and whole corpus files
   * (KernelLoopBenchmark, issue 15, JDK 17): 3-20% faster than the shared loop, which reads the
   * variant's fields in its fast section (Arabic 379 us against 457, Russian 300 against 310).
   *
   * <p>With the SIMD tier on, {@link #encodeUtf8Vector} runs instead: this loop holds nothing of the
   * tier's. Holding it (the tier's kernels and its hand-back count, live across the inlined fast section)
   * made mostly-ASCII text 7-9% slower on JDK 25 (512 chars: 340-344 ns against 313-321), where C2 kept
   * the source array in a vector register for want of a general one (docs/BENCHMARKS.md, "Mostly-ASCII
   * encode on JDK 25").
   */
  private static long encodeUtf8(
      char[] src,
      int sp,
      int sl,
      byte[] dst,
      int dp,
      int dl,
      boolean endOfInput,
      ErrorPolicy policy,
      long charIndexBias) {
    VectorKernels vector = VectorTier.codingKernelsFor(sl - sp);
    if (vector != null) {
      return encodeUtf8Vector(vector, src, sp, sl, dst, dp, dl, endOfInput, policy, charIndexBias);
    }
    while (sp < sl) {
      long fast = fastUtf8(src, sp, sp + Math.min(sl - sp, (dl - dp) / 3), dst, dp);
      sp = IndexPair.source(fast);
      dp = IndexPair.destination(fast);
      if (sp >= sl) {
        break;
      }
      long step = encodeOne(src, sp, sl, dst, dp, dl, endOfInput, policy, charIndexBias, Utf8Variant.UTF_8);
      if (step < 0) {
        break;
      }
      sp = IndexPair.source(step);
      dp = IndexPair.destination(step);
    }
    return IndexPair.of(sp, dp);
  }

  /**
   * {@link #encodeUtf8} with the SIMD tier: the tier encodes the blocks it covers; the fast section then
   * encodes the next {@code handback} chars (from what the tier stopped at) before the tier is asked
   * again. The tier relies on the chars after its stop being encoded next (see
   * {@link VectorKernels#encodeUtf8}). The stretch grows where the tier does little
   * ({@link VectorTier#nextStretch}).
   */
  private static long encodeUtf8Vector(
      VectorKernels vector,
      char[] src,
      int sp,
      int sl,
      byte[] dst,
      int dp,
      int dl,
      boolean endOfInput,
      ErrorPolicy policy,
      long charIndexBias) {
    int handback = VECTOR_HANDBACK_MIN;
    while (sp < sl) {
      long step = vector.encodeUtf8(src, sp, sl, dst, dp, dl);
      int done = IndexPair.source(step) - sp;
      sp = IndexPair.source(step);
      dp = IndexPair.destination(step);
      handback = VectorTier.nextStretch(done, handback, VECTOR_HANDBACK_MIN);
      int safeEnd = sp + Math.min(Math.min(sl - sp, (dl - dp) / 3), handback);
      long fast = fastUtf8(src, sp, safeEnd, dst, dp);
      sp = IndexPair.source(fast);
      dp = IndexPair.destination(fast);
      if (sp >= sl) {
        break;
      }
      if (sp >= safeEnd - 1 && sl - sp >= VectorTier.MIN_ELEMENTS && dl - dp >= 3 * VectorTier.MIN_ELEMENTS) {
        continue; // back to the tier (fastUtf8 stops one char short of safeEnd before a pair)
      }
      step = encodeOne(src, sp, sl, dst, dp, dl, endOfInput, policy, charIndexBias, Utf8Variant.UTF_8);
      if (step < 0) {
        break;
      }
      sp = IndexPair.source(step);
      dp = IndexPair.destination(step);
    }
    return IndexPair.of(sp, dp);
  }

  /**
   * Chars the scalar loop encodes after the SIMD tier stops, before asking it again: at first, and at
   * least. Mostly-ASCII text with a surrogate pair every 60 chars or so stops the tier before each pair;
   * with 16 here the tier's calls cost more than they did (65,536 chars: 63 µs against 44 without the
   * tier, JDK 25), with 64 it is even (42 µs), and CJK, Cyrillic and emoji text did not change.
   */
  private static final int VECTOR_HANDBACK_MIN = 64;

  /**
   * UTF-8's fast section, as in {@link #encode}: up to {@code safeEnd} every char fits, so no room checks;
   * stops at anything unusual. A method of its own, with nothing else in it: inline in the loop above,
   * the same code measured 35% slower. Package-private for the benchmarks that time it alone.
   *
   * <p>Runs of ASCII, of 2-byte and of 3-byte chars each get a loop of their own, in which {@code dp}
   * moves by the same step as {@code sp}: C2 unrolls such a loop and drops the array checks from its
   * stores. In one loop over text of mixed widths it could do neither (the compiled code, read with
   * perfasm, checked every store and unrolled nothing), and Chinese text between lines of English took
   * 101-104 µs per 65,536 chars against 62-65 with the run loops (docs/BENCHMARKS.md, "Runs of one
   * width in the encoder").
   */
  static long fastUtf8(char[] src, int sp, int safeEnd, byte[] dst, int dp) {
    while (sp < safeEnd) {
      char c = src[sp];
      if (c < 0x80) {
        dst[dp++] = (byte) c;
        sp++;
        while (sp < safeEnd && (c = src[sp]) < 0x80) { // an ASCII run in its own tight loop
          dst[dp++] = (byte) c;
          sp++;
        }
      } else if (c < 0x800) {
        dst[dp++] = (byte) (0xC0 | (c >>> 6));
        dst[dp++] = (byte) (0x80 | (c & 0x3F));
        sp++;
        while (sp < safeEnd && (c = src[sp]) >= 0x80 && c < 0x800) { // a Cyrillic or Arabic word likewise
          dst[dp++] = (byte) (0xC0 | (c >>> 6));
          dst[dp++] = (byte) (0x80 | (c & 0x3F));
          sp++;
        }
      } else if (!Character.isSurrogate(c)) {
        dp = putThreeBytes(c, dst, dp);
        sp++;
        while (sp < safeEnd && (c = src[sp]) >= 0x800 && !Character.isSurrogate(c)) { // a CJK run likewise
          dp = putThreeBytes(c, dst, dp);
          sp++;
        }
      } else if (Character.isHighSurrogate(c) && sp + 1 < safeEnd && Character.isLowSurrogate(src[sp + 1])) {
        dp = putFourBytes(Character.toCodePoint(c, src[sp + 1]), dst, dp);
        sp += 2;
      } else {
        break;
      }
    }
    return IndexPair.of(sp, dp);
  }

  /** {@link #encodeOne}'s answer when the character does not fit, or must wait for more input. */
  static final long STOP = -1;

  /**
   * Encodes the one character at {@code src[sp]}, checking the room and the end of the input.
   *
   * @return {@link IndexPair} after it, or {@link #STOP} if it does not fit or must wait for more input
   */
  static long encodeOne(
      char[] src,
      int sp,
      int sl,
      byte[] dst,
      int dp,
      int dl,
      boolean endOfInput,
      ErrorPolicy policy,
      long charIndexBias,
      Utf8Variant variant) {
    boolean nulAsTwoBytes = variant.nulAsTwoBytes;
    char c = src[sp];
    int consumed = 1;
    if (c < 0x80 && (c != 0 || !nulAsTwoBytes)) {
      if (dp >= dl) {
        return STOP;
      }
      dst[dp++] = (byte) c;
    } else if (c < 0x800) {
      if (dp > dl - 2) {
        return STOP;
      }
      dst[dp++] = (byte) (0xC0 | (c >>> 6));
      dst[dp++] = (byte) (0x80 | (c & 0x3F));
    } else if (!Character.isSurrogate(c) || variant.loneSurrogatesAllowed) {
      if (dp > dl - 3) {
        return STOP;
      }
      dp = putThreeBytes(c, dst, dp);
    } else if (Character.isHighSurrogate(c) && sp + 1 < sl && Character.isLowSurrogate(src[sp + 1])) {
      if (dp > dl - variant.pairLength()) {
        return STOP;
      }
      dp = putPair(variant, c, src[sp + 1], dst, dp);
      consumed = 2;
    } else if (!endOfInput && sp + 1 == sl && Character.isHighSurrogate(c)) {
      return STOP; // its low surrogate may come with the next call
    } else {
      int length = replacementLength(policy, c, sp + charIndexBias, variant);
      if (dp > dl - length) {
        return STOP;
      }
      dp = putReplacement(length, dst, dp);
    }
    return IndexPair.of(sp + consumed, dp);
  }

  /** Writes the replacement of {@link #replacementLength}: U+FFFD for 3, {@code ?} for 1. */
  static int putReplacement(int length, byte[] dst, int dp) {
    if (length == 3) {
      dst[dp] = (byte) 0xEF; // U+FFFD
      dst[dp + 1] = (byte) 0xBF;
      dst[dp + 2] = (byte) 0xBD;
      return dp + 3;
    }
    dst[dp] = '?';
    return dp + 1;
  }

  /** Writes the bytes for a high and low surrogate pair; returns the index after them. */
  static int putPair(Utf8Variant variant, char high, char low, byte[] dst, int dp) {
    if (!variant.surrogatesOneByOne) {
      return putFourBytes(Character.toCodePoint(high, low), dst, dp);
    }
    dp = putThreeBytes(high, dst, dp);
    return putThreeBytes(low, dst, dp);
  }

  static int putThreeBytes(char c, byte[] dst, int dp) {
    dst[dp] = (byte) (0xE0 | (c >>> 12)); //            1110xxxx
    dst[dp + 1] = (byte) (0x80 | ((c >>> 6) & 0x3F)); // 10xxxxxx
    dst[dp + 2] = (byte) (0x80 | (c & 0x3F)); //        10xxxxxx
    return dp + 3;
  }

  static int putFourBytes(int codePoint, byte[] dst, int dp) {
    dst[dp] = (byte) (0xF0 | (codePoint >>> 18)); //             11110xxx
    dst[dp + 1] = (byte) (0x80 | ((codePoint >>> 12) & 0x3F)); // 10xxxxxx
    dst[dp + 2] = (byte) (0x80 | ((codePoint >>> 6) & 0x3F)); //  10xxxxxx
    dst[dp + 3] = (byte) (0x80 | (codePoint & 0x3F)); //         10xxxxxx
    return dp + 4;
  }
}
