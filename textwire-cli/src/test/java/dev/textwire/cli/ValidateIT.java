package dev.textwire.cli;

import static dev.textwire.cli.Texts.bytes;
import static dev.textwire.cli.Texts.concat;
import static dev.textwire.cli.Texts.encode;
import static dev.textwire.cli.Texts.errorLine;
import static dev.textwire.cli.Texts.escaped;
import static dev.textwire.cli.Texts.hex;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.textwire.TextCodec;
import dev.textwire.TextCodecs;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code textwire validate} through the launcher: results, positions, excerpts and exit statuses. */
@EnabledIf("dev.textwire.cli.Cli#afterPackage")
class ValidateIT {
  @TempDir Path dir;

  /** One broken file: well-formed text, the bad bytes, more text; and what the tool must say about it. */
  record Broken(String file, String before, byte[] bad, String after, int badLength, String reason) {}

  private static final String LINE1 = "Zeile eins: héllo wörld\r\n";

  private static List<Broken> brokenFiles(String encoding) {
    String before = "zwei 日本 😀 x=";
    String after = "yz\nnext line\n";
    String last = "last: 日😀";
    switch (encoding) {
      case "utf-8":
        return List.of(
            new Broken("mid.txt", before, bytes(0xE6, 0x97), after, 2, "expected a continuation byte (80..BF)"),
            new Broken("end.txt", last, bytes(0xF0, 0x9F, 0x98), "", 3, "sequence cut short by the end of the input"));
      case "cesu-8":
        return List.of(
            new Broken("mid.txt", before, bytes(0xF0, 0x9F, 0x98, 0x80), after, 1,
                "4-byte form (CESU-8 writes a supplementary character as two 3-byte surrogates)"),
            new Broken("end.txt", last, bytes(0xED, 0xA0, 0xBD), "", 3,
                "high surrogate cut short before its low surrogate by the end of the input"));
      case "modified-utf-8":
        return List.of(
            new Broken("mid.txt", before, bytes(0x00), after, 1, "raw 00 byte (modified UTF-8 writes U+0000 as C0 80)"),
            new Broken("end.txt", last, bytes(0xE6, 0x97), "", 2, "sequence cut short by the end of the input"));
      case "utf-16le":
        return List.of(
            new Broken("mid.txt", before, bytes(0x00, 0xDC), after, 2, "low surrogate U+DC00 without a high surrogate before it"),
            new Broken("mid2.txt", before, bytes(0x3D, 0xD8), "x\n", 2, "high surrogate U+D83D not followed by a low surrogate"),
            new Broken("end.txt", last, bytes(0x41), "", 1, "odd number of bytes: the input ends inside a 2-byte code unit"));
      case "utf-16be":
        return List.of(
            new Broken("mid.txt", before, bytes(0xDC, 0x00), after, 2, "low surrogate U+DC00 without a high surrogate before it"),
            new Broken("mid2.txt", before, bytes(0xD8, 0x3D), "x\n", 2, "high surrogate U+D83D not followed by a low surrogate"),
            new Broken("end.txt", last, bytes(0xD8, 0x3D), "", 2, "high surrogate U+D83D cut short by the end of the input"),
            new Broken("end2.txt", last, bytes(0xD8, 0x3D, 0xDE), "", 2, "high surrogate U+D83D cut short by the end of the input"));
      default:
        throw new IllegalArgumentException(encoding);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"utf-8", "cesu-8", "modified-utf-8", "utf-16le", "utf-16be"})
  void validAndBrokenFilesInEachUnicodeEncoding(String encoding) throws IOException {
    List<String> args = new ArrayList<>(List.of("validate", "--encoding", encoding));
    List<String> expected = new ArrayList<>();

    Files.write(dir.resolve("valid.txt"), encode(LINE1 + "zwei 日本 😀 x=yz\nnext\u0000 line\n😀", encoding));
    Files.write(dir.resolve("empty.txt"), new byte[0]);
    args.addAll(List.of("valid.txt", "empty.txt"));
    expected.addAll(List.of("valid.txt: OK", "empty.txt: OK"));

    byte[] stdin = null;
    for (Broken b : brokenFiles(encoding)) {
      byte[] head = encode(LINE1 + b.before(), encoding);
      byte[] bytes = concat(head, b.bad(), encode(b.after(), encoding));
      Files.write(dir.resolve(b.file()), bytes);
      long[] position = Texts.lineColumn(LINE1 + b.before());
      String error = errorLine(b.file(), position[0], position[1], head.length, b.reason(),
          hex(bytes, head.length, head.length + b.badLength()));
      String afterShown = b.after().isEmpty() ? "" : b.after().substring(0, b.after().indexOf('\n'));
      String excerpt = "    | " + b.before() + escaped(b.bad(), 0, b.bad().length) + afterShown;
      args.add(b.file());
      expected.addAll(List.of(error, excerpt, Texts.caret(b.before(), b.badLength())));

      TextCodec codec = Texts.codec(encoding);
      if (codec != null) {
        // The reference: the core's strict decoder fails at that offset, for that many bytes, for that reason.
        Texts.Error first = Texts.coreErrors(codec, encoding, bytes).get(0);
        assertEquals(error, first.line(b.file(), bytes));
      }
      if (encoding.equals("utf-8") && b.file().equals("mid.txt")) {
        stdin = bytes;
      }
    }
    if (stdin != null) {
      args.add("-");
      expected.add(expected.get(expected.size() - 6).replace("mid.txt:", "<stdin>:"));
      expected.add(expected.get(expected.size() - 6));
      expected.add(expected.get(expected.size() - 6));
    }

    Cli.Result r = Cli.run(dir, stdin, Map.of(), args.toArray(String[]::new));
    assertEquals(expected, r.outLines(), r::toString);
    assertEquals("", r.err(), r::toString);
    assertEquals(1, r.code(), r::toString);
  }

