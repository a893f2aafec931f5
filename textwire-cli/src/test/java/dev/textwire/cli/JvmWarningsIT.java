package dev.textwire.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * No JVM warnings reach the user, on every JDK installed in /usr/lib/jvm (found by its release file) and
 * the one the tests run with: JDK 24 and later warn about JLine's System.load when a progress bar is drawn,
 * and about JMH's sun.misc.Unsafe in {@code bench}.
 */
@EnabledIf("dev.textwire.cli.Cli#afterPackage")
class JvmWarningsIT {
  @TempDir Path dir;

  /** JAVA_HOME of each JDK, by version. */
  static Stream<String> jdks() throws IOException {
    Map<String, String> byVersion = new LinkedHashMap<>();
    byVersion.put(System.getProperty("java.version"), System.getProperty("java.home"));
    Path jvms = Path.of("/usr/lib/jvm");
    if (Files.isDirectory(jvms)) {
      try (Stream<Path> dirs = Files.list(jvms)) {
        for (Path home : dirs.sorted().toList()) {
          Path release = home.resolve("release");
          if (Files.isRegularFile(release) && Files.isExecutable(home.resolve("bin/java"))) {
            for (String line : Files.readAllLines(release)) {
              if (line.startsWith("JAVA_VERSION=")) {
                String version = line.substring("JAVA_VERSION=".length()).replace("\"", "");
                if (!version.startsWith("1.") && Runtime.Version.parse(version).feature() >= 17) { // --release 17
                  byVersion.putIfAbsent(version, home.toString());
                }
              }
            }
          }
        }
      }
    }
    return new ArrayList<>(byVersion.values()).stream();
  }

  @ParameterizedTest
  @MethodSource("jdks")
  void progressBarWithoutWarnings(String javaHome) throws IOException {
    try (RandomAccessFile big = new RandomAccessFile(dir.resolve("big.txt").toFile(), "rw")) {
      big.setLength(Progress.MIN_BYTES + 1); // zeros: valid UTF-8, and big enough for a bar
    }
    Cli.Result r = Cli.exec(dir, null, Map.of("JAVA_HOME", javaHome, "TEXTWIRE_PROGRESS", "always"), 120,
        List.of(Cli.LAUNCHER.toString(), "validate", "-j", "1", "big.txt"));
    assertEquals(0, r.code(), r::toString);
    assertFalse(r.err().contains("WARNING"), r::toString);
  }

  @ParameterizedTest
  @MethodSource("jdks")
  void benchWithoutWarnings(String javaHome) {
    // JMH takes a lock in java.io.tmpdir; a private one keeps another JMH run on the machine from failing this.
    String options = System.getenv().getOrDefault("TEXTWIRE_JAVA_OPTS", "") + " -Djava.io.tmpdir=" + dir;
    Cli.Result r = Cli.exec(dir, null, Map.of("JAVA_HOME", javaHome, "TEXTWIRE_JAVA_OPTS", options), 300,
        List.of(Cli.LAUNCHER.toString(), "bench", "--smoke"));
    assertEquals(0, r.code(), r::toString);
    assertFalse(r.err().contains("WARNING"), r::toString);
    assertFalse(r.out().contains("WARNING"), r::toString);
  }
}
