package dev.textwire.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The two-4-byte-sequences-a-word test and its code points: in each lane of the word, the other holding
 * a well-formed sequence, every lead with every byte in each of the three places after it, and every
 * code point of planes 1 to 16; against UTF-8's rule for a 4-byte sequence (Unicode table 3-7).
 */
class SwarFourByteTest {
  private static final byte[] EMOJI = "😀".getBytes(StandardCharsets.UTF_8); // F0 9F 98 80, U+1F600

  @Test
  void everyLeadWithEveryByteInEachPlace() {
    byte[] bytes = new byte[8];
    byte[] sequence = new byte[4];
    for (int lane = 0; lane < 2; lane++) {
      for (int place = 1; place < 4; place++) {
        for (int lead = 0; lead < 256; lead++) {
          for (int b = 0; b < 256; b++) {
            // The other places hold a continuation that the rule allows after every lead's second byte.
            sequence[0] = (byte) lead;
            sequence[1] = (byte) (lead == 0xF0 ? 0x9F : 0x8F);
            sequence[2] = (byte) 0x80;
            sequence[3] = (byte) 0xBF;
            sequence[place] = (byte) b;
            fill(bytes, lane, sequence);
            String where = "lane " + lane + ", " + hex(sequence);
            long codePoints = Swar.twoFourByteCodePoints(Swar.getLong(bytes, 0));
            assertEquals(wellFormed(sequence), codePoints != -1, where);
            if (codePoints != -1) {
              assertEquals(codePoint(sequence), (int) (codePoints >>> (32 * lane)), where);
              assertEquals(0x1F600, (int) (codePoints >>> (32 * (1 - lane))), where + ", the other lane");
            }
          }
        }
      }
    }
  }

  @Test
  void everySupplementaryCodePointInEachLane() {
    byte[] bytes = new byte[8];
    for (int lane = 0; lane < 2; lane++) {
      for (int cp = Character.MIN_SUPPLEMENTARY_CODE_POINT; cp <= Character.MAX_CODE_POINT; cp++) {
        byte[] sequence = new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8);
        fill(bytes, lane, sequence);
        long codePoints = Swar.twoFourByteCodePoints(Swar.getLong(bytes, 0));
        if ((int) (codePoints >>> (32 * lane)) != cp || (int) (codePoints >>> (32 * (1 - lane))) != 0x1F600) {
          assertEquals(Long.toHexString(cp), Long.toHexString(codePoints), "lane " + lane);
        }
      }
    }
  }

  private static void fill(byte[] bytes, int lane, byte[] sequence) {
    for (int l = 0; l < 2; l++) {
      System.arraycopy(l == lane ? sequence : EMOJI, 0, bytes, 4 * l, 4);
    }
  }

  /** Unicode table 3-7's row for 4-byte sequences, written out. */
  private static boolean wellFormed(byte[] s) {
    int b1 = s[0] & 0xFF;
    int b2 = s[1] & 0xFF;
    int low = b1 == 0xF0 ? 0x90 : 0x80;
    int high = b1 == 0xF4 ? 0x8F : 0xBF;
    return b1 >= 0xF0 && b1 <= 0xF4 && b2 >= low && b2 <= high && isContinuation(s[2]) && isContinuation(s[3]);
  }

  private static boolean isContinuation(byte b) {
    return (b & 0xC0) == 0x80;
  }

  private static int codePoint(byte[] s) {
    return ((s[0] & 0x07) << 18) | ((s[1] & 0x3F) << 12) | ((s[2] & 0x3F) << 6) | (s[3] & 0x3F);
  }

  private static String hex(byte[] s) {
    StringBuilder sb = new StringBuilder();
    for (byte b : s) {
      sb.append(String.format("%02X ", b & 0xFF));
    }
    return sb.toString().trim();
  }
}
