package dev.textwire.cli;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Runs the real {@code ./textwire} launcher in a child process and captures what it did. */
final class Cli {
  /** The worktree root: Maven runs the tests in {@code textwire-cli}, so its parent. */
  static final Path ROOT = findRoot();

  static final Path LAUNCHER = ROOT.resolve("textwire");

  private Cli() {}

  /**
   * For {@code @EnabledIf} on the process tests: false in surefire's test phase, which a {@code -Dtest=...}
   * filter makes run them too, before {@code package} has rebuilt the jar (the launcher would then start
   * a nested build). Failsafe runs them after {@code package}, with the module's jar on the class path.
   */
  static boolean afterPackage() {
    if (System.getProperty("surefire.real.class.path") == null) {
      return true; // not under Maven: an IDE, say
    }
    return Main.class.getProtectionDomain().getCodeSource().getLocation().getPath().endsWith(".jar");
  }

  private static Path findRoot() {
    Path dir = Path.of(System.getProperty("user.dir")).toAbsolutePath();
    Path root = Files.isExecutable(dir.resolve("textwire")) ? dir : dir.getParent();
    assertTrue(Files.isExecutable(root.resolve("textwire")), "no executable launcher at " + root.resolve("textwire"));
    return root;
  }

  record Result(int code, byte[] stdout, byte[] stderr) {
    String out() {
      return new String(stdout, UTF_8);
    }

    String err() {
      return new String(stderr, UTF_8);
    }

    List<String> outLines() {
      return out().lines().toList();
    }

    @Override
    public String toString() {
      return "exit " + code + "\n--- stdout:\n" + shorten(out()) + "\n--- stderr:\n" + shorten(err());
    }

    private static String shorten(String s) {
      return s.length() <= 4000 ? s : s.substring(0, 4000) + "... (" + s.length() + " chars)";
    }
  }

  /** {@code ./textwire args...} in {@code dir}, nothing on standard input. */
  static Result run(Path dir, String... args) {
    return run(dir, null, Map.of(), args);
  }

  /** {@code ./textwire args...} in {@code dir} with {@code stdin} piped in. */
  static Result runWithInput(Path dir, byte[] stdin, String... args) {
    return run(dir, stdin, Map.of(), args);
  }

  /**
   * {@code ./textwire args...} in {@code dir}, the environment inherited (TEXTWIRE_JAVA_OPTS with it) but
   * for {@code env}, where a null value removes the variable.
   */
  static Result run(Path dir, byte[] stdin, Map<String, String> env, String... args) {
    List<String> command = new ArrayList<>();
    command.add(LAUNCHER.toString());
    command.addAll(Arrays.asList(args));
    return exec(dir, stdin, env, 120, command);
  }

  static Result exec(Path dir, byte[] stdin, Map<String, String> env, long timeoutSeconds, List<String> command) {
    ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile());
    // Anything on a terminal or set by the user must not decide whether a progress bar is drawn.
    builder.environment().remove("TEXTWIRE_PROGRESS");
    env.forEach((k, v) -> {
      if (v == null) {
        builder.environment().remove(k);
      } else {
        builder.environment().put(k, v);
      }
    });
    if (stdin == null) {
      builder.redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
    }
    Process process;
    try {
      process = builder.start();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Drain out = Drain.start(process.getInputStream());
    Drain err = Drain.start(process.getErrorStream());
    try {
      if (stdin != null) {
        try (OutputStream in = process.getOutputStream()) {
          in.write(stdin);
        } catch (IOException e) {
          // The tool may stop reading early (a usage error, say): a broken pipe is its business.
        }
      }
      if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new AssertionError("timed out after " + timeoutSeconds + " s: " + command);
      }
      out.join();
      err.join();
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted", e);
    }
    return new Result(process.exitValue(), out.bytes, err.bytes);
  }

  /** Reads a child's output to its end on its own thread, so that neither pipe can fill up and block it. */
  private static final class Drain extends Thread {
    private final InputStream in;
    volatile byte[] bytes = new byte[0];

    private Drain(InputStream in) {
      this.in = in;
      setDaemon(true);
    }

    static Drain start(InputStream in) {
      Drain drain = new Drain(in);
      drain.start();
      return drain;
    }

    @Override
    public void run() {
      try (in) {
        bytes = in.readAllBytes();
      } catch (IOException e) {
        bytes = ("<read failed: " + e + ">").getBytes(UTF_8);
      }
    }
  }
}
