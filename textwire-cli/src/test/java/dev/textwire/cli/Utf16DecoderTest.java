package dev.textwire.cli;

import static dev.textwire.cli.Texts.bytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class Utf16DecoderTest {
  /** The code units as bytes in the given order; a negative value is one lone byte {@code -value}. */
  private static byte[] units(boolean bigEndian, int... units) {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    for (int u : units) {
      if (u < 0) {
        out.write(-u);
      } else if (bigEndian) {
        out.write(u >> 8);
        out.write(u);
      } else {
        out.write(u);
        out.write(u >> 8);
      }
    }
    return out.toByteArray();
  }

  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void loneSurrogates(boolean bigEndian) {
    Utf16Decoder d = new Utf16Decoder(bigEndian);
    byte[] b = units(bigEndian, 'a', 0xDC00, 'b', 0xD800, 'c', 0xD83D, 0xDE00, 0xD83D, 0xD83D, 0xDE00);
    assertEquals(2, d.validUpTo(b, 0, b.length));
    assertEquals(new Problem(2, "low surrogate U+DC00 without a high surrogate before it"), d.problemAt(b, 2, b.length, false));
    assertEquals(6, d.validUpTo(b, 4, b.length));
    assertEquals(new Problem(2, "high surrogate U+D800 not followed by a low surrogate"), d.problemAt(b, 6, b.length, true));
    assertEquals(14, d.validUpTo(b, 8, b.length)); // c and a pair, then a high surrogate followed by a high one
    assertEquals(new Problem(2, "high surrogate U+D83D not followed by a low surrogate"), d.problemAt(b, 14, b.length, false));
    assertEquals(b.length, d.validUpTo(b, 16, b.length));
    assertEquals("c😀", d.decode(b, 8, 14));
    assertEquals(6, d.byteCount(b, 8, 14, 3));
  }

  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void endOfInputInsideAUnitOrAPair(boolean bigEndian) {
    Utf16Decoder d = new Utf16Decoder(bigEndian);
    byte[] odd = units(bigEndian, 'a', -0x41);
    assertEquals(2, d.validUpTo(odd, 0, odd.length));
    assertNull(d.problemAt(odd, 2, odd.length, false), "more input may complete the unit");
    assertEquals(new Problem(1, "odd number of bytes: the input ends inside a 2-byte code unit"), d.problemAt(odd, 2, odd.length, true));

    byte[] high = units(bigEndian, 'a', 0xD83D);
    assertEquals(2, d.validUpTo(high, 0, high.length));
    assertNull(d.problemAt(high, 2, high.length, false), "more input may bring the low surrogate");
    assertEquals(new Problem(2, "high surrogate U+D83D cut short by the end of the input"), d.problemAt(high, 2, high.length, true));

    byte[] highAndAByte = units(bigEndian, 'a', 0xD83D, -(bigEndian ? 0xDE : 0x01));
    assertEquals(2, d.validUpTo(highAndAByte, 0, highAndAByte.length));
    assertNull(d.problemAt(highAndAByte, 2, highAndAByte.length, false));
    assertEquals(new Problem(2, "high surrogate U+D83D cut short by the end of the input"),
        d.problemAt(highAndAByte, 2, highAndAByte.length, true));
    assertEquals(new Problem(1, "odd number of bytes: the input ends inside a 2-byte code unit"),
        d.problemAt(highAndAByte, 4, highAndAByte.length, true));

    byte[] pair = units(bigEndian, 0xD83D, 0xDE00);
    assertEquals(0, d.validUpTo(pair, 0, 3), "a pair cut short is not valid yet");
    assertEquals(4, d.validUpTo(pair, 0, 4));
  }

  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void characterStarts(boolean bigEndian) {
    Utf16Decoder d = new Utf16Decoder(bigEndian);
    byte[] b = units(bigEndian, 'a', 0xD83D, 0xDE00, 'b');
    assertEquals(2, d.charStartAtOrAfter(b, 2, b.length, 100), "at a high surrogate");
    assertEquals(6, d.charStartAtOrAfter(b, 4, b.length, 100), "past a low surrogate");
    assertEquals(2, d.charStartAtOrAfter(b, 1, b.length, 101), "an odd stream offset is inside a unit");
    assertEquals(6, d.charStartAtOrAfter(b, 3, b.length, 101), "inside a unit, then past a low surrogate");
    assertEquals(8, d.charStartAtOrAfter(b, 7, 8, 7), "never past the end");
  }
}
