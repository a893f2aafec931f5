package dev.textwire.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * The four-sequences-a-word test and its chars, exhaustively: every pair of bytes in every lane of the
 * word, the other lanes holding a well-formed letter, against UTF-8's rule for a 2-byte sequence.
 */
class SwarTwoByteTest {
  private static final byte[] LETTER = {(byte) 0xD0, (byte) 0xB4}; // д, U+0434

  @Test
  void everyPairOfBytesInEveryLane() {
    byte[] bytes = new byte[8];
    for (int lane = 0; lane < 4; lane++) {
      for (int lead = 0; lead < 256; lead++) {
        for (int second = 0; second < 256; second++) {
          for (int l = 0; l < 4; l++) {
            bytes[2 * l] = LETTER[0];
            bytes[2 * l + 1] = LETTER[1];
          }
          bytes[2 * lane] = (byte) lead;
          bytes[2 * lane + 1] = (byte) second;
          boolean wellFormed = lead >= 0xC2 && lead <= 0xDF && second >= 0x80 && second <= 0xBF;
          long word = Swar.getLong(bytes, 0);
          String where = "lane " + lane + ", bytes " + Integer.toHexString(lead) + " " + Integer.toHexString(second);
          long chars = Swar.fourTwoByteChars(word);
          assertEquals(wellFormed, chars != -1, where);
          if (wellFormed) {
            for (int l = 0; l < 4; l++) {
              char expected = l == lane ? (char) (((lead & 0x1F) << 6) | (second & 0x3F)) : '\u0434';
              assertEquals(expected, (char) (chars >>> (16 * l)), where + ", char " + l);
            }
          }
        }
      }
    }
  }
}
