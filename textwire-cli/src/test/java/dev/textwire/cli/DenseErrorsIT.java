package dev.textwire.cli;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code validate --all} on a small file dense with errors of every kind prints, byte for byte, what
 * the tool printed before reporting an error was made fast (memoized judgements, no Formatter, reused
 * buffers, errors written a read at a time).
 *
 * <p>{@code dense/dense.bin} (4,427 bytes): a random mix of text, control characters, CRLF, encoded
 * surrogates, overlongs, cut-short sequences and raw bytes; 2.6 KB of valid lines; 300 bytes of
 * {@code a\xFF}; 300 bytes that are mostly zeros; a sequence cut short at the end. The expected outputs
 * {@code dense/<encoding>[.chunk1000].txt.gz} were written by the tool as of commit 0ccc94a:
 * {@code java [-Dtextwire.cli.chunkBytes=1000] -jar textwire.jar validate --all -e <encoding> dense.bin},
 * and {@code stdin.utf-8.chunk1000.txt.gz} from {@code validate --all - < dense.bin}. Reads of 1,000
 * bytes cut sequences and excerpts at read boundaries and make the positions of a UTF-8 file be
 * counted both in the window and by reading the file again.
 */
@EnabledIf("dev.textwire.cli.Cli#afterPackage")
class DenseErrorsIT {
  @TempDir static Path dir;

  private static Path dense() throws IOException {
    Path file = dir.resolve("dense.bin");
    if (!Files.exists(file)) {
      try (InputStream in = DenseErrorsIT.class.getResourceAsStream("/dense/dense.bin")) {
        Files.copy(in, file);
      }
    }
    return file;
  }

  private static String expected(String name) {
    try (InputStream in = new GZIPInputStream(DenseErrorsIT.class.getResourceAsStream("/dense/" + name + ".txt.gz"))) {
      return new String(in.readAllBytes(), UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Map<String, String> chunkBytes(int bytes) {
    String inherited = System.getenv().getOrDefault("TEXTWIRE_JAVA_OPTS", "");
    return Map.of("TEXTWIRE_JAVA_OPTS", inherited + " -Dtextwire.cli.chunkBytes=" + bytes);
  }

  @ParameterizedTest
  @ValueSource(strings = {"utf-8", "cesu-8", "modified-utf-8", "utf-16le", "utf-16be"})
  void sameReportsAsBeforeInOneRead(String encoding) throws IOException {
    dense();
    Cli.Result r = Cli.run(dir, "validate", "--all", "-e", encoding, "dense.bin");
    assertSame(expected(encoding), r);
  }

  @ParameterizedTest
  @ValueSource(strings = {"utf-8", "cesu-8", "modified-utf-8", "utf-16le", "utf-16be"})
  void sameReportsAsBeforeInReadsOf1000Bytes(String encoding) throws IOException {
    dense();
    Cli.Result r = Cli.run(dir, null, chunkBytes(1000), "validate", "--all", "-e", encoding, "dense.bin");
    assertSame(expected(encoding + ".chunk1000"), r);
  }

  @ParameterizedTest
  @ValueSource(strings = {"utf-8"})
  void sameReportsAsBeforeFromStandardInput(String encoding) throws IOException {
    byte[] input = Files.readAllBytes(dense());
    Cli.Result r = Cli.run(dir, input, chunkBytes(1000), "validate", "--all", "-e", encoding, "-");
    assertSame(expected("stdin." + encoding + ".chunk1000"), r);
  }

  private static void assertSame(String expected, Cli.Result r) {
    assertEquals(1, r.code(), r::toString);
    assertEquals("", r.err(), r::toString);
    List<String> want = expected.lines().toList();
    List<String> got = r.outLines();
    for (int k = 0; k < Math.min(want.size(), got.size()); k++) {
      assertEquals(want.get(k), got.get(k), "line " + (k + 1));
    }
    assertEquals(want.size(), got.size(), "lines");
    assertTrue(expected.equals(r.out()), "the same lines, but not the same bytes (line ends?)");
  }
}
