package dev.textwire;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.CodingErrorAction;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * ISO-8859-1, IBM500 and IBM1047 against the JDK's charsets of the same name: every byte decoded, every
 * char U+0000..U+FFFF encoded under each policy, and random text, from String, StringBuilder and
 * CharBuffer.
 */
class CodePageJdkTest {
  static Stream<Arguments> pages() {
    return Stream.of(
        Arguments.of("ISO-8859-1", TextCodecs.ISO_8859_1, (byte) 0x3F),
        Arguments.of("IBM500", TextCodecs.IBM500, (byte) 0x6F),
        Arguments.of("IBM1047", TextCodecs.IBM1047, (byte) 0x6F));
  }

  /** The text as each kind of CharSequence the codecs read differently. */
  static CharSequence[] shapes(String s) {
    char[] padded = ("#@" + s + "!").toCharArray();
    CharSequence custom = new TestSupport.PlainCharSequence(s.toCharArray()); // charAt only: the generic path
    return new CharSequence[] {
      s, new StringBuilder(s), CharBuffer.wrap(padded, 2, s.length()), CharBuffer.wrap(s), custom
    };
  }

  static String shapeName(CharSequence text) {
    return text.getClass().getSimpleName().isEmpty() ? "custom CharSequence" : text.getClass().getSimpleName();
  }

  /** The JDK's bytes with unmappable and malformed input replaced by {@code replacement}. */
  static byte[] jdkReplacing(Charset jdk, String s, byte replacement) {
    CharsetEncoder encoder =
        jdk.newEncoder()
            .onMalformedInput(CodingErrorAction.REPLACE)
            .onUnmappableCharacter(CodingErrorAction.REPLACE)
            .replaceWith(new byte[] {replacement});
    try {
      ByteBuffer out = encoder.encode(CharBuffer.wrap(s));
      byte[] bytes = new byte[out.remaining()];
      out.get(bytes);
      return bytes;
    } catch (CharacterCodingException e) {
      throw new AssertionError(e);
    }
  }

