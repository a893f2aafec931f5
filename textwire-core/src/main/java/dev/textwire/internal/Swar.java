package dev.textwire.internal;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * "SIMD within a register": eight bytes at a time through a little-endian long view of a byte[]. The
 * view is public API ({@link MethodHandles#byteArrayViewVarHandle}) and compiles to one unaligned load or
 * store on x86 and AArch64.
 */
final class Swar {
  private Swar() {}

  static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  /** The high bit of every byte: a word with none of them set is eight ASCII bytes. */
  static final long HIGH_BITS = 0x8080808080808080L;

  static long getLong(byte[] bytes, int index) {
    return (long) LONGS.get(bytes, index);
  }

  static void putLong(byte[] bytes, int index, long value) {
    LONGS.set(bytes, index, value);
  }

  /** Index, 0 to 7, of the first (lowest-addressed) byte with its high bit set; word must have one. */
  static int firstHighByte(long word) {
    return Long.numberOfTrailingZeros(word & HIGH_BITS) >>> 3;
  }

  /**
   * Index after the ASCII run that starts at {@code index} in {@code bytes[index, end)}: {@code end} if
   * every byte is ASCII.
   */
  static int skipAscii(byte[] bytes, int index, int end) {
    // Four independent loads per step, one test: measured about twice as fast as a word per step.
    while (index <= end - 32) {
      long a = getLong(bytes, index);
      long b = getLong(bytes, index + 8);
      long c = getLong(bytes, index + 16);
      long d = getLong(bytes, index + 24);
      if (((a | b | c | d) & HIGH_BITS) != 0) {
        break;
      }
      index += 32;
    }
    while (index <= end - 8) {
      long word = getLong(bytes, index);
      if ((word & HIGH_BITS) != 0) {
        return index + firstHighByte(word);
      }
      index += 8;
    }
    while (index < end && bytes[index] >= 0) {
      index++;
    }
    return index;
  }

  /** Number of bytes in {@code bytes[index, end)} with their high bit set (80..FF). */
  static int countHighBytes(byte[] bytes, int index, int end) {
    int count = 0;
    while (index <= end - 32) {
      long a = getLong(bytes, index);
      long b = getLong(bytes, index + 8);
      long c = getLong(bytes, index + 16);
      long d = getLong(bytes, index + 24);
      if (((a | b | c | d) & HIGH_BITS) != 0) { // ASCII blocks cost one test
        count +=
            Long.bitCount(a & HIGH_BITS)
                + Long.bitCount(b & HIGH_BITS)
                + Long.bitCount(c & HIGH_BITS)
                + Long.bitCount(d & HIGH_BITS);
      }
      index += 32;
    }
    for (; index < end; index++) {
      count += bytes[index] >>> 31; // 1 for a negative byte, branch free
    }
    return count;
  }

  private static final long ONES = 0x0101010101010101L;

  /**
   * As {@link #skipAscii}, but also stops at a 00 byte: the run of bytes 01..7F, which modified UTF-8
   * copies through (it writes U+0000 as C0 80, so a raw 00 is not text).
   */
  static int skipAsciiNonZero(byte[] bytes, int index, int end) {
    while (index <= end - 32) { // four words per test, as in skipAscii
      long flags =
          nonZeroAsciiFlags(getLong(bytes, index))
              | nonZeroAsciiFlags(getLong(bytes, index + 8))
              | nonZeroAsciiFlags(getLong(bytes, index + 16))
              | nonZeroAsciiFlags(getLong(bytes, index + 24));
      if (flags != 0) {
        break;
      }
      index += 32;
    }
    while (index <= end - 8) {
      long bad = nonZeroAsciiFlags(getLong(bytes, index));
      if (bad != 0) {
        return index + firstHighByte(bad);
      }
      index += 8;
    }
    while (index < end && bytes[index] > 0) {
      index++;
    }
    return index;
  }

  /**
   * The high bit set in each byte that is 00 or 80..FF, exact up to and including the first such byte
   * (a borrow out of a 00 byte can flag the byte above it, never one below).
   */
  static long nonZeroAsciiFlags(long word) {
    return (word | (word - ONES)) & HIGH_BITS;
  }

  /** The value for the kernels' word step: {@code ONES} makes 00 stop a run, 0 does not. */
  static long zeroStops(boolean nulAsTwoBytes) {
    return nulAsTwoBytes ? ONES : 0;
  }

  /**
   * Copies the eight bytes at {@code src[sp]} to {@code dst[dp]} and returns how many of them, from the
   * first, are ASCII: 8 for an all-ASCII word, else the index of the first byte with its high bit set
   * (or, with {@code zeroStops} = {@code ONES}, the first 00). The bytes after those are copied too;
   * callers must have room for the word and write the rest of the output over it. {@code zeroStops}
   * (from {@link #zeroStops}) is loop-invariant instead of a branch in the caller's loop:
   * {@code word | (word - 0)} is the word itself, so with 0 this is the plain ASCII test.
   */
  static int copyWordAsciiPrefix(byte[] src, int sp, byte[] dst, int dp, long zeroStops) {
    long word = getLong(src, sp);
    putLong(dst, dp, word);
    long bad = (word | (word - zeroStops)) & HIGH_BITS;
    return bad == 0 ? 8 : firstHighByte(bad);
  }

  /**
   * The bits that tag a 2-byte UTF-8 sequence, in each 16-bit lane of a word (lead byte low,
   * continuation high): a lead's 110, a continuation's 10. XORed away, a well-formed word has no bits
   * left outside the payloads.
   */
  private static final long TWO_BYTE_TAGS = 0x80C0_80C0_80C0_80C0L;

  /** Where the tags are: each lead's top three bits, each continuation's top two. */
  private static final long TWO_BYTE_TAG_MASK = 0xC0E0_C0E0_C0E0_C0E0L;

  private static final long LANE_LOW_BYTES = 0x00FF_00FF_00FF_00FFL;

  /**
   * The eight bytes of {@code word} as four chars, one per 16-bit lane, the first in the lowest, if
   * they are four well-formed 2-byte sequences (C2..DF, then 80..BF): four letters of Cyrillic, Greek,
   * Hebrew or Arabic text in one test. Otherwise -1, which four such chars never make (each is below
   * U+0800).
   */
  static long fourTwoByteChars(long word) {
    long payloads = word ^ TWO_BYTE_TAGS;
    long leads = payloads & LANE_LOW_BYTES; // each 0..1F once the tags are right
    // Leads 0 and 1 (C0, C1) are overlong: adding FE carries into a lane's bit 8 exactly from 2 up.
    if ((payloads & TWO_BYTE_TAG_MASK) != 0
        || ((leads + 0x00FE_00FE_00FE_00FEL) & ~LANE_LOW_BYTES) != 0x0100_0100_0100_0100L) {
      return -1;
    }
    return (leads << 6) | ((payloads >>> 8) & LANE_LOW_BYTES);
  }

  /** A 4-byte sequence's tags in each 32-bit lane of a word (lead lowest): the lead's 11110, then 10 thrice. */
  private static final long FOUR_BYTE_TAGS = 0x8080_80F0_8080_80F0L;

  /** Where the tags are: the lead's top five bits, each continuation's top two. */
  private static final long FOUR_BYTE_TAG_MASK = 0xC0C0_C0F8_C0C0_C0F8L;

  /**
   * The code points of the two 4-byte sequences that make up {@code word}, one per 32-bit lane, the first
   * in the lower, if both are well-formed (F0 90..BF, F1..F3 80..BF or F4 80..8F, then two of 80..BF):
   * two emoji in one test. Otherwise -1, which two code points never make (each is below 2^21).
   */
  static long twoFourByteCodePoints(long word) {
    if ((word & FOUR_BYTE_TAG_MASK) != FOUR_BYTE_TAGS) {
      return -1;
    }
    long codePoints =
        ((word & 0x0000_0007_0000_0007L) << 18)
            | ((word & 0x0000_3F00_0000_3F00L) << 4)
            | ((word >>> 10) & 0x0000_0FC0_0000_0FC0L)
            | ((word >>> 24) & 0x0000_003F_0000_003FL);
    // The plane, bits 16-20, must be 1 to 16: 0 is overlong (F0 80..8F), 17 and up are above U+10FFFF
    // (F4 90..BF, F5..F7). Adding 15 leaves bit 4 set and bit 5 clear exactly for 1 to 16.
    long planes = (codePoints >>> 16) & 0x0000_001F_0000_001FL;
    if (((planes + 0x0000_000F_0000_000FL) & 0x0000_0030_0000_0030L) != 0x0000_0010_0000_0010L) {
      return -1;
    }
    return codePoints;
  }

  /** Number of 00 bytes in {@code bytes[index, end)}. */
  static int countZeroBytes(byte[] bytes, int index, int end) {
    int count = 0;
    while (index <= end - 8) {
      long word = getLong(bytes, index);
      if (((word - ONES) & ~word & HIGH_BITS) != 0) { // some byte is 00: count them one by one
        for (int i = index; i < index + 8; i++) {
          count += bytes[i] == 0 ? 1 : 0;
        }
      }
      index += 8;
    }
    for (; index < end; index++) {
      count += bytes[index] == 0 ? 1 : 0;
    }
    return count;
  }

  /** Index of the first 00 byte in {@code bytes[index, end)}, or {@code end}. */
  static int indexOfZero(byte[] bytes, int index, int end) {
    while (index <= end - 8) {
      long word = getLong(bytes, index);
      long zeros = (word - ONES) & ~word & HIGH_BITS; // exact up to the first 00 byte
      if (zeros != 0) {
        return index + firstHighByte(zeros);
      }
      index += 8;
    }
    while (index < end && bytes[index] != 0) {
      index++;
    }
    return index;
  }
}
