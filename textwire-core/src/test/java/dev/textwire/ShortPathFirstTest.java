package dev.textwire;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The public call into an array asks the short path first and the driver only for what it refuses
 * ({@code EncodeDriver.encodeShort}, issue 15, stop 48). Whatever route a String takes, the answer must
 * be the one a {@code StringBuilder} of the same chars gets (it never takes the short path: only Strings
 * do): the same bytes and count, or the same exception with the same message, for every codec and
 * policy, into a destination with room for the worst case, exactly enough room, or one byte less, at an
 * offset, with the bytes before the offset untouched. UTF-8 under the replacing policies is also checked
 * against the reference encoder.
 */
class ShortPathFirstTest {
  private static final char[] ALPHABET = {'a', '\u00E9', '\u4E2D', '\uD83D', '\uDE00', '\u0000'};
  private static final int MAX_LENGTH = 4;
  private static final int OFFSET = 3;
  private static final byte SENTINEL = (byte) 0xA5;

  private static final List<TextCodec> CODECS =
      List.of(TextCodecs.UTF_8, TextCodecs.CESU_8, TextCodecs.MODIFIED_UTF_8, TextCodecs.ISO_8859_1, TextCodecs.IBM500);

  @Test
  void everyShortStringOverTheAlphabetAsAStringBuilderGetsIt() {
    long[] checked = {0};
    TestSupport.everyString(ALPHABET, MAX_LENGTH, text -> {
      for (int begin = 0; begin <= Math.min(1, text.length()); begin++) {
        checked[0] += checkAllCodecs(text, begin, "");
      }
    });
    assertEquals(242_624, checked[0], "calls checked"); // a changed alphabet or length changes this
  }

  /** Around the short path's limit of 32 chars, with a pair or an unpaired half at the edge. */
  @Test
  void seededStringsAroundTheLimit() {
    long seed = TestSupport.seed(0x5407_0048L);
    SplittableRandom random = new SplittableRandom(seed);
    for (int round = 0; round < 400; round++) {
      int length = 28 + random.nextInt(9); // 28 to 36 chars
      char[] chars = new char[length];
      for (int i = 0; i < length; i++) {
        chars[i] = random.nextInt(4) == 0 ? ALPHABET[random.nextInt(ALPHABET.length)] : (char) ('a' + random.nextInt(26));
      }
      if (random.nextBoolean()) {
        int at = Math.min(length - 2, 29 + random.nextInt(5)); // the pair at or across char 32
        chars[at] = '\uD83D';
        chars[at + 1] = '\uDE00';
      }
      checkAllCodecs(new String(chars), random.nextInt(3), TestSupport.seedMessage(seed));
    }
  }

  private static int checkAllCodecs(String text, int begin, String context) {
    int calls = 0;
    for (TextCodec strict : CODECS) {
      for (ErrorPolicy policy : ErrorPolicy.values()) {
        TextCodec codec = strict.withPolicy(policy);
        for (int end = text.length(); end >= Math.max(begin, text.length() - 1); end--) {
          calls += check(codec, text, begin, end, context);
        }
      }
    }
    return calls;
  }

  /** One text range through one codec into three rooms; returns the calls made. */
  private static int check(TextCodec codec, String text, int begin, int end, String context) {
    StringBuilder builder = new StringBuilder(text);
    Outcome worst = encode(codec, builder, begin, end, OFFSET + 4 * (end - begin) + 2);
    String where =
        codec.name() + " " + codec.policy() + " " + TestSupport.codePoints(text) + " [" + begin + ", " + end
            + ") " + context;
    int calls = 0;
    int[] rooms =
        worst.error == null
            ? new int[] {4 * (end - begin) + 2, worst.count, worst.count - 1}
            : new int[] {4 * (end - begin) + 2};
    for (int room : rooms) {
      if (room < 0) {
        continue;
      }
      Outcome expected = encode(codec, builder, begin, end, OFFSET + room);
      Outcome actual = encode(codec, text, begin, end, OFFSET + room);
      assertEquals(expected.describe(), actual.describe(), where + ", room " + room);
      calls++;
    }
    if (worst.error == null && codec.name().equals("UTF-8") && codec.policy() != ErrorPolicy.STRICT) {
      byte[] reference = Utf8ReferenceEncoder.encode(text, begin, end, codec.policy());
      assertArrayEquals(reference, Arrays.copyOfRange(worst.dst, OFFSET, OFFSET + worst.count), where);
    }
    return calls;
  }

  private static Outcome encode(TextCodec codec, CharSequence text, int begin, int end, int capacity) {
    byte[] dst = new byte[capacity];
    Arrays.fill(dst, SENTINEL);
    Outcome outcome = new Outcome(dst);
    try {
      outcome.count = codec.encode(text, begin, end, dst, OFFSET);
    } catch (RuntimeException e) {
      outcome.error = e;
    }
    for (int i = 0; i < OFFSET; i++) {
      assertTrue(dst[i] == SENTINEL, "a byte before the offset was written");
    }
    return outcome;
  }

  private static final class Outcome {
    final byte[] dst;
    int count = -1;
    RuntimeException error;

    Outcome(byte[] dst) {
      this.dst = dst;
    }

    /** The count and the bytes written, or the exception's class and message. */
    String describe() {
      if (error != null) {
        return error.getClass().getName() + ": " + error.getMessage();
      }
      return count + " bytes: " + TestSupport.hex(dst, OFFSET, count);
    }
  }
}
