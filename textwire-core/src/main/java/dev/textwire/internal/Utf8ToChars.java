package dev.textwire.internal;

import static dev.textwire.internal.Utf8Bytes.codePoint4;
import static dev.textwire.internal.Utf8Bytes.isContinuation;
import static dev.textwire.internal.Utf8Bytes.isSecondOfFour;
import static dev.textwire.internal.Utf8Bytes.isSecondOfThree;

import dev.textwire.ErrorPolicy;

/**
 * UTF-8 bytes to UTF-16 chars, validation, and the maximal-subpart rule for ill-formed input. Well-formed
 * sequences (Unicode table 3-7):
 * <pre>
 *   byte 1   byte 2   byte 3   byte 4
 *   00..7F
 *   C2..DF   80..BF
 *   E0       A0..BF   80..BF
 *   E1..EC   80..BF   80..BF
 *   ED       80..9F   80..BF
 *   EE..EF   80..BF   80..BF
 *   F0       90..BF   80..BF   80..BF
 *   F1..F3   80..BF   80..BF   80..BF
 *   F4       80..8F   80..BF   80..BF
 * </pre>
 * A maximal subpart is the longest prefix of a well-formed sequence found at an ill-formed position, or
 * one byte if there is none: "E1 80 41" is one subpart "E1 80" then "41", "ED A0 80" is three.
 * Kernels assume checked arguments; {@code offsetBias} turns an array index into the offset reported.
 *
 * <p>The same kernels decode CESU-8 and modified UTF-8. Their sequences are UTF-8's with three changes,
 * each asked of the {@link Utf8Variant} where it matters: a raw 00 is ill-formed and C0 80 is U+0000
 * (modified UTF-8); ED A0..BF xx, an encoded surrogate, is legal (alone in modified UTF-8, only as a high
 * surrogate followed by a low one in CESU-8, making 6 bytes); and lead bytes F0..F4 are ill-formed. The
 * fast section has one branch of the variants' own, for encoded surrogates; C0 80 and anything
 * ill-formed fall to the careful step.
 */
final class Utf8ToChars {
  private Utf8ToChars() {}

  /** Bit set in {@link #maximalSubpart}'s result when the input ends inside the sequence. */
  static final int TRUNCATED = 0x100;

