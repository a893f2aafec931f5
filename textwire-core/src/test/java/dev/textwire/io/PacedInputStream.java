package dev.textwire.io;

import java.io.IOException;
import java.io.InputStream;
import java.util.Objects;
import java.util.SplittableRandom;

/**
 * An InputStream over bytes that arrive a few at a time, as from a socket: {@link #release} makes more of
 * them arrive, {@link #available()} says exactly how many have arrived and are unread, and a read when
 * none are waiting (before the end) is a read that would block, which fails the test with an
 * AssertionError. Reads return a random count of the waiting bytes. Reads number {@code firstFailure} to
 * {@code firstFailure + failures - 1} (counting from 1) throw an IOException and take nothing.
 */
final class PacedInputStream extends InputStream {
  private final byte[] bytes;
  private final SplittableRandom random;
  private final long firstFailure;
  private final long lastFailure;
  private int released;
  private int position;
  private long reads;

  PacedInputStream(byte[] bytes, SplittableRandom random, long firstFailure, int failures) {
    this.bytes = bytes;
    this.random = random;
    this.firstFailure = firstFailure;
    this.lastFailure = firstFailure + failures - 1;
  }

  /** Lets {@code count} more bytes arrive (fewer at the end); once all have, a read gives the end. */
  void release(int count) {
    released = Math.min(bytes.length, released + count);
  }

  boolean allReleased() {
    return released == bytes.length;
  }

  @Override
  public int read() throws IOException {
    byte[] one = new byte[1];
    int n = read(one, 0, 1);
    return n < 0 ? -1 : one[0] & 0xFF;
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    Objects.checkFromIndexSize(off, len, b.length);
    if (len == 0) {
      return 0;
    }
    reads++;
    if (reads >= firstFailure && reads <= lastFailure) {
      throw new IOException("read " + reads + " fails");
    }
    if (position == bytes.length) {
      return -1;
    }
    if (position == released) {
      throw new AssertionError("a read that would block: " + position + " of " + bytes.length + " bytes have arrived, all read");
    }
    int count = Math.min(len, 1 + random.nextInt(released - position));
    System.arraycopy(bytes, position, b, off, count);
    position += count;
    return count;
  }

  @Override
  public int available() {
    return released - position;
  }
}
