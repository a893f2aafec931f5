package dev.textwire.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The command line as a user meets it, through the real {@code ./textwire}: the launcher itself (other
 * directories, symbolic links, JVM options), usage errors, help and version. The commands have their own
 * classes: ValidateIT, ParallelValidateIT, ConvertIT, StatsIT, ProgressIT, BenchIT.
 */
@EnabledIf("dev.textwire.cli.Cli#afterPackage")
class CliProcessIT {
  @TempDir Path dir;

  /** Exit status 2, nothing on standard output, and the message names the problem. */
  private void usageError(List<String> firstErrorLines, String... args) {
    Cli.Result r = Cli.run(dir, args);
    List<String> err = r.err().lines().toList();
    assertTrue(err.size() >= firstErrorLines.size(), r::toString);
    assertEquals(firstErrorLines, err.subList(0, firstErrorLines.size()), r::toString);
    assertEquals("", r.out(), r::toString);
    assertEquals(2, r.code(), r::toString);
  }

  @Test
  void noCommand() {
    usageError(List.of("textwire: a command is needed."));
  }

  @Test
  void unknownCommand() {
    usageError(List.of("textwire: unknown command 'frobnicate'"), "frobnicate");
  }

  @Test
  void unknownOption() {
    usageError(List.of("textwire validate: Unknown option: '--frob'", "Try 'textwire validate --help' for more."),
        "validate", "--frob", "x.txt");
  }

  @Test
  void unknownEncoding() {
    usageError(
        List.of("textwire validate: Invalid value for option '--encoding': unknown encoding 'foo'; known: utf-8, cesu-8,"
            + " modified-utf-8, latin-1, ebcdic-500, ebcdic-1047, utf-16le, utf-16be"),
        "validate", "--encoding", "foo", "x.txt");
  }

  @Test
  void convertWithoutFrom() {
    usageError(List.of("textwire convert: Missing required option: '--from=ENCODING'", "Try 'textwire convert --help' for more."),
        "convert", "--to", "utf-8", "x.txt");
  }

  @Test
  void statsWithoutFiles() {
    // (validate without files reads standard input, as convert does: CliChecksIT)
    usageError(List.of("textwire stats: Missing required parameter: 'FILE'"), "stats");
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "validate", "convert", "stats", "bench"})
  void helpShowsExamples(String command) {
    Cli.Result r = command.isEmpty() ? Cli.run(dir, "--help") : Cli.run(dir, command, "--help");
    assertTrue(r.out().startsWith("Usage: textwire" + (command.isEmpty() ? "" : " " + command)), r::toString);
    assertTrue(r.out().contains("\nExamples:\n"), r::toString);
    assertEquals("", r.err(), r::toString);
    assertEquals(0, r.code(), r::toString);
  }

  @Test
  void version() {
    Cli.Result r = Cli.run(dir, "--version");
    assertTrue(r.out().startsWith("textwire 0.1.0"), r::toString);
    assertTrue(r.out().contains("JVM: " + System.getProperty("java.version")), r::toString);
    assertTrue(r.out().contains("; vector tier: "), r::toString);
    assertEquals(0, r.code(), r::toString);
  }

  @Test
  void throughSymbolicLinksFromAnotherDirectoryWithJavaOptions() throws IOException {
    Path bin = Files.createDirectories(dir.resolve("bin"));
    Files.createSymbolicLink(bin.resolve("tw"), Cli.LAUNCHER);
    Files.createSymbolicLink(bin.resolve("tw2"), Path.of("tw")); // a relative link to a link
    Path work = Files.createDirectories(dir.resolve("work"));
    Files.writeString(work.resolve("ok.txt"), "fine\n");

    String inherited = System.getenv().getOrDefault("TEXTWIRE_JAVA_OPTS", "");
    String options = inherited + " -Dtextwire.test.marker=reached -XshowSettings:properties";
    Cli.Result r = Cli.exec(work, null, Map.of("TEXTWIRE_JAVA_OPTS", options), 120,
        List.of(bin.resolve("tw2").toString(), "validate", "ok.txt"));
    assertEquals("ok.txt: OK\n", r.out(), r::toString);
    assertEquals(0, r.code(), r::toString);
    // -XshowSettings:properties lists the JVM's properties on stderr: the options reached it, and it ran the jar.
    assertTrue(r.err().contains("textwire.test.marker = reached"), r::toString);
    assertTrue(r.err().contains("java.class.path = " + Cli.ROOT.toRealPath().resolve("textwire-cli/target/textwire.jar")), r::toString);
    assertTrue(r.err().contains("user.dir = " + work.toRealPath()), r::toString);
  }
}