  /**
   * Decodes {@code src[sp, sl)} into {@code dst[dp, dl)}. Stops when the next character does not fit,
   * or, when {@code endOfInput} is false, before a sequence cut short by {@code sl}.
   *
   * @return {@link IndexPair} of source and destination
   */
  static long decode(
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
    // The variant's rules are read from its fields where a branch needs them, not held in locals live
    // across the loop: in the encoder that gave UTF-8 back its registers (see CharsToUtf8.encode); here
    // the side-by-side runs could not tell the two apart.
    boolean utf8 = variant == Utf8Variant.UTF_8;
    VectorKernels vector = utf8 ? VectorTier.codingKernelsFor(sl - sp) : null;
    while (sp < sl) {
      // Fast section: no byte makes more than one char, so up to fastEnd nothing can overflow dst;
      // sequences must end before fastEnd, anything else drops to the careful step below.
      int fastEnd = sp + Math.min(sl - sp, dl - dp);
      if (vector != null) {
        long fast = decodeWithTier(vector, src, sp, sl, dst, dp, dl);
        sp = IndexPair.source(fast);
        dp = IndexPair.destination(fast);
        fastEnd = sp; // it stopped before what only the careful step decodes
      } else if (utf8) {
        long fast = fastUtf8(src, sp, fastEnd, dst, dp);
        sp = IndexPair.source(fast);
        dp = IndexPair.destination(fast);
      }
      while (sp < fastEnd) {
        int b1 = src[sp];
        if (b1 >= 0 && (b1 != 0 || !variant.nulAsTwoBytes)) { // a raw 00 is not modified UTF-8
          // ASCII run in its own tight loop (measured faster than widening words of eight). Two copies
          // of the loop, each comparing with a constant: comparing with the variant's lower bound held
          // in a variable made UTF-8 decoding of mostly-ASCII text about 15% slower.
          dst[dp++] = (char) b1;
          sp++;
          if (!variant.nulAsTwoBytes) {
            while (sp < fastEnd && (b1 = src[sp]) >= 0) {
              dst[dp++] = (char) b1;
              sp++;
            }
          } else {
            while (sp < fastEnd && (b1 = src[sp]) > 0) { // modified UTF-8: a raw 00 is not text
              dst[dp++] = (char) b1;
              sp++;
            }
          }
        } else if (b1 >= (byte) 0xC2 && b1 <= (byte) 0xDF && sp + 1 < fastEnd && isContinuation(src[sp + 1])) {
          dst[dp++] = (char) (((b1 & 0x1F) << 6) | (src[sp + 1] & 0x3F));
          sp += 2;
        } else if (b1 >= (byte) 0xE0 && b1 <= (byte) 0xEF && sp + 2 < fastEnd
            && (isSecondOfThree(b1, src[sp + 1])
                || (b1 == (byte) 0xED && variant.loneSurrogatesAllowed && isContinuation(src[sp + 1])))
            && isContinuation(src[sp + 2])) {
          // (Modified UTF-8's encoded surrogates, ED A0..BF xx, are plain 3-byte sequences here.)
          dst[dp++] = (char) (((b1 & 0x0F) << 12) | ((src[sp + 1] & 0x3F) << 6) | (src[sp + 2] & 0x3F));
          sp += 3;
        } else if (b1 >= (byte) 0xF0 && b1 <= (byte) 0xF4 && !variant.surrogatesOneByOne && sp + 3 < fastEnd
            && isSecondOfFour(b1, src[sp + 1]) && isContinuation(src[sp + 2]) && isContinuation(src[sp + 3])) {
          int codePoint = codePoint4(src, sp);
          dst[dp++] = Character.highSurrogate(codePoint); // 4 bytes make 2 chars: still <= 1 per byte
          dst[dp++] = Character.lowSurrogate(codePoint);
          sp += 4;
        } else if (b1 == (byte) 0xED && variant.surrogatesOneByOne) {
          // A CESU-8 pair (or an ill-formed ED): decode it here rather than leave the loop for the careful
          // step at every supplementary character.
          int length = wellFormedLength(src, sp, fastEnd, variant); // 3, or 6 for a CESU-8 pair
          if (length == 0) {
            break;
          }
          dst[dp++] = (char) (((src[sp + 1] & 0x3F) << 6) | (src[sp + 2] & 0x3F) | 0xD000);
          if (length == 6) {
            dst[dp++] = (char) (((src[sp + 4] & 0x3F) << 6) | (src[sp + 5] & 0x3F) | 0xD000);
          }
          sp += length;
        } else {
          break;
        }
      }
      if (sp >= sl) {
        break;
      }
      // Careful step: one sequence, checked against the real end and the room left.
      int length = wellFormedLength(src, sp, sl, variant);
      if (length != 0) {
        int chars = length >= 4 ? 2 : 1;
        if (dp > dl - chars) {
          break;
        }
        int b1 = src[sp];
        if (length == 1) {
          dst[dp++] = (char) b1;
        } else if (length == 2) {
          dst[dp++] = (char) (((b1 & 0x1F) << 6) | (src[sp + 1] & 0x3F));
        } else if (length == 3) {
          dst[dp++] = (char) (((b1 & 0x0F) << 12) | ((src[sp + 1] & 0x3F) << 6) | (src[sp + 2] & 0x3F));
        } else if (length == 6) { // CESU-8: a high and a low surrogate, three bytes each
          dst[dp++] = (char) (((b1 & 0x0F) << 12) | ((src[sp + 1] & 0x3F) << 6) | (src[sp + 2] & 0x3F));
          dst[dp++] = (char) (((src[sp + 3] & 0x0F) << 12) | ((src[sp + 4] & 0x3F) << 6) | (src[sp + 5] & 0x3F));
        } else {
          int codePoint = codePoint4(src, sp);
          dst[dp++] = Character.highSurrogate(codePoint);
          dst[dp++] = Character.lowSurrogate(codePoint);
        }
        sp += length;
        continue;
      }
      // Ill-formed, or cut short by the end of the input.
      int subpart = maximalSubpart(src, sp, sl, variant);
      if ((subpart & TRUNCATED) != 0 && !endOfInput) {
        break;
      }
      if (dp >= dl) {
        break; // full: a streaming caller meets the error on its next call, after taking these chars
      }
      if (policy == ErrorPolicy.STRICT) {
        throw malformed(src, sp, sl, subpart, offsetBias, variant);
      }
      dst[dp++] = '\uFFFD';
      sp += subpart & 0xFF;
    }
    return IndexPair.of(sp, dp);
  }

  /** Bytes the scalar loop decodes after the SIMD tier stops, before asking it again: at first. */
  private static final int VECTOR_HANDBACK_MIN = 4;