  @ParameterizedTest
  @ValueSource(strings = {"latin-1", "ebcdic-500", "ebcdic-1047"})
  void everyByteIsValidInSingleByteEncodings(String encoding) throws IOException {
    byte[] every = new byte[256];
    for (int i = 0; i < 256; i++) {
      every[i] = (byte) i;
    }
    Files.write(dir.resolve("every.bin"), every);
    Files.write(dir.resolve("empty.txt"), new byte[0]);
    Cli.Result r = Cli.run(dir, every, Map.of(), "validate", "-e", encoding, "every.bin", "empty.txt", "-");
    assertEquals(List.of("every.bin: OK", "empty.txt: OK", "<stdin>: OK"), r.outLines(), r::toString);
    assertEquals("", r.err(), r::toString);
    assertEquals(0, r.code(), r::toString);
  }

  @Test
  void exitStatusOfSeveralFilesAndUnreadableOnes() throws IOException {
    Files.writeString(dir.resolve("ok.txt"), "fine\n");
    Files.writeString(dir.resolve("ok2.txt"), "also fine: 日本\n");
    Files.write(dir.resolve("bad.txt"), bytes('a', 0x80, 'b'));
    Files.write(dir.resolve("empty.txt"), new byte[0]);
    Files.createDirectory(dir.resolve("somedir"));
    String reason = Texts.coreErrors(TextCodecs.UTF_8, "utf-8", bytes('a', 0x80, 'b')).get(0).reason();
    List<String> badLines = List.of("bad.txt:1:2: byte offset 1: " + reason + " (bytes 80)", "    | a\\x80b", Texts.caret("a", 1));

    // Unreadable files are said on stderr, and the files after them are still checked.
    Cli.Result r = Cli.run(dir, "validate", "ok.txt", "missing.txt", "bad.txt", "somedir", "ok2.txt");
    List<String> out = new ArrayList<>(List.of("ok.txt: OK"));
    out.addAll(badLines);
    out.add("ok2.txt: OK");
    assertEquals(out, r.outLines(), r::toString);
    assertEquals(
        List.of("textwire validate: missing.txt: no such file", "textwire validate: somedir: is a directory"),
        r.err().lines().toList(), r::toString);
    assertEquals(2, r.code(), r::toString);

    r = Cli.run(dir, "validate", "bad.txt", "ok.txt", "empty.txt");
    out = new ArrayList<>(badLines);
    out.addAll(List.of("ok.txt: OK", "empty.txt: OK"));
    assertEquals(out, r.outLines(), r::toString);
    assertEquals(1, r.code(), r::toString);

    r = Cli.run(dir, "validate", "ok.txt", "empty.txt", "ok2.txt");
    assertEquals(List.of("ok.txt: OK", "empty.txt: OK", "ok2.txt: OK"), r.outLines(), r::toString);
    assertEquals("", r.err(), r::toString);
    assertEquals(0, r.code(), r::toString);
  }

