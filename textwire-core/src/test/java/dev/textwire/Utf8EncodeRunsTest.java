package dev.textwire;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The encoder's fast section takes runs of ASCII, of 2-byte and of 3-byte chars in loops of their own.
 * Every BMP char that is not a surrogate, and a surrogate pair, is put after a run of each width (and so
 * before the next run), all in one text encoded in one call, as a String and as a StringBuilder, into an
 * array and a direct buffer, and counted, against the JDK's {@code getBytes}. A run loop that took one
 * char too many or too few (U+0800 written as two bytes, U+0080 as one, a surrogate as three) fails it.
 */
class Utf8EncodeRunsTest {
  private static final String[] RUNS = {"ab", "ЖЯ", "漢字", "\uD83D\uDE00"};

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
}
