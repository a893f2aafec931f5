package dev.textwire.cli;

import static dev.textwire.cli.Texts.bytes;
import static dev.textwire.cli.Texts.concat;
import static java.nio.charset.StandardCharsets.UTF_16LE;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import org.junit.jupiter.api.Test;

class ExcerptTest {
  /** The excerpt of the first error in {@code bytes}, all of it in one window as Validation has it. */
  private static String excerpt(Encoding encoding, byte[] bytes) throws IOException {
    InputWindow window = new InputWindow(new ByteArrayInputStream(bytes), 1 << 16);
    window.fill();
    InputDecoder decoder = encoding.decoder();
    int at = decoder.validUpTo(window.buffer, 0, window.end);
    Problem problem = decoder.problemAt(window.buffer, at, window.end, window.endOfInput);
    return Excerpt.around(decoder, window, at, problem.byteCount())[0];
  }

  private static String utf8(Object... parts) throws IOException {
    byte[] bytes = new byte[0];
    for (Object part : parts) {
      bytes = concat(bytes, part instanceof String ? ((String) part).getBytes(UTF_8) : (byte[]) part);
    }
    return excerpt(Encoding.UTF_8, bytes);
  }

  @Test
  void controlCharactersAndTabsAreEscaped() throws IOException {
    assertEquals("a\\tb\\x01c\\x7F\\x85\\x1B[31m\\xFFd\\x00e", utf8("a\tb\u0001c\u007F\u0085\u001B[31m", bytes(0xFF), "d\u0000e"));
  }

  @Test
  void badBytesAreEscapedThoseAfterTooAndPrintableTextIsKept() throws IOException {
    assertEquals("é日😀\\xE6\\x97x\\xC0\\xAF\\xF0\\x9F\\x98", utf8("é日😀", bytes(0xE6, 0x97), "x", bytes(0xC0, 0xAF, 0xF0, 0x9F, 0x98)));
    assertEquals("ab\\xF0\\x9F\\x98", utf8("ab", bytes(0xF0, 0x9F, 0x98)));
  }

  @Test
  void cutAtLineEnds() throws IOException {
    assertEquals("abc\\xFFdef", utf8("line 1\nabc", bytes(0xFF), "def\nline 3"));
    assertEquals("abc\\xFFdef", utf8("line 1\r\nabc", bytes(0xFF), "def\r\nline 3"));
    assertEquals("\\xFF", utf8("line 1\n", bytes(0xFF), "\nline 3"));
  }

  @Test
  void longLinesAreShortenedWithDots() throws IOException {
    assertEquals("..." + "y".repeat(32) + "\\xFF" + "z".repeat(32) + "...", utf8("y".repeat(50), bytes(0xFF), "z".repeat(50)));
    assertEquals("y".repeat(32) + "\\xFF" + "z".repeat(32), utf8("y".repeat(32), bytes(0xFF), "z".repeat(32)));
    assertEquals("..." + "日".repeat(32) + "\\xFF" + "本".repeat(32) + "...", utf8("日".repeat(50), bytes(0xFF), "本".repeat(50)));
  }

  /** 33 characters of 4 bytes are 132 bytes: more than the 128 looked at, so the first is not shown. */
  @Test
  void longLinesOfFourByteCharactersAreShortenedWithDotsToo() throws IOException {
    assertEquals("..." + "😀".repeat(32) + "\\xFF" + "🎉".repeat(32) + "...", utf8("😀".repeat(40), bytes(0xFF), "🎉".repeat(40)));
    byte[] utf16 = concat("x".getBytes(UTF_16LE), "😀".repeat(40).getBytes(UTF_16LE), bytes(0x00, 0xDC));
    assertEquals("..." + "😀".repeat(32) + "\\x00\\xDC", excerpt(Encoding.UTF_16LE, utf16));
  }

  @Test
  void contextFromTheLookBehindOfAnEarlierRead() throws IOException {
    String line = "bcdefghij".repeat(10);
    byte[] data = concat(("a".repeat(500) + "\n" + line).getBytes(UTF_8), bytes(0xFF), "after\n".getBytes(UTF_8));
    InputWindow window = new InputWindow(new ByteArrayInputStream(data), 300);
    InputDecoder decoder = Encoding.UTF_8.decoder();
    window.fill();
    window.start = decoder.validUpTo(window.buffer, 0, window.end);
    assertEquals(556, window.start, "the first read is all valid");
    window.fill();
    int at = decoder.validUpTo(window.buffer, window.start, window.end);
    assertEquals(591, window.offsetOf(at));
    assertEquals("..." + line.substring(line.length() - 32) + "\\xFFafter", Excerpt.around(decoder, window, at, 1)[0]);
  }

  @Test
  void utf16() throws IOException {
    byte[] b = concat("x\n\tab 😀".getBytes(UTF_16LE), bytes(0x00, 0xD8), "c\nd".getBytes(UTF_16LE));
    assertEquals("\\tab 😀\\x00\\xD8c", excerpt(Encoding.UTF_16LE, b));
  }

  @Test
  void caretsUnderTheBadBytesCountWideCharactersTwiceAndMarksNever() throws IOException {
    InputDecoder decoder = Encoding.UTF_8.decoder();
    byte[] data = concat("x\nab日e\u0301".getBytes(UTF_8), bytes(0xC0, 0xAF), "z".getBytes(UTF_8));
    InputWindow window = new InputWindow(new ByteArrayInputStream(data), 1 << 10);
    window.fill();
    int at = decoder.validUpTo(window.buffer, 0, window.end);
    String[] lines = Excerpt.around(decoder, window, at, 1);
    assertEquals("ab日e\u0301\\xC0\\xAFz", lines[0]);
    // a, b: 1 column each; 日: 2; e + combining acute: 1. The error is the C0 alone (its maximal subpart).
    assertEquals("     ^^^^", lines[1]);
    assertEquals(5, Excerpt.displayWidth("ab日e\u0301"));
  }

  @Test
  void hex() {
    assertEquals("E0 80 0A", Excerpt.hex(bytes(0x41, 0xE0, 0x80, 0x0A), 1, 4));
    assertEquals("", Excerpt.hex(bytes(0x41), 1, 1));
  }
}
