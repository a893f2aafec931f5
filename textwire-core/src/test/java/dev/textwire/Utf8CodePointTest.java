package dev.textwire;

import static dev.textwire.TestSupport.bytes;
import static dev.textwire.TestSupport.hex;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.textwire.TestSupport.NamedText;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every Unicode scalar value (U+0000..U+10FFFF without the surrogates U+D800..U+DFFF) encodes, measures
 * and decodes exactly as the JDK does, from every kind of CharSequence; and the extreme values of every
 * length and lead-byte range encode to the bytes of Unicode table 3-7.
 */
class Utf8CodePointTest {
  private static final TextCodec[] CODECS = {
    Utf8.codec(ErrorPolicy.STRICT),
    Utf8.codec(ErrorPolicy.REPLACE),
    Utf8.codec(ErrorPolicy.REPLACE_WITH_QUESTION_MARK)
  };

  /** Scalar values per string; not a power of two, so batches start at ever-different byte alignments. */
  private static final int BATCH = 3001;

  @Test
  void everyScalarValueInBatches() {
    int batches = 0;
    int scalarValues = 0;
    int cp = 0;
    while (cp <= Character.MAX_CODE_POINT) {
      int first = cp;
      StringBuilder sb = new StringBuilder(2 * BATCH);
      int n = 0;
      for (; n < BATCH && cp <= Character.MAX_CODE_POINT; cp++) {
        if (cp == Character.MIN_SURROGATE) {
          cp = Character.MAX_SURROGATE; // skip U+D800..U+DFFF
          continue;
        }
        sb.appendCodePoint(cp);
        n++;
      }
      scalarValues += n;
      batches++;
      // Vary the alignment of the text in the arrays with the batch number.
      checkEncodeAndDecode(sb.toString(), String.format(Locale.ROOT, "batch from U+%04X", first), batches % 17);
    }
    // 0x110000 code points minus 0x800 surrogates.
    assertEquals(1_112_064, scalarValues);
  }

  @Test
  void everyScalarValueAlone() {
    byte[] dst = new byte[6];
    for (int cp = 0; cp <= Character.MAX_CODE_POINT; cp++) {
      if (cp >= Character.MIN_SURROGATE && cp <= Character.MAX_SURROGATE) {
        continue;
      }
      String s = Character.toString(cp);
      byte[] expected = s.getBytes(UTF_8);
      int expectedLength = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
      if (expected.length != expectedLength
          || Utf8.encodedLength(s) != expectedLength
          || Utf8.encode(s, dst, 1) != expectedLength
          || !Arrays.equals(expected, 0, expectedLength, dst, 1, 1 + expectedLength)
          || !Utf8.decode(dst, 1, expectedLength).equals(s)
          || !Utf8.isValid(dst, 1, expectedLength)) {
        // Redo with assertions to say what differs.
        String what = String.format(Locale.ROOT, "U+%04X", cp);
        assertEquals(expectedLength, Utf8.encodedLength(s), what);
        assertArrayEquals(expected, Utf8.encode(s), what);
        assertEquals(s, Utf8.decode(expected), what);
        assertTrue(Utf8.isValid(expected), what);
        throw new AssertionError(what + ": encode into an array at offset 1 or decode at offset 1 failed");
      }
    }
  }

  static void checkEncodeAndDecode(String s, String what, int offset) {
    byte[] expected = s.getBytes(UTF_8);
    for (NamedText named : TestSupport.charSequences(s)) {
      CharSequence cs = named.text();
      String where = what + ", " + named.kind();
      for (TextCodec codec : CODECS) {
        String w = where + ", " + codec.policy();
        assertEquals(expected.length, codec.encodedLength(cs), w);
        assertEquals(expected.length, codec.encodedLength(cs, 0, cs.length()), w);
        assertArrayEquals(expected, codec.encode(cs), w);

        byte[] dst = new byte[offset + expected.length + 5];
        Arrays.fill(dst, (byte) 0x5A);
        assertEquals(expected.length, codec.encode(cs, dst, offset), w);
        assertArrayEquals(expected, Arrays.copyOfRange(dst, offset, offset + expected.length), w);
        assertUntouched(dst, 0, offset, w + ": before the offset");
        assertUntouched(dst, offset + expected.length, dst.length, w + ": after the encoded bytes");

        ByteBuffer direct = ByteBuffer.allocateDirect(expected.length + offset);
        direct.position(offset);
        assertEquals(expected.length, codec.encode(cs, direct), w);
        assertEquals(direct.limit(), direct.position(), w);
        byte[] fromDirect = new byte[expected.length];
        direct.position(offset);
        direct.get(fromDirect);
        assertArrayEquals(expected, fromDirect, w);
      }
    }

    byte[] src = new byte[offset + expected.length + 3];
    Arrays.fill(src, (byte) 0x80); // continuation bytes around the text: reading outside would break it
    System.arraycopy(expected, 0, src, offset, expected.length);
    assertSameText(s, Utf8.decode(expected), what);
    assertSameText(s, Utf8.decode(src, offset, expected.length), what);
    assertTrue(Utf8.isValid(src, offset, expected.length), what);
    assertEquals(offset + expected.length, Utf8.validUpTo(src, offset, expected.length), what);
    assertEquals(
        new TextValidation(offset + expected.length, 0, offset + expected.length),
        Utf8.validate(src, offset, expected.length),
        what);
    for (TextCodec codec : CODECS) {
      assertSameText(s, codec.decode(src, offset, expected.length), what + ", " + codec.policy());
    }
    ByteBuffer heap = ByteBuffer.wrap(src, offset, expected.length);
    assertSameText(s, Utf8.decode(heap), what + ", heap buffer");
    assertEquals(offset + expected.length, heap.position(), what);
    ByteBuffer direct = ByteBuffer.allocateDirect(src.length).put(src);
    direct.position(offset).limit(offset + expected.length);
    assertTrue(Utf8.isValid(direct), what + ", direct buffer");
    assertSameText(s, Utf8.decode(direct), what + ", direct buffer");
    assertEquals(direct.limit(), direct.position(), what);
  }