  /** Index of the first char the JDK cannot encode alone (a pair's high half for a pair), or -1. */
  static int firstUnencodable(CharsetEncoder jdk, String s) {
    for (int i = 0; i < s.length(); i++) {
      if (!jdk.canEncode(s.charAt(i))) {
        return i;
      }
    }
    return -1;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("pages")
  void everyByteDecodesAsTheJdk(String jdkName, TextCodec codec, byte questionMark) {
    Charset jdk = Charset.forName(jdkName);
    for (int b = 0; b < 256; b++) {
      byte[] one = {(byte) b};
      String expected = new String(one, jdk);
      String ctx = jdkName + " byte " + Integer.toHexString(b);
      assertEquals(1, expected.length(), ctx);
      assertEquals(expected, codec.decode(one), ctx);
      assertEquals(expected, codec.withPolicy(ErrorPolicy.REPLACE).decode(one), ctx);
      assertEquals(1, codec.validUpTo(one, 0, 1), ctx);
      assertTrue(codec.isValid(one), ctx);
      assertEquals(expected, codec.decode(ByteBuffer.wrap(one)), ctx);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("pages")
  void all256BytesInOneArrayDecodeAsTheJdk(String jdkName, TextCodec codec, byte questionMark) {
    Charset jdk = Charset.forName(jdkName);
    byte[] all = new byte[256];
    for (int b = 0; b < 256; b++) {
      all[b] = (byte) b;
    }
    String expected = new String(all, jdk);
    assertEquals(256, expected.length());
    assertEquals(expected, codec.decode(all));
    // The same bytes inside a larger array, and twice over (longer than any short path).
    byte[] padded = new byte[7 + 512 + 5];
    System.arraycopy(all, 0, padded, 7, 256);
    System.arraycopy(all, 0, padded, 7 + 256, 256);
    assertEquals(expected + expected, codec.decode(padded, 7, 512));
    assertEquals(expected.substring(9, 200), codec.decode(padded, 7 + 9, 191));
    assertEquals(7 + 512, codec.validUpTo(padded, 7, 512));
    assertTrue(codec.isValid(padded, 7, 512));
    ByteBuffer direct = ByteBuffer.allocateDirect(256).put(all).flip();
    assertTrue(codec.isValid(direct));
    assertEquals(0, direct.position(), "isValid leaves the position");
    assertEquals(expected, codec.decode(direct));
    assertEquals(256, direct.position());
    for (ErrorPolicy policy : ErrorPolicy.values()) {
      assertEquals(expected, codec.withPolicy(policy).decode(all), policy.toString());
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("pages")
  void everyCharAloneEncodesAsTheJdkUnderEachPolicy(String jdkName, TextCodec codec, byte questionMark) {
    Charset jdk = Charset.forName(jdkName);
    CharsetEncoder canEncode = jdk.newEncoder();
    TextCodec replace = codec.withPolicy(ErrorPolicy.REPLACE);
    TextCodec question = codec.withPolicy(ErrorPolicy.REPLACE_WITH_QUESTION_MARK);
    int encodable = 0;
    byte[] one = new byte[1];
    for (int c = 0; c <= 0xFFFF; c++) {
      String s = String.valueOf((char) c);
      byte[] expected = s.getBytes(jdk);
      int n = c;
      assertEquals(1, expected.length);
      assertArrayEquals(expected, replace.encode(s), () -> jdkName + " REPLACE U+" + Integer.toHexString(n));
      assertArrayEquals(
          expected, replace.encode(new StringBuilder(s)), () -> jdkName + " REPLACE StringBuilder U+" + Integer.toHexString(n));
      assertEquals(1, replace.encodedLength(s));
      assertEquals(1, question.encodedLength(s));
      boolean mapped = canEncode.canEncode((char) c);
      byte expectedQuestion = mapped ? expected[0] : questionMark;
      assertArrayEquals(new byte[] {expectedQuestion}, question.encode(s), () -> jdkName + " ?-REPLACE U+" + Integer.toHexString(n));
      if (mapped) {
        encodable++;
        assertArrayEquals(expected, codec.encode(s), () -> jdkName + " STRICT U+" + Integer.toHexString(n));
        assertEquals(1, codec.encodedLength(s));
        assertEquals(1, codec.encode(new StringBuilder(s), one, 0));
        assertEquals(expected[0], one[0]);
      } else {
        MalformedTextException e =
            assertThrows(MalformedTextException.class, () -> codec.encode(s), () -> jdkName + " STRICT U+" + Integer.toHexString(n));
        assertEquals(0, e.charIndex(), () -> jdkName + " U+" + Integer.toHexString(n));
        assertEquals(-1, e.byteOffset());
        assertEquals(1, e.malformedLength());
        if (c % 17 == 0) { // a sample: an exception each is slow
          MalformedTextException l =
              assertThrows(MalformedTextException.class, () -> codec.encodedLength(s), () -> "encodedLength U+" + Integer.toHexString(n));
          assertEquals(0, l.charIndex());
        }
      }
    }
    assertEquals(256, encodable, "chars with a byte");
  }

  /** U+0000..U+FFFF in order as one text (U+DBFF U+DC00 in it make one pair): 65,535 bytes. */
  @ParameterizedTest(name = "{0}")
  @MethodSource("pages")
  void allCharsInOneTextEncodeAsTheJdk(String jdkName, TextCodec codec, byte questionMark) {
    Charset jdk = Charset.forName(jdkName);
    StringBuilder all = new StringBuilder(0x10000);
    for (int c = 0; c <= 0xFFFF; c++) {
      all.append((char) c);
    }
    String s = all.toString();
    byte[] expected = s.getBytes(jdk);
    assertEquals(0x10000 - 1, expected.length, "the JDK writes one byte for the pair");
    byte[] expectedQuestion = jdkReplacing(jdk, s, questionMark);
    for (CharSequence text : shapes(s)) {
      String shape = shapeName(text);
      TextCodec replace = codec.withPolicy(ErrorPolicy.REPLACE);
      assertEquals(expected.length, replace.encodedLength(text), shape);
      assertArrayEquals(expected, replace.encode(text), shape);
      assertArrayEquals(expectedQuestion, codec.withPolicy(ErrorPolicy.REPLACE_WITH_QUESTION_MARK).encode(text), shape);
      MalformedTextException e = assertThrows(MalformedTextException.class, () -> codec.encode(text), shape);
      assertEquals(256, e.charIndex(), shape + ": U+0100 is the first char with no byte");
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("pages")
  void decodableCharsRoundTrip(String jdkName, TextCodec codec, byte questionMark) {
    Charset jdk = Charset.forName(jdkName);
    byte[] all = new byte[256];
    for (int b = 0; b < 256; b++) {
      all[b] = (byte) b;
    }
    String decoded = codec.decode(all);
    for (int b = 0; b < 256; b++) {
      String c = decoded.substring(b, b + 1);
      byte[] back = codec.encode(c);
      assertArrayEquals(c.getBytes(jdk), back, "byte " + Integer.toHexString(b));
      assertEquals(c, codec.decode(back), "byte " + Integer.toHexString(b));
    }
    // All 256 at once: the JDK's own round trip, which is the identity except where two bytes share a char.
    byte[] expected = new String(all, jdk).getBytes(jdk);
    for (CharSequence text : shapes(decoded)) {
      assertArrayEquals(expected, codec.encode(text), shapeName(text));
    }
    int changed = 0;
    for (int b = 0; b < 256; b++) {
      changed += expected[b] == (byte) b ? 0 : 1;
    }
    assertEquals(jdkName.equals("IBM500") ? 1 : 0, changed, "bytes that do not round-trip (IBM500: 25 comes back as 15)");
  }

  /** Latin-1, wider BMP chars, pairs, lone surrogates and line ends, in runs; sometimes Latin-1 only. */
  static String randomText(SplittableRandom random, int length, boolean latin1Only) {
    StringBuilder sb = new StringBuilder(length + 1);
    while (sb.length() < length) {
      int kind = random.nextInt(latin1Only ? 3 : 8);
      int run = 1 + random.nextInt(random.nextInt(4) == 0 ? 64 : 4);
      for (int i = 0; i < run && sb.length() < length; i++) {
        switch (kind) {
          case 0 -> sb.append((char) (0x20 + random.nextInt(0x5F)));
          case 1 -> sb.append((char) (0x80 + random.nextInt(0x80)));
          case 2 -> sb.append("\n\r\u0085\u0000\u00FF\u007F\u00A0".charAt(random.nextInt(7)));
          case 3 -> sb.append((char) (0x100 + random.nextInt(0xD800 - 0x100)));
          case 4 -> sb.append((char) (0xE000 + random.nextInt(0x2000)));
          case 5 -> sb.appendCodePoint(0x10000 + random.nextInt(0x100000));
          case 6 -> sb.append((char) (0xD800 + random.nextInt(0x400)));
          default -> sb.append((char) (0xDC00 + random.nextInt(0x400)));
        }
      }
    }
    return sb.toString();
  }

  private static void checkRandom(String jdkName, TextCodec codec, byte questionMark, String s, String ctx) {
    Charset jdk = Charset.forName(jdkName);
    byte[] expected = s.getBytes(jdk);
    byte[] expectedQuestion = jdkReplacing(jdk, s, questionMark);
    int bad = firstUnencodable(jdk.newEncoder(), s);
    TextCodec replace = codec.withPolicy(ErrorPolicy.REPLACE);
    TextCodec question = codec.withPolicy(ErrorPolicy.REPLACE_WITH_QUESTION_MARK);
    for (CharSequence text : shapes(s)) {
      String c = ctx + ", " + shapeName(text);
      assertEquals(expected.length, replace.encodedLength(text), c);
      assertArrayEquals(expected, replace.encode(text), c);
      assertEquals(expected.length, question.encodedLength(text), c);
      assertArrayEquals(expectedQuestion, question.encode(text), c);
      if (bad < 0) {
        assertArrayEquals(expected, codec.encode(text), c);
        assertEquals(expected.length, codec.encodedLength(text), c);
      } else {
        MalformedTextException e = assertThrows(MalformedTextException.class, () -> codec.encode(text), c);
        assertEquals(bad, e.charIndex(), c);
        boolean pair =
            Character.isHighSurrogate(s.charAt(bad)) && bad + 1 < s.length() && Character.isLowSurrogate(s.charAt(bad + 1));
        assertEquals(pair ? 2 : 1, e.malformedLength(), c);
        assertEquals(bad, assertThrows(MalformedTextException.class, () -> codec.encodedLength(text), c).charIndex(), c);
      }
    }
    // Into an array at an offset and into buffers, under REPLACE.
    byte[] dst = new byte[expected.length + 9];
    assertEquals(expected.length, replace.encode(s, dst, 4), ctx);
    for (int i = 0; i < expected.length; i++) {
      if (dst[4 + i] != expected[i]) {
        fail(ctx + ": array byte " + i);
      }
    }
    ByteBuffer direct = ByteBuffer.allocateDirect(expected.length + 3).position(2);
    assertEquals(expected.length, replace.encode(new StringBuilder(s), direct), ctx);
    assertEquals(expected.length + 2, direct.position(), ctx);
    byte[] fromDirect = new byte[expected.length];
    direct.get(2, fromDirect);
    assertArrayEquals(expected, fromDirect, ctx + ", direct buffer");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("pages")
  void randomTextEncodesAsTheJdk(String jdkName, TextCodec codec, byte questionMark) {
    long seed = TestSupport.seed(0xC0DE_9A6EL);
    SplittableRandom random = new SplittableRandom(seed);
    for (int t = 0; t < 400; t++) {
      int length = random.nextInt(301);
      String s = randomText(random, length, random.nextInt(3) == 0);
      checkRandom(jdkName, codec, questionMark, s, jdkName + " text " + t + " (" + length + " chars), " + TestSupport.seedMessage(seed));
    }
    for (int t = 0; t < 4; t++) {
      int length = 19_000 + random.nextInt(2_000);
      String s = randomText(random, length, t == 0);
      checkRandom(jdkName, codec, questionMark, s, jdkName + " long text " + t + ", " + TestSupport.seedMessage(seed));
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("pages")
  void randomBytesDecodeAsTheJdk(String jdkName, TextCodec codec, byte questionMark) {
    Charset jdk = Charset.forName(jdkName);
    long seed = TestSupport.seed(0xB17E5L);
    SplittableRandom random = new SplittableRandom(seed);
    for (int t = 0; t < 300; t++) {
      int length = t < 290 ? random.nextInt(600) : 15_000 + random.nextInt(3_000);
      byte[] bytes = new byte[length + 4];
      for (int i = 0; i < bytes.length; i++) {
        bytes[i] = (byte) random.nextInt(256);
      }
      String ctx = jdkName + " bytes " + t + ", " + TestSupport.seedMessage(seed);
      assertEquals(new String(bytes, 3, length, jdk), codec.decode(bytes, 3, length), ctx);
      assertEquals(3 + length, codec.validUpTo(bytes, 3, length), ctx);
      ByteBuffer heap = ByteBuffer.wrap(bytes, 1, length);
      assertEquals(new String(bytes, 1, length, jdk), codec.decode(heap), ctx);
      assertEquals(1 + length, heap.position(), ctx);
    }
  }
}
