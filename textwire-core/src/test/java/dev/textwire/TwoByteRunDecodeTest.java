package dev.textwire;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * Runs of 2-byte letters, which UTF-8's fast section decodes four a word: each run is cut by every kind
 * of sequence and fault at every letter of the run and at every alignment, and decoded by every entry
 * point (one-shot against the reference decoder and the JDK, and streamed through tight windows).
 */
class TwoByteRunDecodeTest {
  /** What can follow a letter: other sequences, the edges of the 2-byte range, and faults. */
  private static final byte[][] BREAKS = {
    {},
    {'x'},
    {' ', ' '},
    {(byte) 0xC2, (byte) 0x80}, // U+0080, the first 2-byte char
    {(byte) 0xDF, (byte) 0xBF}, // U+07FF, the last
    {(byte) 0xE2, (byte) 0x82, (byte) 0xAC}, // €
    {(byte) 0xF0, (byte) 0x9F, (byte) 0x98, (byte) 0x80}, // 😀
    {(byte) 0xC0, (byte) 0x80}, // overlong
    {(byte) 0xC1, (byte) 0xBF}, // overlong
    {(byte) 0xD0, 'x'}, // a lead without its continuation
    {(byte) 0xD0, (byte) 0xC0}, // a lead followed by a lead
    {(byte) 0xD0}, // a lead, cut short when last
    {(byte) 0xB4}, // a continuation without a lead
    {(byte) 0xED, (byte) 0xA0, (byte) 0x80}, // an encoded surrogate
    {(byte) 0xF8},
    {0},
  };

  private static final byte[] LETTER = "д".getBytes(StandardCharsets.UTF_8);
  private static final byte[] OTHER_LETTER = "ש".getBytes(StandardCharsets.UTF_8); // D7 A9

  @Test
  void everyBreakAtEveryLetter() {
    DecodeCheck check = new DecodeCheck();
    TextCodec strict = Utf8.codec(ErrorPolicy.STRICT);
    TextCodec replace = Utf8.codec(ErrorPolicy.REPLACE);
    PiecewiseDecoding.PieceKind[] kinds = PiecewiseDecoding.PieceKind.values();
    for (int ascii = 0; ascii < 4; ascii++) {
      for (int letters = 0; letters <= 13; letters++) {
        for (int at = 0; at <= letters; at++) {
          for (byte[] cut : BREAKS) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            for (int i = 0; i < ascii; i++) {
              out.write('a');
            }
            for (int i = 0; i < letters; i++) {
              if (i == at) {
                out.writeBytes(cut);
              }
              out.writeBytes(i % 3 == 2 ? OTHER_LETTER : LETTER);
            }
            if (at == letters) {
              out.writeBytes(cut);
            }
            out.writeBytes("ok".getBytes(StandardCharsets.US_ASCII));
            byte[] src = out.toByteArray();
            String where = ascii + " ASCII bytes, " + letters + " letters, " + TestSupport.hex(cut) + " before letter " + at;
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
