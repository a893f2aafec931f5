package dev.textwire.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.textwire.ErrorPolicy;
import dev.textwire.TextCodec;
import dev.textwire.TextCodecs;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The exact UTF-8 length of Strings from {@value ShortStrings#MAX_CHARS} chars to a few thousand, against a
 * reference, through the public API under every policy, where the driver chooses between the short
 * {@code charAt} path and the chunked one by the first char and the length: both sides of the short
 * bound, texts that start inside and outside Latin-1, runs of pairs, pairs at the ends, and unpaired
 * surrogates anywhere. On JDK 17 texts of up to {@value ShortStrings#MAX_LENGTH_CHARS} chars that start
 * above Latin-1 are counted from {@code charAt} too (ShortStrings.utf8LengthOfRuns, checked against the
 * reference here); from JDK 18 they take the chunked path, and short ones a copy (see
 * {@link ShortStrings}).
 */
class MediumLengthTest {
  private static final int[] LENGTHS = {
    ShortStrings.MAX_CHARS, ShortStrings.MAX_CHARS + 1, ShortStrings.MAX_CHARS + 2, 100, 512,
    ShortStrings.MAX_LENGTH_CHARS - 1, ShortStrings.MAX_LENGTH_CHARS, ShortStrings.MAX_LENGTH_CHARS + 1,
    ShortStrings.MAX_LENGTH_CHARS + 2, 3000,
  };

  @Test
  void seededRandomTextsAgreeWithTheReference() {
    SplittableRandom random = new SplittableRandom(0x6d656469L);
    TextCodec strict = TextCodecs.UTF_8;
    TextCodec replace = strict.withPolicy(ErrorPolicy.REPLACE);
    TextCodec question = strict.withPolicy(ErrorPolicy.REPLACE_WITH_QUESTION_MARK);
    for (int round = 0; round < 4_000; round++) {
      int length = round < 400 ? LENGTHS[round % LENGTHS.length] : 33 + random.nextInt(1_100);
      String text = text(random, length, round % 2 == 0, round % 5 == 0);
      int begin = random.nextInt(4) == 0 ? random.nextInt(3) : 0;
      int end = random.nextInt(4) == 0 ? length - random.nextInt(3) : length;
      String where = "round " + round + ", length " + length + " [" + begin + ", " + end + ")";

      int unpaired = unpaired(text, begin, end);
      int wellFormedBytes = text.substring(begin, end).getBytes(StandardCharsets.UTF_8).length - unpaired; // '?' each
      // Which path counts: the short one for short texts (by charAt, or on JDK 18 and later by a copy for
      // those that start above Latin-1), and on JDK 17 also for medium ones that start above Latin-1.
      boolean latin1First = begin == end || text.charAt(begin) <= 0xFF;
      boolean jdk17 = Runtime.version().feature() < 18; // the rule itself, not ShortStrings' constant
      boolean isShort = end - begin <= ShortStrings.MAX_CHARS;
      assertEquals(isShort, ShortStrings.encodes(begin, end), where);
      if (isShort) {
        assertEquals(jdk17 || latin1First, ShortStrings.readByCharAt(text, begin, end), where);
      }
      boolean medium = end - begin > ShortStrings.MAX_CHARS && end - begin <= ShortStrings.MAX_LENGTH_CHARS;
      assertEquals(isShort || (medium && jdk17 && !latin1First
              && VectorTier.scanKernelsFor(end - begin) == null),
          ShortStrings.counts(text, begin, end), where);
      if (medium) {
        // The charAt count itself, whichever JDK routes to it.
        assertEquals(unpaired == 0 ? wellFormedBytes : -1,
            ShortStrings.encodedLength(text, begin, end, Utf8Variant.UTF_8), where);
        // CESU-8 and modified UTF-8 are not counted here at this length: the general path does it.
        assertEquals(-1, ShortStrings.encodedLength(text, begin, end, Utf8Variant.CESU_8), where);
        assertEquals(-1, ShortStrings.encodedLength(text, begin, end, Utf8Variant.MODIFIED_UTF_8), where);
      }
      if (unpaired == 0) {
        assertEquals(wellFormedBytes, strict.encodedLength(text, begin, end), where);
      } else {
        assertThrows(RuntimeException.class, () -> strict.encodedLength(text, begin, end), where);
      }
      assertEquals(wellFormedBytes + 3 * unpaired, replace.encodedLength(text, begin, end), where);
      assertEquals(wellFormedBytes + unpaired, question.encodedLength(text, begin, end), where);
      // And the length agrees with what the encoder writes.
      assertEquals(replace.encode(text.substring(begin, end)).length, replace.encodedLength(text, begin, end), where);
    }
  }

  @Test
  void theStrictErrorNamesTheFirstUnpairedSurrogateWhicheverPathCounts() {
    for (int length : LENGTHS) {
      for (int at : new int[] {0, 1, length / 2, length - 1}) {
        char[] chars = new char[length];
        Arrays.fill(chars, '\u4E2D');
        chars[at] = at % 2 == 0 ? '\uD83D' : '\uDE00';
        String text = new String(chars);
        RuntimeException e = assertThrows(RuntimeException.class, () -> TextCodecs.UTF_8.encodedLength(text));
        assertTrue(e.getMessage().contains("char index " + at), length + "/" + at + ": " + e.getMessage());
      }
    }
  }

  /**
   * Runs of one kind each: ASCII, Latin-1, Cyrillic, CJK, well-formed pairs, and (if {@code faults}) now
   * and then a lone high or low surrogate. {@code cjkFirst} starts the text above Latin-1, as the charAt
   * path requires.
   */
  private static String text(SplittableRandom random, int length, boolean cjkFirst, boolean faults) {
    StringBuilder sb = new StringBuilder(length);
    if (cjkFirst) {
      sb.append('\u6C34');
    }
    while (sb.length() < length) {
      int kind = random.nextInt(faults ? 7 : 5);
      int run = 1 + random.nextInt(random.nextBoolean() ? 3 : 40);
      for (int i = 0; i < run && sb.length() < length; i++) {
        switch (kind) {
          case 0: sb.append((char) (0x20 + random.nextInt(0x5F))); break;
          case 1: sb.append((char) (0xA0 + random.nextInt(0x60))); break;
          case 2: sb.append((char) (0x410 + random.nextInt(0x40))); break;
          case 3: sb.append((char) (0x4E00 + random.nextInt(0x5000))); break;
          case 4:
            if (length - sb.length() >= 2) {
              sb.appendCodePoint(0x1F300 + random.nextInt(0x300));
            } else {
              sb.append('\u00E9');
            }
            break;
          case 5: sb.append((char) (0xD800 + random.nextInt(0x400))); i = run; break;
          default: sb.append((char) (0xDC00 + random.nextInt(0x400))); i = run; break;
        }
      }
    }
    return sb.toString();
  }

  /** Surrogates in {@code text[begin, end)} that are not half of a pair within it. */
  private static int unpaired(String text, int begin, int end) {
    int count = 0;
    for (int i = begin; i < end; i++) {
      char c = text.charAt(i);
      if (Character.isHighSurrogate(c) && i + 1 < end && Character.isLowSurrogate(text.charAt(i + 1))) {
        i++;
      } else if (Character.isSurrogate(c)) {
        count++;
      }
    }
    return count;
  }
}