  /**
   * UTF-8 with the SIMD tier: the tier decodes ASCII and 2-byte runs, and mostly-ASCII text whole;
   * {@link #fastUtf8} then decodes the next {@code handback} bytes from where the tier stopped before the
   * tier is asked again. The tier relies on the chars after its stop being decoded next (see
   * VectorKernels.decodeUtf8). The stretch grows where the tier does little, CJK and emoji
   * (VectorTier.nextStretch). Returns where fastUtf8 stops before something {@link #decode}'s careful
   * step must see, or near the end of the input or the room.
   *
   * <p>The tier's kernel is too large for C2 to inline here (see IncubatorKernels.decodeUtf8), and must
   * stay so: inlined beside fastUtf8, it left fastUtf8's 4-byte path saving a dozen registers to the
   * stack at each sequence, and emoji text decoded 1.6 times slower with the tier than without.
   */
  private static long decodeWithTier(VectorKernels vector, byte[] src, int sp, int sl, char[] dst, int dp, int dl) {
    int handback = VECTOR_HANDBACK_MIN;
    while (true) {
      int fastEnd = sp + Math.min(sl - sp, dl - dp);
      if (sl - sp >= VectorTier.MIN_ELEMENTS && dl - dp >= VectorTier.MIN_ELEMENTS) {
        long step = vector.decodeUtf8(src, sp, sl, dst, dp, dl);
        int done = IndexPair.source(step) - sp;
        sp = IndexPair.source(step);
        dp = IndexPair.destination(step);
        handback = VectorTier.nextStretch(done, handback, VECTOR_HANDBACK_MIN);
        fastEnd = sp + Math.min(Math.min(sl - sp, dl - dp), handback);
      }
      long fast = fastUtf8(src, sp, fastEnd, dst, dp);
      sp = IndexPair.source(fast);
      dp = IndexPair.destination(fast);
      // fastUtf8 stops up to 3 bytes short of fastEnd before a sequence that does not fit.
      if (sp < fastEnd - 3 || sl - sp < VectorTier.MIN_ELEMENTS || dl - dp < VectorTier.MIN_ELEMENTS) {
        return IndexPair.of(sp, dp);
      }
    }
  }

  /**
   * UTF-8's fast section, its rules as constants, in a method of its own: measured on 65,536 chars and
   * whole corpus files (KernelLoopBenchmark, issue 15, JDK 17), Russian and Arabic decoded about 1.5
   * times as fast as through the shared loop, which reads the variant's fields. Stops at anything the
   * shared loop's careful step must see; {@link #decode} goes on from there.
   */
  private static long fastUtf8(byte[] src, int sp, int fastEnd, char[] dst, int dp) {
    while (sp < fastEnd) {
      int b1 = src[sp];
      if (b1 >= 0) {
        dst[dp++] = (char) b1;
        sp++;
        while (sp < fastEnd && (b1 = src[sp]) >= 0) { // an ASCII run in its own tight loop
          dst[dp++] = (char) b1;
          sp++;
        }
      } else if (b1 >= (byte) 0xC2 && b1 <= (byte) 0xDF && sp + 1 < fastEnd && isContinuation(src[sp + 1])) {
        int letters = twoByteLetters(b1, src, sp, fastEnd, dst, dp);
        dp += letters;
        sp += 2 * letters;
      } else if (b1 >= (byte) 0xE0 && b1 <= (byte) 0xEF && sp + 2 < fastEnd
          && isSecondOfThree(b1, src[sp + 1]) && isContinuation(src[sp + 2])) {
        dst[dp++] = (char) (((b1 & 0x0F) << 12) | ((src[sp + 1] & 0x3F) << 6) | (src[sp + 2] & 0x3F));
        sp += 3;
      } else if (b1 >= (byte) 0xF0 && b1 <= (byte) 0xF4 && sp + 3 < fastEnd
          && isSecondOfFour(b1, src[sp + 1]) && isContinuation(src[sp + 2]) && isContinuation(src[sp + 3])) {
        int chars = supplementaryRun(src, sp, fastEnd, dst, dp);
        dp += chars;
        sp += 2 * chars;
      } else {
        break;
      }
    }
    return IndexPair.of(sp, dp);
  }

