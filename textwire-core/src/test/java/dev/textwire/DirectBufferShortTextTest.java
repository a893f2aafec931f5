package dev.textwire;

import static dev.textwire.TestSupport.codePoints;
import static dev.textwire.TestSupport.seedMessage;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Short Strings (up to 32 chars) go into a direct buffer by absolute puts, and everything else through
 * scratch and a bulk copy. Both routes must do what encoding into a heap buffer does, byte for byte: the
 * same bytes, count and position on success; on failure the same exception and message, the position
 * unchanged, and nothing written before the position or past the limit. Texts around the 32-char
 * boundary take both routes; UTF-8 is also checked against the JDK's {@code getBytes}.
 */
class DirectBufferShortTextTest {
  private static final byte SENTINEL = 0x5A;

  private static final List<TextCodec> CODECS =
      List.of(TextCodecs.UTF_8, TextCodecs.CESU_8, TextCodecs.MODIFIED_UTF_8, TextCodecs.ISO_8859_1, TextCodecs.IBM500);

  /** Chars at the edges of each UTF-8 length and of the surrogate ranges, and U+0000. */
  private static final char[] EDGE_CHARS = {
    0x00, 0x41, 0x7F, 0x80, 0xE9, 0xFF, 0x100, 0x7FF, 0x800, 0x4E2D, 0xD7FF, 0xE000, 0xFFFD, 0xFFFF
  };

  private static final String[] PAIRS = {"\uD800\uDC00", "\uD83D\uDE00", "\uDBFF\uDFFF"};
  private static final char[] LONE_SURROGATES = {0xD800, 0xDBFF, 0xDC00, 0xDFFF};

  @Test
  void everyCodecAndPolicyWritesWhatAHeapBufferGets() {
    long seed = TestSupport.seed(0x5EED_D1EC7L);
    SplittableRandom random = new SplittableRandom(seed);
    for (int n = 0; n < 4000; n++) {
      String text = randomText(random, random.nextInt(41), random.nextInt(4) == 0);
      int begin = random.nextInt(4) == 0 ? random.nextInt(text.length() + 1) : 0;
      int end = random.nextInt(4) == 0 ? begin + random.nextInt(text.length() - begin + 1) : text.length();
      for (TextCodec codec : CODECS) {
        for (ErrorPolicy policy : ErrorPolicy.values()) {
          checkEveryRoom(codec.withPolicy(policy), text, begin, end, () -> seedMessage(seed));
        }
      }
    }
  }

  @Test
  void everyEdgeCharAndPairAloneAndAmongAscii() {
    List<String> texts = new ArrayList<>();
    for (char c : EDGE_CHARS) {
      texts.add(String.valueOf(c));
    }
    for (String pair : PAIRS) {
      texts.add(pair);
    }
    for (char c : LONE_SURROGATES) {
      texts.add(String.valueOf(c));
    }
    List<String> all = new ArrayList<>(texts);
    for (String piece : texts) {
      // At the start, the end and in the middle of texts of 31 to 34 chars, across the short path's limit.
      for (int total = 31; total <= 34; total++) {
        int fill = total - piece.length();
        all.add(piece + "a".repeat(fill));
        all.add("a".repeat(fill) + piece);
        all.add("a".repeat(fill / 2) + piece + "a".repeat(fill - fill / 2));
      }
    }
    for (String text : all) {
      for (TextCodec codec : CODECS) {
        for (ErrorPolicy policy : ErrorPolicy.values()) {
          checkEveryRoom(codec.withPolicy(policy), text, 0, text.length(), () -> "");
        }
      }
    }
  }

  @Test
  void utf8MatchesTheJdk() {
    long seed = TestSupport.seed(0xD1EC7_0F8L);
    SplittableRandom random = new SplittableRandom(seed);
    TextCodec likeTheJdk = Utf8.codec(ErrorPolicy.REPLACE_WITH_QUESTION_MARK);
    for (int n = 0; n < 20_000; n++) {
      String text = randomText(random, random.nextInt(35), true);
      byte[] expected = text.getBytes(StandardCharsets.UTF_8);
      ByteBuffer direct = ByteBuffer.allocateDirect(expected.length + 2);
      // The bytes must not depend on the buffer's order (a wide store of a sequence would).
      direct.order(random.nextBoolean() ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN);
      direct.position(1).limit(1 + expected.length);
      int written = likeTheJdk.encode(text, direct);
      byte[] actual = new byte[written];
      direct.get(1, actual);
      Supplier<String> what = () -> codePoints(text) + ", " + seedMessage(seed);
      assertEquals(expected.length, written, what);
      assertEquals(1 + written, direct.position(), what);
      assertArrayEquals(expected, actual, what);
      if (!hasLoneSurrogate(text)) {
        assertEquals(expected.length, Utf8.encode(text, direct.clear().position(1)), what);
      }
    }
  }