  /** Equal strings, or a message showing code points around the first difference. */
  static void assertSameText(String expected, String actual, String what) {
    DecodeCheck.assertEqualText(expected, actual, () -> what, "decoded text");
  }

  static void assertUntouched(byte[] dst, int from, int to, String what) {
    for (int i = from; i < to; i++) {
      if (dst[i] != 0x5A) {
        throw new AssertionError(what + ": byte " + i + " was overwritten with " + hex(dst, i, 1));
      }
    }
  }

  /** The extreme scalar values of each encoded length and each row of table 3-7. */
  static Stream<Arguments> boundaries() {
    return Stream.of(
        // Smallest 1-byte character.
        row(0x0000, "00"),
        // Largest 1-byte character (ASCII DEL).
        row(0x007F, "7F"),
        // Smallest 2-byte character.
        row(0x0080, "C2 80"),
        // Largest Latin-1 character.
        row(0x00FF, "C3 BF"),
        // Largest 2-byte character.
        row(0x07FF, "DF BF"),
        // Smallest 3-byte character (lead E0 needs a second byte of A0..BF).
        row(0x0800, "E0 A0 80"),
        // Largest 3-byte character with lead E0.
        row(0x0FFF, "E0 BF BF"),
        // Smallest 3-byte character with lead E1.
        row(0x1000, "E1 80 80"),
        // Largest 3-byte character with lead EC.
        row(0xCFFF, "EC BF BF"),
        // Smallest 3-byte character with lead ED (second byte 80..9F only).
        row(0xD000, "ED 80 80"),
        // Largest character below the surrogates.
        row(0xD7FF, "ED 9F BF"),
        // Smallest character above the surrogates (private use).
        row(0xE000, "EE 80 80"),
        // Byte order mark.
        row(0xFEFF, "EF BB BF"),
        // Replacement character.
        row(0xFFFD, "EF BF BD"),
        // Largest 3-byte character (a noncharacter, still a valid scalar value).
        row(0xFFFF, "EF BF BF"),
        // Smallest 4-byte character (lead F0 needs a second byte of 90..BF).
        row(0x10000, "F0 90 80 80"),
        // An emoji: U+1F600 GRINNING FACE.
        row(0x1F600, "F0 9F 98 80"),
        // Largest 4-byte character with lead F0.
        row(0x3FFFF, "F0 BF BF BF"),
        // Smallest 4-byte character with lead F1.
        row(0x40000, "F1 80 80 80"),
        // Largest 4-byte character with lead F3.
        row(0xFFFFF, "F3 BF BF BF"),
        // Smallest 4-byte character with lead F4 (second byte 80..8F only).
        row(0x100000, "F4 80 80 80"),
        // Largest code point.
        row(0x10FFFF, "F4 8F BF BF"));
  }

  private static Arguments row(int codePoint, String utf8) {
    return Arguments.of(String.format(Locale.ROOT, "U+%04X", codePoint), codePoint, utf8);
  }

  @ParameterizedTest(name = "{0} = {2}")
  @MethodSource("boundaries")
  void boundary(String name, int codePoint, String utf8) {
    String s = Character.toString(codePoint);
    byte[] expected = bytes(utf8);
    assertArrayEquals(expected, s.getBytes(UTF_8), "the JDK agrees with table 3-7");
    for (NamedText named : TestSupport.charSequences(s)) {
      assertEquals(expected.length, Utf8.encodedLength(named.text()), named.kind());
      assertEquals(hex(expected), hex(Utf8.encode(named.text())), named.kind());
    }
    assertEquals(TestSupport.codePoints(s), TestSupport.codePoints(Utf8.decode(expected)));
    // Alone, between ASCII, and next to itself, at every alignment in an 8-byte word.
    for (int offset = 0; offset < 9; offset++) {
      String text = "a".repeat(offset) + s + "z" + s + s;
      checkEncodeAndDecode(text, name + " after " + offset + " ASCII", offset);
    }
  }
}
