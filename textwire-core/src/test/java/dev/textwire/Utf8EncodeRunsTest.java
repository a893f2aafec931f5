package dev.textwire;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The encoder's fast section takes runs of ASCII, of 2-byte and of 3-byte chars in loops of their own.
 * Every BMP char that is not a surrogate, and a surrogate pair, is put after a run of each width (two
 * pairs for 4-byte chars; and so before the next run), all in one text encoded in one call, as a String
 * and as a StringBuilder, into an array and a direct buffer, and counted, against the JDK's
 * {@code getBytes}. A run loop that took one char too many or too few (U+0800 written as two bytes,
 * U+0080 as one, a surrogate as three) fails it.
 */
class Utf8EncodeRunsTest {
  private static final String[] RUNS = {"ab", "ЖЯ", "漢字", "\uD83D\uDE00\uD83C\uDF0D"};

  private static String everyCharAfterEveryRun() {
    StringBuilder text = new StringBuilder();
    for (int c = 0; c <= 0xFFFF; c++) {
      if (Character.isSurrogate((char) c)) {
        continue;
      }
      for (String run : RUNS) {
        text.append(run).append((char) c);
      }
    }
    for (String run : RUNS) {
      text.append(run).append("\uD83D\uDE00");
    }
    return text.toString();
  }

  @Test
  void everyCharAfterARunOfEachWidthMatchesTheJdk() {
    String text = everyCharAfterEveryRun();
    byte[] expected = text.getBytes(StandardCharsets.UTF_8);
    TextCodec utf8 = TextCodecs.UTF_8;
    for (CharSequence input : new CharSequence[] {text, new StringBuilder(text)}) {
      assertArrayEquals(expected, utf8.encode(input));
      assertEquals(expected.length, utf8.encodedLength(input));
      ByteBuffer direct = ByteBuffer.allocateDirect(expected.length);
      assertEquals(expected.length, utf8.encode(input, direct));
      byte[] fromDirect = new byte[expected.length];
      direct.flip().get(fromDirect);
      assertArrayEquals(expected, fromDirect);
    }
  }

  /**
   * Runs of 1 to 40 surrogate pairs, after 0 to 2 ASCII chars, then every kind of end: nothing, a char of
   * each width, a lone high surrogate (at the end, or before an ASCII char or another pair), a lone low
   * one. Encoded into arrays of exactly the length (so the fast section's limit, a third of the room
   * left, falls inside the run, after an even or an odd number of chars) and one byte short, with
   * unpaired surrogates as '?', against the JDK's {@code getBytes}, which writes them so. A fast section
   * that tested one half of a pair only, or took a pair across its limit, fails it.
   */
  @Test
  void pairRunsBeforeEveryEndMatchTheJdk() {
    String[] ends = {
      "", "a", "Ж", "漢", "\uD83D", "\uD83Da", "\uDE00", "\uDE00a",
      "\uD83D\uD83D\uDE00", "\uDE00\uD83D\uDE00", "\uD83D\uDE00\uDE00"
    };
    TextCodec utf8 = Utf8.codec(ErrorPolicy.REPLACE_WITH_QUESTION_MARK);
    for (int lead = 0; lead <= 2; lead++) {
      for (int pairs = 1; pairs <= 40; pairs++) {
        StringBuilder run = new StringBuilder("ab".substring(0, lead));
        for (int i = 0; i < pairs; i++) {
          run.appendCodePoint(0x1F600 + i);
        }
        for (String end : ends) {
          String text = run + end;
          byte[] expected = text.getBytes(StandardCharsets.UTF_8);
          for (CharSequence input : new CharSequence[] {text, new StringBuilder(text)}) {
            String where =
                lead + " ASCII, " + pairs + " pairs, then " + hex(end) + ", " + input.getClass().getSimpleName();
            assertArrayEquals(expected, utf8.encode(input), where);
            assertEquals(expected.length, utf8.encodedLength(input), where);
            byte[] exact = new byte[2 + expected.length];
            assertEquals(expected.length, utf8.encode(input, exact, 2), where);
            assertArrayEquals(expected, Arrays.copyOfRange(exact, 2, exact.length), where);
            byte[] shortByOne = new byte[expected.length - 1];
            assertThrows(BufferTooSmallException.class, () -> utf8.encode(input, shortByOne, 0), where);
            ByteBuffer direct = ByteBuffer.allocateDirect(expected.length);
            assertEquals(expected.length, utf8.encode(input, direct), where);
            byte[] fromDirect = new byte[expected.length];
            direct.flip().get(fromDirect);
            assertArrayEquals(expected, fromDirect, where);
          }
        }
      }
    }
  }

  private static String hex(String text) {
    StringBuilder out = new StringBuilder("\"");
    text.chars().forEach(c -> out.append(c < 0x80 ? Character.toString(c) : String.format("\\u%04X", c)));
    return out.append('"').toString();
  }
}
