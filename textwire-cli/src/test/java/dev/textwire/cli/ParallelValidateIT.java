package dev.textwire.cli;

import static dev.textwire.cli.Texts.bytes;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.textwire.TextCodecs;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.api.io.TempDir;

/**
 * A UTF-8 file of 32 MiB and more is checked by several threads first ({@code -j}); what is printed must
 * not depend on how many. One file for the class, changed in place by each test and put back after.
 */
@EnabledIf("dev.textwire.cli.Cli#afterPackage")
class ParallelValidateIT {
  @TempDir static Path dir;
  private static Path file;
  private static byte[] bytes;
  /** Where -j 2 splits the file: its middle. A 4-byte character starts 2 bytes before it. */
  private static int middle;

  @BeforeAll
  static void bigFile() throws IOException {
    byte[] line = "The quick brown fox: é, 日本, 😀; 0123456789 ABCDEFGHIJKLMNOPQRSTUVWXYZ\r\n".getBytes(UTF_8);
    int size = (32 << 20) + 1000;
    bytes = new byte[size];
    for (int i = 0; i < size; i += line.length) {
      System.arraycopy(line, 0, bytes, i, Math.min(line.length, size - i));
    }
    int end = size - size % line.length; // the last whole line
    for (int i = end; i < size; i++) {
      bytes[i] = 'x';
    }
    middle = size / 2;
    // ASCII around the middle (from and to where characters start), with a 4-byte character over it.
    int from = middle - 40;
    int to = middle + 40;
    while ((bytes[from] & 0xC0) == 0x80) {
      from--;
    }
    while ((bytes[to] & 0xC0) == 0x80) {
      to++;
    }
    java.util.Arrays.fill(bytes, from, to, (byte) 'x');
    System.arraycopy("ab😀cd".getBytes(UTF_8), 0, bytes, middle - 4, 8);
    assertEquals(size, TextCodecs.UTF_8.validUpTo(bytes, 0, size));
    file = dir.resolve("big.txt");
    Files.write(file, bytes);
  }

  @AfterAll
  static void deleteIt() throws IOException {
    Files.deleteIfExists(file);
    bytes = null;
  }

  /** Writes {@code patch} at {@code offset} in the file (and in {@link #bytes}); returns what was there. */
  private static byte[] patch(int offset, byte[] patch) throws IOException {
    byte[] old = new byte[patch.length];
    System.arraycopy(bytes, offset, old, 0, patch.length);
    System.arraycopy(patch, 0, bytes, offset, patch.length);
    try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
      f.seek(offset);
      f.write(patch);
    }
    return old;
  }

  /** The line and column of {@code offset}, counted on the bytes (all well-formed before it). */
  private static String at(int offset) {
    long line = 1;
    long column = 1;
    for (int i = 0; i < offset; i++) {
      if (bytes[i] == '\n') {
        line++;
        column = 1;
      } else if ((bytes[i] & 0xC0) != 0x80) {
        column++;
      }
    }
    return line + ":" + column;
  }

  /** validate with -j 1 and with -j 2: the same output, which is returned. */
  private static Cli.Result sameWithOneAndTwoThreads(String... options) {
    List<String> args = new ArrayList<>(List.of("validate"));
    args.addAll(List.of(options));
    args.add("-j");
    Cli.Result one = Cli.run(dir, concat(args, "1", "big.txt"));
    Cli.Result two = Cli.run(dir, concat(args, "2", "big.txt"));
    assertEquals(one.out(), two.out(), "-j 1 and -j 2 differ");
    assertEquals(one.err(), two.err(), "-j 1 and -j 2 differ");
    assertEquals(one.code(), two.code(), "-j 1 and -j 2 differ");
    return two;
  }

  private static String[] concat(List<String> list, String... more) {
    List<String> all = new ArrayList<>(list);
    all.addAll(List.of(more));
    return all.toArray(String[]::new);
  }

  @Test
  void valid() {
    Cli.Result r = sameWithOneAndTwoThreads();
    assertEquals("big.txt: OK\n", r.out(), r::toString);
    assertEquals(0, r.code(), r::toString);
  }

  @Test
  void errorNearTheEnd() throws IOException {
    int offset = bytes.length - 300;
    byte[] old = patch(offset, bytes(0xFF));
    try {
      Cli.Result r = sameWithOneAndTwoThreads();
      assertEquals("big.txt:" + at(offset) + ": byte offset " + offset + ": byte that never appears in UTF-8 (F5..FF) (bytes FF)",
          r.outLines().get(0), r::toString);
      assertEquals(3, r.outLines().size(), r::toString);
      assertEquals(1, r.code(), r::toString);
    } finally {
      patch(offset, old);
    }
  }

  /**
   * A 4-byte sequence cut short just past the middle, where -j 2 splits the file (after the continuation
   * bytes there), and a stray continuation byte near the end: both found, with --all.
   */
  @Test
  void errorsWhereTheThreadsMeet() throws IOException {
    byte[] old = patch(middle - 2, bytes(0xF0, 0x9F, 0x98, 'Z'));
    int last = bytes.length - 5;
    byte[] oldLast = patch(last, bytes(0x80));
    try {
      Cli.Result r = sameWithOneAndTwoThreads("--all");
      List<String> out = r.outLines();
      assertEquals(7, out.size(), r::toString);
      assertEquals("big.txt:" + at(middle - 2) + ": byte offset " + (middle - 2) + ": " + reason(middle - 2) + " (bytes F0 9F 98)",
          out.get(0), r::toString);
      assertEquals("    | ..." + "x".repeat(30) + "ab\\xF0\\x9F\\x98Zcd" + "x".repeat(29) + "...", out.get(1), r::toString);
      assertEquals(Texts.caret("..." + "x".repeat(30) + "ab", 3), out.get(2), r::toString);
      assertEquals("big.txt:" + at(last) + ": byte offset " + last + ": " + reason(last) + " (bytes 80)", out.get(3), r::toString);
      assertEquals("big.txt: 2 errors", out.get(6), r::toString);
      assertEquals(1, r.code(), r::toString);
    } finally {
      patch(middle - 2, old);
      patch(last, oldLast);
    }
  }

  /**
   * A bad byte at the first byte of the second part (-j 2 starts it after the emoji over the middle):
   * the one-thread pass starts there, and still shows the text before it from the look-behind.
   */
  @Test
  void errorAtTheStartOfTheSecondPart() throws IOException {
    int offset = middle + 2;
    byte[] old = patch(offset, bytes(0xFF));
    try {
      Cli.Result r = sameWithOneAndTwoThreads("--all");
      assertEquals(
          List.of(
              "big.txt:" + at(offset) + ": byte offset " + offset + ": byte that never appears in UTF-8 (F5..FF) (bytes FF)",
              "    | ..." + "x".repeat(29) + "ab😀\\xFFd" + "x".repeat(31) + "...",
              Texts.caret("..." + "x".repeat(29) + "ab😀", 1),
              "big.txt: 1 error"),
          r.outLines(), r::toString);
      assertEquals(1, r.code(), r::toString);
    } finally {
      patch(offset, old);
    }
  }

  private static String reason(int offset) {
    return Texts.coreErrors(TextCodecs.UTF_8, "utf-8", java.util.Arrays.copyOfRange(bytes, offset, offset + 4)).get(0).reason();
  }
}
