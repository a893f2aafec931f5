package dev.textwire.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The word tricks modified UTF-8 needs (bytes 01..7F pass, 00 and 80..FF stop), against byte-at-a-time
 * definitions, on arrays built from the bytes where borrows and high bits interact.
 */
class SwarNonZeroTest {
  private static final long SEED = 0x5eed_00L;
  private static final byte[] INTERESTING = {0x00, 0x01, 0x02, 0x7E, 0x7F, (byte) 0x80, (byte) 0x81, (byte) 0xFF, 'a'};

  private static byte[] randomBytes(SplittableRandom random, int length) {
    byte[] bytes = new byte[length];
    int mode = random.nextInt(3);
    for (int i = 0; i < length; i++) {
      bytes[i] =
          mode == 0 || random.nextInt(8) == 0
              ? INTERESTING[random.nextInt(INTERESTING.length)]
              : (byte) (1 + random.nextInt(0x7F)); // mostly text that passes, so runs are long
    }
    return bytes;
  }

  @Test
  void agreeWithByteAtATimeDefinitions() {
    SplittableRandom random = new SplittableRandom(SEED);
    for (int round = 0; round < 20_000; round++) {
      byte[] bytes = randomBytes(random, random.nextInt(80));
      int begin = bytes.length == 0 ? 0 : random.nextInt(bytes.length + 1);
      int end = begin + random.nextInt(bytes.length - begin + 1);
      String where = "seed " + SEED + " round " + round;

      int skip = begin;
      while (skip < end && bytes[skip] > 0) {
        skip++;
      }
      assertEquals(skip, Swar.skipAsciiNonZero(bytes, begin, end), where);

      int zero = begin;
      while (zero < end && bytes[zero] != 0) {
        zero++;
      }
      assertEquals(zero, Swar.indexOfZero(bytes, begin, end), where);

      int zeros = 0;
      for (int i = begin; i < end; i++) {
        zeros += bytes[i] == 0 ? 1 : 0;
      }
      assertEquals(zeros, Swar.countZeroBytes(bytes, begin, end), where);

      if (end - begin >= 8) {
        byte[] copy = new byte[8];
        int prefix = 0;
        while (prefix < 8 && bytes[begin + prefix] > 0) {
          prefix++;
        }
        assertEquals(prefix, Swar.copyWordAsciiPrefix(bytes, begin, copy, 0, Swar.zeroStops(true)), where);
        int asciiPrefix = 0;
        while (asciiPrefix < 8 && bytes[begin + asciiPrefix] >= 0) {
          asciiPrefix++;
        }
        assertEquals(asciiPrefix, Swar.copyWordAsciiPrefix(bytes, begin, copy, 0, Swar.zeroStops(false)), where);
      }
    }
  }
}
