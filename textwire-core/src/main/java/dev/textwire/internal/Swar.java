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
    // Two words per step: the loads are independent, so the pair costs little more than one.
    while (index <= end - 16) {
      long first = getLong(bytes, index);
      long second = getLong(bytes, index + 8);
      if (((first | second) & HIGH_BITS) != 0) {
        if ((first & HIGH_BITS) != 0) {
          return index + firstHighByte(first);
        }
        return index + 8 + firstHighByte(second);
      }
      index += 16;
    }
    if (index <= end - 8) {
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
}
