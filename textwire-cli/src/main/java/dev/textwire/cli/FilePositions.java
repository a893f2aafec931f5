package dev.textwire.cli;

import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Lines and columns of a UTF-8 file, counted only when an error needs them, by reading the file again
 * from the last place asked about. A valid file (the common case, and the one that is timed) then costs
 * no counting at all; a file with errors is read at most twice. Standard input cannot be read again, so
 * it counts as it goes instead ({@link Positions} directly).
 *
 * <p>A long stretch is counted by several threads, each over a part with a {@link Positions} of its
 * own: line feeds and code points can be counted from anywhere, and the parts' counts add up (a part
 * with a line feed starts the column again).
 */
final class FilePositions {
  /** Below this, one thread counts before the others would have started. */
  private static final long PARALLEL_BYTES = 32L << 20;

  private final Path path;
  private final int threads;
  private final Positions positions = new Positions();
  /** File offset up to which {@link #positions} has counted. */
  private long offset;

  FilePositions(Path path, int threads) {
    this.path = path;
    this.threads = threads;
  }

  /**
   * Line and column at {@code errorOffset}, which is after every offset asked about before; the bytes
   * between the last place and this one are well-formed UTF-8. When they are all in {@code window}, as
   * when errors are close together, they are counted there; the file is read again only for a stretch
   * that began before the window.
   */
  Positions at(long errorOffset, InputWindow window) throws IOException {
    if (offset >= window.bufferOffset && errorOffset <= window.offsetOf(window.end)) {
      positions.advanceUtf8(window.buffer, (int) (offset - window.bufferOffset), (int) (errorOffset - window.bufferOffset));
    } else if (threads > 1 && errorOffset - offset >= PARALLEL_BYTES) {
      List<Positions> counts = new ArrayList<>();
      List<ParallelCheck.Callable> parts = new ArrayList<>();
      long length = errorOffset - offset;
      for (int k = 0; k < threads; k++) {
        long from = offset + length / threads * k;
        long to = k == threads - 1 ? errorOffset : offset + length / threads * (k + 1);
        Positions count = new Positions();
        counts.add(count);
        parts.add(() -> count(count, from, to));
      }
      ParallelCheck.inParallel(parts);
      counts.forEach(positions::add);
    } else {
      count(positions, offset, errorOffset);
    }
    offset = errorOffset;
    return positions;
  }

  private long count(Positions into, long from, long to) throws IOException {
    byte[] buffer = new byte[256 << 10];
    try (InputStream in = new FileInputStream(path.toFile())) {
      in.skipNBytes(from);
      while (from < to) {
        int n = in.read(buffer, 0, (int) Math.min(buffer.length, to - from));
        if (n < 0) {
          throw new IOException(path + " got shorter while it was read");
        }
        into.advanceUtf8(buffer, 0, n);
        from += n;
      }
    }
    return 0;
  }

  /** Moves past an ill-formed sequence of {@code byteCount} bytes at the last offset asked about: one character. */
  void skipBad(int byteCount) {
    positions.advanceOne();
    offset += byteCount;
  }
}