  /**
   * Decodes the 4-byte sequence at {@code src[sp]}, which the caller checked, and the well-formed 4-byte
   * sequences that follow it before {@code fastEnd}, two in one test per step
   * ({@link Swar#twoFourByteCodePoints}): a run of emoji. Returns the chars written, two for every four
   * bytes. A method of its own, as {@link #twoByteLetters} is, to keep {@link #fastUtf8} small enough for
   * C2 to inline.
   */
  private static int supplementaryRun(byte[] src, int sp, int fastEnd, char[] dst, int dp) {
    int codePoint = codePoint4(src, sp);
    dst[dp] = Character.highSurrogate(codePoint);
    dst[dp + 1] = Character.lowSurrogate(codePoint);
    int next = sp + 4;
    int out = dp + 2;
    long codePoints;
    while (next <= fastEnd - Long.BYTES && (codePoints = Swar.twoFourByteCodePoints(Swar.getLong(src, next))) != -1) {
      // Both lanes at once: high surrogates from bits 10-20, low ones from bits 0-9, as Character does.
      long highs = ((codePoints >>> 10) & 0x0000_07FF_0000_07FFL) + 0x0000_D7C0_0000_D7C0L;
      long lows = (codePoints & 0x0000_03FF_0000_03FFL) | 0x0000_DC00_0000_DC00L;
      dst[out] = (char) highs;
      dst[out + 1] = (char) lows;
      dst[out + 2] = (char) (highs >>> 32);
      dst[out + 3] = (char) (lows >>> 32);
      next += 2 * Integer.BYTES;
      out += 4;
    }
    return out - dp;
  }

  /**
   * Decodes the 2-byte letter at {@code src[sp]}, whose lead {@code b1} and continuation the caller
   * checked, and, when the next eight bytes before {@code fastEnd} are four more such letters (a word of
   * Cyrillic, Greek, Hebrew or Arabic), those in one step: one test for eight bytes
   * ({@link Swar#fourTwoByteChars}). A lone accented letter in Latin text ("café") is followed by ASCII
   * and does not try. Returns the chars written, each from two bytes.
   *
   * <p>A method of its own to keep {@link #fastUtf8} under C2's inlining limit for hot methods
   * ({@code FreqInlineSize}, 325 bytes of bytecode): written inline it took fastUtf8 to 402 bytes, C2
   * stopped inlining it into {@link #decode}, and JDK 25 decoded emoji and Chinese text 12-20% slower
   * (docs/BENCHMARKS.md, "Four 2-byte letters a step").
   */
  private static int twoByteLetters(int b1, byte[] src, int sp, int fastEnd, char[] dst, int dp) {
    dst[dp] = (char) (((b1 & 0x1F) << 6) | (src[sp + 1] & 0x3F));
    int next = sp + 2;
    long chars;
    if (next <= fastEnd - Long.BYTES && src[next] < (byte) 0xE0
        && (chars = Swar.fourTwoByteChars(Swar.getLong(src, next))) != -1) {
      dst[dp + 1] = (char) chars;
      dst[dp + 2] = (char) (chars >>> 16);
      dst[dp + 3] = (char) (chars >>> 32);
      dst[dp + 4] = (char) (chars >>> 48);
      return 5;
    }
    return 1;
  }

  /**
   * Length of the well-formed sequence at {@code src[sp]} that ends by {@code sl} in {@code variant}, else
   * 0: 1 to 4, or 6 for a CESU-8 surrogate pair.
   */
  static int wellFormedLength(byte[] src, int sp, int sl, Utf8Variant variant) {
    if (variant == Utf8Variant.UTF_8) {
      return wellFormedLength(src, sp, sl);
    }
    int b1 = src[sp];
    if (b1 > 0) {
      return 1;
    }
    if (b1 == 0) {
      return variant.nulAsTwoBytes ? 0 : 1;
    }
    if (b1 == (byte) 0xC0) {
      return variant.nulAsTwoBytes && sp + 1 < sl && src[sp + 1] == (byte) 0x80 ? 2 : 0;
    }
    if (b1 == (byte) 0xED
        && sp + 2 < sl
        && src[sp + 1] >= (byte) 0xA0
        && isContinuation(src[sp + 1])
        && isContinuation(src[sp + 2])) {
      // An encoded surrogate: ED A0..BF 80..BF.
      if (variant.loneSurrogatesAllowed) {
        return 3;
      }
      boolean high = src[sp + 1] <= (byte) 0xAF;
      return high
              && sp + 5 < sl
              && src[sp + 3] == (byte) 0xED
              && src[sp + 4] >= (byte) 0xB0
              && isContinuation(src[sp + 4])
              && isContinuation(src[sp + 5])
          ? 6
          : 0;
    }
    if (b1 >= (byte) 0xF0) {
      return 0; // no 4-byte forms
    }
    return wellFormedLength(src, sp, sl);
  }

