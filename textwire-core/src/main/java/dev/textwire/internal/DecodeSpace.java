package dev.textwire.internal;

/**
 * Reused arrays for decoded text on its way into a String: chars, or Latin-1 bytes (the layout of a
 * compact string). Allocated on first need, grown in powers of two up to a limit; beyond it a call gets
 * an array of its own, so what is kept stays bounded.
 */
final class DecodeSpace {
  private char[] chars;
  private byte[] latin1;

  /** Room for {@code charCount} decoded chars: reused up to {@code maxRetained}. */
  char[] chars(int charCount, int maxRetained) {
    if (charCount > maxRetained) {
      return new char[charCount];
    }
    if (chars == null || chars.length < charCount) {
      chars = new char[grownLength(charCount)];
    }
    return chars;
  }

  /** Room for {@code byteCount} decoded Latin-1 chars: reused up to {@code maxRetained}. */
  byte[] latin1(int byteCount, int maxRetained) {
    if (byteCount > maxRetained) {
      return new byte[byteCount];
    }
    if (latin1 == null || latin1.length < byteCount) {
      latin1 = new byte[grownLength(byteCount)];
    }
    return latin1;
  }

  private static int grownLength(int count) {
    return Math.max(256, Integer.highestOneBit(count - 1) << 1);
  }
}
