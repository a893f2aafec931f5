package dev.textwire.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.api.io.TempDir;

/** {@code textwire bench --smoke}: the JMH machinery end to end, in a few seconds. */
@EnabledIf("dev.textwire.cli.Cli#afterPackage")
class BenchIT {
  @TempDir Path dir;

  @Test
  void smokeRunWithChart() throws IOException {
    // JMH takes a lock in java.io.tmpdir; a private one keeps another JMH run on the machine from failing this.
    String options = System.getenv().getOrDefault("TEXTWIRE_JAVA_OPTS", "") + " -Djava.io.tmpdir=" + dir;
    Path png = dir.resolve("r.png");
    Cli.Result r = Cli.exec(dir, null, Map.of("TEXTWIRE_JAVA_OPTS", options), 300,
        List.of(Cli.LAUNCHER.toString(), "bench", "--smoke", "--chart", png.toString()));
    assertEquals(0, r.code(), r::toString);
    assertTrue(r.out().contains("textwire ns/op"), r::toString);
    List<String> validate = r.outLines().stream().filter(l -> l.startsWith("validate ")).toList();
    assertEquals(1, validate.size(), r::toString);
    assertTrue(validate.get(0).matches("validate +en +[0-9.,]+ .*"), r::toString);
    assertTrue(r.err().contains("textwire bench: chart written to " + png), r::toString);
    try (InputStream in = Files.newInputStream(png)) {
      assertArrayEquals(new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'}, in.readNBytes(8));
    }
  }
}