  /** Length (1 to 4) of the well-formed UTF-8 sequence at {@code src[sp]} that ends by {@code sl}, else 0. */
  static int wellFormedLength(byte[] src, int sp, int sl) {
    int b1 = src[sp];
    if (b1 >= 0) {
      return 1;
    }
    if (b1 >= (byte) 0xC2 && b1 <= (byte) 0xDF) {
      return sp + 1 < sl && isContinuation(src[sp + 1]) ? 2 : 0;
    }
    if (b1 >= (byte) 0xE0 && b1 <= (byte) 0xEF) {
      return sp + 2 < sl && isSecondOfThree(b1, src[sp + 1]) && isContinuation(src[sp + 2]) ? 3 : 0;
    }
    if (b1 >= (byte) 0xF0 && b1 <= (byte) 0xF4) {
      return sp + 3 < sl
              && isSecondOfFour(b1, src[sp + 1])
              && isContinuation(src[sp + 2])
              && isContinuation(src[sp + 3])
          ? 4
          : 0;
    }
    return 0;
  }

  /**
   * Decodes the leading part of {@code src[sp, sl)} whose characters are all in Latin-1 (ASCII, and
   * C2/C3 pairs for U+0080..U+00FF) into one byte per char: the shape of a compact string. Stops at the
   * first sequence that is not a Latin-1 character, well-formed or not, for the general kernel to take.
   * {@code dst} has room for {@code sl - sp} bytes from {@code dp}. In modified UTF-8 it also stops at a
   * 00 and at C0 80.
   *
   * @return {@link IndexPair} of source and destination
   */
  static long decodeLatin1(byte[] src, int sp, int sl, byte[] dst, int dp, Utf8Variant variant) {
    // The variant's NUL rule as a constant at each call (one copy of the loop each), so that the values
    // it sets are constants in the loop, not values held across it: the loop is inlined into the decode
    // driver with many of its own live. Measured (issue 15, stop 37): held, Latin-1 text at 65,536 chars
    // decoded 1.25 times slower on JDK 17 once the driver lost a branch; modified UTF-8 decodes that text
    // 1.7 times as fast as before this change.
    return variant.nulAsTwoBytes
        ? decodeLatin1(src, sp, sl, dst, dp, true)
        : decodeLatin1(src, sp, sl, dst, dp, false);
  }

  /** {@link #decodeLatin1(byte[], int, int, byte[], int, Utf8Variant)} for the variant's NUL rule. */
  private static long decodeLatin1(byte[] src, int sp, int sl, byte[] dst, int dp, boolean nulAsTwoBytes) {
    long zeroStops = Swar.zeroStops(nulAsTwoBytes);
    int low = Utf8Variant.asciiLow(nulAsTwoBytes);
    while (sp < sl) {
      if (sp <= sl - 8) {
        // In bounds: written <= read so far, so dp + 8 <= dp0 + (sl - sp0) when sp + 8 <= sl.
        int ascii = Swar.copyWordAsciiPrefix(src, sp, dst, dp, zeroStops);
        sp += ascii;
        dp += ascii;
        if (ascii == 8) {
          continue;
        }
      }
      int b1 = src[sp];
      if (b1 >= low) {
        dst[dp++] = (byte) b1;
        sp++;
      } else if ((b1 == (byte) 0xC2 || b1 == (byte) 0xC3) && sp + 1 < sl && isContinuation(src[sp + 1])) {
        dst[dp++] = (byte) (((b1 & 0x03) << 6) | (src[sp + 1] & 0x3F)); // 110000xx 10xxxxxx
        sp += 2;
      } else {
        break;
      }
    }
    return IndexPair.of(sp, dp);
  }

