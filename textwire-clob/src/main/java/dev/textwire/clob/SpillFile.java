package dev.textwire.clob;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A temporary file of fixed-size slots, one segment per slot. Slots are never rewritten in place: a
 * changed segment goes to a free slot and the old one is released only after the index points at the new
 * one, so a write that fails (disk full, file gone) leaves every byte the index refers to as it was.
 *
 * <p>The file is deleted by {@link #close()} (from {@code free()}, from a Cleaner when the Clob is
 * unreachable), and at JVM exit by one shutdown hook over the files still open. {@code deleteOnExit}
 * is not used: it keeps every path it was given until exit, a leak for a program that makes many Clobs.
 */
final class SpillFile implements Runnable {
  private static final Set<Path> OPEN = ConcurrentHashMap.newKeySet();

  static {
    Runtime.getRuntime().addShutdownHook(new Thread(SpillFile::deleteAllOpen, "textwire-clob-spill-cleanup"));
  }

  private final Path path;
  private final FileChannel channel;
  private final int slotBytes;
  private int slotCount;
  /** The end of the furthest byte written: the file is at least this long unless cut underneath. */
  private long writtenEnd;
  private int[] freeSlots = new int[16];
  private int freeCount;

  private SpillFile(Path path, FileChannel channel, int slotBytes) {
    this.path = path;
    this.channel = channel;
    this.slotBytes = slotBytes;
  }

  static SpillFile create(Path directory, int slotBytes) throws IOException {
    Path path = Files.createTempFile(directory, "textwire-clob-", ".spill");
    OPEN.add(path);
    try {
      FileChannel channel = FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE);
      return new SpillFile(path, channel, slotBytes);
    } catch (IOException | RuntimeException e) {
      OPEN.remove(path);
      Files.deleteIfExists(path);
      throw e;
    }
  }

  Path path() {
    return path;
  }

  /** Takes a free slot, or a new one at the end of the file. */
  int allocate() {
    return freeCount > 0 ? freeSlots[--freeCount] : slotCount++;
  }

  void release(int slot) {
    if (freeCount == freeSlots.length) {
      freeSlots = Arrays.copyOf(freeSlots, freeCount * 2);
    }
    freeSlots[freeCount++] = slot;
  }

  /**
   * Writes a slot. First checks the file was not cut short underneath: a write past a cut would leave a
   * hole of zeros where lost segments were, and those would read back as valid NUL chars.
   */
  void write(int slot, byte[] src, int byteCount) throws IOException {
    long size = channel.size();
    if (size < writtenEnd) {
      throw new IOException("the spill file was cut to " + size + " bytes underneath; it held " + writtenEnd
          + " (another process truncated it)");
    }
    ByteBuffer buffer = ByteBuffer.wrap(src, 0, byteCount);
    long position = (long) slot * slotBytes;
    while (buffer.hasRemaining()) {
      position += channel.write(buffer, position);
    }
    writtenEnd = Math.max(writtenEnd, position);
  }

  /** Reads a slot's {@code byteCount} bytes; a file cut short underneath is an error, never silent zeros. */
  void read(int slot, byte[] dst, int byteCount) throws IOException {
    ByteBuffer buffer = ByteBuffer.wrap(dst, 0, byteCount);
    long start = (long) slot * slotBytes;
    long position = start;
    while (buffer.hasRemaining()) {
      int read = channel.read(buffer, position);
      if (read < 0) {
        throw new EOFException("the spill file ends at byte " + channel.size() + " but slot " + slot
            + " needs bytes " + start + " to " + (start + byteCount) + "; was it truncated by another process?");
      }
      position += read;
    }
  }

  /** Closes and deletes the file; idempotent. Also the Cleaner's action, so it must not throw. */
  @Override
  public void run() {
    close();
  }

  void close() {
    try {
      channel.close();
    } catch (IOException ignored) {
      // Deleting below is what matters; a failed close of a temp file loses nothing.
    }
    try {
      Files.deleteIfExists(path);
    } catch (IOException ignored) {
      // The shutdown hook tries again at exit.
      return;
    }
    OPEN.remove(path);
  }

  private static void deleteAllOpen() {
    for (Path path : OPEN) {
      try {
        Files.deleteIfExists(path);
      } catch (IOException ignored) {
        // Nothing more can be done at exit.
      }
    }
  }
}
