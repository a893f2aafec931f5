package dev.textwire.fuzz;

import dev.textwire.Management;
import java.io.InputStream;
import java.util.Objects;

/** What the fuzz tests share: a stream that hands out fuzzer-chosen pieces, and an allocation counter. */
public final class FuzzSupport {
  private FuzzSupport() {}

  /**
   * Bytes this thread has allocated so far (HotSpot's per-thread count, which includes arrays allocated
   * outside the TLAB): the difference across a call bounds what the call allocated, give or take a few
   * hundred bytes of bookkeeping.
   */
  public static long allocatedBytes() {
    if (!Management.countsThreadAllocation()) {
      throw new AssertionError("this JVM does not count allocation per thread");
    }
    return Management.threadAllocatedBytes(Thread.currentThread().getId());
  }

  /**
   * An InputStream over {@code bytes} whose reads return the piece sizes in {@code pieces} in turn (each
   * byte's low bits plus one, at most {@code maxPiece}), as a socket might, and that says nothing is
   * available. Counts the bytes it handed out.
   */
  public static final class PieceStream extends InputStream {
    private final byte[] bytes;
    private final byte[] pieces;
    private final int maxPiece;
    private int position;
    private int nextPiece;

    public PieceStream(byte[] bytes, byte[] pieces, int maxPiece) {
      this.bytes = bytes;
      this.pieces = pieces.length == 0 ? new byte[] {(byte) (maxPiece - 1)} : pieces;
      this.maxPiece = maxPiece;
    }

    @Override
    public int read() {
      return position < bytes.length ? bytes[position++] & 0xFF : -1;
    }

    @Override
    public int read(byte[] b, int off, int len) {
      Objects.checkFromIndexSize(off, len, b.length);
      if (len == 0) {
        return 0;
      }
      if (position == bytes.length) {
        return -1;
      }
      int piece = 1 + (pieces[nextPiece++ % pieces.length] & 0xFF) % maxPiece;
      int count = Math.min(Math.min(len, bytes.length - position), piece);
      System.arraycopy(bytes, position, b, off, count);
      position += count;
      return count;
    }

    @Override
    public int available() {
      return 0;
    }

    /** Bytes handed out so far. */
    public int position() {
      return position;
    }
  }
}
