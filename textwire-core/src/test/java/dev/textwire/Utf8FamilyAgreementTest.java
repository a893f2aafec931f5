package dev.textwire;

import static dev.textwire.TestSupport.bytes;
import static dev.textwire.TestSupport.hex;
import static dev.textwire.TestSupport.seedMessage;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * The UTF-8 family (UTF-8, CESU-8, modified UTF-8) side by side: the same bytes wherever the table in
 * {@link TextCodecs} says they agree, exactly the table's bytes where it says they differ, and on random
 * bytes the same decoding wherever none of the differing bytes occur. Each decoder's {@code validUpTo}
 * is where its strict decode fails, and where an independent oracle built from the JDK says the longest
 * well-formed prefix ends.
 *
 * <p>Also home of {@link #randomText}, the random text generator the other variant tests share.
 */
class Utf8FamilyAgreementTest {
  static final TextCodec[] FAMILY = {TextCodecs.UTF_8, TextCodecs.CESU_8, TextCodecs.MODIFIED_UTF_8};
  static final Charset CESU = Charset.forName("CESU-8");

  /**
   * Random text in runs of one kind: ASCII (with controls), U+0000 if {@code nul}, Latin-1, other BMP,
   * CJK, supplementary pairs, and unpaired high and low surrogates if {@code lone}. Runs, because the
   * encoders have fast paths that start only after dozens of ASCII or Latin-1 chars in a row.
   */
  static String randomText(SplittableRandom random, int length, boolean nul, boolean lone) {
    StringBuilder sb = new StringBuilder(length + 1);
    while (sb.length() < length) {
      int kind = random.nextInt(lone ? 9 : 7);
      int run = random.nextInt(4) == 0 ? 1 + random.nextInt(100) : 1 + random.nextInt(5);
      for (int i = 0; i < run && sb.length() < length; i++) {
        switch (kind) {
          case 0, 1 -> sb.append((char) (1 + random.nextInt(0x7F)));
          case 2 -> sb.append(nul ? '\0' : 'n');
          case 3 -> sb.append((char) (0x80 + random.nextInt(0x80)));
          case 4 -> sb.append((char) (0x100 + random.nextInt(0x700))); // 2 bytes
          case 5 -> {
            char c = (char) (0x800 + random.nextInt(0xF800)); // 3 bytes, not a surrogate
            sb.append(Character.isSurrogate(c) ? '\u20AC' : c);
          }
          case 6 -> sb.appendCodePoint(0x10000 + random.nextInt(0x100000));
          case 7 -> sb.append((char) (0xD800 + random.nextInt(0x400)));
          default -> sb.append((char) (0xDC00 + random.nextInt(0x400)));
        }
      }
    }
    return sb.toString();
  }

  /** Random text without the three encodings' differences: no U+0000, no surrogates at all. */
  private static String commonText(SplittableRandom random, int length) {
    StringBuilder sb = new StringBuilder();
    randomText(random, length, false, false).chars()
        .forEach(c -> sb.append(Character.isSurrogate((char) c) ? 'z' : (char) c));
    return sb.toString();
  }

  @Test
  void sameBytesAndSameDecodingOnTextWithoutNulOrSurrogates() {
    long seed = TestSupport.seed(0xFA_417L);
    SplittableRandom random = new SplittableRandom(seed);
    for (int t = 0; t < 600; t++) {
      String s = commonText(random, t % 10 == 0 ? random.nextInt(6000) : random.nextInt(120));
      Supplier<String> ctx = () -> TestSupport.codePoints(s) + ", " + seedMessage(seed);
      byte[] utf8 = TextCodecs.UTF_8.encode(s);
      assertArrayEquals(s.getBytes(java.nio.charset.StandardCharsets.UTF_8), utf8, ctx);
      for (TextCodec codec : FAMILY) {
        for (ErrorPolicy policy : ErrorPolicy.values()) {
          TextCodec c = codec.withPolicy(policy);
          assertArrayEquals(utf8, c.encode(s), () -> c + ": " + ctx.get());
          assertEquals(utf8.length, c.encodedLength(s), () -> c + ": " + ctx.get());
          assertEquals(s, c.decode(utf8), () -> c + ": " + ctx.get());
          assertEquals(utf8.length, c.validUpTo(utf8, 0, utf8.length), () -> c + ": " + ctx.get());
        }
      }
    }
  }

  /** One row of the table: the text, then the bytes of UTF-8, CESU-8 and modified UTF-8 (null: strict error). */
  private static void checkRow(String text, String utf8, String cesu8, String modified) {
    String[] expected = {utf8, cesu8, modified};
    for (int i = 0; i < FAMILY.length; i++) {
      TextCodec codec = FAMILY[i];
      String what = codec.name() + " of " + TestSupport.codePoints(text);
      if (expected[i] == null) {
        assertThrows(MalformedTextException.class, () -> codec.encode(text), what);
        assertThrows(MalformedTextException.class, () -> codec.encodedLength(text), what);
        continue;
      }
      byte[] bytes = bytes(expected[i]);
      assertEquals(expected[i], hex(codec.encode(text)), what);
      assertEquals(bytes.length, codec.encodedLength(text), what);
      assertEquals(text, codec.decode(bytes), what + ": decoding back");
    }
  }

  @Test
  void theTableOfDifferencesByteForByte() {
    checkRow("\0", "00", "00", "C0 80");
    checkRow("a\0b", "61 00 62", "61 00 62", "61 C0 80 62");
    checkRow("\u007F\u0080\u07FF\u0800\uFFFF", "7F C2 80 DF BF E0 A0 80 EF BF BF", "7F C2 80 DF BF E0 A0 80 EF BF BF",
        "7F C2 80 DF BF E0 A0 80 EF BF BF");
    checkRow("\uD800\uDC00", "F0 90 80 80", "ED A0 80 ED B0 80", "ED A0 80 ED B0 80");
    checkRow("\uD83D\uDE00", "F0 9F 98 80", "ED A0 BD ED B8 80", "ED A0 BD ED B8 80");
    checkRow("\uDBFF\uDFFF", "F4 8F BF BF", "ED AF BF ED BF BF", "ED AF BF ED BF BF");
    checkRow("\uD800", null, null, "ED A0 80");
    checkRow("\uDBFF", null, null, "ED AF BF");
    checkRow("\uDC00", null, null, "ED B0 80");
    checkRow("\uDFFF", null, null, "ED BF BF");
    checkRow("\uDC00\uD800", null, null, "ED B0 80 ED A0 80"); // low then high: two unpaired
    checkRow("x\0\uD83D\uDE00\uDFFF", null, null, "78 C0 80 ED A0 BD ED B8 80 ED BF BF");
  }

  @Test
  void unpairedSurrogatesUnderEachPolicy() {
    String text = "a\uD800b\uDC00";
    String[][] expected = { // STRICT, REPLACE, REPLACE_WITH_QUESTION_MARK for UTF-8, CESU-8, modified UTF-8
      {null, "61 EF BF BD 62 EF BF BD", "61 3F 62 3F"},
      {null, "61 EF BF BD 62 EF BF BD", "61 3F 62 3F"},
      {"61 ED A0 80 62 ED B0 80", "61 ED A0 80 62 ED B0 80", "61 ED A0 80 62 ED B0 80"},
    };
    for (int i = 0; i < FAMILY.length; i++) {
      for (ErrorPolicy policy : ErrorPolicy.values()) {
        TextCodec codec = FAMILY[i].withPolicy(policy);
        String want = expected[i][policy.ordinal()];
        if (want == null) {
          MalformedTextException e = assertThrows(MalformedTextException.class, () -> codec.encode(text), codec::toString);
          assertEquals(1, e.charIndex(), codec::toString);
          assertEquals(-1, e.byteOffset(), codec::toString);
        } else {
          assertEquals(want, hex(codec.encode(text)), codec::toString);
          assertEquals(bytes(want).length, codec.encodedLength(text), codec::toString);
        }
      }
    }
  }

  /** One decoding row: the bytes, then each codec's strict result (text, or "!offset/length[/T]" for an error). */
  private static void checkDecodeRow(String hexBytes, String utf8, String cesu8, String modified) {
    byte[] input = bytes(hexBytes);
    String[] expected = {utf8, cesu8, modified};
    for (int i = 0; i < FAMILY.length; i++) {
      TextCodec codec = FAMILY[i];
      String what = codec.name() + " decoding " + hexBytes;
      String want = expected[i];
      if (want.startsWith("!")) {
        MalformedTextException e = assertThrows(MalformedTextException.class, () -> codec.decode(input), what);
        String actual = "!" + e.byteOffset() + "/" + e.malformedLength() + (e.isTruncated() ? "/T" : "");
        assertEquals(want, actual, what + ": " + e.getMessage());
        assertEquals(e.byteOffset(), codec.validUpTo(input, 0, input.length), what + ": validUpTo");
      } else {
        assertEquals(TestSupport.codePoints(want), TestSupport.codePoints(codec.decode(input)), what);
        assertEquals(input.length, codec.validUpTo(input, 0, input.length), what + ": validUpTo");
      }
    }
  }

  @Test
  void decodingDiffersExactlyAsTheTableSays() {
    checkDecodeRow("41 00 42", "A\0B", "A\0B", "!1/1");
    checkDecodeRow("41 C0 80 42", "!1/1", "!1/1", "A\0B");
    checkDecodeRow("F0 9F 98 80", "\uD83D\uDE00", "!0/1", "!0/1");
    checkDecodeRow("ED A0 BD ED B8 80", "!0/1", "\uD83D\uDE00", "\uD83D\uDE00");
    checkDecodeRow("ED A0 80 41", "!0/1", "!0/3", "\uD800A");
    checkDecodeRow("ED B0 80 41", "!0/1", "!0/3", "\uDC00A");
    checkDecodeRow("ED B0 80", "!0/1", "!0/3", "\uDC00");
    checkDecodeRow("ED A0 80", "!0/1", "!0/3/T", "\uD800");
    checkDecodeRow("ED B8 80 ED A0 BD", "!0/1", "!0/3", "\uDE00\uD83D"); // low then high
    checkDecodeRow("ED 9F BF", "\uD7FF", "\uD7FF", "\uD7FF");
    checkDecodeRow("C0 81", "!0/1", "!0/1", "!0/1");
    checkDecodeRow("E0 80 80", "!0/1", "!0/1", "!0/1");
    checkDecodeRow("F4 90 80 80", "!0/1", "!0/1", "!0/1");
    checkDecodeRow("F0 9F 98", "!0/3/T", "!0/1", "!0/1");
    checkDecodeRow("C2", "!0/1/T", "!0/1/T", "!0/1/T");
  }

  // -------------------------------------------------------------------------------------------------
  // Random bytes

  /** Bytes biased toward the ones the three encodings treat differently, and their neighbours. */
  static byte[] randomInterestingBytes(SplittableRandom random, int length) {
    byte[] out = new byte[length];
    for (int i = 0; i < length; i++) {
      int b = switch (random.nextInt(14)) {
        case 0 -> 0x00;
        case 1, 2 -> 0x80 + random.nextInt(0x40);
        case 3 -> 0xC0;
        case 4 -> 0xC1 + random.nextInt(2); // C1, C2
        case 5 -> 0xE0;
        case 6, 7 -> 0xED;
        case 8, 9 -> 0xA0 + random.nextInt(0x20);
        case 10 -> 0xF0 + random.nextInt(5);
        case 11 -> 0x41;
        case 12 -> 0xE1 + random.nextInt(0x0F);
        default -> random.nextInt(256);
      };
      out[i] = (byte) b;
    }
    return out;
  }

  /** True if none of the bytes the encodings read differently occur: 00, C0, ED A0..BF, F0..F4. */
  private static boolean hasNoDifferingBytes(byte[] b) {
    for (int i = 0; i < b.length; i++) {
      int x = b[i] & 0xFF;
      if (x == 0 || x == 0xC0 || (x >= 0xF0 && x <= 0xF4)) {
        return false;
      }
      if (x == 0xED && i + 1 < b.length && (b[i + 1] & 0xFF) >= 0xA0 && (b[i + 1] & 0xFF) <= 0xBF) {
        return false;
      }
    }
    return true;
  }

  /** Strict decode as a comparable string: the text, or "!offset/length[/T]". */
  private static String strictOutcome(TextCodec codec, byte[] input) {
    try {
      return TestSupport.codePoints(codec.decode(input));
    } catch (MalformedTextException e) {
      return "!" + e.byteOffset() + "/" + e.malformedLength() + (e.isTruncated() ? "/T" : "");
    }
  }

  // Found a bug (CESU-8 took "ED C2 B6" for one 3-byte subpart; see
  // Cesu8Test.edFollowedByALeadByteIsAOneByteSubpart), fixed.
  @Test
  void randomBytesDecodeAlikeWhereNoDifferingByteOccursAndValidUpToIsTheStrictError() {
    long seed = TestSupport.seed(0xB17E5L);
    SplittableRandom random = new SplittableRandom(seed);
    int compared = 0;
    for (int t = 0; t < 30_000; t++) {
      byte[] input = randomInterestingBytes(random, random.nextInt(t % 100 == 0 ? 400 : 12));
      Supplier<String> ctx = () -> hex(input) + ", " + seedMessage(seed);
      for (TextCodec codec : FAMILY) {
        int validUpTo = codec.validUpTo(input, 0, input.length);
        try {
          codec.decode(input);
          assertEquals(input.length, validUpTo, () -> codec + " decodes, so validUpTo is the end: " + ctx.get());
        } catch (MalformedTextException e) {
          assertEquals(e.byteOffset(), validUpTo, () -> codec + ": validUpTo vs strict error: " + ctx.get());
        }
        assertEquals(validUpTo == input.length, codec.isValid(input), () -> codec + ": isValid, " + ctx.get());
      }
      if (hasNoDifferingBytes(input)) {
        compared++;
        String utf8 = strictOutcome(TextCodecs.UTF_8, input);
        String utf8Replaced = TextCodecs.UTF_8.withPolicy(ErrorPolicy.REPLACE).decode(input);
        for (TextCodec codec : FAMILY) {
          assertEquals(utf8, strictOutcome(codec, input), () -> codec + " vs UTF-8, strict: " + ctx.get());
          assertEquals(TestSupport.codePoints(utf8Replaced),
              TestSupport.codePoints(codec.withPolicy(ErrorPolicy.REPLACE).decode(input)),
              () -> codec + " vs UTF-8, REPLACE: " + ctx.get());
        }
      }
    }
    int n = compared;
    if (n < 3000) {
      fail("too few inputs without differing bytes to compare: " + n + ", " + seedMessage(seed));
    }
  }

  // -------------------------------------------------------------------------------------------------
  // An independent oracle of validity: decode leniently with the JDK, re-encode, compare

  /** Modified UTF-8 is valid iff DataInputStream reads it and DataOutputStream writes the same bytes back. */
  static boolean jdkValidModifiedUtf8(byte[] b, int length) {
    try {
      ByteArrayOutputStream framed = new ByteArrayOutputStream();
      framed.write(length >>> 8);
      framed.write(length);
      framed.write(b, 0, length);
      String s = new DataInputStream(new ByteArrayInputStream(framed.toByteArray())).readUTF();
      ByteArrayOutputStream again = new ByteArrayOutputStream();
      new DataOutputStream(again).writeUTF(s);
      return java.util.Arrays.equals(framed.toByteArray(), again.toByteArray());
    } catch (IOException e) {
      return false;
    }
  }

  /** CESU-8 is valid iff the JDK decodes it strictly to well-formed UTF-16 that it encodes to the same bytes. */
  static boolean jdkValidCesu8(byte[] b, int length) {
    CharsetDecoder decoder =
        CESU.newDecoder().onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
    try {
      CharBuffer chars = decoder.decode(ByteBuffer.wrap(b, 0, length));
      String s = chars.toString();
      for (int i = 0; i < s.length(); i++) {
        char c = s.charAt(i);
        if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
          i++;
        } else if (Character.isSurrogate(c)) {
          return false;
        }
      }
      return java.util.Arrays.equals(java.util.Arrays.copyOf(b, length), s.getBytes(CESU));
    } catch (CharacterCodingException e) {
      return false;
    }
  }

  private static int longestValidPrefix(byte[] b, boolean modified) {
    for (int k = b.length; k > 0; k--) {
      if (modified ? jdkValidModifiedUtf8(b, k) : jdkValidCesu8(b, k)) {
        return k;
      }
    }
    return 0;
  }

  // Found a bug (modified UTF-8 accepted "ED xx yy" with xx outside 80..BF; see
  // ModifiedUtf8DecodeTest.edFollowedByANonContinuationByteIsIllFormed), fixed.
  @Test
  void validUpToAgreesWithJdkRoundTripOracle() {
    long seed = TestSupport.seed(0x0AC1EL);
    SplittableRandom random = new SplittableRandom(seed);
    TestSupport.JdkStrict jdkUtf8 = new TestSupport.JdkStrict();
    for (int t = 0; t < 4000; t++) {
      byte[] input;
      if (random.nextInt(3) == 0) {
        // Valid text of one encoding with a byte or two changed: errors after a long good prefix.
        String s = randomText(random, random.nextInt(12), true, true);
        TextCodec codec = FAMILY[1 + random.nextInt(2)].withPolicy(ErrorPolicy.REPLACE);
        input = codec.encode(s);
        for (int f = random.nextInt(3); f > 0 && input.length > 0; f--) {
          input[random.nextInt(input.length)] = randomInterestingBytes(random, 1)[0];
        }
      } else {
        input = randomInterestingBytes(random, random.nextInt(14));
      }
      byte[] in = input;
      Supplier<String> ctx = () -> hex(in) + ", " + seedMessage(seed);
      int utf8Error = jdkUtf8.firstError(in, 0, in.length);
      assertEquals(utf8Error < 0 ? in.length : utf8Error, TextCodecs.UTF_8.validUpTo(in, 0, in.length),
          () -> "UTF-8: " + ctx.get());
      assertEquals(longestValidPrefix(in, false), TextCodecs.CESU_8.validUpTo(in, 0, in.length),
          () -> "CESU-8: " + ctx.get());
      assertEquals(longestValidPrefix(in, true), TextCodecs.MODIFIED_UTF_8.validUpTo(in, 0, in.length),
          () -> "Modified UTF-8: " + ctx.get());
    }
  }
}
