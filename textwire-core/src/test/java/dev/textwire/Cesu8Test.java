package dev.textwire;

import static dev.textwire.TestSupport.bytes;
import static dev.textwire.TestSupport.codePoints;
import static dev.textwire.TestSupport.hex;
import static dev.textwire.TestSupport.seedMessage;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * {@link TextCodecs#CESU_8} against the JDK's {@code CESU-8} charset: the same bytes and the same text
 * on every valid input, and the documented differences on invalid input pinned from both sides (the
 * JDK's decoder accepts a lone encoded surrogate; ours refuses it, or replaces it under REPLACE).
 */
class Cesu8Test {
  private static final Charset JDK = Charset.forName("CESU-8");
  private static final TextCodec STRICT = TextCodecs.CESU_8;
  private static final TextCodec REPLACE = STRICT.withPolicy(ErrorPolicy.REPLACE);
  private static final TextCodec QUESTION = STRICT.withPolicy(ErrorPolicy.REPLACE_WITH_QUESTION_MARK);

  private static void checkValidAgainstJdk(String s, Supplier<String> ctx) {
    byte[] jdk = s.getBytes(JDK);
    byte[] ours = STRICT.encode(s);
    if (!Arrays.equals(jdk, ours)) {
      fail(ctx.get() + ": ours " + hex(ours) + ", JDK " + hex(jdk));
    }
    assertEquals(jdk.length, STRICT.encodedLength(s), ctx);
    String decoded = STRICT.decode(jdk);
    assertEquals(new String(jdk, JDK), decoded, ctx);
    assertEquals(s, decoded, ctx);
    assertTrue(STRICT.isValid(jdk), ctx);
  }

  @Test
  void everyBmpCharExceptSurrogatesEqualsJdk() {
    for (int c = 0; c <= 0xFFFF; c++) {
      if (Character.isSurrogate((char) c)) {
        continue;
      }
      int ch = c;
      checkValidAgainstJdk(String.valueOf((char) c), () -> String.format("U+%04X", ch));
      checkValidAgainstJdk("\u00E9" + (char) c + "z", () -> String.format("U+%04X in text", ch));
    }
  }

  @Test
  void everySupplementaryCodePointEqualsJdk() {
    StringBuilder batch = new StringBuilder();
    for (int cp = 0x10000; cp <= 0x10FFFF; cp++) {
      batch.appendCodePoint(cp);
      if (batch.length() == 2000 || cp == 0x10FFFF) {
        String s = batch.toString();
        int last = cp;
        checkValidAgainstJdk(s, () -> String.format("1000 code points up to U+%X", last));
        batch.setLength(0);
      }
    }
  }

  @Test
  void randomValidStringsEqualJdk() {
    long seed = TestSupport.seed(0xCE508L);
    SplittableRandom random = new SplittableRandom(seed);
    for (int t = 0; t < 2000; t++) {
      String s = Utf8FamilyAgreementTest.randomText(random, t % 40 == 0 ? random.nextInt(20_000) : random.nextInt(200),
          true, false);
      int n = t;
      checkValidAgainstJdk(s, () -> "string " + n + " (" + s.length() + " chars), " + seedMessage(seed));
    }
  }

  @Test
  void replaceWithQuestionMarkEncodesLikeJdkGetBytes() {
    long seed = TestSupport.seed(0x3F3FL);
    SplittableRandom random = new SplittableRandom(seed);
    for (int t = 0; t < 1500; t++) {
      String s = Utf8FamilyAgreementTest.randomText(random, t % 40 == 0 ? random.nextInt(10_000) : random.nextInt(100),
          true, true);
      Supplier<String> ctx = () -> codePoints(s) + ", " + seedMessage(seed);
      byte[] jdk = s.getBytes(JDK); // the JDK writes '?' for an unpaired surrogate
      assertArrayEquals(jdk, QUESTION.encode(s), ctx);
      assertEquals(jdk.length, QUESTION.encodedLength(s), ctx);
    }
  }

  // -------------------------------------------------------------------------------------------------
  // Invalid input: the documented differences, pinned from both sides

  private static String strictOutcome(byte[] input) {
    try {
      return "ok " + codePoints(STRICT.decode(input));
    } catch (MalformedTextException e) {
      return e.byteOffset() + "/" + e.malformedLength() + (e.isTruncated() ? "/T" : "");
    }
  }

  /** The JDK's strict (REPORT) decoder, or "error". */
  private static String jdkStrict(byte[] input) {
    try {
      return codePoints(JDK.newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(input))
          .toString());
    } catch (CharacterCodingException e) {
      return "error";
    }
  }

  /**
   * One invalid input: our strict outcome ("offset/length[/T]"), our REPLACE text, and what the JDK makes
   * of it: its REPORT decoder's text (or "error") and its replacing {@code new String}.
   */
  private static void checkInvalid(String hexBytes, String strict, String replaced, String jdkReport, String jdkString) {
    byte[] input = bytes(hexBytes);
    assertEquals(strict, strictOutcome(input), hexBytes);
    int offset = Integer.parseInt(strict.substring(0, strict.indexOf('/')));
    assertEquals(offset, STRICT.validUpTo(input, 0, input.length), hexBytes + ": validUpTo");
    assertFalse(STRICT.isValid(input), hexBytes);
    assertEquals(codePoints(replaced), codePoints(REPLACE.decode(input)), hexBytes + ": REPLACE");
    assertEquals(codePoints(replaced), codePoints(QUESTION.decode(input)), hexBytes + ": REPLACE_WITH_QUESTION_MARK");
    assertEquals(jdkReport.equals("error") ? "error" : codePoints(jdkReport), jdkStrict(input), hexBytes + ": JDK REPORT");
    assertEquals(codePoints(jdkString), codePoints(new String(input, JDK)), hexBytes + ": JDK new String");
  }

  @Test
  void loneEncodedSurrogatesJdkAcceptsWeRefuse() {
    checkInvalid("ED A0 80 41", "0/3", "\uFFFDA", "\uD800A", "\uD800A");
    checkInvalid("41 ED B0 80 42", "1/3", "A\uFFFDB", "A\uDC00B", "A\uDC00B");
    checkInvalid("ED B0 80", "0/3", "\uFFFD", "\uDC00", "\uDC00");
    checkInvalid("ED BF BF ED AF BF", "0/3", "\uFFFD\uFFFD", "\uDFFF\uDBFF", "\uDFFF\uDBFF");
    checkInvalid("ED A0 80 ED A0 80 ED B0 80", "0/3", "\uFFFD\uD800\uDC00", "\uD800\uD800\uDC00",
        "\uD800\uD800\uDC00");
    checkInvalid("ED B8 80 ED A0 BD 41", "0/3", "\uFFFD\uFFFDA", "\uDE00\uD83DA", "\uDE00\uD83DA");
    checkInvalid("ED A0 BD ED A0 80 41", "0/3", "\uFFFD\uFFFDA", "\uD83D\uD800A", "\uD83D\uD800A");
    // A high surrogate followed by a low one cut short and then something else: not truncated.
    checkInvalid("ED A0 BD ED B8 41", "0/3", "\uFFFD\uFFFDA", "error", "\uD83D\uFFFDA");
  }

  /**
   * ED followed by a byte that is not a continuation byte is a 1-byte maximal subpart, as in UTF-8.
   * (A bug this test found, now fixed: Utf8ToChars.maximalSubpart checked only {@code >= 0xA0}, not
   * {@code <= 0xBF}, so "ED C2 B6" was taken for an unpaired surrogate: one 3-byte subpart that swallows the valid "C2 B6"
   * (U+00B6) after the ED, and the error said "low surrogate without a high surrogate before it".)
   */
  @Test
  void edFollowedByALeadByteIsAOneByteSubpart() {
    checkInvalid("ED C2 B6 41", "0/1", "\uFFFD\u00B6A", "error", "\uFFFD\u00B6A");
    checkInvalid("ED C3 A9 ED A0 80", "0/1", "\uFFFD\u00E9\uFFFD", "error", "\uFFFD\u00E9\uD800");
    checkInvalid("41 ED E2 82 AC", "1/1", "A\uFFFD\u20AC", "error", "A\uFFFD\u20AC");
  }

  @Test
  void fourByteFormsAreRefusedByBoth() {
    checkInvalid("F0 9F 98 80", "0/1", "\uFFFD\uFFFD\uFFFD\uFFFD", "error", "\uFFFD\uFFFD\uFFFD\uFFFD");
    checkInvalid("41 F4 8F BF BF", "1/1", "A\uFFFD\uFFFD\uFFFD\uFFFD", "error", "A\uFFFD\uFFFD\uFFFD\uFFFD");
    checkInvalid("F0 90 80 80 42", "0/1", "\uFFFD\uFFFD\uFFFD\uFFFDB", "error", "\uFFFD\uFFFD\uFFFD\uFFFDB");
    // And the overlong C0 80 is not U+0000 in CESU-8 (only in modified UTF-8).
    checkInvalid("C0 80", "0/1", "\uFFFD\uFFFD", "error", "\uFFFD\uFFFD");
  }

  @Test
  void aPairCutShortAtTheEndIsTruncated() {
    String[][] cases = { // bytes, strict outcome, REPLACE
      {"41 ED A0 BD", "1/3/T", "A\uFFFD"},
      {"ED A0 BD ED", "0/3/T", "\uFFFD\uFFFD"},
      {"ED A0 BD ED B8", "0/3/T", "\uFFFD\uFFFD"},
      {"ED AF BF ED BF", "0/3/T", "\uFFFD\uFFFD"},
      {"ED A0", "0/2/T", "\uFFFD"},
      {"ED", "0/1/T", "\uFFFD"},
      {"41 E2 82", "1/2/T", "A\uFFFD"},
      // Not cut short: what follows the high surrogate can no longer become its low half.
      {"ED A0 BD ED A0", "0/3", "\uFFFD\uFFFD"},
      {"ED A0 BD 41", "0/3", "\uFFFDA"},
      {"ED A0 BD ED 41", "0/3", "\uFFFD\uFFFDA"},
      // A lone low surrogate at the end is complete, just ill-formed.
      {"41 ED B8 80", "1/3", "A\uFFFD"},
    };
    for (String[] c : cases) {
      byte[] input = bytes(c[0]);
      assertEquals(c[1], strictOutcome(input), c[0]);
      assertEquals(codePoints(c[2]), codePoints(REPLACE.decode(input)), c[0] + ": REPLACE");
      int offset = Integer.parseInt(c[1].substring(0, c[1].indexOf('/')));
      assertEquals(offset, STRICT.validUpTo(input, 0, input.length), c[0] + ": validUpTo");
    }
    // Completed, the same bytes are one character.
    assertEquals("\uD83D\uDE00", STRICT.decode(bytes("ED A0 BD ED B8 80")));
    assertEquals("A\uD83D\uDE00", STRICT.decode(bytes("41 ED A0 BD ED B8 80")));
  }

  @Test
  void directBuffersValidatePairsCutByTheirChunks() {
    // A direct buffer is validated a few KiB at a time: put the 6-byte pair across every nearby cut.
    java.util.List<Integer> cuts = new java.util.ArrayList<>();
    for (int k = 0; k <= 12_300; k++) {
      if (k < 16 || Math.abs(k - 6144) < 12 || Math.abs(k - 8192) < 12 || Math.abs(k - 12_288) < 12) {
        cuts.add(k);
      }
    }
    for (int k : cuts) {
      String s = "a".repeat(k) + "\uD83D\uDE00" + "b";
      byte[] bytes = STRICT.encode(s);
      ByteBuffer direct = ByteBuffer.allocateDirect(bytes.length + 1);
      direct.position(1);
      direct.put(bytes).position(1);
      assertTrue(STRICT.isValid(direct), "pair at byte " + k);
      assertEquals(s, STRICT.decode(direct.position(1)), "pair at byte " + k);
      // The low half replaced by three ASCII bytes: a lone high surrogate, invalid wherever the cut falls.
      direct.put(1 + k + 3, (byte) 'x').put(1 + k + 4, (byte) 'y').put(1 + k + 5, (byte) 'z').position(1);
      assertFalse(STRICT.isValid(direct), "lone high at byte " + k);
      MalformedTextException e = assertThrows(MalformedTextException.class, () -> STRICT.decode(direct), "at " + k);
      assertEquals((1 + k) + "/3", e.byteOffset() + "/" + e.malformedLength(), "lone high at byte " + k);
      assertEquals(1, direct.position());
    }
  }

  // -------------------------------------------------------------------------------------------------
  // Encoding unpaired surrogates

  @Test
  void strictEncodingReportsTheUnpairedSurrogatesCharIndex() {
    Object[][] cases = {
      {"\uDC00", 0}, {"ab\uD800c", 2}, {"x\uD83D\uDE00\uD83D", 3}, {"\uD83D\uDE00\uDE00", 2},
      {"\uD83D\uD83D\uDE00", 0}, {"\0\u00E9\u20AC\uDFFF", 3},
      {"a".repeat(5000) + "\uDC00", 5000}, {"\u20AC".repeat(2047) + "\uD800" + "x".repeat(100), 2047},
      {"\uD83D\uDE00".repeat(1500) + "\uDBFF", 3000},
    };
    for (Object[] c : cases) {
      String s = (String) c[0];
      int index = (Integer) c[1];
      for (CharSequence text : new CharSequence[] {s, new StringBuilder(s)}) {
        String what = codePoints(s) + " as " + text.getClass().getSimpleName();
        MalformedTextException e = assertThrows(MalformedTextException.class, () -> STRICT.encode(text), what);
        assertEquals(index, e.charIndex(), what + ": " + e.getMessage());
        assertEquals(-1, e.byteOffset(), what);
        assertEquals(1, e.malformedLength(), what);
        assertTrue(e.getMessage().contains("CESU-8") && e.getMessage().contains("char index " + index), e.getMessage());
        e = assertThrows(MalformedTextException.class, () -> STRICT.encodedLength(text), what);
        assertEquals(index, e.charIndex(), what + ": encodedLength");
        byte[] dst = new byte[3 * s.length() + 10];
        e = assertThrows(MalformedTextException.class, () -> STRICT.encode(text, dst, 5), what);
        assertEquals(index, e.charIndex(), what + ": encode into an array");
      }
    }
    // A range that splits a pair: the char indices are the caller's.
    String pair = "ab\uD83D\uDE00cd";
    byte[] dst = new byte[32];
    assertEquals(2, assertThrows(MalformedTextException.class, () -> STRICT.encode(pair, 0, 3, dst, 0)).charIndex());
    assertEquals(3, assertThrows(MalformedTextException.class, () -> STRICT.encode(pair, 3, 6, dst, 0)).charIndex());
    assertEquals(3, assertThrows(MalformedTextException.class, () -> STRICT.encodedLength(pair, 3, 5)).charIndex());
    assertEquals(6, STRICT.encode(pair, 2, 4, dst, 0));
    assertEquals("ED A0 BD ED B8 80", hex(dst, 0, 6));
  }

  @Test
  void replacementBytesForUnpairedSurrogates() {
    String[][] cases = { // text, REPLACE, REPLACE_WITH_QUESTION_MARK
      {"a\uD800b", "61 EF BF BD 62", "61 3F 62"},
      {"\uDC00", "EF BF BD", "3F"},
      {"\uD83D\uDE00\uDE00", "ED A0 BD ED B8 80 EF BF BD", "ED A0 BD ED B8 80 3F"},
      {"\uD83D\uD83D\uDE00", "EF BF BD ED A0 BD ED B8 80", "3F ED A0 BD ED B8 80"},
      {"\0\uDFFF\uD800", "00 EF BF BD EF BF BD", "00 3F 3F"},
    };
    for (String[] c : cases) {
      assertEquals(c[1], hex(REPLACE.encode(c[0])), c[0]);
      assertEquals(bytes(c[1]).length, REPLACE.encodedLength(c[0]), c[0]);
      assertEquals(c[2], hex(QUESTION.encode(c[0])), c[0]);
      assertEquals(bytes(c[2]).length, QUESTION.encodedLength(c[0]), c[0]);
      assertEquals(c[2], hex(c[0].getBytes(JDK)), c[0] + ": the JDK writes '?' too");
    }
    String longText = "x".repeat(3000) + "\uDC00" + "y".repeat(3000);
    assertEquals(6003, REPLACE.encodedLength(longText));
    assertEquals("78 EF BF BD 79", hex(REPLACE.encode(longText), 2999, 5));
    assertEquals("78 3F 79", hex(QUESTION.encode(longText), 2999, 3));
  }
}
