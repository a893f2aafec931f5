package dev.textwire.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Standard output whose reader went away ({@code | head}): the tool stops quietly, nothing on standard
 * error, exit status 141 (what the shell reports for grep or cat, which die of SIGPIPE). Output that
 * cannot be written for another reason (a full disk, here /dev/full) is still an error, said, status 2.
 */
@EnabledIf("dev.textwire.cli.Cli#afterPackage")
class ClosedOutputIT {
  @TempDir Path dir;

  @BeforeEach
  void files() throws IOException {
    byte[] bad = new byte[200_000];
    Arrays.fill(bad, (byte) 0xFF); // 200,000 errors, a line of output each
    Files.write(dir.resolve("bad.bin"), bad);
    Files.write(dir.resolve("a.txt"), "some text\n".getBytes());
    Files.write(dir.resolve("b.txt"), "more text\n".getBytes());
  }

  private static List<String> command(String which) {
    switch (which) {
      case "validate":
        return List.of("validate", "--all", "bad.bin");
      case "stats":
        return List.of("stats", "a.txt", "b.txt", "bad.bin");
      case "convert":
        return List.of("convert", "-f", "latin-1", "-t", "utf-8", "bad.bin");
      default:
        throw new IllegalArgumentException(which);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"validate", "stats", "convert"})
  void aClosedPipeEndsQuietly(String which) throws Exception {
    List<String> args = new ArrayList<>(List.of(Cli.LAUNCHER.toString()));
    args.addAll(command(which));
    Path err = Files.createTempFile("err", ".txt");
    try {
      Process process =
          new ProcessBuilder(args)
              .directory(dir.toFile())
              .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
              .redirectError(err.toFile())
              .start();
      process.getInputStream().close(); // the reader goes away before the first line: every write fails
      assertTrue(process.waitFor(120, TimeUnit.SECONDS), "still running");
      assertEquals("", Files.readString(err), which);
      assertEquals(141, process.exitValue(), which); // 128 + SIGPIPE, as the shell reports grep or cat
    } finally {
      Files.delete(err);
    }
  }

  /** The same through a named pipe (mkfifo) whose reader stops early: a pipe too, though it has a name. */
  @ParameterizedTest
  @ValueSource(strings = {"validate", "stats", "convert"})
  void aNamedPipeWhoseReaderStopsEndsQuietly(String which) throws Exception {
    Path fifo = dir.resolve("out.fifo");
    assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).inheritIO().start().waitFor());
    Process reader = new ProcessBuilder("sh", "-c", "head -c 10 \"$0\" > /dev/null", fifo.toString()).start();
    try {
      List<String> sh =
          new ArrayList<>(List.of("sh", "-c", "exec \"$0\" \"$@\" > out.fifo", Cli.LAUNCHER.toString()));
      sh.addAll(command(which));
      Cli.Result r = Cli.exec(dir, null, java.util.Map.of(), 120, sh);
      assertEquals("", r.err(), which);
      assertEquals(141, r.code(), r::toString);
    } finally {
      reader.destroyForcibly();
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"validate", "stats", "convert"})
  void aFullDiskIsStillAnError(String which) {
    List<String> args = new ArrayList<>(command(which));
    String script = "exec \"$0\" \"$@\" > /dev/full";
    List<String> sh = new ArrayList<>(List.of("sh", "-c", script, Cli.LAUNCHER.toString()));
    sh.addAll(args);
    Cli.Result r = Cli.exec(dir, null, java.util.Map.of(), 120, sh);
    assertEquals(2, r.code(), r::toString);
    assertTrue(r.err().startsWith("textwire " + which + ": ") && r.err().contains("No space left on device"), r::toString);
  }
}