  @Test
  void allListsEveryErrorWithItsExcerpt() throws IOException {
    byte[] three = concat(
        "ok line\r\n".getBytes(UTF_8),
        "a\tb\u0001c".getBytes(UTF_8), bytes(0xFF), ("d" + "y".repeat(40) + "\n").getBytes(UTF_8),
        "día 3: é".getBytes(UTF_8), bytes(0xC0, 0xAF), "!\n".getBytes(UTF_8),
        "x".repeat(40).getBytes(UTF_8), bytes(0xE6, 0x97));
    Files.write(dir.resolve("three.txt"), three);
    Files.write(dir.resolve("one.txt"), bytes(0xC3, 0xA9, 0x80));
    Files.writeString(dir.resolve("ok.txt"), "ok\n");
    List<Texts.Error> core = Texts.coreErrors(TextCodecs.UTF_8, "utf-8", three);
    String lone = Texts.coreErrors(TextCodecs.UTF_8, "utf-8", bytes(0xC3, 0xA9, 0x80)).get(0).reason();
    int line3 = 9 + 5 + 1 + 42;

    Cli.Result r = Cli.run(dir, "validate", "--all", "three.txt", "one.txt", "ok.txt");
    assertEquals(
        List.of(
            "three.txt:2:6: byte offset 14: byte that never appears in UTF-8 (F5..FF) (bytes FF)",
            "    | a\\tb\\x01c\\xFFd" + "y".repeat(31) + "...",
            Texts.caret("a\\tb\\x01c", 1),
            "three.txt:3:9: byte offset " + (line3 + 10) + ": overlong encoding (C0 and C1 never appear in UTF-8) (bytes C0)",
            "    | día 3: é\\xC0\\xAF!",
            Texts.caret("día 3: é", 1),
            "three.txt:3:10: byte offset " + (line3 + 11) + ": " + core.get(2).reason() + " (bytes AF)",
            "    | día 3: é\\xC0\\xAF!",
            Texts.caret("día 3: é\\xC0", 1),
            "three.txt:4:41: byte offset " + (three.length - 2) + ": sequence cut short by the end of the input (bytes E6 97)",
            "    | ..." + "x".repeat(32) + "\\xE6\\x97",
            Texts.caret("..." + "x".repeat(32), 2),
            "three.txt: 4 errors",
            "one.txt:1:2: byte offset 2: " + lone + " (bytes 80)",
            "    | é\\x80",
            Texts.caret("é", 1),
            "one.txt: 1 error",
            "ok.txt: OK"),
        r.outLines(), r::toString);
    assertEquals(4, core.size());
    assertEquals(List.of(14, line3 + 10, line3 + 11, three.length - 2), core.stream().map(Texts.Error::offset).toList());
    assertEquals(1, r.code(), r::toString);
  }

  /**
   * Files larger than the read buffer (256 KiB plus a look-behind), as a file and on standard input: valid
   * characters and ill-formed sequences split across the places a read can end, and a sequence cut short
   * by the end of the file. Every error's offset is where the core's strict decoder says.
   */
  @Test
  void largeUtf8FileWithErrorsAcrossReadBoundaries() throws IOException {
    Builder b = new Builder("utf-8");
    b.fillTo(262144 - 1).text("日"); // over 256 KiB
    b.fillTo(262400 - 2).raw(bytes(0xE6, 0x97)).text("A tail"); // cut short where the first read ends
    b.fillTo(524288 - 2).text("😀"); // 4 bytes over 512 KiB
    b.fillTo(524544 - 1).raw(bytes(0xF0, 0x9F, 0x98)).text("B tail"); // cut short over 512 KiB + 256
    b.fillTo(786432 - 1).text("\r\n"); // CRLF over 768 KiB
    b.fillTo(786688 - 1).raw(bytes(0xED, 0xA0, 0x80)).text("é"); // a surrogate over 768 KiB + 256
    b.fillTo(1048576).raw(bytes(0x80)).text("\r lone CR then C"); // a lone continuation at 1 MiB
    b.fillTo(1048576 + 256 - 1).text("é");
    b.fillTo(1572864 - 40).text("é日😀 last line ").raw(bytes(0xF0, 0x9F, 0x98)); // cut short at the very end
    byte[] bytes = b.bytes();
    Files.write(dir.resolve("big.txt"), bytes);

    List<Texts.Error> errors = Texts.coreErrors(TextCodecs.UTF_8, "utf-8", bytes);
    assertEquals(List.of(262398, 524543, 786687, 786688, 786689, 1048576, bytes.length - 3),
        errors.stream().map(Texts.Error::offset).toList());
    Cli.Result r = Cli.run(dir, bytes, Map.of(), "validate", "--all", "big.txt", "-");
    assertErrors(List.of(new Checked("big.txt", bytes, errors), new Checked("<stdin>", bytes, errors)), r.outLines());
    assertEquals(1, r.code(), r::toString);
    // The first read ends inside the sequence; the excerpt keeps the text before it from the look-behind.
    assertEquals("    | " + asciiExcerpt(bytes, 262398, 2), r.outLines().get(1));
  }