  /** Index after the longest well-formed prefix of {@code src[sp, sl)} in {@code variant}. */
  static int validUpTo(byte[] src, int sp, int sl, Utf8Variant variant) {
    if (variant == Utf8Variant.UTF_8) {
      return validUpTo(src, sp, sl);
    }
    if (VectorTier.KERNELS == null) {
      return validUpToScalar(src, sp, sl, variant);
    }
    // The SIMD tier stops at the variant's own forms (a supplementary character's surrogates, C0 80),
    // which the scalar loop checks, a stretch at a time, before the tier goes on. Where the tier did
    // little (text full of supplementary characters), the stretch doubles.
    int stretch = VARIANT_STRETCH;
    while (true) {
      int proven = vectorValidPrefix(src, sp, sl, variant);
      stretch = VectorTier.nextStretch(proven - sp, stretch, VARIANT_STRETCH);
      sp = proven;
      int stretchEnd = sl - sp <= stretch ? sl : sp + stretch;
      int valid = validUpToScalar(src, sp, stretchEnd, variant);
      if (stretchEnd == sl) {
        return valid;
      }
      if (valid < stretchEnd) { // an error, or a sequence that goes on past the stretch
        int length = wellFormedLength(src, valid, sl, variant);
        if (length == 0) {
          return valid;
        }
        valid += length;
      }
      sp = valid;
    }
  }

  /** Bytes of CESU-8 or modified UTF-8 the scalar loop checks where the SIMD tier stopped. */
  private static final int VARIANT_STRETCH = 64;

  /**
   * Where the SIMD tier's proven prefix of {@code src[sp, sl)} ends in {@code variant}, or {@code sp}
   * without the tier. The kernel reads the three bytes before where it starts, so the first sequences
   * are checked here; at an error among them, the index of the error.
   */
  private static int vectorValidPrefix(byte[] src, int sp, int sl, Utf8Variant variant) {
    VectorKernels vector = VectorTier.scanKernelsFor(sl - sp);
    if (vector == null) {
      return sp;
    }
    int start = sp;
    while (start < sp + 3) {
      int length = src[start] > 0 ? 1 : wellFormedLength(src, start, sl, variant);
      if (length == 0) {
        return start;
      }
      start += length;
    }
    return variant == Utf8Variant.UTF_8
        ? vector.validUtf8Prefix(src, start, sl)
        : vector.validUtf8FamilyPrefix(src, start, sl, variant.surrogatesOneByOne, variant.nulAsTwoBytes);
  }

  /** As {@link #validUpTo(byte[], int, int, Utf8Variant)}, without the SIMD tier. */
  static int validUpToScalar(byte[] src, int sp, int sl, Utf8Variant variant) {
    while (true) {
      sp = variant.nulAsTwoBytes ? Swar.skipAsciiNonZero(src, sp, sl) : Swar.skipAscii(src, sp, sl);
      if (sp >= sl) {
        return sl;
      }
      int length = wellFormedLength(src, sp, sl, variant);
      if (length == 0) {
        return sp;
      }
      sp += length;
    }
  }

  /**
   * Index after the longest well-formed UTF-8 prefix of {@code src[sp, sl)}.
   */
  static int validUpTo(byte[] src, int sp, int sl) {
    // The SIMD tier's proven prefix; the scalar loop finds any error.
    return validUpToScalar(src, vectorValidPrefix(src, sp, sl, Utf8Variant.UTF_8), sl);
  }

