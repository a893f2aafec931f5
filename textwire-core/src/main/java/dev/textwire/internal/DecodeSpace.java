package dev.textwire.internal;

/**
 * Reused arrays for decoded text on its way into a String: chars, or Latin-1 bytes (the layout of a
 * compact string). Allocated on first need, grown in powers of two up to a limit, so what a thread keeps
 * stays bounded. Beyond it, from the few arrays the process shares ({@link SharedArrays}).
 */
final class DecodeSpace {
  private char[] chars;
  private byte[] latin1;

  /**
   * Room for {@code charCount} decoded chars: this space's own up to {@code maxRetained}, a shared array
   * beyond. Pair with {@link #done} once the String is built, also when decoding failed.
   */
  char[] chars(int charCount, int maxRetained) {
    if (charCount > maxRetained) {
      return SharedArrays.CHARS.take(charCount);
    }
    if (chars == null || chars.length < charCount) {
      chars = new char[grownLength(charCount)];
    }
    return chars;
  }

  /** Gives back {@code used}, from {@link #chars}, if it is a shared array; this space keeps its own. */
  void done(char[] used) {
    if (used != chars) {
      SharedArrays.CHARS.give(used);
    }
  }

  /**
   * Room for {@code byteCount} decoded Latin-1 chars: this space's own up to {@code maxRetained}, a shared
   * array beyond. Pair with {@link #done} once the String is built or the text widened, also on failure.
   */
  byte[] latin1(int byteCount, int maxRetained) {
    if (byteCount > maxRetained) {
      return SharedArrays.LATIN1.take(byteCount);
    }
    if (latin1 == null || latin1.length < byteCount) {
      latin1 = new byte[grownLength(byteCount)];
    }
    return latin1;
  }

  /** Gives back {@code used}, from {@link #latin1}, if it is a shared array; this space keeps its own. */
  void done(byte[] used) {
    if (used != latin1) {
      SharedArrays.LATIN1.give(used);
    }
  }

  private static int grownLength(int count) {
    return Math.max(256, Integer.highestOneBit(count - 1) << 1);
  }
}
