package dev.textwire.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.textwire.ErrorPolicy;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The kernels tested directly, below the public API: the stop-anywhere contract the resumable encoder
 * and the streaming reader rely on (never a partial sequence, both indices exact), and the word-at-a-time
 * edges.
 */
class KernelContractTest {
  private static final long SEED = 0x7e87_1e5eL;

  @Test
  void skipAsciiFindsTheFirstHighByteAtEveryPosition() {
    for (int length = 0; length <= 40; length++) {
      byte[] bytes = new byte[length + 3];
      Arrays.fill(bytes, (byte) 'a');
      assertEquals(length + 1, Swar.skipAscii(bytes, 1, length + 1), "all ASCII, length " + length);
      for (int high = 1; high < length + 1; high++) {
        bytes[high] = (byte) 0x80;
        bytes[length + 2] = (byte) 0xFF; // past the end: must not be seen
        assertEquals(high, Swar.skipAscii(bytes, 1, length + 1), "length " + length + " high at " + high);
        bytes[high] = 'a';
      }
    }
  }

  @Test
  void latin1EncodeStopsOnlyBetweenCharactersAndReportsBothIndices() {
    Random random = new Random(SEED);
    for (int round = 0; round < 300; round++) {
      int length = random.nextInt(40);
      byte[] latin1 = new byte[length];
      for (int i = 0; i < length; i++) {
        latin1[i] = (byte) (random.nextInt(4) == 0 ? 0x80 + random.nextInt(128) : random.nextInt(128));
      }
      byte[] full = new String(latin1, StandardCharsets.ISO_8859_1).getBytes(StandardCharsets.UTF_8);
      assertEquals(full.length, Latin1ToUtf8.encodedLength(latin1, 0, length), "seed " + SEED);
      for (int room = 0; room <= full.length; room++) {
        byte[] dst = new byte[room + 2];
        long progress = Latin1ToUtf8.encode(latin1, 0, length, dst, 1, 1 + room, false);
        int consumed = IndexPair.source(progress);
        int written = IndexPair.destination(progress) - 1;
        byte[] expected =
            new String(latin1, 0, consumed, StandardCharsets.ISO_8859_1).getBytes(StandardCharsets.UTF_8);
        assertEquals(expected.length, written, "round " + round + " room " + room);
        assertArrayEquals(expected, Arrays.copyOfRange(dst, 1, 1 + written));
        assertEquals(0, dst[room + 1], "wrote past the limit");
        // It stops only when the next character does not fit.
        if (consumed < length) {
          int next = latin1[consumed] < 0 ? 2 : 1;
          assertTrue(written + next > room, "stopped with room left, round " + round + " room " + room);
        }
      }
    }
  }

  @Test
  void charEncodeStopsOnlyBetweenCharactersAndCarriesATrailingHighSurrogate() {
    Random random = new Random(SEED + 1);
    char[] alphabet = {'a', '\u00e9', '\u0800', '\uffff', '\ud83d', '\ude00', '\ud800', '\udfff'};
    for (int round = 0; round < 300; round++) {
      char[] chars = new char[random.nextInt(24)];
      for (int i = 0; i < chars.length; i++) {
        chars[i] = alphabet[random.nextInt(alphabet.length)];
      }
      String text = new String(chars);
      byte[] full = text.getBytes(StandardCharsets.UTF_8); // '?' for unpaired, like our policy below
      ErrorPolicy policy = ErrorPolicy.REPLACE_WITH_QUESTION_MARK;
      assertEquals(full.length, CharsToUtf8.encodedLength(chars, 0, chars.length, policy, 0, Utf8Variant.UTF_8));
      for (int room = 0; room <= full.length; room++) {
        byte[] dst = new byte[room];
        long progress = CharsToUtf8.encode(chars, 0, chars.length, dst, 0, room, true, policy, 0, Utf8Variant.UTF_8);
        int consumed = IndexPair.source(progress);
        byte[] expected = text.substring(0, consumed).getBytes(StandardCharsets.UTF_8);
        assertEquals(expected.length, IndexPair.destination(progress), "round " + round + " room " + room);
        assertArrayEquals(expected, Arrays.copyOf(dst, expected.length));
        assertTrue(
            consumed == 0 || !Character.isHighSurrogate(chars[consumed - 1])
                || consumed == chars.length || !Character.isLowSurrogate(chars[consumed]),
            "split a surrogate pair");
      }
      // Not the end of the input: a trailing high surrogate waits for its low half.
      if (chars.length > 0 && Character.isHighSurrogate(chars[chars.length - 1])) {
        byte[] dst = new byte[full.length + 4];
        long progress = CharsToUtf8.encode(chars, 0, chars.length, dst, 0, dst.length, false, policy, 0, Utf8Variant.UTF_8);
        // Whatever precedes it (even another high surrogate, unpaired and replaced), the last one waits.
        assertEquals(chars.length - 1, IndexPair.source(progress), "round " + round);
      }
    }
  }