  /**
   * As {@link #validUpTo(byte[], int, int)}, without the SIMD tier. One loop, a character or an ASCII
   * run per step. The checks are those of wellFormedLength, written out: calling it here measured 12%
   * slower on CJK text.
   *
   * <p>An ASCII run goes through a word loop of its own whose step is always 8 bytes: the next
   * word's address never waits on the word before, and only the word that ends the run gives a
   * length (its first high byte); the input's last word is read once, masked, rather than a byte at
   * a time. The loop this replaced decided each word anew (ASCII or not, then three more words or
   * not), which on text with a non-ASCII char every 20 bytes or so goes either way at random, and
   * made each step wait on a loaded word. Through the public call, 4 forks of this loop's first
   * form (the plain while here ran as fast or a little faster): 65,536 mostly-ASCII chars in 17-27
   * µs on JDK 25 against 36, and in 16-17 or 29-30 µs on JDK 17, by fork, against 33-40 (Guava
   * 17-19); the French article in 86-92 µs against 156-168 (Guava 144-146). The forks at 30 µs were
   * those where C2 left the last word's test, then a method of 47 bytecodes, out of line ("too big":
   * a call seen once per input is inlined only up to 35); written out here, 14 forks of 14 ran at
   * 17-21 µs on JDK 17, and JDK 25 went from 25-27 to 17-19 (docs/BENCHMARKS.md, stop 46). A
   * single ASCII byte between two sequences (a space between Cyrillic or Arabic words) is passed by
   * testing the byte after it, without entering the word loop: without that test, the Arabic lipsum
   * took 51 µs against 40 on JDK 25.
   *
   * <p>The shape is measured, not a matter of taste: the ASCII step ends in {@code continue} and the
   * sequences are tested after it, not in an {@code else} of it, or JDK 17's C2 compiled the Russian
   * lipsum at half the speed; and a 4-byte lead is told by {@code <= F4} alone (F0 and up is all that is
   * left there), or emoji text took 20% longer.
   */
  static int validUpToScalar(byte[] src, int sp, int sl) {
    while (true) {
      if (sp >= sl) {
        return sl;
      }
      int b1 = src[sp];
      if (b1 >= 0) {
        if (sp + 1 < sl && src[sp + 1] < 0) {
          sp++;
          continue;
        }
        int lastWord = sl - Long.BYTES;
        long high = 0;
        while (sp <= lastWord && (high = Swar.getLong(src, sp) & Swar.HIGH_BITS) == 0) {
          sp += Long.BYTES;
        }
        if (high != 0) {
          sp += Long.numberOfTrailingZeros(high) >>> 3;
        } else if (sp < sl) { // under a word left
          if (lastWord >= 0) {
            // The input's last word, loaded once, its bytes before sp masked off (they may lie before the
            // caller's range, or be a sequence already checked). Written out, not called: see above.
            high = Swar.getLong(src, lastWord) & Swar.HIGH_BITS & (-1L << ((sp - lastWord) << 3));
            sp = high == 0 ? sl : lastWord + (Long.numberOfTrailingZeros(high) >>> 3);
          } else {
            sp = shortRunEnd(src, sp, sl);
          }
        }
        continue;
      }
      if (b1 < (byte) 0xE0) {
        if (b1 < (byte) 0xC2 || sp + 1 >= sl || !isContinuation(src[sp + 1])) {
          return sp;
        }
        sp += 2;
      } else if (b1 <= (byte) 0xEF) {
        if (sp + 2 >= sl || !isSecondOfThree(b1, src[sp + 1]) || !isContinuation(src[sp + 2])) {
          return sp;
        }
        sp += 3;
      } else if (b1 <= (byte) 0xF4) {
        if (sp + 3 >= sl
            || !isSecondOfFour(b1, src[sp + 1])
            || !isContinuation(src[sp + 2])
            || !isContinuation(src[sp + 3])) {
          return sp;
        }
        sp += 4;
      } else {
        return sp;
      }
    }
  }

  /** End of the ASCII run at {@code src[sp]} when no whole word ends at {@code sl} ({@code sl < 8}). */
  private static int shortRunEnd(byte[] src, int sp, int sl) {
    while (sp < sl && src[sp] >= 0) {
      sp++;
    }
    return sp;
  }

  /**
   * Length (1 to 3) of the maximal subpart at {@code src[sp]}, which must start an ill-formed or cut-short
   * sequence, plus {@link #TRUNCATED} when the input ends inside it.
   */
  static int maximalSubpart(byte[] src, int sp, int sl) {
    return maximalSubpart(src, sp, sl, Utf8Variant.UTF_8);
  }

  /**
   * As {@link #maximalSubpart(byte[], int, int)} in {@code variant}. Its own prefixes: C0 80 in modified
   * UTF-8, and ED A0..BF xx in CESU-8 and modified UTF-8. A CESU-8 high surrogate that is not followed by
   * a low one is a subpart of three bytes, as an unpaired surrogate in UTF-16 is one bad char; it is cut
   * short if the input ends where a low surrogate could still begin.
   */
  static int maximalSubpart(byte[] src, int sp, int sl, Utf8Variant variant) {
    int b1 = src[sp] & 0xFF;
    int needed;
    int low = 0x80;
    int high = 0xBF;
    if (b1 >= 0xC2 && b1 <= 0xDF) {
      needed = 1;
    } else if (b1 == 0xC0 && variant.nulAsTwoBytes) {
      needed = 1;
      high = 0x80; // only C0 80
    } else if (b1 >= 0xE0 && b1 <= 0xEF) {
      needed = 2;
      if (b1 == 0xE0) {
        low = 0xA0;
      } else if (b1 == 0xED && !variant.surrogatesOneByOne) {
        high = 0x9F;
      } else if (b1 == 0xED && !variant.loneSurrogatesAllowed
          && sp + 2 < sl
          && (src[sp + 1] & 0xFF) >= 0xA0
          && (src[sp + 1] & 0xFF) <= 0xBF
          && isContinuation(src[sp + 2])) {
        return unpairedSurrogateSubpart(src, sp, sl);
      }
    } else if (b1 >= 0xF0 && b1 <= 0xF4 && !variant.surrogatesOneByOne) {
      needed = 3;
      if (b1 == 0xF0) {
        low = 0x90;
      } else if (b1 == 0xF4) {
        high = 0x8F;
      }
    } else {
      return 1; // a continuation byte, C0, C1 or F5..FF: never part of a well-formed sequence
    }
    int i = sp + 1;
    for (int k = 0; k < needed; k++, i++) {
      if (i >= sl) {
        return (i - sp) | TRUNCATED;
      }
      int b = src[i] & 0xFF;
      if (b < low || b > high) {
        return i - sp;
      }
      low = 0x80;
      high = 0xBF;
    }
    return i - sp; // well-formed after all: callers only ask at an error, but stay total
  }

