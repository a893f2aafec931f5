package dev.textwire.cli;

import static dev.textwire.cli.Texts.bytes;
import static dev.textwire.cli.Texts.concat;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.api.io.TempDir;

/** {@code textwire stats} through the launcher: exact counts on small made-up files. */
@EnabledIf("dev.textwire.cli.Cli#afterPackage")
class StatsIT {
  @TempDir Path dir;

  /** a é 日 😀 LF, a bad byte, b CRLF, c: no line feed at the end. */
  private static final byte[] S = concat("aé日😀\n".getBytes(UTF_8), bytes(0xFF), "b\r\nc".getBytes(UTF_8));

  private static final List<String> S_STATS = List.of(
      "  bytes                     16",
      "  chars                     11  UTF-16 code units",
      "  code points               10",
      "  lines                      3",
      "  1-byte chars               6   66.7% of the characters",
      "  2-byte chars               1   11.1% of the characters",
      "  3-byte chars               1   11.1% of the characters",
      "  4-byte chars               1   11.1% of the characters",
      "  invalid                    1  1 byte, each one U+FFFD when replaced");

  /** Ends with a line feed; a 3-byte character cut short in the middle. */
  private static final byte[] T = concat("x\r\ny\n".getBytes(UTF_8), bytes(0xE6, 0x97), "\n😀\n".getBytes(UTF_8));

  private static final List<String> T_STATS = List.of(
      "  bytes                     13",
      "  chars                     10  UTF-16 code units",
      "  code points                9",
      "  lines                      4",
      "  1-byte chars               7   87.5% of the characters",
      "  2-byte chars               0    0.0% of the characters",
      "  3-byte chars               0    0.0% of the characters",
      "  4-byte chars               1   12.5% of the characters",
      "  invalid                    1  2 bytes, each one U+FFFD when replaced");

  private static final byte[] U = "é".repeat(1000).getBytes(UTF_8);

  private static final List<String> U_STATS = List.of(
      "  bytes                  2,000",
      "  chars                  1,000  UTF-16 code units",
      "  code points            1,000",
      "  lines                      1",
      "  1-byte chars               0    0.0% of the characters",
      "  2-byte chars           1,000  100.0% of the characters",
      "  3-byte chars               0    0.0% of the characters",
      "  4-byte chars               0    0.0% of the characters",
      "  invalid                    0  0 bytes: the file is valid UTF-8");

  private static final List<String> EMPTY_STATS = List.of(
      "  bytes                      0",
      "  chars                      0  UTF-16 code units",
      "  code points                0",
      "  lines                      0",
      "  1-byte chars               0    0.0% of the characters",
      "  2-byte chars               0    0.0% of the characters",
      "  3-byte chars               0    0.0% of the characters",
      "  4-byte chars               0    0.0% of the characters",
      "  invalid                    0  0 bytes: the file is valid UTF-8");

  @Test
  void exactCounts() throws IOException {
    // The made-up chars and code points agree with the JDK's replacing decoder.
    assertJdkCounts(S, 11, 10);
    assertJdkCounts(T, 10, 9);
    assertJdkCounts(U, 1000, 1000);
    Files.write(dir.resolve("s.txt"), S);
    Files.write(dir.resolve("t.txt"), T);
    Files.write(dir.resolve("u.txt"), U);
    Files.write(dir.resolve("empty.txt"), new byte[0]);

    Cli.Result r = Cli.run(dir, T, Map.of(), "stats", "s.txt", "t.txt", "u.txt", "empty.txt", "-");
    Map<String, List<String>> files = new LinkedHashMap<>();
    files.put("s.txt", S_STATS);
    files.put("t.txt", T_STATS);
    files.put("u.txt", U_STATS);
    files.put("empty.txt", EMPTY_STATS);
    files.put("<stdin>", T_STATS);
    List<String> expected = new ArrayList<>();
    files.forEach((name, rows) -> {
      expected.add(name);
      expected.addAll(rows);
      expected.add("throughput");
    });
    List<String> out = r.outLines();
    assertEquals(expected.size(), out.size(), r::toString);
    for (int i = 0; i < out.size(); i++) {
      if (expected.get(i).equals("throughput")) {
        assertTrue(out.get(i).matches("  throughput +[0-9,]+ MB/s  \\([0-9]+\\.[0-9]{3} s\\)"), out.get(i));
      } else {
        assertEquals(expected.get(i), out.get(i), r::toString);
      }
    }
    assertEquals("", r.err(), r::toString);
    assertEquals(0, r.code(), r::toString);
  }

  private static void assertJdkCounts(byte[] bytes, int chars, int codePoints) {
    String s = new String(bytes, UTF_8);
    assertEquals(chars, s.length());
    assertEquals(codePoints, s.codePointCount(0, s.length()));
  }

  @Test
  void missingFile() throws IOException {
    Files.write(dir.resolve("s.txt"), S);
    Cli.Result r = Cli.run(dir, "stats", "missing.txt", "s.txt");
    assertEquals("textwire stats: missing.txt: no such file\n", r.err(), r::toString);
    assertEquals("s.txt", r.outLines().get(0), r::toString);
    assertEquals(S_STATS, r.outLines().subList(1, 10), r::toString);
    assertEquals(2, r.code(), r::toString);
  }
}
