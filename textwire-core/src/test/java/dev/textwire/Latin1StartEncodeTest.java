package dev.textwire;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Text whose chunk starts with a Latin-1 char above U+007F ("été ...") is narrowed by the JDK's Latin-1
 * encoder and written by the Latin-1 loop, as ASCII-first text is after its ASCII prefix; whatever
 * follows the Latin-1 run goes on in the general loop. The narrowing applies from 48 chars left in a
 * chunk of 2,048, so the texts sit on both sides of both, and each is checked against the JDK's
 * {@code getBytes} (which writes {@code ?} for an unpaired surrogate, as REPLACE_WITH_QUESTION_MARK does)
 * and against the reference encoder, into every target, with exact room and one byte short.
 *
 * <p>A Latin-1 stretch of 48 chars or more that ends at a wider char has only the run of wider chars
 * encoded on its own (the general loop's careful step), then narrows again: the stretch texts put runs
 * of every kind (pairs, unpaired surrogates at either edge, CJK, Cyrillic) between stretches on both
 * sides of 48, and at the chunk's edge. A run longer than 16 chars goes to the general loop with the rest
 * of the chunk, in the encoder and in the exact length: a run of 17 whose pair straddles the limit, and
 * one of 40.
 */
class Latin1StartEncodeTest {
  private static final String[] AFTER = {
    "", // Latin-1 to the end
    " and plain ASCII words after it",
    "Привет, мир", // Cyrillic: the Latin-1 run ends at once
    "漢字かな",
    "\uD83D\uDE00\uD83D\uDE01", // pairs
    "x\uD83Dy", // an unpaired high surrogate
    "\uDE00z", // an unpaired low surrogate
    "a\u0000b", // U+0000: C0 80 in modified UTF-8
  };

  private static List<String> texts() {
    List<String> texts = new ArrayList<>();
    String latin1 = "été où ça, très àgréable ÿ ñ ß ";
    for (int length : new int[] {1, 46, 47, 48, 49, 50, 2046, 2047, 2048, 2049, 4097}) {
      StringBuilder run = new StringBuilder();
      while (run.length() < length) {
        run.append(latin1);
      }
      run.setLength(length);
      for (String after : AFTER) {
        texts.add(run + after);
        texts.add("«" + after + run); // one Latin-1 char, then the rest
      }
    }
    texts.addAll(stretchTexts());
    return texts;
  }

  /** Latin-1 or ASCII stretches with runs of wider chars between them. */
  static List<String> stretchTexts() {
    String[] fills = {"été où ça, très àgréable ÿ ñ ß ", "plain ascii words and more "};
    String[] runs = {
      "\u2019", // ’
      "\u2014\u2014", // ——
      "漢字",
      "Привет",
      "\uD83D\uDE00", // a pair
      "\uD83D\uDE00\uD83D", // a pair, then an unpaired high surrogate before a Latin-1 char
      "\uDE00", // an unpaired low surrogate after a Latin-1 char
      "\uD83D", // an unpaired high surrogate
      "\u0100", // the first char above Latin-1
      "漢".repeat(15) + "\uD83D\uDE00", // the length path counts runs of up to 16 chars alone: a pair across
      "漢字".repeat(20), // and a run longer than that
    };
    List<String> texts = new ArrayList<>();
    for (String fill : fills) {
      for (int length : new int[] {47, 48, 49, 120}) {
        String stretch = repeatTo(fill, length);
        for (String run : runs) {
          texts.add(stretch + run + stretch + run + repeatTo(fill, 60));
          texts.add(stretch + run + repeatTo(fill, 47) + run + stretch);
          texts.add(stretch + run); // the run ends the text
        }
      }
      // A pair across the chunk's edge (2,048 chars), and stretches that start in the next chunk.
      for (int at : new int[] {2040, 2046, 2047, 2048}) {
        texts.add(repeatTo(fill, at) + "\uD83D\uDE00" + repeatTo(fill, 100) + "\u2019" + repeatTo(fill, 100));
      }
    }
    return texts;
  }

  private static String repeatTo(String fill, int length) {
    StringBuilder text = new StringBuilder();
    while (text.length() < length) {
      text.append(fill);
    }
    text.setLength(length);
    return text.toString();
  }

  @Test
  void utf8WithQuestionMarksMatchesGetBytes() {
    TextCodec codec = Utf8.codec(ErrorPolicy.REPLACE_WITH_QUESTION_MARK);
    for (String text : texts()) {
      checkEveryTarget(codec, text, text.getBytes(StandardCharsets.UTF_8));
    }
  }

  @Test
  void everyVariantAndPolicyMatchesTheReference() {
    for (ErrorPolicy policy : ErrorPolicy.values()) {
      TextCodec utf8 = TextCodecs.UTF_8.withPolicy(policy);
      for (String text : texts()) {
        int unpaired = Utf8ReferenceEncoder.firstUnpairedSurrogate(text, 0, text.length());
        if (policy == ErrorPolicy.STRICT && unpaired >= 0) {
          MalformedTextException e = assertThrows(MalformedTextException.class, () -> utf8.encode(text));
          assertEquals(unpaired, e.charIndex(), "char index of the unpaired surrogate");
          e = assertThrows(MalformedTextException.class, () -> utf8.encodedLength(text));
          assertEquals(unpaired, e.charIndex(), "char index of the unpaired surrogate, counting");
          continue;
        }
        byte[] expected =
            policy == ErrorPolicy.STRICT
                ? text.getBytes(StandardCharsets.UTF_8) // well-formed here: the JDK's bytes are exact
                : Utf8ReferenceEncoder.encode(text, policy);
        checkEveryTarget(utf8, text, expected);
      }
    }
    // CESU-8 and modified UTF-8 write a pair as its two surrogates, three bytes each, as the JDK's CESU-8
    // does (here on well-formed text without U+0000), and modified UTF-8 writes U+0000 as C0 80 wherever
    // it falls, the Latin-1 loop included.
    Charset cesu8 = Charset.forName("CESU-8");
    for (String text : texts()) {
      if (text.indexOf('\u0000') < 0 && Utf8ReferenceEncoder.firstUnpairedSurrogate(text, 0, text.length()) < 0) {
        byte[] expected = text.getBytes(cesu8);
        checkEveryTarget(TextCodecs.CESU_8, text, expected);
        checkEveryTarget(TextCodecs.MODIFIED_UTF_8, text, expected);
      }
    }
    String withNul = "é".repeat(60) + "\u0000" + "é".repeat(60);
    byte[] expected = withNul.replace("\u0000", "").getBytes(StandardCharsets.UTF_8);
    byte[] modified = new byte[expected.length + 2];
    int head = "é".repeat(60).getBytes(StandardCharsets.UTF_8).length;
    System.arraycopy(expected, 0, modified, 0, head);
    modified[head] = (byte) 0xC0;
    modified[head + 1] = (byte) 0x80;
    System.arraycopy(expected, head, modified, head + 2, expected.length - head);
    checkEveryTarget(TextCodecs.MODIFIED_UTF_8, withNul, modified);
    // U+0000 in the second stretch, after a run, where the ASCII prefix stops at it.
    String laterNul = "a".repeat(60) + "\u2019" + "b".repeat(70) + "\u0000" + "c".repeat(70) + "\u2014" + "é".repeat(50);
    byte[] plain = laterNul.getBytes(StandardCharsets.UTF_8);
    int nul = "a".repeat(60).length() + 3 + 70;
    byte[] laterModified = new byte[plain.length + 1];
    System.arraycopy(plain, 0, laterModified, 0, nul);
    laterModified[nul] = (byte) 0xC0;
    laterModified[nul + 1] = (byte) 0x80;
    System.arraycopy(plain, nul + 1, laterModified, nul + 2, plain.length - nul - 1);
    checkEveryTarget(TextCodecs.MODIFIED_UTF_8, laterNul, laterModified);
  }

  /**
   * The exact length counts stretches and runs as the encoder writes them, whole and in random ranges
   * (so that a run's bias and an error's char index are the caller's): UTF-8 under every policy against
   * the reference encoder, every single-byte codec (whose Latin-1 chars map too) against its own bytes.
   */
  @Test
  void lengthsOfStretchTextsInRandomRangesMatchTheEncodedBytes() {
    Random random = new Random(35);
    TextCodec[] singleByte = {TextCodecs.ISO_8859_1, TextCodecs.IBM500, TextCodecs.IBM1047};
    for (String text : stretchTexts()) {
      for (int k = 0; k < 6; k++) {
        int begin = k == 0 ? 0 : random.nextInt(text.length());
        int end = k == 0 ? text.length() : begin + random.nextInt(text.length() - begin + 1);
        String range = text.substring(begin, end);
        String where = text.length() + " chars [" + begin + ", " + end + ")";
        for (CharSequence input : new CharSequence[] {text, new StringBuilder(text)}) {
          for (ErrorPolicy policy : ErrorPolicy.values()) {
            TextCodec utf8 = TextCodecs.UTF_8.withPolicy(policy);
            int unpaired = Utf8ReferenceEncoder.firstUnpairedSurrogate(text, begin, end);
            if (policy == ErrorPolicy.STRICT && unpaired >= 0) {
              MalformedTextException e =
                  assertThrows(MalformedTextException.class, () -> utf8.encodedLength(input, begin, end), where);
              assertEquals(unpaired, e.charIndex(), where);
            } else {
              int expected = policy == ErrorPolicy.STRICT
                  ? range.getBytes(StandardCharsets.UTF_8).length
                  : Utf8ReferenceEncoder.encode(range, policy).length;
              assertEquals(expected, utf8.encodedLength(input, begin, end), where + ", " + policy);
            }
            for (TextCodec codec : singleByte) {
              TextCodec withPolicy = codec.withPolicy(policy);
              byte[] written;
              try {
                written = withPolicy.encode(range);
              } catch (MalformedTextException e) { // STRICT, a char the code page lacks
                MalformedTextException counted =
                    assertThrows(MalformedTextException.class, () -> withPolicy.encodedLength(input, begin, end), where);
                assertEquals(e.charIndex() + begin, counted.charIndex(), where + ", " + codec);
                continue;
              }
              assertEquals(written.length, withPolicy.encodedLength(input, begin, end), where + ", " + codec);
            }
          }
        }
      }
    }
  }

  private static void checkEveryTarget(TextCodec codec, String text, byte[] expected) {
    String where = codec + ", " + text.length() + " chars starting " + text.substring(0, Math.min(3, text.length()));
    for (CharSequence input : new CharSequence[] {text, new StringBuilder(text)}) {
      String w = where + (input instanceof String ? "" : ", StringBuilder");
      assertArrayEquals(expected, codec.encode(input), w);
      assertEquals(expected.length, codec.encodedLength(input), w);

      byte[] exact = new byte[3 + expected.length];
      assertEquals(expected.length, codec.encode(input, exact, 3), w);
      assertArrayEquals(expected, Arrays.copyOfRange(exact, 3, exact.length), w);

      if (expected.length > 0) {
        byte[] shortByOne = new byte[3 + expected.length - 1];
        assertThrows(BufferTooSmallException.class, () -> codec.encode(input, shortByOne, 3), w);
      }

      ByteBuffer heap = ByteBuffer.allocate(5 + expected.length).position(5);
      assertEquals(expected.length, codec.encode(input, heap), w);
      assertArrayEquals(expected, Arrays.copyOfRange(heap.array(), 5, heap.position()), w);

      ByteBuffer direct = ByteBuffer.allocateDirect(expected.length);
      assertEquals(expected.length, codec.encode(input, direct), w);
      byte[] fromDirect = new byte[expected.length];
      direct.flip().get(fromDirect);
      assertArrayEquals(expected, fromDirect, w);

      if (expected.length > 0) {
        ByteBuffer tooSmall = ByteBuffer.allocate(expected.length - 1);
        assertThrows(BufferTooSmallException.class, () -> codec.encode(input, tooSmall), w);
        assertEquals(0, tooSmall.position(), w + ": the position moved on overflow");
      }
    }
  }
}
