package dev.textwire.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import dev.textwire.TestSupport;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Every String of up to {@value #MAX_LENGTH} chars over an alphabet of one char of each width, two high and
 * two low surrogates, and U+0000, through {@link ShortStrings} for each variant (its {@code charAt} loops,
 * {@link ShortUtf16}'s {@code codePointAt} loops, and the choice between them), into arrays and direct
 * buffers, whole and as sub-ranges cut on either side, with room for the worst case (no length pass: the
 * loop alone must find unpaired surrogates) and exactly enough room or one byte less (a length pass
 * first). The answer is compared with a reference encoder written from the variants' table: the bytes,
 * or -1 where the sub-range holds a surrogate the variant refuses or the room is short.
 *
 * <p>Every way of arranging high and low halves, pairs and other chars up to that length, including a
 * pair cut by either end of a sub-range, is among these Strings: the cases where a loop that steps over
 * a pair's second half, or tests a half against its neighbour, can go wrong. (Written when other loop
 * shapes were tried for speed, issue 15: each of the four wrong mutants of them tried against it failed.)
 */
class ShortStringsExhaustiveTest {
  private static final int MAX_LENGTH = 6;
  private static final char[] ALPHABET = {
    'a', '\u00E9', '\u4E2D', '\uD83D', '\uD800', '\uDE00', '\uDFFF', '\u0000',
  };

  @Test
  void everyStringOverTheAlphabet() {
    long[] checked = {0};
    TestSupport.everyString(ALPHABET, MAX_LENGTH, text -> {
      int length = text.length();
      for (int begin = 0; begin <= Math.min(1, length); begin++) {
        for (int end = length; end >= Math.max(begin, length - 1); end--) {
          for (Utf8Variant variant : Utf8Variant.values()) {
            check(text, begin, end, variant);
            checked[0]++;
          }
        }
      }
    });
    assertEquals(3_595_083, checked[0], "ranges checked"); // a changed alphabet or length changes this
  }

  /**
   * The route is chosen by the first char of the range (read by {@code codePointBefore}, which at a low
   * surrogate may look one char back): every char there, after and before each kind of neighbour.
   */
  @Test
  void theRouteFollowsTheFirstCharOfTheRange() {
    boolean jdk17 = Runtime.version().feature() < 18; // the rule itself, not ShortStrings' constant
    // U+D800 before a low half makes U+10000..U+103FF, whose low 16 bits can be at or below U+00FF
    char[] neighbours = {'a', '\u00FF', '\u0100', '\uD800', '\uD83D', '\uDE00'};
    for (int c = 0; c <= 0xFFFF; c++) {
      for (char before : neighbours) {
        for (char after : neighbours) {
          String text = new String(new char[] {before, (char) c, after});
          boolean expected = jdk17 || c <= 0xFF;
          int first = c;
          Supplier<String> where =
              () -> String.format("U+%04X after U+%04X, before U+%04X", first, (int) before, (int) after);
          assertEquals(expected, ShortStrings.readByCharAt(text, 1, 2), where);
          assertEquals(expected, ShortStrings.readByCharAt(text, 1, 3), where);
          assertEquals(jdk17 || before <= 0xFF, ShortStrings.readByCharAt(text, 0, 2), where);
        }
      }
      String alone = String.valueOf((char) c);
      assertEquals(jdk17 || c <= 0xFF, ShortStrings.readByCharAt(alone, 0, 1), "U+" + Integer.toHexString(c));
    }
    assertEquals(true, ShortStrings.readByCharAt("\u4E2D", 1, 1), "an empty range");
  }

  /** What a route answers: the bytes written into {@code dst[dp, dl)}, or -1. */
  private interface Encode {
    int into(String text, int begin, int end, byte[] dst, int dp, int dl, Utf8Variant variant);
  }

  /** The same into a direct buffer (UTF-8 only). */
  private interface EncodeDirect {
    int into(String text, int begin, int end, ByteBuffer dst, int dp, int dl);
  }

  /**
   * Both routes on every JDK (by {@code charAt} and by {@link ShortUtf16}'s {@code codePointAt}, in every
   * variant), and the dispatch between them.
   */
  private static void check(String text, int begin, int end, Utf8Variant variant) {
    byte[] expected = reference(text, begin, end, variant);
    Supplier<String> where = () -> variant + " " + hex(text) + " [" + begin + ", " + end + ")";
    check(expected, "charAt", where, text, begin, end, variant,
        ShortStrings::lengthByCharAt, ShortStrings::encodeByCharAt, ShortStrings::encodeUtf8ByCharAt);
    if (variant == Utf8Variant.UTF_8) {
      check(expected, "codePointAt", where, text, begin, end, variant,
          (t, b, e, v) -> ShortUtf16.utf8Length(t, b, e),
          (t, b, e, dst, dp, dl, v) -> ShortUtf16.encodeUtf8(t, b, e, dst, dp, dl),
          ShortUtf16::encodeUtf8);
    } else {
      check(expected, "codePointAt", where, text, begin, end, variant,
          ShortUtf16::variantLength, ShortUtf16::encodeVariant, ShortStringsExhaustiveTest::noDirect);
    }
    // Every variant, by either route, answers for a short String (-1 only for a refused surrogate or room).
    check(expected, "dispatch", where, text, begin, end, variant,
        ShortStrings::encodedLength, ShortStrings::encode, ShortStrings::encodeUtf8);
  }

  /** CESU-8 and modified UTF-8 have no short path into direct buffers (never called: UTF-8 only). */
  private static int noDirect(String text, int begin, int end, ByteBuffer dst, int dp, int dl) {
    throw new AssertionError("no direct-buffer route for this variant");
  }

  private interface Length {
    int of(String text, int begin, int end, Utf8Variant variant);
  }

  private static void check(
      byte[] expected,
      String route,
      Supplier<String> at,
      String text,
      int begin,
      int end,
      Utf8Variant variant,
      Length length,
      Encode encode,
      EncodeDirect encodeDirect) {
    Supplier<String> where = () -> route + ": " + at.get();
    int expectedLength = expected == null ? -1 : expected.length;
    assertEquals(expectedLength, length.of(text, begin, end, variant), () -> where.get() + " length");

    int worst = 3 * (end - begin);
    int[] rooms = expected == null ? new int[] {worst} : new int[] {worst, expected.length, expected.length - 1};
    for (int room : rooms) {
      if (room < 0) {
        continue;
      }
      boolean fits = expected != null && room >= expected.length;
      // Into an array, at an offset, with sentinels around the room.
      Arrays.fill(ARRAY, (byte) 0x5A);
      int written = encode.into(text, begin, end, ARRAY, 2, 2 + room, variant);
      assertEquals(fits ? expected.length : -1, written, () -> where.get() + " room " + room);
      if (fits) {
        assertArrayEquals(expected, Arrays.copyOfRange(ARRAY, 2, 2 + written), () -> where.get() + " room " + room);
        assertSentinels(ARRAY, 2, 2 + written, where);
      } else {
        assertSentinels(ARRAY, 2, 2 + room, where); // -1 may leave bytes in the room, never outside it
      }
      // Into a direct buffer: UTF-8 only; the other variants take the general path there.
      if (variant == Utf8Variant.UTF_8) {
        for (int i = 0; i < DIRECT.capacity(); i++) {
          DIRECT.put(i, (byte) 0x5A);
        }
        int directWritten = encodeDirect.into(text, begin, end, DIRECT, 2, 2 + room);
        assertEquals(fits ? expected.length : -1, directWritten, () -> where.get() + " direct, room " + room);
        byte[] got = new byte[DIRECT.capacity()];
        DIRECT.get(0, got);
        assertEquals(0, DIRECT.position(), () -> where.get() + " direct: the position moved");
        if (fits) {
          assertArrayEquals(expected, Arrays.copyOfRange(got, 2, 2 + directWritten), () -> where.get() + " direct");
          assertSentinels(got, 2, 2 + directWritten, () -> where.get() + " direct");
        } else {
          assertSentinels(got, 2, 2 + room, () -> where.get() + " direct, -1");
        }
      }
    }
  }

  private static final byte[] ARRAY = new byte[3 * MAX_LENGTH + 4];
  private static final ByteBuffer DIRECT = ByteBuffer.allocateDirect(3 * MAX_LENGTH + 4);

  private static void assertSentinels(byte[] dst, int from, int to, Supplier<String> where) {
    for (int i = 0; i < dst.length; i++) {
      if ((i < from || i >= to) && dst[i] != 0x5A) {
        fail(where.get() + ": byte " + i + " outside the written range changed");
      }
    }
  }

  /** The variants' table, char by char; null where a surrogate is refused. */
  private static byte[] reference(String text, int begin, int end, Utf8Variant variant) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (int i = begin; i < end; i++) {
      char c = text.charAt(i);
      boolean pair = Character.isHighSurrogate(c) && i + 1 < end && Character.isLowSurrogate(text.charAt(i + 1));
      if (c == 0 && variant == Utf8Variant.MODIFIED_UTF_8) {
        out.write(0xC0);
        out.write(0x80);
      } else if (pair && variant == Utf8Variant.UTF_8) {
        int codePoint = Character.toCodePoint(c, text.charAt(++i));
        out.write(0xF0 | codePoint >> 18);
        out.write(0x80 | (codePoint >> 12 & 0x3F));
        out.write(0x80 | (codePoint >> 6 & 0x3F));
        out.write(0x80 | (codePoint & 0x3F));
      } else if (pair) { // CESU-8 and modified UTF-8: the two halves, three bytes each
        writeThreeBytes(c, out);
        writeThreeBytes(text.charAt(++i), out);
      } else if (Character.isSurrogate(c) && variant != Utf8Variant.MODIFIED_UTF_8) {
        return null;
      } else if (c < 0x80) {
        out.write(c);
      } else if (c < 0x800) {
        out.write(0xC0 | c >> 6);
        out.write(0x80 | (c & 0x3F));
      } else {
        writeThreeBytes(c, out);
      }
    }
    return out.toByteArray();
  }

  private static void writeThreeBytes(char c, ByteArrayOutputStream out) {
    out.write(0xE0 | c >> 12);
    out.write(0x80 | (c >> 6 & 0x3F));
    out.write(0x80 | (c & 0x3F));
  }

  private static String hex(String text) {
    StringBuilder sb = new StringBuilder("\"");
    for (int i = 0; i < text.length(); i++) {
      sb.append(String.format("\\u%04X", (int) text.charAt(i)));
    }
    return sb.append('"').toString();
  }
}
