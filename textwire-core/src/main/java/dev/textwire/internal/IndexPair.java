package dev.textwire.internal;

/**
 * A kernel's two results in one long, so a loop that stops early (destination full, sequence split)
 * can say how far it got in both arrays without allocating: the source index in the high half, the
 * destination index in the low half.
 */
public final class IndexPair {
  private IndexPair() {}

  public static long of(int sourceIndex, int destinationIndex) {
    return ((long) sourceIndex << 32) | (destinationIndex & 0xFFFFFFFFL);
  }

  public static int source(long progress) {
    return (int) (progress >>> 32);
  }

  public static int destination(long progress) {
    return (int) progress;
  }
}
