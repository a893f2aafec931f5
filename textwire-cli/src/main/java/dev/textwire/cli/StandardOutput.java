package dev.textwire.cli;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * Standard output, remembering why a write to it failed, so that a reader that went away ({@code | head},
 * a closed pipe) ends the run quietly, like {@code grep} or {@code cat}, while a full disk is still an
 * error with a message.
 *
 * <p>Those die of SIGPIPE, which a shell reports as 141 (128 + 13); a JVM ignores SIGPIPE and sees the
 * write fail instead, so the tool exits with {@link #CLOSED}, 141 too: under {@code set -o pipefail}, or in
 * {@code PIPESTATUS}, it looks just like them, and it is never taken for a complete, successful run.
 */
final class StandardOutput extends OutputStream {
  /** The exit status when the reader of standard output went away: 128 + SIGPIPE, as the shell says. */
  static final int CLOSED = 141;

  private static volatile IOException failure;

  private final OutputStream out = new FileOutputStream(FileDescriptor.out);

  @Override
  public void write(int b) throws IOException {
    try {
      out.write(b);
    } catch (IOException e) {
      failure = e;
      throw e;
    }
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    try {
      out.write(b, off, len);
    } catch (IOException e) {
      failure = e;
      throw e;
    }
  }

  @Override
  public void flush() throws IOException {
    try {
      out.flush();
    } catch (IOException e) {
      failure = e;
      throw e;
    }
  }

  /** Flushed, not closed: standard output stays open for whatever prints after. */
  @Override
  public void close() throws IOException {
    flush();
  }

  /** Why the last write failed, for a message. */
  static String failure() {
    IOException e = failure;
    return e == null ? "unknown error" : e.getMessage() == null ? e.toString() : e.getMessage();
  }

  /** A named pipe (mkfifo) by its file type, which Linux shows through the link it follows. */
  private static boolean isNamedPipe(Path fd) throws IOException {
    return ((Integer) Files.getAttribute(fd, "unix:mode") & 0170000) == 0010000; // S_IFMT, S_IFIFO
  }

  /**
   * True if a write failed and standard output is a pipe, a socket or a terminal: such a write fails only
   * when nobody reads any more (EPIPE, or EIO from a terminal that hung up). A file or a device such as
   * /dev/full (a full disk, an I/O error) is not this. Told by what Linux's /proc/self/fd/1 names; where
   * there is no /proc, by the reason, which is in English there.
   */
  static boolean readerGone() {
    IOException e = failure;
    if (e == null) {
      return false;
    }
    try {
      Path fd = Paths.get("/proc/self/fd/1");
      String target = Files.readSymbolicLink(fd).toString();
      return target.startsWith("pipe:")
          || target.startsWith("socket:")
          || target.startsWith("/dev/pts/")
          || target.startsWith("/dev/tty")
          || isNamedPipe(fd);
    } catch (IOException | UnsupportedOperationException | SecurityException notLinux) {
      return "Broken pipe".equals(e.getMessage());
    }
  }
}
