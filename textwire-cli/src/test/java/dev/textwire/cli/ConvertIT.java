package dev.textwire.cli;

import static dev.textwire.cli.Texts.bytes;
import static dev.textwire.cli.Texts.concat;
import static dev.textwire.cli.Texts.encode;
import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static java.nio.charset.StandardCharsets.UTF_16BE;
import static java.nio.charset.StandardCharsets.UTF_16LE;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.textwire.ErrorPolicy;
import dev.textwire.TextCodecs;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.Charset;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.CodingErrorAction;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.api.io.TempDir;

/** {@code textwire convert} through the launcher. */
@EnabledIf("dev.textwire.cli.Cli#afterPackage")
class ConvertIT {
  @TempDir Path dir;

  private List<String> listing() throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  /**
   * Each encoding read and written once through the launcher, in a ring of conversions, each output
   * equal to the JDK's encoding of the text. (Every pair is converted in-process by ConvertMatrixTest.)
   */
  @Test
  void eachEncodingInAndOut() throws IOException {
    List<String> ring = List.of("utf-8", "cesu-8", "modified-utf-8", "utf-16le", "utf-16be", "latin-1", "ebcdic-500", "ebcdic-1047", "utf-8");
    String text = "Grüße, ¿qué tal? ÿ ½ © \u0000\t\u00A0 end\r\nzwei ÆØÅ æøå\n";
    Files.write(dir.resolve("0." + ring.get(0)), encode(text, ring.get(0)));
    for (int i = 1; i < ring.size(); i++) {
      String in = (i - 1) + "." + ring.get(i - 1);
      String out = i + "." + ring.get(i);
      Cli.Result r = Cli.run(dir, "convert", "--from", ring.get(i - 1), "--to", ring.get(i), in, out);
      assertEquals(0, r.code(), r::toString);
      assertEquals("", r.err() + r.out(), r::toString);
      assertArrayEquals(encode(text, ring.get(i)), Files.readAllBytes(dir.resolve(out)), out);
    }
  }

  @Test
  void strictFailureOnAnIllFormedInputLeavesTheOutputAlone() throws IOException {
    byte[] bad = concat("first\nsecond é".getBytes(UTF_8), bytes(0xFF), " rest\n".getBytes(UTF_8));
    Files.write(dir.resolve("bad.txt"), bad);
    String error = "bad.txt:2:9: byte offset 15: byte that never appears in UTF-8 (F5..FF) (bytes FF)";
    String excerpt = "    | second é\\xFF rest";
    String carets = Texts.caret("second é", 1);

    Cli.Result r = Cli.run(dir, "convert", "--from", "utf-8", "--to", "utf-16le", "bad.txt", "out.txt");
    assertEquals(List.of(error, excerpt, carets, "textwire convert: nothing written to out.txt."), r.err().lines().toList(), r::toString);
    assertEquals("", r.out(), r::toString);
    assertEquals(1, r.code(), r::toString);
    assertEquals(List.of("bad.txt"), listing(), "no output file and no temporary file left");

    // An output file that exists stays as it was, even when much was written before the error.
    byte[] big = concat("0123456789abcdef\n".repeat(40_000).getBytes(UTF_8), bytes('x', 0xC0, 0x80));
    Files.write(dir.resolve("big.txt"), big);
    Files.writeString(dir.resolve("out.txt"), "old contents");
    r = Cli.run(dir, "convert", "--from", "utf-8", "--to", "utf-16be", "big.txt", "out.txt");
    assertEquals(
        List.of(
            "big.txt:40001:2: byte offset " + (big.length - 2) + ": overlong encoding (C0 and C1 never appear in UTF-8) (bytes C0)",
            "    | x\\xC0\\x80",
            Texts.caret("x", 1),
            "textwire convert: nothing written to out.txt."),
        r.err().lines().toList(), r::toString);
    assertEquals(1, r.code(), r::toString);
    assertEquals("old contents", Files.readString(dir.resolve("out.txt")));
    assertEquals(List.of("bad.txt", "big.txt", "out.txt"), listing(), "no temporary file left");

    // On standard output, everything before the error has been written.
    r = Cli.run(dir, "convert", "-f", "utf-8", "-t", "utf-16be", "bad.txt");
    assertArrayEquals("first\nsecond é".getBytes(UTF_16BE), r.stdout(), r::toString);
    assertEquals(List.of(error, excerpt, carets, "textwire convert: stopped there; the output is incomplete."), r.err().lines().toList(), r::toString);
    assertEquals(1, r.code(), r::toString);
  }

