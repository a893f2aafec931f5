package dev.textwire.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.api.io.TempDir;

/** Progress bars on standard error: only on a terminal, or when asked for. */
@EnabledIf("dev.textwire.cli.Cli#afterPackage")
class ProgressIT {
  @TempDir static Path dir;

  /** 9 MiB: above the 8 MiB from which a bar is drawn. */
  @BeforeAll
  static void bigFile() throws IOException {
    byte[] line = "0123456789 abcdefghijklmnopqrstuvwxyz é 日本 😀 ABCDEFGHIJKLMNOPQRSTUVWXYZ .,;:!?\n".getBytes(StandardCharsets.UTF_8);
    try (OutputStream out = Files.newOutputStream(dir.resolve("big.txt"))) {
      for (long n = 0; n < 9L << 20; n += line.length) {
        out.write(line);
      }
    }
  }

  @Test
  void noBarWhenNotOnATerminal() {
    Cli.Result r = Cli.run(dir, "validate", "big.txt");
    assertEquals("big.txt: OK\n", r.out(), r::toString);
    assertEquals("", r.err(), r::toString);
    assertEquals(0, r.code(), r::toString);
  }

  @Test
  void barWhenAskedFor() {
    Cli.Result r = Cli.run(dir, null, Map.of("TEXTWIRE_PROGRESS", "always"), "validate", "big.txt");
    assertEquals("big.txt: OK\n", r.out(), "the bar goes to stderr only");
    assertTrue(r.err().contains("\r") && r.err().contains("validate") && r.err().contains("%"), r::toString);
    assertEquals(0, r.code(), r::toString);
  }

  @Test
  void barOnATerminal() {
    assumeTrue(Files.isExecutable(Path.of("/usr/bin/script")), "no /usr/bin/script for a pseudo-terminal");
    String command = "'" + Cli.LAUNCHER + "' validate big.txt";
    Cli.Result r = Cli.exec(dir, null, Map.of(), 120, List.of("/usr/bin/script", "-qec", command, "/dev/null"));
    String all = r.out();
    assertTrue(all.contains("big.txt: OK"), r::toString);
    assertTrue(all.contains("\r") && all.contains("validate") && all.contains("%"), r::toString);
    assertEquals(0, r.code(), r::toString);

    r = Cli.exec(dir, null, Map.of("TEXTWIRE_PROGRESS", "never"), 120, List.of("/usr/bin/script", "-qec", command, "/dev/null"));
    assertTrue(r.out().contains("big.txt: OK"), r::toString);
    assertFalse(r.out().contains("%"), r::toString);
  }
}
