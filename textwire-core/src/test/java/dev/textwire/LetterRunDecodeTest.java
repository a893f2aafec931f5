package dev.textwire;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Runs of letters of one width, which UTF-8's fast section decodes several at a step where it can
 * (2-byte letters four a word, 4-byte sequences two a word) and one at a time otherwise (3-byte). Each run
 * is cut by every kind of sequence and fault at every letter of the run and at every alignment, and
 * decoded by every entry point (one-shot against the reference decoder and the JDK, and streamed through
 * tight windows).
 */
class LetterRunDecodeTest {
  /** What can follow a letter: other sequences, the edges of the 2-, 3- and 4-byte ranges, and faults. */
  private static final byte[][] BREAKS = {
    {},
    {'x'},
    {' ', ' '},
    {(byte) 0xC2, (byte) 0x80}, // U+0080, the first 2-byte char
    {(byte) 0xDF, (byte) 0xBF}, // U+07FF, the last
    {(byte) 0xE2, (byte) 0x82, (byte) 0xAC}, // €
    {(byte) 0xE0, (byte) 0xA0, (byte) 0x80}, // U+0800, the first 3-byte char
    {(byte) 0xEF, (byte) 0xBF, (byte) 0xBF}, // U+FFFF, the last
    {(byte) 0xE0, (byte) 0x9F, (byte) 0xBF}, // overlong U+07FF
    {(byte) 0xE4, (byte) 0xB8}, // a 3-byte sequence one byte short
    {(byte) 0xE4, 'x', (byte) 0xAD}, // its second byte not a continuation
    {(byte) 0xE4, (byte) 0xB8, (byte) 0xE4}, // its last a lead
    {(byte) 0xF0, (byte) 0x9F, (byte) 0x98, (byte) 0x80}, // 😀
    {(byte) 0xF0, (byte) 0x90, (byte) 0x80, (byte) 0x80}, // U+10000, the first 4-byte char
    {(byte) 0xF4, (byte) 0x8F, (byte) 0xBF, (byte) 0xBF}, // U+10FFFF, the last
    {(byte) 0xC0, (byte) 0x80}, // overlong
    {(byte) 0xC1, (byte) 0xBF}, // overlong
    {(byte) 0xF0, (byte) 0x8F, (byte) 0xBF, (byte) 0xBF}, // overlong U+FFFF
    {(byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80}, // U+110000, above the last
    {(byte) 0xF5, (byte) 0x80, (byte) 0x80, (byte) 0x80}, // a lead that is never UTF-8
    {(byte) 0xF7, (byte) 0xBF, (byte) 0xBF, (byte) 0xBF}, // the same, all its payload bits set
    {(byte) 0xF8, (byte) 0x90, (byte) 0x80, (byte) 0x80}, // F8 to FF: not leads at all, with a plane 1 payload
    {(byte) 0xFF, (byte) 0x9F, (byte) 0x98, (byte) 0x80},
    {(byte) 0xD0, 'x'}, // a lead without its continuation
    {(byte) 0xD0, (byte) 0xC0}, // a lead followed by a lead
    {(byte) 0xD0}, // a lead, cut short when last
    {(byte) 0xF0, (byte) 0x9F, (byte) 0x98}, // a 4-byte sequence one byte short
    {(byte) 0xF0, (byte) 0x9F, (byte) 0x98, 'x'}, // its last byte not a continuation
    {(byte) 0xF0, (byte) 0x9F, 'x', (byte) 0x80}, // its third
    {(byte) 0xF0, (byte) 0x9F, (byte) 0x98, (byte) 0xF0}, // its last a lead
    {(byte) 0xB4}, // a continuation without a lead
    {(byte) 0xED, (byte) 0xA0, (byte) 0x80}, // an encoded surrogate
    {(byte) 0xF8},
    {0},
  };

  static Stream<Arguments> alphabets() {
    return Stream.of(
        Arguments.of("2-byte letters", new String[] {"д", "д", "ש"}), // D0 B4, D7 A9
        Arguments.of("3-byte sequences", new String[] {"中", "\u0800", "\uFFFF", "\uD7FF", "\uE000"}),
        Arguments.of("4-byte sequences", new String[] {"😀", "\uD800\uDC00", "\uDBFF\uDFFF", "🌍"}));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("alphabets")
  void everyBreakAtEveryLetter(String name, String[] alphabet) {
    byte[][] letters = new byte[alphabet.length][];
    for (int i = 0; i < alphabet.length; i++) {
      letters[i] = alphabet[i].getBytes(StandardCharsets.UTF_8);
    }
    DecodeCheck check = new DecodeCheck();
    TextCodec strict = Utf8.codec(ErrorPolicy.STRICT);
    TextCodec replace = Utf8.codec(ErrorPolicy.REPLACE);
    PiecewiseDecoding.PieceKind[] kinds = PiecewiseDecoding.PieceKind.values();
    for (int ascii = 0; ascii < 4; ascii++) {
      for (int letterCount = 0; letterCount <= 13; letterCount++) {
        for (int at = 0; at <= letterCount; at++) {
          for (byte[] cut : BREAKS) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            for (int i = 0; i < ascii; i++) {
              out.write('a');
            }
            for (int i = 0; i < letterCount; i++) {
              if (i == at) {
                out.writeBytes(cut);
              }
              out.writeBytes(letters[i % letters.length]);
            }
            if (at == letterCount) {
              out.writeBytes(cut);
            }
            out.writeBytes("ok".getBytes(StandardCharsets.US_ASCII));
            byte[] src = out.toByteArray();
            String where =
                name + ": " + ascii + " ASCII bytes, " + letterCount + " letters, " + TestSupport.hex(cut) + " before letter " + at;
            check.check(src, 0, src.length, true, () -> where);
            for (TextCodec codec : new TextCodec[] {strict, replace}) {
              PiecewiseDecoding.check(
                  codec, codec.newDecoder(), src, new int[] {src.length / 2}, kinds, new int[] {1, 3, 4, 5, 9, 10, 11, 16, 64}, () -> codec + ", " + where);
            }
          }
        }
      }
    }
  }
}