  /** Surrogate pairs over the read boundaries in UTF-16 and the CESU-8 family; errors on other lines. */
  @ParameterizedTest
  @ValueSource(strings = {"utf-16le", "utf-16be", "cesu-8", "modified-utf-8"})
  void largeFileWithSurrogatePairsAcrossReadBoundaries(String encoding) throws IOException {
    byte[] bad;
    int badLength;
    String reason;
    switch (encoding) {
      case "utf-16le": bad = bytes(0x00, 0xDC); badLength = 2; reason = "low surrogate U+DC00 without a high surrogate before it"; break;
      case "utf-16be": bad = bytes(0xDC, 0x00); badLength = 2; reason = "low surrogate U+DC00 without a high surrogate before it"; break;
      case "cesu-8": bad = bytes(0xED, 0xB8, 0x80); badLength = 3; reason = "low surrogate without a high surrogate before it"; break;
      default: bad = bytes(0x00); badLength = 1; reason = "raw 00 byte (modified UTF-8 writes U+0000 as C0 80)";
    }
    Builder b = new Builder(encoding);
    List<Long> expectedOffsets = new ArrayList<>();
    List<String> expected = new ArrayList<>();
    for (int k = 1; k <= 3; k++) {
      b.fillTo(262144L * k - 700).text("😀".repeat(400) + "\n");
      b.text("error line " + k + " é日: ");
      long[] position = Texts.lineColumn(b.text);
      expectedOffsets.add((long) b.length());
      expected.add(errorLine("big.bin", position[0], position[1], b.length(), reason, hex(bad, 0, badLength)));
      b.raw(bad).text("\n");
    }
    b.text("the end: 😀");
    byte[] bytes = b.bytes();
    Files.write(dir.resolve("big.bin"), bytes);

    Cli.Result r = Cli.run(dir, bytes, Map.of(), "validate", "--encoding", encoding, "--all", "big.bin", "-");
    List<String> errorLines = r.outLines().stream().filter(l -> !l.startsWith("    | ") && !l.endsWith(" errors")).toList();
    List<String> all = new ArrayList<>(expected);
    expected.forEach(l -> all.add(l.replace("big.bin:", "<stdin>:")));
    assertEquals(all, errorLines, r::toString);
    assertTrue(r.outLines().contains("big.bin: 3 errors"), r::toString);
    assertTrue(r.outLines().contains("<stdin>: 3 errors"), r::toString);
    assertEquals(1, r.code(), r::toString);
    TextCodec codec = Texts.codec(encoding);
    if (codec != null) {
      assertEquals(expectedOffsets, Texts.coreErrors(codec, encoding, bytes).stream().map(e -> (long) e.offset()).toList());
    }
  }

  /**
   * In modified UTF-8 a supplementary character is two 3-byte sequences that are each well-formed alone,
   * so a read can end between them. The column of a later error on that line must count the pair once.
   */
  @Test
  void modifiedUtf8PairSplitByTheFirstReadCountsAsOneColumn() throws IOException {
    // The first read fills 256 KiB + 256 bytes: the high surrogate ends exactly there.
    byte[] bytes = concat("a".repeat(262397).getBytes(UTF_8), encode("😀", "modified-utf-8"), bytes('x', 0xF0, '\n'));
    Files.write(dir.resolve("m.bin"), bytes);
    Cli.Result r = Cli.run(dir, "validate", "--encoding", "modified-utf-8", "m.bin");
    String expected = errorLine("m.bin", 1, 262397 + 1 + 1 + 1, 262404,
        "4-byte form (Modified UTF-8 writes a supplementary character as two 3-byte surrogates)", "F0");
    assertEquals(expected, r.outLines().get(0), r::toString);
    assertEquals(Texts.coreErrors(TextCodecs.MODIFIED_UTF_8, "modified-utf-8", bytes).get(0).line("m.bin", bytes),
        expected);
  }