  @Test
  void aCharacterTheOutputCannotHold() throws IOException {
    Files.writeString(dir.resolve("q.txt"), "ab\ncą d");
    Cli.Result r = Cli.run(dir, "convert", "--from", "utf-8", "--to", "latin-1", "q.txt");
    assertArrayEquals("ab\nc".getBytes(ISO_8859_1), r.stdout(), r::toString);
    assertEquals(
        List.of("q.txt:2:2: byte offset 4: cannot write ISO-8859-1: U+0105 (LATIN SMALL LETTER A WITH OGONEK) is not in the code page",
            "textwire convert: stopped there; the output is incomplete."),
        r.err().lines().toList(), r::toString);
    assertEquals(1, r.code(), r::toString);

    // From UTF-16: the offset counts 2 bytes a char; a supplementary character does not fit in EBCDIC.
    Files.write(dir.resolve("in.utf16"), "é\n xé😀 tail".getBytes(UTF_16LE));
    r = Cli.run(dir, "convert", "--from", "utf-16le", "--to", "ebcdic-500", "in.utf16", "out.ebc");
    assertTrue(r.err().startsWith("in.utf16:2:4: byte offset 10: cannot write IBM500: ") && r.err().contains("U+1F600"), r::toString);
    assertEquals(1, r.code(), r::toString);
    assertFalse(Files.exists(dir.resolve("out.ebc")));

    // Modified UTF-8 can hold an unpaired surrogate, which UTF-16 cannot.
    Files.write(dir.resolve("in.mutf8"), bytes('a', 'b', 0xED, 0xA0, 0x80, 'c'));
    r = Cli.run(dir, "convert", "--from", "modified-utf-8", "--to", "utf-16le", "in.mutf8");
    assertArrayEquals("ab".getBytes(UTF_16LE), r.stdout(), r::toString);
    assertEquals(
        List.of("in.mutf8:1:3: byte offset 2: cannot write UTF-16LE: unpaired high surrogate U+D800",
            "textwire convert: stopped there; the output is incomplete."),
        r.err().lines().toList(), r::toString);
    assertEquals(1, r.code(), r::toString);
  }

  /**
   * UTF-8 with ill-formed sequences of many kinds, but no encoded surrogates, where the JDK's replacing
   * decoder also gives one U+FFFD per maximal subpart.
   */
  private static final byte[] MESSY_UTF8 = concat(
      "ok é 日 😀 ".getBytes(UTF_8),
      bytes(0x80), bytes(0xBF, 0xBF), bytes(0xC0, 0x80), bytes(0xC1, 0xBF), bytes(0xC2, 'a'), bytes(0xE0, 0x80, 0x80),
      bytes(0xE0, 0xA0, 'b'), bytes(0xF0, 0x80, 0x80, 0x80), bytes(0xF0, 0x9F, 0x98, 'c'), bytes(0xF4, 0x90, 0x80, 0x80),
      bytes(0xF5, 0xFF, 0xFE), bytes(0xE6, 0x97, 0xE6, 0x97, 0xA5), " end\n".getBytes(UTF_8), bytes(0xF0, 0x9F, 0x98));

