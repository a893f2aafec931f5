package dev.textwire.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The ASCII skips against a byte loop, exhaustively over where the first and second stopping bytes fall:
 * in each of the four words of a 32-byte block, at each byte of a word, past the blocks, and at every
 * start offset in the array (so that blocks and words straddle every alignment).
 */
class SwarAsciiSkipTest {
  private static final byte[] STOPS = {(byte) 0x80, (byte) 0xC3, (byte) 0xFF, 0x00};

  @Test
  void firstStopAnywhereInTheFirstBlocks() {
    int length = 80;
    for (int begin = 0; begin < 9; begin++) {
      for (int first = begin; first <= length; first++) {
        for (int second = first + 1; second <= length + 1; second += second < first + 40 ? 1 : 7) {
          for (byte stop : STOPS) {
            byte[] bytes = new byte[length];
            Arrays.fill(bytes, (byte) 'a');
            if (first < length) {
              bytes[first] = stop;
            }
            if (second < length) {
              bytes[second] = (byte) 0x9F;
            }
            String where = "begin " + begin + ", stop " + (stop & 0xFF) + " at " + first + ", another at " + second;
            assertEquals(firstStop(bytes, begin, false), Swar.skipAscii(bytes, begin, length), where);
            assertEquals(firstStop(bytes, begin, true), Swar.skipAsciiNonZero(bytes, begin, length), where);
          }
        }
      }
    }
  }

  private static int firstStop(byte[] bytes, int begin, boolean zeroStops) {
    int i = begin;
    while (i < bytes.length && (bytes[i] > 0 || (bytes[i] == 0 && !zeroStops))) {
      i++;
    }
    return i;
  }
}
