package dev.textwire.cli;

import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;

/**
 * Lines and columns of a UTF-8 file, counted only when an error needs them, by reading the file again
 * from the last place asked about. A valid file (the common case, and the one that is timed) then costs
 * no counting at all; a file with errors is read at most twice. Standard input cannot be read again, so
 * it counts as it goes instead ({@link Positions} directly).
 */
final class FilePositions {
  private final Path path;
  private final Positions positions = new Positions();
  private final byte[] buffer = new byte[64 << 10];
  /** File offset up to which {@link #positions} has counted. */
  private long offset;

  FilePositions(Path path) {
    this.path = path;
  }

  /**
   * Line and column at {@code errorOffset}, which is after every offset asked about before; the bytes
   * between the last place and this one are well-formed UTF-8.
   */
  Positions at(long errorOffset) throws IOException {
    try (InputStream in = new FileInputStream(path.toFile())) {
      in.skipNBytes(offset);
      while (offset < errorOffset) {
        int n = in.read(buffer, 0, (int) Math.min(buffer.length, errorOffset - offset));
        if (n < 0) {
          throw new IOException(path + " got shorter while it was read");
        }
        positions.advanceUtf8(buffer, 0, n);
        offset += n;
      }
    }
    return positions;
  }

  /** Moves past an ill-formed sequence of {@code byteCount} bytes at the last offset asked about: one character. */
  void skipBad(int byteCount) {
    positions.advanceOne();
    offset += byteCount;
  }
}
