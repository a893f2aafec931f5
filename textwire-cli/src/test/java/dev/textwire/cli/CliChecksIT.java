package dev.textwire.cli;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Arguments checked before any work, stdin for validate, one number format, files that change under us. */
@EnabledIf("dev.textwire.cli.Cli#afterPackage")
class CliChecksIT {
  @TempDir Path dir;

  @ParameterizedTest
  @ValueSource(strings = {"", "stats"})
  void helpExamplesNameFilesThatExist(String command) throws IOException {
    Cli.Result r = command.isEmpty() ? Cli.run(dir, "--help") : Cli.run(dir, command, "--help");
    Matcher m = Pattern.compile("^ +textwire stats ([^ -\\[]\\S*)", Pattern.MULTILINE).matcher(r.out());
    int examples = 0;
    while (m.find()) {
      examples++;
      PathMatcher glob = FileSystems.getDefault().getPathMatcher("glob:" + m.group(1));
      try (Stream<Path> files = Files.walk(Cli.ROOT, 3)) {
        assertTrue(files.anyMatch(p -> glob.matches(Cli.ROOT.relativize(p))), "no file matches " + m.group(1));
      }
    }
    assertTrue(examples > 0, r::toString);
  }

  @ParameterizedTest
  @ValueSource(strings = {"0", "-3"})
  void threadsMustBeAtLeastOne(String threads) throws IOException {
    Files.writeString(dir.resolve("a.txt"), "text\n");
    Cli.Result r = Cli.run(dir, "validate", "-j", threads, "a.txt");
    assertEquals(2, r.code(), r::toString);
    assertEquals("", r.out(), r::toString);
    assertEquals(
        "textwire validate: -j/--threads must be at least 1, not " + threads + "\n"
            + "Try 'textwire validate --help' for more.\n",
        r.err(),
        r::toString);
  }

  @Test
  void validateWithoutFileReadsStandardInput() {
    Cli.Result r = Cli.runWithInput(dir, Texts.bytes('a', 'b', 0xFF, 'c', '\n'), "validate");
    assertEquals(1, r.code(), r::toString);
    assertEquals("<stdin>:1:3: byte offset 2: byte that never appears in UTF-8 (F5..FF) (bytes FF)", r.outLines().get(0), r::toString);
    Cli.Result ok = Cli.runWithInput(dir, "fine\n".getBytes(UTF_8), "validate");
    assertEquals("<stdin>: OK\n", ok.out(), ok::toString);
    assertEquals(0, ok.code(), ok::toString);
  }

  @Test
  void statsPrintsEveryNumberAlike() throws IOException {
    byte[] bad = new byte[1234];
    Arrays.fill(bad, (byte) 0xFF);
    Files.write(dir.resolve("bad.bin"), bad);
    Cli.Result r = Cli.run(dir, "stats", "bad.bin");
    assertEquals(0, r.code(), r::toString);
    assertTrue(r.outLines().contains("  invalid                1,234  1,234 bytes, each one U+FFFD when replaced"), r::toString);
  }

  @Test
  void benchChecksTheChartPathBeforeTheRun() {
    Path png = dir.resolve("missing").resolve("r.png");
    Cli.Result r = Cli.exec(dir, null, Map.of(), 120, List.of(Cli.LAUNCHER.toString(), "bench", "--smoke", "--chart", png.toString()));
    assertEquals(2, r.code(), r::toString);
    assertEquals(
        "textwire bench: cannot write the chart " + png + ": no such directory: " + png.getParent() + "\n", r.err(), r::toString);
    assertEquals("", r.out(), r::toString);
    assertFalse(Files.exists(png.getParent()), "created " + png.getParent());
  }

  /**
   * A file cut short while it is read: a sparse file of 32 GiB of zeros (no disk space, and more than any
   * machine reads before the cut), truncated to 1 MiB once the tool has read from it.
   */
  @ParameterizedTest
  @ValueSource(strings = {"stats", "convert"})
  void aFileTruncatedWhileReadIsAnError(String which) throws Exception {
    Path big = dir.resolve("big.txt");
    long bytes = 32L << 30;
    try (RandomAccessFile file = new RandomAccessFile(big.toFile(), "rw")) {
      file.setLength(bytes);
    }
    Path out = dir.resolve("out.txt");
    List<String> args = new ArrayList<>(List.of(Cli.LAUNCHER.toString(), which));
    if (which.equals("convert")) {
      args.addAll(List.of("-f", "utf-8", "-t", "utf-8", "big.txt", "out.txt"));
    } else {
      args.add("big.txt");
    }
    Path err = dir.resolve("err.txt");
    Process process =
        new ProcessBuilder(args)
            .directory(dir.toFile())
            .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .redirectError(err.toFile())
            .start();
    try {
      waitUntilReading(process, big);
      try (RandomAccessFile file = new RandomAccessFile(big.toFile(), "rw")) {
        file.setLength(1 << 20);
      }
      assertTrue(process.waitFor(120, TimeUnit.SECONDS), "still running");
    } finally {
      process.destroyForcibly();
    }
    String message = Files.readString(err);
    assertEquals(2, process.exitValue(), message);
    String expected =
        Pattern.quote("textwire " + which + ": big.txt: the file changed while it was read (" + bytes + " bytes when opened, ")
            + "[0-9]+"
            + Pattern.quote(" read to its end): the results would be for neither version"
                + (which.equals("convert") ? "; nothing written to out.txt" : "") + "\n");
    assertTrue(message.matches(expected), message);
    try (Stream<Path> files = Files.list(dir)) {
      assertEquals(List.of(), files.filter(p -> p.getFileName().toString().startsWith(".out.txt")).toList());
    }
    assertFalse(Files.exists(out));
  }

  /** Waits until {@code process} has {@code file} open and has read from it (Linux's /proc says). */
  private static void waitUntilReading(Process process, Path file) throws Exception {
    Path fds = Path.of("/proc/" + process.pid() + "/fd");
    Path real = file.toRealPath();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (System.nanoTime() < deadline && process.isAlive()) {
      try (Stream<Path> links = Files.list(fds)) {
        for (Path fd : links.toList()) {
          try {
            if (Files.readSymbolicLink(fd).equals(real)) {
              String info = Files.readString(Path.of("/proc/" + process.pid() + "/fdinfo/" + fd.getFileName()));
              Matcher pos = Pattern.compile("pos:\\s+(\\d+)").matcher(info);
              if (pos.find() && Long.parseLong(pos.group(1)) > 0) {
                return;
              }
            }
          } catch (IOException gone) {
            // closed meanwhile
          }
        }
      } catch (IOException notYet) {
        // the process is starting or ending
      }
      Thread.sleep(5);
    }
    fail("never saw it read " + file + (process.isAlive() ? "" : "; exit " + process.exitValue()));
  }
}