  @Test
  void replaceFromUtf8AgreesWithTheJdk() throws IOException {
    // Encoded surrogates: ED is a lead byte whose next byte must be 80..9F, so ED, A0 and 80 are three
    // maximal subparts, three U+FFFD (the JDK 17 decoder gives one for the three bytes).
    byte[] surrogates = bytes('|', 0xED, 0xA0, 0x80, 0xED, 0xBF, 0xBF);
    String replaced = new String(MESSY_UTF8, UTF_8) + "|" + "\uFFFD".repeat(6);
    assertEquals(replaced, TextCodecs.UTF_8.withPolicy(ErrorPolicy.REPLACE).decode(concat(MESSY_UTF8, surrogates)));

    // Standard input to standard output, and names in other spellings.
    Cli.Result r = Cli.runWithInput(dir, concat(MESSY_UTF8, surrogates), "convert", "-f", "UTF8", "-t", "utf16le", "--replace");
    assertArrayEquals(replaced.getBytes(UTF_16LE), r.stdout(), r::toString);
    assertEquals("", r.err(), r::toString);
    assertEquals(0, r.code(), r::toString);

    Files.write(dir.resolve("messy.txt"), MESSY_UTF8);
    r = Cli.run(dir, "convert", "--from", "utf-8", "--to", "latin-1", "--replace", "messy.txt", "messy.latin1");
    assertEquals(0, r.code(), r::toString);
    assertArrayEquals(encodeReplacing(new String(MESSY_UTF8, UTF_8), ISO_8859_1, (byte) '?'),
        Files.readAllBytes(dir.resolve("messy.latin1")));

    r = Cli.run(dir, "convert", "--from", "utf-8", "--to", "ebcdic-500", "--replace", "messy.txt", "-");
    assertEquals(0, r.code(), r::toString);
    assertArrayEquals(encodeReplacing(new String(MESSY_UTF8, UTF_8), Charset.forName("IBM500"), (byte) 0x3F), r.stdout(), r::toString);
  }

  @Test
  void replaceFromUtf16AndModifiedUtf8() throws IOException {
    byte[] utf16 = concat("a".getBytes(UTF_16LE), bytes(0x00, 0xDC), "b".getBytes(UTF_16LE), bytes(0x00, 0xD8),
        "c😀".getBytes(UTF_16LE), bytes(0x3D, 0xD8, 0x00, 0xD8, 0x3D, 0xD8), bytes('z'));
    Files.write(dir.resolve("in.utf16"), utf16);
    Cli.Result r = Cli.run(dir, "convert", "--from", "utf-16le", "--to", "utf-8", "--replace", "in.utf16", "out.txt");
    assertEquals(0, r.code(), r::toString);
    // One U+FFFD per unpaired surrogate and one for the odd byte at the end. (The JDK's UTF-16 decoder is
    // no reference here: it replaces a high surrogate and the unit after it together, dropping the c.)
    assertEquals("a\uFFFDb\uFFFDc😀\uFFFD\uFFFD\uFFFD\uFFFD", Files.readString(dir.resolve("out.txt")));

    // An unpaired surrogate, well-formed in modified UTF-8, becomes U+FFFD in UTF-8.
    r = Cli.runWithInput(dir, bytes('a', 0xED, 0xA0, 0x80, 'b', 0xC0, 0x80), "convert", "-f", "modified-utf-8", "-t", "utf-8", "-r");
    assertArrayEquals(bytes('a', 0xEF, 0xBF, 0xBD, 'b', 0x00), r.stdout(), r::toString);
    assertEquals(0, r.code(), r::toString);
  }

  /** {@code text} by the JDK's encoder, each character it cannot hold as {@code substitute}. */
  private static byte[] encodeReplacing(String text, Charset charset, byte substitute) throws IOException {
    CharsetEncoder encoder = charset.newEncoder()
        .onUnmappableCharacter(CodingErrorAction.REPLACE)
        .onMalformedInput(CodingErrorAction.REPLACE)
        .replaceWith(new byte[] {substitute});
    ByteBuffer bytes = encoder.encode(CharBuffer.wrap(text));
    return Arrays.copyOfRange(bytes.array(), bytes.position(), bytes.limit());
  }

