package dev.textwire.cli;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Ctrl-C, SIGTERM or SIGHUP during {@code convert} to a file: the temporary file beside the target is
 * removed, the target is left as it was, and the exit status is the JVM's 128 + the signal. The input is
 * a named pipe that never ends, so the signal always comes mid-conversion, whatever the machine's speed.
 */
@EnabledIf("dev.textwire.cli.Cli#afterPackage")
class SignalsIT {
  @TempDir Path dir;

  /**
   * A signal ignored when this JVM started stays ignored in the processes it starts, and a JVM installs no
   * handler for an ignored SIGINT or SIGHUP: under {@code nohup}, or in a background job of a script
   * (where SIGINT is ignored), the tool would rightly not react at all. So the tool starts with the
   * default actions, through coreutils' {@code env --default-signal} (which then execs it: same pid).
   */
  private static final List<String> DEFAULT_SIGNALS = defaultSignals();

  private static List<String> defaultSignals() {
    List<String> prefix = List.of("env", "--default-signal=INT,HUP,TERM");
    try {
      Process probe = new ProcessBuilder(concat(prefix, List.of("true"))).redirectErrorStream(true).start();
      probe.getInputStream().readAllBytes();
      if (probe.waitFor() == 0) {
        return prefix;
      }
    } catch (IOException e) {
      // no env with --default-signal (coreutils before 8.31): run the tool as it is
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return List.of();
  }

  private static List<String> concat(List<String> a, List<String> b) {
    List<String> all = new ArrayList<>(a);
    all.addAll(b);
    return all;
  }

  @ParameterizedTest
  @CsvSource({"INT, 130", "TERM, 143", "HUP, 129"})
  void aSignalLeavesNoTemporaryFile(String signal, int status) throws Exception {
    Path work = Files.createDirectories(dir.resolve("work"));
    Path fifo = dir.resolve("in.fifo");
    assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).inheritIO().start().waitFor());
    Path target = work.resolve("out.txt");
    Files.writeString(target, "old\n");
    Path err = dir.resolve("err.txt");
    // Opened read-write, a named pipe has a writer at once without waiting for a reader (Linux).
    try (RandomAccessFile writer = new RandomAccessFile(fifo.toFile(), "rw")) {
      List<String> command = new ArrayList<>(DEFAULT_SIGNALS);
      command.addAll(
          List.of(Cli.LAUNCHER.toString(), "convert", "-f", "utf-8", "-t", "utf-16le", fifo.toString(), target.toString()));
      Process process =
          new ProcessBuilder(command)
              .directory(dir.toFile())
              .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
              .redirectOutput(ProcessBuilder.Redirect.DISCARD)
              .redirectError(err.toFile())
              .start();
      try {
        writer.write("some text, and more to come\n".getBytes(UTF_8));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (partials(work).isEmpty()) {
          if (!process.isAlive() || System.nanoTime() > deadline) {
            fail("no temporary file appeared; exit " + (process.isAlive() ? "none" : process.exitValue())
                + ", stderr: " + Files.readString(err));
          }
          Thread.sleep(20);
        }
        // The launcher exec'd java: the launcher's process is the JVM.
        assertEquals(0, new ProcessBuilder("kill", "-" + signal, Long.toString(process.pid())).inheritIO().start().waitFor());
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "still running after SIG" + signal);
      } finally {
        process.destroyForcibly();
      }
      assertEquals(List.of(), partials(work), "left behind after SIG" + signal);
      assertEquals(status, process.exitValue(), () -> "stderr: " + readQuietly(err));
      assertEquals("old\n", Files.readString(target));
      assertEquals("", Files.readString(err));
    }
  }

  private static List<Path> partials(Path work) throws IOException {
    try (Stream<Path> files = Files.list(work)) {
      return files.filter(p -> p.getFileName().toString().endsWith(".textwire-partial")).toList();
    }
  }

  private static String readQuietly(Path path) {
    try {
      return Files.readString(path);
    } catch (IOException e) {
      return e.toString();
    }
  }
}