  @Test
  void decodeWithMoreInputToComeStopsBeforeACutSequence() {
    byte[] euro = "a\u20ac".getBytes(StandardCharsets.UTF_8); // 61 E2 82 AC
    for (int cut = 2; cut < euro.length; cut++) {
      char[] dst = new char[8];
      long progress = Utf8ToChars.decode(euro, 0, cut, dst, 0, dst.length, false, ErrorPolicy.STRICT, 0, Utf8Variant.UTF_8);
      assertEquals(1, IndexPair.source(progress), "cut at " + cut);
      assertEquals(1, IndexPair.destination(progress));
    }
    // ...but an ill-formed byte in the middle is still an error, not a wait.
    byte[] bad = {'a', (byte) 0xE2, 'b'};
    char[] dst = new char[8];
    long progress = Utf8ToChars.decode(bad, 0, 3, dst, 0, dst.length, false, ErrorPolicy.REPLACE, 0, Utf8Variant.UTF_8);
    assertEquals(3, IndexPair.source(progress));
    assertEquals("a\uFFFDb", new String(dst, 0, IndexPair.destination(progress)));
  }

  @Test
  void decodeLatin1StopsAtTheFirstWiderOrIllFormedSequence() {
    byte[] text = "caf\u00e9 na\u00efve \u0100 rest".getBytes(StandardCharsets.UTF_8);
    byte[] dst = new byte[text.length];
    long progress = Utf8ToChars.decodeLatin1(text, 0, text.length, dst, 0, Utf8Variant.UTF_8);
    int stop = IndexPair.source(progress);
    assertEquals((byte) 0xC4, text[stop], "stops at U+0100's lead byte");
    assertEquals(
        "caf\u00e9 na\u00efve ",
        new String(dst, 0, IndexPair.destination(progress), StandardCharsets.ISO_8859_1));
  }

  @Test
  void shortStringsWithASurrogateAnywhereOrTightRoomFallBackToTheGeneralPath() {
    String base = "a\u00e9\u4e2d";
    for (int length = 0; length <= ShortStrings.MAX_CHARS + 1; length++) {
      StringBuilder text = new StringBuilder();
      for (int i = 0; i < length; i++) {
        text.append(base.charAt(i % base.length()));
      }
      for (int at = -1; at < length; at++) {
        StringBuilder variant = new StringBuilder(text);
        if (at >= 0) {
          variant.setCharAt(at, at % 2 == 0 ? '\ud83d' : '\ude00'); // unpaired, or half a pair
        }
        String s = variant.toString();
        byte[] expected = s.getBytes(StandardCharsets.UTF_8);
        dev.textwire.TextCodec jdkLike = dev.textwire.Utf8.codec(ErrorPolicy.REPLACE_WITH_QUESTION_MARK);
        assertEquals(expected.length, jdkLike.encodedLength(s), s);
        // Exactly enough room (tighter than the short path's three bytes per char) and plenty.
        for (int slack : new int[] {0, 3 * length + 8}) {
          byte[] dst = new byte[1 + expected.length + slack];
          assertEquals(expected.length, jdkLike.encode(s, dst, 1), s);
          assertArrayEquals(expected, Arrays.copyOfRange(dst, 1, 1 + expected.length), s);
        }
      }
    }
  }

  @Test
  void shortStringsEncodePairsThemselvesAndStillFallBackForHalves() {
    String base = "a\u00e9\u4e2d";
    String pair = "\ud83d\ude00";
    dev.textwire.TextCodec jdkLike = dev.textwire.Utf8.codec(ErrorPolicy.REPLACE_WITH_QUESTION_MARK);
    for (int length = 0; length <= ShortStrings.MAX_CHARS - 2; length++) { // with the pair: the short bound
      StringBuilder text = new StringBuilder();
      for (int i = 0; i < length; i++) {
        text.append(base.charAt(i % base.length()));
      }
      for (int at = 0; at <= length; at++) {
        // A whole pair at every place (the short path's own work), then the pair cut by the range end.
        String s = new StringBuilder(text).insert(at, pair).toString();
        for (int end : new int[] {s.length(), at + 1}) {
          byte[] expected = s.substring(0, end).getBytes(StandardCharsets.UTF_8);
          assertEquals(end == at + 1 ? -1 : expected.length, ShortStrings.encodedLength(s, 0, end, Utf8Variant.UTF_8), s);
          byte[] dst = new byte[1 + 3 * end + 4];
          int written = ShortStrings.encode(s, 0, end, dst, 1, dst.length, Utf8Variant.UTF_8);
          if (end == at + 1) {
            assertEquals(-1, written, "a high surrogate cut off from its low half goes to the general path");
          } else {
            assertEquals(expected.length, written, s);
            assertArrayEquals(expected, Arrays.copyOfRange(dst, 1, 1 + expected.length), s);
          }
          assertEquals(expected.length, jdkLike.encode(s, 0, end, new byte[expected.length + 1], 1), s);
        }
      }
    }
  }
}