  @Test
  void inputAndOutputTheSameFile() throws IOException {
    String text = "Grüße aus Köln, ½ © ÿ\n".repeat(30_000); // more than one read
    Files.write(dir.resolve("f.txt"), text.getBytes(ISO_8859_1));
    Cli.Result r = Cli.run(dir, "convert", "--from", "latin-1", "--to", "utf-8", "f.txt", "f.txt");
    assertEquals(0, r.code(), r::toString);
    assertEquals("", r.err(), r::toString);
    assertArrayEquals(text.getBytes(UTF_8), Files.readAllBytes(dir.resolve("f.txt")));
    assertEquals(List.of("f.txt"), listing());
  }

  /** 2.5 MiB of mixed text with 4-byte characters over every read boundary: UTF-8 to UTF-16LE and back. */
  @Test
  void largeRoundTrip() throws IOException {
    Random random = new Random(42);
    String[] pieces = {"a", "word ", "é", "ß", "日本", "😀", "🎉𝄞", "\n", "\r\n", "\u0000", "\uFEFF"};
    StringBuilder text = new StringBuilder();
    while (text.length() < 1_600_000) {
      text.append(pieces[random.nextInt(pieces.length)]);
    }
    byte[] utf8 = text.toString().getBytes(UTF_8);
    assertTrue(utf8.length > 2_500_000);
    Files.write(dir.resolve("orig.txt"), utf8);

    Cli.Result r = Cli.run(dir, "convert", "--from", "utf-8", "--to", "utf-16le", "orig.txt", "mid.utf16");
    assertEquals(0, r.code(), r::toString);
    byte[] utf16 = Files.readAllBytes(dir.resolve("mid.utf16"));
    assertArrayEquals(text.toString().getBytes(UTF_16LE), utf16);

    r = Cli.run(dir, utf16, Map.of(), "convert", "--from", "utf-16le", "--to", "utf-8", "-", "back.txt");
    assertEquals(0, r.code(), r::toString);
    assertArrayEquals(utf8, Files.readAllBytes(dir.resolve("back.txt")));
  }

  /**
   * A supplementary character in modified UTF-8 is two 3-byte sequences, each well-formed alone; when the
   * first read ends between them, they must still become one character (not two unpaired surrogates).
   */
  @Test
  void modifiedUtf8PairSplitByTheFirstRead() throws IOException {
    // The first read ends at 262,400 bytes: between the halves, after ED of the low half, after ED B8.
    for (int before : new int[] {262397, 262396, 262395}) {
      String text = "a".repeat(before) + "😀 tail\n";
      Files.write(dir.resolve("m.bin"), encode(text, "modified-utf-8"));
      for (String replace : new String[] {"--replace", null}) {
        Cli.Result r = replace == null
            ? Cli.run(dir, "convert", "--from", "modified-utf-8", "--to", "utf-8", "m.bin", "m.txt")
            : Cli.run(dir, "convert", "--from", "modified-utf-8", "--to", "utf-8", replace, "m.bin", "m.txt");
        assertEquals("", r.err(), r::toString);
        assertEquals(0, r.code(), r::toString);
        assertArrayEquals(text.getBytes(UTF_8), Files.readAllBytes(dir.resolve("m.txt")), before + " " + replace);
      }
    }
  }

