package dev.textwire;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.Charset;
import java.nio.charset.CharsetEncoder;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * {@link TextCodecs#IBM500_DERBY}, CCSID 500 as IBM and Derby map it, against the JDK's {@code IBM500}:
 * the two differ in exactly two mappings (byte 15 decodes to NEL, LF encodes to 25), and Derby's is one
 * to one.
 */
class CodePageDerbyTest {
  private static final Charset JDK_IBM500 = Charset.forName("IBM500");
  private static final TextCodec DERBY = TextCodecs.IBM500_DERBY;

  private static String hex(int b) {
    return String.format(Locale.ROOT, "%02X", b);
  }

  private static String u(int c) {
    return String.format(Locale.ROOT, "U+%04X", c);
  }

  private static byte[] allBytes() {
    byte[] all = new byte[256];
    for (int b = 0; b < 256; b++) {
      all[b] = (byte) b;
    }
    return all;
  }

  /** Every difference, as "decode 15: derby vs jdk" and "encode U+000A: derby vs jdk" ("none" if no byte). */
  private static Set<String> differences(TextCodec codec) {
    Set<String> differences = new TreeSet<>();
    for (int b = 0; b < 256; b++) {
      byte[] one = {(byte) b};
      String ours = codec.decode(one);
      String jdk = new String(one, JDK_IBM500);
      if (!ours.equals(jdk)) {
        differences.add("decode " + hex(b) + ": " + u(ours.charAt(0)) + " vs " + u(jdk.charAt(0)));
      }
    }
    CharsetEncoder jdkEncoder = JDK_IBM500.newEncoder();
    TextCodec replace = codec.withPolicy(ErrorPolicy.REPLACE);
    TextCodec question = codec.withPolicy(ErrorPolicy.REPLACE_WITH_QUESTION_MARK);
    for (int c = 0; c <= 0xFFFF; c++) {
      String s = String.valueOf((char) c);
      String jdk = jdkEncoder.canEncode((char) c) ? hex(s.getBytes(JDK_IBM500)[0] & 0xFF) : "none";
      // A char with a byte is that byte under both replacing policies; one without is SUB (3F) under
      // REPLACE and '?' (6F) under REPLACE_WITH_QUESTION_MARK. (No exception per char: 65,280 are unmappable.)
      byte replaced = replace.encode(s)[0];
      byte questioned = question.encode(s)[0];
      String ours;
      if (replaced == questioned) {
        ours = hex(replaced & 0xFF);
        byte[] strict = codec.encode(s);
        assertEquals(1, strict.length);
        assertEquals(replaced, strict[0], s);
      } else {
        ours = "none";
        assertEquals(0x3F, replaced, u(c));
        assertEquals(0x6F, questioned, u(c));
        assertEquals(s.getBytes(JDK_IBM500)[0], replaced, "the JDK's substitute for " + u(c));
        if (c % 61 == 0 || Character.isSurrogate((char) c)) {
          assertEquals(0, assertThrows(MalformedTextException.class, () -> codec.encode(s)).charIndex(), u(c));
        }
      }
      if (!ours.equals(jdk)) {
        differences.add("encode " + u(c) + ": " + ours + " vs " + jdk);
      }
    }
    return differences;
  }

  @Test
  void differsFromTheJdkInExactlyTwoMappings() {
    Set<String> expected = new TreeSet<>(Set.of("decode 15: U+0085 vs U+000A", "encode U+000A: 25 vs 15"));
    assertEquals(expected, differences(DERBY));
  }

  @Test
  void theJdkMappingCodecDiffersInNothing() {
    assertEquals(new TreeSet<String>(), differences(TextCodecs.IBM500));
  }

  @Test
  void derbyIsOneToOne() {
    byte[] all = allBytes();
    String decoded = DERBY.decode(all);
    assertEquals(256, decoded.length());
    Set<Character> distinct = new HashSet<>();
    for (int b = 0; b < 256; b++) {
      char c = decoded.charAt(b);
      distinct.add(c);
      assertEquals(1, DERBY.encodedLength(String.valueOf(c)));
      assertArrayEquals(new byte[] {(byte) b}, DERBY.encode(String.valueOf(c)), "byte " + hex(b) + " back from " + u(c));
    }
    assertEquals(256, distinct.size(), "256 distinct chars");
    for (int c = 0; c < 256; c++) {
      assertEquals(1, DERBY.encode(String.valueOf((char) c)).length, "every Latin-1 char has a byte: " + u(c));
    }
    // The whole round trip at once, from each kind of text.
    assertArrayEquals(all, DERBY.encode(decoded));
    assertArrayEquals(all, DERBY.encode(new StringBuilder(decoded)));
    assertArrayEquals(all, DERBY.encode(CharBuffer.wrap(decoded)));
    byte[] dst = new byte[256];
    assertEquals(256, DERBY.encode(decoded + decoded, 256, 512, dst, 0));
    assertArrayEquals(all, dst);
    String repeated = decoded.repeat(40); // 10,240 chars: several chunks
    byte[] bytes = DERBY.encode(repeated);
    for (int i = 0; i < bytes.length; i++) {
      assertEquals((byte) i, bytes[i], "byte " + i);
    }
    assertEquals(repeated, DERBY.decode(bytes));
  }

  @Test
  void lineEnds() {
    byte[] nl = {0x15};
    byte[] lf = {0x25};
    assertEquals("\u0085", DERBY.decode(nl));
    assertEquals("\n", DERBY.decode(lf));
    assertArrayEquals(lf, DERBY.encode("\n"));
    assertArrayEquals(nl, DERBY.encode("\u0085"));
    // NEL is 15 in both mappings, and in the JDK's.
    assertArrayEquals(nl, "\u0085".getBytes(JDK_IBM500));
    assertArrayEquals(nl, TextCodecs.IBM500.encode("\u0085"));
    // The JDK mapping: LF is 15, and both 15 and 25 decode to LF.
    assertArrayEquals(nl, TextCodecs.IBM500.encode("\n"));
    assertEquals("\n\n", TextCodecs.IBM500.decode(new byte[] {0x15, 0x25}));
    // In running text, from a String, a builder and a direct buffer.
    String text = "line 1\nline 2\u0085line 3\r\n";
    byte[] jdk = text.getBytes(JDK_IBM500);
    byte[] derby = jdk.clone();
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) == '\n') {
        derby[i] = 0x25;
      }
    }
    assertArrayEquals(derby, DERBY.encode(text));
    assertArrayEquals(derby, DERBY.encode(new StringBuilder(text)));
    assertArrayEquals(jdk, TextCodecs.IBM500.encode(text));
    assertEquals(text, DERBY.decode(derby));
    assertEquals(text.replace('\u0085', '\n'), TextCodecs.IBM500.decode(jdk));
    ByteBuffer direct = ByteBuffer.allocateDirect(derby.length);
    assertEquals(derby.length, DERBY.encode(text, direct));
    direct.flip();
    assertEquals(text, DERBY.decode(direct));
  }

  @Test
  void sameSubstitutesAndErrorsAsTheJdkMapping() {
    String text = "a\u0100\uD83D\uDE00\uDC00b";
    assertArrayEquals(new byte[] {(byte) 0x81, 0x3F, 0x3F, 0x3F, (byte) 0x82}, DERBY.withPolicy(ErrorPolicy.REPLACE).encode(text));
    assertArrayEquals(
        new byte[] {(byte) 0x81, 0x6F, 0x6F, 0x6F, (byte) 0x82},
        DERBY.withPolicy(ErrorPolicy.REPLACE_WITH_QUESTION_MARK).encode(text));
    assertArrayEquals(text.getBytes(JDK_IBM500), DERBY.withPolicy(ErrorPolicy.REPLACE).encode(text));
    MalformedTextException e = assertThrows(MalformedTextException.class, () -> DERBY.encode(text));
    assertEquals(1, e.charIndex());
    assertEquals(1, e.malformedLength());
  }

  @Test
  void namesAndPolicies() {
    assertEquals(ErrorPolicy.STRICT, DERBY.policy());
    assertEquals(1, DERBY.maxBytesPerChar());
    for (ErrorPolicy policy : ErrorPolicy.values()) {
      TextCodec codec = DERBY.withPolicy(policy);
      assertEquals(policy, codec.policy());
      assertEquals(DERBY.name(), codec.name());
      assertEquals(policy, codec.newEncoder().policy());
      assertEquals(codec, codec.withPolicy(ErrorPolicy.STRICT).withPolicy(policy), "the same instance per policy");
    }
    assertEquals(false, DERBY.name().equals(TextCodecs.IBM500.name()), "the two mappings have different names");
  }
}