  /**
   * A path that is not a regular file, here /dev/stdin on a pipe (as with bash's {@code <(...)}): it can
   * be read only once, so the line and column of an error must come from that one reading.
   */
  @Test
  void pipeNamedOnTheCommandLine() {
    byte[] bytes = concat("ab\nc".getBytes(UTF_8), bytes(0xFF), "d\n".getBytes(UTF_8));
    Cli.Result r = Cli.runWithInput(dir, bytes, "validate", "/dev/stdin");
    assertEquals(List.of("/dev/stdin:2:2: byte offset 4: byte that never appears in UTF-8 (F5..FF) (bytes FF)", "    | c\\xFFd", Texts.caret("c", 1)),
        r.outLines(), r::toString);
    assertEquals("", r.err(), r::toString);
    assertEquals(1, r.code(), r::toString);
  }

  /**
   * Seeded random differential: random text with random corruptions, validated with --all, every
   * reported offset, length, reason, line and column equal to the core's and the JDK's. Thirty small
   * files and one of 700 KiB (as a file and on standard input), in one process.
   */
  @Test
  void randomFilesAgainstTheCore() throws IOException {
    Random random = new Random(0x7e87_1e5L);
    List<String> args = new ArrayList<>(List.of("validate", "--all"));
    List<Checked> checked = new ArrayList<>();
    for (int i = 0; i < 30; i++) {
      byte[] bytes = randomText(random, random.nextInt(4000), random.nextInt(8));
      String name = String.format("f%02d.txt", i);
      Files.write(dir.resolve(name), bytes);
      args.add(name);
      checked.add(new Checked(name, bytes, Texts.coreErrors(TextCodecs.UTF_8, "utf-8", bytes)));
    }
    byte[] mix = randomText(random, 700_000, 300);
    Files.write(dir.resolve("mix.txt"), mix);
    List<Texts.Error> mixErrors = Texts.coreErrors(TextCodecs.UTF_8, "utf-8", mix);
    checked.add(new Checked("mix.txt", mix, mixErrors));
    checked.add(new Checked("<stdin>", mix, mixErrors));
    args.addAll(List.of("mix.txt", "-"));
    assertTrue(checked.stream().filter(c -> c.errors.isEmpty()).count() >= 2, "some files are valid");
    assertTrue(mixErrors.size() > 250, "the big one has many errors");

    Cli.Result r = Cli.run(dir, mix, Map.of(), args.toArray(String[]::new));
    assertErrors(checked, r.outLines());
    assertEquals(1, r.code(), r::toString);
  }

  /**
   * The excerpt of an error in ASCII text without other errors near it: the line before it (at most 32
   * characters, else "..." and the last 32), the bad bytes, and the line after it (likewise).
   */
  private static String asciiExcerpt(byte[] bytes, int offset, int length) {
    int from = offset;
    while (from > 0 && from > offset - 128 && bytes[from - 1] != '\n' && bytes[from - 1] != '\r') {
      from--;
    }
    int to = offset + length;
    while (to < bytes.length && to < offset + length + 128 && bytes[to] != '\n' && bytes[to] != '\r') {
      to++;
    }
    String before = new String(bytes, from, offset - from, UTF_8);
    String after = new String(bytes, offset + length, to - offset - length, UTF_8);
    return (before.length() > 32 ? "..." + before.substring(before.length() - 32) : before)
        + escaped(bytes, offset, offset + length)
        + (after.length() > 32 ? after.substring(0, 32) + "..." : after);
  }

  record Checked(String name, byte[] bytes, List<Texts.Error> errors) {}