  /** The output file is made like any other new file (the umask decides), and an existing one keeps its mode. */
  @Test
  void outputFilePermissions() throws IOException {
    assumeTrue(FileSystems.getDefault().supportedFileAttributeViews().contains("posix"), "POSIX permissions");
    Files.writeString(dir.resolve("in.txt"), "abc\n");
    Path reference = Files.writeString(dir.resolve("reference"), "a new file, as the umask makes it");
    Cli.Result r = Cli.run(dir, "convert", "--from", "utf-8", "--to", "latin-1", "in.txt", "new.txt");
    assertEquals(0, r.code(), r::toString);
    Path existing = Files.writeString(dir.resolve("existing.txt"), "old");
    Files.setPosixFilePermissions(existing, PosixFilePermissions.fromString("rw-rw-r--"));
    r = Cli.run(dir, "convert", "--from", "utf-8", "--to", "latin-1", "in.txt", "existing.txt");
    assertEquals(0, r.code(), r::toString);
    assertEquals("abc\n", Files.readString(existing));

    assertEquals(PosixFilePermissions.toString(Files.getPosixFilePermissions(reference)),
        PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("new.txt"))), "a new output file");
    assertEquals("rw-rw-r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(existing)), "an existing output file");
  }

  /**
   * An output that is not a regular file (a named pipe here; /dev/stdout or /dev/null alike) is written
   * to, not replaced by a regular file renamed over it.
   */
  @Test
  void outputToANamedPipe() throws Exception {
    Files.writeString(dir.resolve("in.txt"), "abc\n");
    Path fifo = dir.resolve("out.fifo");
    assumeTrue(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor() == 0, "mkfifo");
    Process reader = new ProcessBuilder("cat", fifo.toString()).start();
    try {
      Cli.Result r = Cli.run(dir, "convert", "--from", "utf-8", "--to", "utf-16be", "in.txt", "out.fifo");
      assertEquals(0, r.code(), r::toString);
      assertFalse(Files.isRegularFile(fifo), "out.fifo was replaced by a regular file");
      assertTrue(reader.waitFor(20, TimeUnit.SECONDS), "the reader got to the end");
      assertArrayEquals("abc\n".getBytes(UTF_16BE), reader.getInputStream().readAllBytes());
    } finally {
      reader.destroyForcibly();
    }
  }

  @Test
  void unreadableInputOrUnwritableOutput() throws IOException {
    Files.writeString(dir.resolve("in.txt"), "text\n");
    Files.createDirectory(dir.resolve("somedir"));
    Cli.Result r = Cli.run(dir, "convert", "--from", "utf-8", "--to", "latin-1", "in.txt", "somedir");
    assertEquals("textwire convert: somedir: is a directory\n", r.err(), r::toString);
    assertEquals("", r.out(), r::toString);
    assertEquals(2, r.code(), r::toString);

    r = Cli.run(dir, "convert", "--from", "utf-8", "--to", "latin-1", "missing.txt", "out.txt");
    assertEquals("textwire convert: missing.txt: no such file\n", r.err(), r::toString);
    assertEquals(2, r.code(), r::toString);
    assertEquals(List.of("in.txt", "somedir"), listing());
  }

  /** Through a symbolic link, the file it points to gets the output and the link stays a link. */
  @Test
  void outputThroughASymbolicLinkAndToDevNull() throws IOException {
    Files.writeString(dir.resolve("in.txt"), "héllo\n");
    Files.writeString(dir.resolve("real.txt"), "old");
    Files.createSymbolicLink(dir.resolve("link.txt"), dir.resolve("real.txt"));
    Cli.Result r = Cli.run(dir, "convert", "-f", "utf-8", "-t", "latin-1", "in.txt", "link.txt");
    assertEquals(0, r.code(), r::toString);
    assertTrue(Files.isSymbolicLink(dir.resolve("link.txt")), "the link was replaced");
    assertArrayEquals("héllo\n".getBytes(ISO_8859_1), Files.readAllBytes(dir.resolve("real.txt")));
    assertEquals(List.of("in.txt", "link.txt", "real.txt"), listing(), "no temporary file left");

    // A device is written as it goes; nothing is created beside it.
    r = Cli.run(dir, "convert", "-f", "utf-8", "-t", "utf-16le", "in.txt", "/dev/null");
    assertEquals(0, r.code(), r::toString);
    assertEquals("", r.err() + r.out(), r::toString);
  }
}