  @Test
  void everySupplementaryCodePointInEitherByteOrder() {
    ByteBuffer big = ByteBuffer.allocateDirect(16).order(ByteOrder.BIG_ENDIAN);
    ByteBuffer little = ByteBuffer.allocateDirect(16).order(ByteOrder.LITTLE_ENDIAN);
    byte[] actual = new byte[4];
    for (int codePoint = 0x10000; codePoint <= Character.MAX_CODE_POINT; codePoint++) {
      String text = new String(Character.toChars(codePoint));
      byte[] expected = text.getBytes(StandardCharsets.UTF_8);
      for (ByteBuffer direct : List.of(big, little)) {
        direct.clear().position(3);
        assertEquals(4, Utf8.encode(text, direct));
        assertEquals(7, direct.position());
        direct.get(3, actual);
        if (!java.util.Arrays.equals(expected, actual)) {
          assertArrayEquals(expected, actual, "U+" + Integer.toHexString(codePoint).toUpperCase() + " " + direct.order());
        }
      }
    }
  }

  @Test
  void slicesDuplicatesAndEitherByteOrderGetTheSameBytes() {
    String text = "a\u00E9\u4E2D\uD83D\uDE00z";
    byte[] expected = text.getBytes(StandardCharsets.UTF_8);
    ByteBuffer whole = ByteBuffer.allocateDirect(64);
    List<ByteBuffer> views =
        List.of(
            whole.position(5).slice(),
            whole.clear().duplicate().position(7),
            whole.clear().order(java.nio.ByteOrder.LITTLE_ENDIAN).position(9));
    for (ByteBuffer view : views) {
      int before = view.position();
      assertEquals(expected.length, Utf8.encode(text, view), view::toString);
      byte[] actual = new byte[expected.length];
      view.get(before, actual);
      assertArrayEquals(expected, actual, view::toString);
      assertEquals(before + expected.length, view.position(), view::toString);
    }
    ByteBuffer readOnly = ByteBuffer.allocateDirect(64).asReadOnlyBuffer();
    org.junit.jupiter.api.Assertions.assertThrows(java.nio.ReadOnlyBufferException.class, () -> Utf8.encode(text, readOnly));
    assertEquals(0, readOnly.position());
  }

  /** Rooms of exact - 1 (too small), exact, a little more and the worst case, at positions 0 and 3. */
  private static void checkEveryRoom(TextCodec codec, String text, int begin, int end, Supplier<String> seed) {
    int exact;
    try {
      exact = codec.encodedLength(text, begin, end);
    } catch (MalformedTextException expected) {
      exact = 3 * (end - begin); // strict and refused: every room must refuse it the same way
    }
    int[] rooms = {Math.max(0, exact - 1), exact, exact + 5, 3 * (end - begin) + 8};
    for (int room : rooms) {
      for (int position : new int[] {0, 3}) {
        compare(codec, text, begin, end, position, room, seed);
      }
    }
  }

  private static void compare(
      TextCodec codec, String text, int begin, int end, int position, int room, Supplier<String> seed) {
    Outcome heap = encode(codec, text, begin, end, ByteBuffer.allocate(position + room + 4), position, room);
    Outcome direct = encode(codec, text, begin, end, ByteBuffer.allocateDirect(position + room + 4), position, room);
    Supplier<String> what =
        () -> codec.name() + " " + codec.policy() + ", " + codePoints(text) + " [" + begin + ", " + end + "), position "
            + position + ", room " + room + " " + seed.get();
    assertEquals(heap.error, direct.error, what);
    assertEquals(heap.written, direct.written, what);
    assertEquals(heap.position, direct.position, what);
    for (int i = 0; i < position; i++) {
      assertEquals(SENTINEL, direct.content[i], what);
    }
    for (int i = position + room; i < direct.content.length; i++) {
      assertEquals(SENTINEL, direct.content[i], what);
    }
    if (heap.error == null) {
      assertArrayEquals(heap.content, direct.content, what);
    } else {
      assertEquals(position, direct.position, what);
    }
  }

  private record Outcome(int written, int position, String error, byte[] content) {}

  private static Outcome encode(TextCodec codec, String text, int begin, int end, ByteBuffer dst, int position, int room) {
    while (dst.hasRemaining()) {
      dst.put(SENTINEL);
    }
    dst.clear().position(position).limit(position + room);
    int written = -1;
    String error = null;
    try {
      written = codec.encode(text, begin, end, dst);
    } catch (BufferTooSmallException | MalformedTextException e) {
      error = e.getClass().getSimpleName() + ": " + e.getMessage();
    }
    int after = dst.position();
    byte[] content = new byte[dst.capacity()];
    dst.clear().get(content);
    return new Outcome(written, after, error, content);
  }

  private static String randomText(SplittableRandom random, int chars, boolean loneSurrogates) {
    StringBuilder text = new StringBuilder();
    while (text.length() < chars) {
      int kind = random.nextInt(loneSurrogates ? 7 : 6);
      switch (kind) {
        case 0, 1 -> text.append((char) random.nextInt(0x80));
        case 2 -> text.append((char) random.nextInt(0x80, 0x800));
        case 3 -> text.append((char) (random.nextBoolean() ? random.nextInt(0x800, 0xD800) : random.nextInt(0xE000, 0x10000)));
        case 4 -> text.appendCodePoint(random.nextInt(0x10000, 0x110000));
        case 5 -> text.append(EDGE_CHARS[random.nextInt(EDGE_CHARS.length)]);
        default -> text.append(LONE_SURROGATES[random.nextInt(LONE_SURROGATES.length)]);
      }
    }
    return text.toString();
  }

  private static boolean hasLoneSurrogate(String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
        i++;
      } else if (Character.isSurrogate(c)) {
        return true;
      }
    }
    return false;
  }
}
