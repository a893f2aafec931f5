package dev.textwire.cli;

import java.io.FileInputStream;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;

/** A file named on the command line, or standard input for {@code -}, opened with errors in plain words. */
final class Input implements AutoCloseable {
  static final String STDIN = "-";

  final String displayName;
  final InputStream stream;
  /** The file's size, or -1 for standard input, a pipe or a device. */
  final long byteCount;
  /** The file, which can be read again; null for standard input, a pipe or a device. */
  final Path path;

  private Input(String displayName, InputStream stream, long byteCount, Path path) {
    this.displayName = displayName;
    this.stream = stream;
    this.byteCount = byteCount;
    this.path = path;
  }

  static Input open(String name) throws UserError {
    if (name.equals(STDIN)) {
      return new Input("<stdin>", System.in, -1, null);
    }
    String shown = FileNames.show(name);
    Path path;
    try {
      path = Paths.get(name);
    } catch (InvalidPathException e) {
      throw new UserError(FileNames.unusable(name));
    }
    if (FileNames.damaged(name)) {
      throw new UserError(FileNames.unusable(name)); // another file may have the name it became
    }
    if (Files.isDirectory(path)) {
      throw new UserError(shown + ": is a directory");
    }
    try {
      // FileInputStream rather than Files.newInputStream: it reads straight into the array, where the
      // channel's stream goes through a temporary direct buffer: reading and validating 1 GiB took about a
      // third longer that way here.
      FileInputStream stream = new FileInputStream(path.toFile());
      if (!Files.isRegularFile(path)) {
        // A pipe or a device by name (/dev/stdin, <(...)): read once, like standard input.
        return new Input(shown, stream, -1, null);
      }
      return new Input(shown, stream, Files.size(path), path);
    } catch (FileNotFoundException e) {
      if (!Files.exists(path)) {
        throw new UserError(shown + ": no such file");
      }
      throw new UserError(shown + ": cannot read" + (Files.isReadable(path) ? ": " + reason(e, name) : " (permission denied)"));
    } catch (NoSuchFileException e) {
      throw new UserError(shown + ": no such file");
    } catch (AccessDeniedException e) {
      throw new UserError(shown + ": permission denied");
    } catch (IOException e) {
      throw new UserError(shown + ": cannot read: " + reason(e, name));
    }
  }

  /** An exception's message without the file name the JDK puts first (as it holds it, not as typed). */
  static String reason(IOException e, String name) {
    String message = e.getMessage();
    if (message == null) {
      return e.toString();
    }
    return message.startsWith(name) ? message.substring(name.length()).replaceFirst("^[: ]+", "") : message;
  }

  /**
   * Fails if a file was not {@link #byteCount} bytes long when read to its end ({@code bytesRead}): it
   * was truncated or grew (a log still being written) meanwhile, and what was read may be no one version
   * of it. Only the size is compared: a rewrite that keeps the size is not seen.
   */
  void checkWholeFile(long bytesRead) throws Changed {
    if (path != null && bytesRead != byteCount) {
      throw new Changed(
          displayName
              + ": the file changed while it was read ("
              + byteCount
              + " bytes when opened, "
              + bytesRead
              + " read to its end): the results would be for neither version");
    }
  }

  /** The file changed while it was read; the message names it. */
  static final class Changed extends IOException {
    private static final long serialVersionUID = 1L;

    Changed(String message) {
      super(message);
    }
  }

  @Override
  public void close() throws IOException {
    if (stream != System.in) {
      stream.close();
    }
  }

  /** What a command does with one input. */
  interface Action {
    void accept(Input input) throws IOException;
  }

  /**
   * Opens each named input in turn and runs {@code action} on it. What cannot be read is said on
   * {@code err} in plain words, and the next input is tried; output that cannot be written stops it all:
   * a reader that went away (a closed pipe, {@code | head}) quietly, with {@link StandardOutput#CLOSED},
   * anything else (a full disk) with a message. Returns 2 if something could not be read or written, else 0.
   */
  static int each(List<String> names, String command, PrintWriter out, PrintWriter err, Action action) {
    boolean unreadable = false;
    for (String name : names) {
      try (Input input = open(name)) {
        action.accept(input);
      } catch (UserError e) {
        unreadable = true;
        err.println("textwire " + command + ": " + e.getMessage());
      } catch (Changed e) {
        unreadable = true;
        err.println("textwire " + command + ": " + e.getMessage());
      } catch (IOException e) {
        unreadable = true;
        err.println("textwire " + command + ": " + FileNames.show(name) + ": read failed: " + reason(e, name));
      }
      if (out.checkError()) {
        if (StandardOutput.readerGone()) {
          return StandardOutput.CLOSED;
        }
        err.println("textwire " + command + ": the output could not be written: " + StandardOutput.failure());
        return 2;
      }
    }
    return unreadable ? 2 : 0;
  }
}