  /**
   * The subpart at a complete encoded surrogate {@code ED A0..BF xx} that is not well-formed (CESU-8):
   * three bytes, cut short when the input ends inside what could be a low surrogate's sequence.
   */
  private static int unpairedSurrogateSubpart(byte[] src, int sp, int sl) {
    boolean high = (src[sp + 1] & 0xFF) <= 0xAF;
    int i = sp + 3;
    boolean cutShort =
        high
            && (i >= sl
                || (src[i] == (byte) 0xED
                    && (i + 1 >= sl
                        || ((src[i + 1] & 0xFF) >= 0xB0 && isContinuation(src[i + 1]) && i + 2 >= sl))));
    return cutShort ? 3 | TRUNCATED : 3;
  }

  /** The strict error for the subpart at {@code src[sp]}, worded after the rule it breaks. */
  static RuntimeException malformed(
      byte[] src, int sp, int sl, int subpart, long offsetBias, Utf8Variant variant) {
    int length = subpart & 0xFF;
    boolean truncated = (subpart & TRUNCATED) != 0;
    return Errors.malformed(
        variant.displayName,
        src,
        sp,
        sl,
        length,
        truncated,
        reason(src, sp, sl, length, truncated, variant),
        sp + offsetBias);
  }

  private static String reason(byte[] src, int sp, int sl, int length, boolean truncated, Utf8Variant variant) {
    int b1 = src[sp] & 0xFF;
    if (truncated) {
      return b1 == 0xED && length == 3
          ? "high surrogate cut short before its low surrogate by the end of the input"
          : "sequence cut short by the end of the input";
    }
    if (variant != Utf8Variant.UTF_8) {
      String reason = variantReason(src, sp, sl, length, variant);
      if (reason != null) {
        return reason;
      }
    }
    if (b1 >= 0x80 && b1 <= 0xBF) {
      return "continuation byte without a lead byte";
    }
    if (b1 == 0xC0 || b1 == 0xC1) {
      return "overlong encoding (C0 and C1 never appear in UTF-8)";
    }
    if (b1 >= 0xF5) {
      return "byte that never appears in UTF-8 (F5..FF)";
    }
    if (length == 1 && sp + 1 < sl) {
      int b2 = src[sp + 1] & 0xFF;
      if (b2 >= 0x80 && b2 <= 0xBF) {
        if (b1 == 0xE0 || b1 == 0xF0) {
          return "overlong encoding";
        }
        if (b1 == 0xED) {
          return "encoded surrogate (U+D800..U+DFFF)";
        }
        if (b1 == 0xF4) {
          return "code point above U+10FFFF";
        }
      }
    }
    return "expected a continuation byte (80..BF)";
  }

  /** Why bytes that UTF-8 would judge otherwise are ill-formed in a variant; null if for UTF-8's reason. */
  private static String variantReason(byte[] src, int sp, int sl, int length, Utf8Variant variant) {
    int b1 = src[sp] & 0xFF;
    if (b1 == 0 && variant.nulAsTwoBytes) {
      return "raw 00 byte (modified UTF-8 writes U+0000 as C0 80)";
    }
    if (b1 == 0xC0 && variant.nulAsTwoBytes) {
      return "overlong encoding (only C0 80, for U+0000, is allowed)";
    }
    if (b1 >= 0xF0 && b1 <= 0xF4) {
      return "4-byte form (" + variant.displayName
          + " writes a supplementary character as two 3-byte surrogates)";
    }
    if (b1 == 0xED && length == 3) {
      return (src[sp + 1] & 0xFF) <= 0xAF
          ? "high surrogate not followed by a low surrogate"
          : "low surrogate without a high surrogate before it";
    }
    return null;
  }
}
