package dev.textwire.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The temporary files {@code convert} writes before renaming them into place, removed on every way out:
 * an error, an exception, or Ctrl-C, SIGTERM or SIGHUP, on which the JVM runs its shutdown hooks (and
 * then exits with 128 + the signal: 130, 143, 129). Only SIGKILL, or a JVM run with {@code -Xrs}, leaves
 * one behind; its name ({@code .NAME.<random>.textwire-partial}) says what it is.
 *
 * <p>Creating, renaming and removing happen under one lock, and once the JVM is shutting down no file is
 * created or renamed any more: the target gets the whole output or stays as it was.
 */
final class PartialFiles {
  private static final Set<Path> OPEN = new LinkedHashSet<>();
  private static boolean shuttingDown;
  private static boolean hooked;

  private PartialFiles() {}

  /** Creates {@code path} as a new empty file, to be removed at exit unless renamed first. */
  static synchronized void create(Path path) throws IOException {
    if (shuttingDown) {
      throw new IOException("the tool is stopping");
    }
    if (!hooked) {
      Runtime.getRuntime().addShutdownHook(new Thread(PartialFiles::removeAll, "textwire-remove-partial"));
      hooked = true;
    }
    OPEN.add(path); // before it exists: a signal right after it is created still finds it
    try {
      Files.createFile(path);
    } catch (IOException | RuntimeException e) {
      OPEN.remove(path);
      throw e;
    }
  }

  /** Renames {@code path} to {@code target} with {@code move}, unless the JVM is shutting down. */
  static synchronized void rename(Path path, Path target, Move move) throws IOException {
    if (shuttingDown) {
      throw new IOException("the tool is stopping");
    }
    move.move(path, target);
    OPEN.remove(path);
  }

  /** Removes {@code path} now. */
  static synchronized void remove(Path path) throws IOException {
    try {
      Files.deleteIfExists(path);
    } finally {
      OPEN.remove(path);
    }
  }

  private static synchronized void removeAll() {
    shuttingDown = true;
    for (Path path : OPEN) {
      try {
        Files.deleteIfExists(path);
      } catch (IOException | RuntimeException e) {
        // Nothing more to be done while the JVM exits; the name says what the file is.
      }
    }
    OPEN.clear();
  }

  /** A rename. */
  interface Move {
    void move(Path from, Path to) throws IOException;
  }
}
