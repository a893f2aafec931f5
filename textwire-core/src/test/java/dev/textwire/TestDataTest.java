package dev.textwire;

import static dev.textwire.TestSupport.codePoints;
import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The decoder against test data from outside the project (see testdata/README.md): the wakaba/tests-web
 * UTF-8 decoder cases (from WHATWG Encoding and encoding_rs, which follow Unicode's maximal subparts) and
 * Markus Kuhn's "UTF-8 decoder capability and stress test".
 */
class TestDataTest {
  private static final TextCodec REPLACE = Utf8.codec(ErrorPolicy.REPLACE);
  private static final byte[] BOM = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};

  // -------------------------------------------------------------------------------------------------
  // wakaba/tests-web charset/encodings *.dat

  /**
   * One test case of a {@code .dat} file. The format: cases are separated by blank lines; a line
   * starting with {@code #} opens a section, the lines up to the next section are its content.
   *
   * <ul>
   *   <li>{@code #b}: the bytes, one line per chunk of a streaming decoder ({@code _} is an empty chunk);
   *       characters stand for their ASCII bytes, {@code \xHH} for a byte. The input is all chunks joined.
   *   <li>{@code #c}: the decoded text with replacement; a backslash, {@code u} and hex digits in braces is a code point.
   *   <li>{@code #bc [mode]}: the case tests decoding (bytes to chars). The mode {@code bom} means a
   *       leading BOM is removed first (WHATWG "decode"); {@code bomsniffing} means BOM sniffing may pick
   *       another encoding, out of scope here; {@code nobom}/{@code nobomsniffing}: plain decoding.
   *   <li>{@code #cb}: the case also tests encoding: #c encodes to #b.
   *   <li>{@code #errors [fatal]}: lines {@code offset;type;what;bytes}. Type {@code m} is a malformed
   *       sequence at that byte offset of the stream, made of those bytes; {@code s} (BOM) is no error.
   *   <li>{@code #name}, {@code #used}, {@code #encoding}: descriptive.
   * </ul>
   */
  record WakabaCase(String file, int line, Map<String, List<String>> sections) {
    String header(String name) {
      for (String key : sections.keySet()) {
        if (key.equals(name) || key.startsWith(name + " ")) {
          return key;
        }
      }
      return null;
    }

    List<String> content(String name) {
      String key = header(name);
      return key == null ? null : sections.get(key);
    }

    String mode() {
      String key = header("#bc");
      return key == null ? null : key.substring(3).trim();
    }

    String name() {
      List<String> n = content("#name");
      return file + ":" + line + (n == null || n.isEmpty() ? "" : " " + n.get(0));
    }
  }

  static List<WakabaCase> parseWakaba(String file) {
    String text = new String(TestSupport.readResource("/testdata/wakaba/" + file), US_ASCII);
    List<WakabaCase> cases = new ArrayList<>();
    Map<String, List<String>> sections = new LinkedHashMap<>();
    List<String> current = null;
    int caseLine = 0;
    String[] lines = text.split("\n", -1);
    for (int i = 0; i <= lines.length; i++) {
      String line = i < lines.length ? lines[i].replace("\r", "") : "";
      if (line.isEmpty()) {
        if (!sections.isEmpty() && !sections.containsKey("#encoding")) {
          cases.add(new WakabaCase(file, caseLine, sections));
        }
        sections = new LinkedHashMap<>();
        current = null;
      } else if (line.startsWith("#")) {
        if (sections.isEmpty()) {
          caseLine = i + 1;
        }
        current = new ArrayList<>();
        sections.put(line, current);
      } else {
        if (current == null) {
          throw new IllegalStateException(file + ":" + (i + 1) + ": content outside a section: " + line);
        }
        current.add(line);
      }
    }
    return cases;
  }

  /** {@code \xHH} escapes and ASCII characters to bytes; a line {@code _} is an empty chunk. */
  static byte[] parseBytes(List<String> chunks) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (String chunk : chunks) {
      if (chunk.equals("_")) {
        continue;
      }
      for (int i = 0; i < chunk.length(); i++) {
        char c = chunk.charAt(i);
        if (c == '\\' && i + 4 <= chunk.length() && chunk.charAt(i + 1) == 'x') {
          out.write(Integer.parseInt(chunk.substring(i + 2, i + 4), 16));
          i += 3;
        } else if (c < 0x80) {
          out.write(c);
        } else {
          throw new IllegalArgumentException("non-ASCII character in #b: " + chunk);
        }
      }
    }
    return out.toByteArray();
  }

  /** Escapes (backslash, u, hex digits in braces) and ASCII characters to text. */
  static String parseText(List<String> lines) {
    StringBuilder sb = new StringBuilder();
    for (String line : lines) {
      for (int i = 0; i < line.length(); i++) {
        char c = line.charAt(i);
        if (c == '\\' && i + 2 < line.length() && line.charAt(i + 1) == 'u' && line.charAt(i + 2) == '{') {
          int close = line.indexOf('}', i);
          sb.appendCodePoint(Integer.parseInt(line.substring(i + 3, close), 16));
          i = close;
        } else {
          sb.append(c);
        }
      }
    }
    return sb.toString();
  }

  record ExpectedError(int offset, int length) {}

  /** The first malformed-sequence error of the case, or null. */
  static ExpectedError firstError(WakabaCase c) {
    List<String> errors = c.content("#errors");
    if (errors == null) {
      return null;
    }
    for (String e : errors) {
      String[] f = e.split(";", -1);
      if (f[1].equals("m")) {
        return new ExpectedError(Integer.parseInt(f[0]), parseBytes(List.of(f[3])).length);
      }
    }
    return null;
  }

  @TestFactory
  Stream<DynamicTest> wakabaCases() {
    List<DynamicTest> tests = new ArrayList<>();
    int decodeCases = 0;
    for (String file : new String[] {"utf8-1.dat", "utf8-2.dat", "utf8-3.dat"}) {
      for (WakabaCase c : parseWakaba(file)) {
        String mode = c.mode();
        if (c.content("#b") == null || c.content("#c") == null) {
          continue;
        }
        if (mode != null && !mode.equals("bomsniffing")) {
          decodeCases++;
          tests.add(DynamicTest.dynamicTest(c.name() + " (decode" + (mode.isEmpty() ? "" : ", " + mode) + ")",
              () -> checkDecodeCase(c)));
        }
        if (c.header("#cb") != null) {
          tests.add(DynamicTest.dynamicTest(c.name() + " (encode)", () -> checkEncodeCase(c)));
        }
      }
    }
    // All three files were found and parsed: 173 cases, 171 of them decoding without BOM sniffing.
    assertEquals(171, decodeCases, "decoding cases parsed");
    return tests.stream();
  }

  static void checkDecodeCase(WakabaCase c) {
    byte[] input = parseBytes(c.content("#b"));
    String expected = parseText(c.content("#c"));
    ExpectedError error = firstError(c);
    // With BOM removal the text starts after the BOM; the error offsets stay offsets in the input.
    int offset = 0;
    if (c.mode().equals("bom") && input.length >= 3 && input[0] == BOM[0] && input[1] == BOM[1] && input[2] == BOM[2]) {
      offset = 3;
    }
    int length = input.length - offset;
    String what = TestSupport.hex(input) + " from " + offset;

    assertEquals(codePoints(expected), codePoints(REPLACE.decode(input, offset, length)), "REPLACE " + what);
    assertEquals(
        codePoints(expected),
        codePoints(Utf8ReferenceDecoder.decodeReplacing(input, offset, length)),
        "the reference decoder, " + what);
    Utf8ReferenceDecoder.Error ref = Utf8ReferenceDecoder.firstError(input, offset, length);
    if (error == null) {
      assertEquals(expected, Utf8.decode(input, offset, length), "strict " + what);
      assertTrue(Utf8.isValid(input, offset, length), what);
      assertEquals(null, ref, "the reference decoder, " + what);
    } else {
      int start = offset;
      MalformedTextException e =
          assertThrows(MalformedTextException.class, () -> Utf8.decode(input, start, length), "strict " + what);
      assertEquals(error.offset(), e.byteOffset(), "byteOffset, " + what + ": " + e.getMessage());
      assertEquals(error.length(), e.malformedLength(), "malformedLength, " + what + ": " + e.getMessage());
      assertEquals(error.offset(), Utf8.validUpTo(input, offset, length), "validUpTo, " + what);
      assertNotNull(ref, "the reference decoder, " + what);
      assertEquals(error.offset(), ref.offset(), "the reference decoder, " + what);
      assertEquals(error.length(), ref.length(), "the reference decoder, " + what);
    }
  }

  static void checkEncodeCase(WakabaCase c) {
    byte[] bytes = parseBytes(c.content("#b"));
    String text = parseText(c.content("#c"));
    assertArrayEquals(bytes, Utf8.encode(text), () -> "encode " + codePoints(text));
    assertEquals(bytes.length, Utf8.encodedLength(text));
  }

  // -------------------------------------------------------------------------------------------------
  // Markus Kuhn's UTF-8-test.txt

  @Test
  void kuhnWholeFile() {
    byte[] file = TestSupport.readResource("/testdata/UTF-8-test.txt");
    assertEquals(22781, file.length, "the file as published (2015-08-28)");
    String expected = Utf8ReferenceDecoder.decodeReplacing(file);
    DecodeCheck.assertEqualText(expected, REPLACE.decode(file), () -> "UTF-8-test.txt", "REPLACE decode");
    DecodeCheck.assertEqualText(
        expected,
        Utf8.codec(ErrorPolicy.REPLACE_WITH_QUESTION_MARK).decode(file),
        () -> "UTF-8-test.txt",
        "REPLACE_WITH_QUESTION_MARK decode");
    Utf8ReferenceDecoder.Error ref = Utf8ReferenceDecoder.firstError(file);
    assertNotNull(ref, "the file has ill-formed sequences");
    MalformedTextException e = assertThrows(MalformedTextException.class, () -> Utf8.decode(file));
    assertEquals(ref.offset(), e.byteOffset(), e.getMessage());
    assertEquals(ref.length(), e.malformedLength(), e.getMessage());
    assertEquals(ref.truncated(), e.isTruncated(), e.getMessage());
    assertEquals(new TextValidation(ref.offset(), ref.length(), file.length), Utf8.validate(file, 0, file.length));
    // Decoding by replacement never loses sync: every line keeps its closing '|' where the file has one.
    long bars = expected.chars().filter(ch -> ch == '|').count();
    long rawBars = 0;
    for (byte b : file) {
      rawBars += b == '|' ? 1 : 0;
    }
    assertEquals(rawBars, bars);
  }

  @Test
  void kuhnLineByLine() {
    byte[] file = TestSupport.readResource("/testdata/UTF-8-test.txt");
    DecodeCheck check = new DecodeCheck();
    int lines = 0;
    int malformedLines = 0;
    int start = 0;
    for (int i = 0; i <= file.length; i++) {
      if (i == file.length || file[i] == '\n') {
        int lineStart = start;
        int lineLength = i - start;
        int lineNumber = ++lines;
        try {
          if (check.check(file, lineStart, lineLength, true, () -> "UTF-8-test.txt line " + lineNumber) != null) {
            malformedLines++;
          }
        } catch (AssertionError e) {
          throw e;
        } catch (RuntimeException e) {
          // Anything but MalformedTextException from strict decoding (caught inside the check) is a bug.
          fail("UTF-8-test.txt line " + lineNumber + " threw " + e, e);
        }
        start = i + 1;
      }
    }
    assertEquals(301, lines);
    assertTrue(malformedLines > 50, malformedLines + " malformed lines");
  }
}