  /** The output of validate --all: each error's line exactly, its excerpt showing the bad bytes, the summary. */
  private static void assertErrors(List<Checked> files, List<String> out) {
    int i = 0;
    for (Checked file : files) {
      for (Texts.Error e : file.errors()) {
        String context = file.name() + " error at " + e.offset();
        assertTrue(i + 1 < out.size(), "output ends before " + context);
        assertEquals(e.line(file.name(), file.bytes()), out.get(i), context);
        String excerpt = out.get(i + 1);
        String bad = escaped(file.bytes(), e.offset(), e.offset() + e.length());
        assertTrue(excerpt.startsWith("    | ") && excerpt.contains(bad), context + ": excerpt " + excerpt);
        // The carets stand under this error's bytes (the same bytes may appear earlier in the excerpt).
        String carets = out.get(i + 2);
        assertTrue(carets.matches("    \\| *\\^+") && carets.endsWith("^".repeat(4 * e.length())), context + ": " + carets);
        i += 3;
      }
      int n = file.errors().size();
      assertEquals(file.name() + (n == 0 ? ": OK" : n == 1 ? ": 1 error" : ": " + n + " errors"), out.get(i++));
    }
    assertEquals(out.size(), i, "lines after the last file");
  }

  private static final String[] PIECES = {
    "a", "b", "z", "Q", " ", " ", "  ", "\n", "\n", "\r\n", "\r", "\t", "é", "ß", "ж", "日", "本", "😀", "🎉", "\u0000", "word "
  };

  private static final byte[][] BAD = {
    bytes(0x80), bytes(0xBF), bytes(0xC0, 0x80), bytes(0xC1, 0xBF), bytes(0xC2), bytes(0xE0, 0x80), bytes(0xE0, 0xA0),
    bytes(0xED, 0xA0, 0x80), bytes(0xED, 0xBF, 0xBF), bytes(0xF0, 0x80, 0x80), bytes(0xF0, 0x9F, 0x98), bytes(0xF4, 0x90, 0x80, 0x80),
    bytes(0xF5), bytes(0xFF), bytes(0xFE, 0xFF), bytes(0xE6, 0x97), bytes(0xC3, 0xC3, 0xA9), bytes(0xF8, 0x88, 0x80, 0x80, 0x80)
  };

  /** About {@code length} bytes of random UTF-8 text, with {@code corruptions} changes that may break it. */
  private static byte[] randomText(Random random, int length, int corruptions) {
    StringBuilder text = new StringBuilder();
    while (text.length() < length) {
      text.append(PIECES[random.nextInt(PIECES.length)]);
    }
    byte[] bytes = text.toString().getBytes(UTF_8);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int[] at = random.ints(corruptions, 0, bytes.length + 1).sorted().toArray();
    int from = 0;
    for (int a : at) {
      out.write(bytes, from, a - from);
      from = a;
      switch (random.nextInt(3)) {
        case 0: // insert ill-formed bytes, maybe inside a character
          byte[] bad = BAD[random.nextInt(BAD.length)];
          out.write(bad, 0, bad.length);
          break;
        case 1: // overwrite one byte with any value
          if (from < bytes.length) {
            out.write(random.nextInt(256));
            from++;
          }
          break;
        default: // drop a byte
          if (from < bytes.length) {
            from++;
          }
      }
    }
    out.write(bytes, from, bytes.length - from);
    return out.toByteArray();
  }

  /** Builds a file in an encoding, with text or raw bytes at chosen offsets; keeps the text for positions. */
  static final class Builder {
    private final String encoding;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    final StringBuilder text = new StringBuilder();
    private int fillLine;

    Builder(String encoding) {
      this.encoding = encoding;
    }

    int length() {
      return out.size();
    }

    /** Plain ASCII lines up to exactly {@code offset} (for UTF-16, up to it or one byte short of it). */
    Builder fillTo(long offset) {
      int unit = encoding.startsWith("utf-16") ? 2 : 1;
      while (out.size() + unit <= offset) {
        char c = fillLine % 61 == 60 ? '\n' : (char) ('a' + fillLine % 26);
        fillLine++;
        text(String.valueOf(c));
      }
      return this;
    }

    Builder text(String s) {
      byte[] b = encode(s, encoding);
      out.write(b, 0, b.length);
      text.append(s);
      return this;
    }

    /** Bytes that may be ill-formed: the text gets one U+FFFD for them (positions only count them as one). */
    Builder raw(byte[] b) {
      out.write(b, 0, b.length);
      text.append('\uFFFD');
      return this;
    }

    byte[] bytes() {
      return out.toByteArray();
    }
  }
}
