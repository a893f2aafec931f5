package dev.textwire.cli;

import static dev.textwire.cli.Texts.encode;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code convert} between every pair of encodings, in this JVM through {@link Main#run} (the command
 * line as the jar parses it, files in and out): 64 launcher processes would take half a minute. ConvertIT
 * runs each encoding in and out through the launcher.
 */
class ConvertMatrixTest {
  @TempDir Path dir;

  /** For pairs of Unicode encodings: NUL, a BOM, NEL, 2-, 3- and 4-byte characters, CRLF. */
  private static final String UNICODE_TEXT =
      "NUL \u0000, tab\t; é ß ÿ; Ω ж; 日本語; 😀🎉 end\r\n\uFEFFline 2 \u0085\u2028 \uFFFD\n𝄞";

  /** For pairs with Latin-1 or EBCDIC: only Latin-1 characters, which the EBCDIC code pages have too. */
  private static final String LATIN_TEXT = "Grüße, ¿qué tal? ÿ ½ © \u0000\t\u0085\u00A0 end\r\nzwei ÆØÅ æøå\n";

  private static boolean unicode(String encoding) {
    return !encoding.equals("latin-1") && !encoding.startsWith("ebcdic");
  }

  @Test
  void everyPairAgreesWithTheJdk() throws IOException {
    List<String> failures = new ArrayList<>();
    for (String from : Texts.ENCODINGS) {
      for (String to : Texts.ENCODINGS) {
        String kind = unicode(from) && unicode(to) ? "unicode" : "latin";
        Path in = dir.resolve(kind + "." + from);
        if (!Files.exists(in)) {
          Files.write(in, encode(kind.equals("unicode") ? UNICODE_TEXT : LATIN_TEXT, from));
        }
        byte[] input = Files.readAllBytes(in);
        // What the JDK reads (EBCDIC reads NEL and LF both as LF, as the JDK does) and writes.
        byte[] expected = encode(Texts.decode(input, 0, input.length, from), to);
        Path out = dir.resolve(from + "-to-" + to);
        int status = Main.run("convert", "--from", from, "--to", to, in.toString(), out.toString());
        byte[] actual = Files.exists(out) ? Files.readAllBytes(out) : null;
        if (status != 0 || !Arrays.equals(expected, actual)) {
          failures.add(from + " -> " + to + ": exit " + status + "\n  expected " + Texts.hex(expected, 0, expected.length)
              + "\n  actual   " + (actual == null ? "no file" : Texts.hex(actual, 0, actual.length)));
        }
      }
    }
    assertEquals(List.of(), failures);
  }
}
