package dev.textwire;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.ReadOnlyBufferException;
import java.nio.charset.Charset;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The code pages' errors and edges: where a strict error is and what it says, the substitutes, a
 * destination too small or read-only, and heap, direct and sliced buffers.
 */
class CodePageErrorsTest {
  static List<TextCodec> codecs() {
    return List.of(TextCodecs.ISO_8859_1, TextCodecs.IBM500, TextCodecs.IBM500_DERBY, TextCodecs.IBM1047);
  }

  private static boolean ebcdic(TextCodec codec) {
    return codec != TextCodecs.ISO_8859_1;
  }

  /** {@code length} chars of Latin-1 text (every char has a byte in every code page here). */
  private static StringBuilder latin1(int length) {
    StringBuilder sb = new StringBuilder(length);
    for (int i = 0; i < length; i++) {
      sb.append(i % 7 == 6 ? (char) (0xC0 + i % 60) : (char) ('a' + i % 26));
    }
    return sb;
  }

  /** The text as String, StringBuilder, a CharBuffer with a nonzero position, and a plain CharSequence. */
  private static List<CharSequence> shapes(String s) {
    char[] padded = ("xyz" + s + "w").toCharArray();
    CharBuffer direct = ByteBuffer.allocateDirect(2 * (s.length() + 4)).asCharBuffer();
    direct.put("ab").put(s).put("cd").position(2).limit(2 + s.length());
    return List.of(s, new StringBuilder(s), CharBuffer.wrap(padded, 3, s.length()), new TestSupport.PlainCharSequence(s.toCharArray()), direct);
  }

  /** Every strict entry point throws at {@code index} with {@code length} chars. */
  private static void assertStrictError(TextCodec codec, CharSequence text, int begin, int index, int length, String ctx) {
    int end = text.length();
    List<org.junit.jupiter.api.function.Executable> calls =
        List.of(
            () -> codec.encodedLength(text, begin, end),
            () -> codec.encode(text.subSequence(0, end)),
            () -> codec.encode(text, begin, end, new byte[end + 4], 2),
            () -> codec.encode(text, begin, end, ByteBuffer.allocate(end + 4)),
            () -> codec.encode(text, begin, end, ByteBuffer.allocateDirect(end + 4)));
    for (int k = 0; k < calls.size(); k++) {
      String c = ctx + ", entry point " + k;
      MalformedTextException e = assertThrows(MalformedTextException.class, calls.get(k), c);
      assertEquals(index, e.charIndex(), c);
      assertEquals(length, e.malformedLength(), c);
      assertEquals(-1, e.byteOffset(), c);
      assertTrue(e.getMessage().contains("at char index " + index), c + ": " + e.getMessage());
      assertTrue(e.getMessage().contains(codec.name()), c + ": " + e.getMessage());
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("codecs")
  void strictErrorIndexInLongTextAroundChunkBoundaries(TextCodec codec) {
    int[] positions = {0, 1, 31, 32, 33, 47, 48, 2046, 2047, 2048, 2049, 4095, 4096, 4097, 6143, 9999};
    String[] bad = {"\u0100", "\u20AC", "\uFFFD", "\uD800", "\uDFFF", "\uD83D\uDE00"};
    for (int position : positions) {
      for (String b : bad) {
        StringBuilder sb = latin1(10_000);
        sb.replace(position, position + b.length(), b);
        // A second bad char later must not be the one reported.
        if (position + 3 < sb.length()) {
          sb.setCharAt(position + 3, '\u0101');
        }
        String s = sb.toString();
        int length = b.length(); // a pair is one character of two chars
        for (CharSequence text : shapes(s)) {
          String ctx = codec.name() + ", " + text.getClass().getSimpleName() + ", bad " + Integer.toHexString(b.charAt(0)) + " at " + position;
          assertStrictError(codec, text, 0, position, length, ctx);
          if (position >= 2) {
            // Encoding a range: the index is still the caller's, not relative to beginIndex.
            assertStrictError(codec, text, 2, position, length, ctx + ", from 2");
          }
        }
      }
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("codecs")
  void strictErrorInShortText(TextCodec codec) {
    for (int length = 1; length <= 70; length++) {
      for (int position : new int[] {0, length / 2, length - 1}) {
        StringBuilder sb = latin1(length);
        sb.setCharAt(position, '\u0394');
        for (CharSequence text : shapes(sb.toString())) {
          assertStrictError(codec, text, 0, position, 1, codec.name() + " length " + length + " at " + position + ", " + text.getClass().getSimpleName());
        }
      }
    }
  }

  @Test
  void messagesNameTheCharacter() {
    MalformedTextException e = assertThrows(MalformedTextException.class, () -> TextCodecs.IBM500.encode("ab\u0100c"));
    assertEquals("cannot encode IBM500: U+0100 (LATIN CAPITAL LETTER A WITH MACRON) at char index 2 is not in the code page", e.getMessage());
    e = assertThrows(MalformedTextException.class, () -> TextCodecs.ISO_8859_1.encode(new StringBuilder("x\u20AC")));
    assertTrue(e.getMessage().contains("ISO-8859-1"), e.getMessage());
    assertTrue(e.getMessage().contains("U+20AC (EURO SIGN) at char index 1"), e.getMessage());
    e = assertThrows(MalformedTextException.class, () -> TextCodecs.IBM1047.encode("abc\uD83D\uDE00"));
    assertTrue(e.getMessage().contains("U+1F600 (GRINNING FACE) at char index 3"), e.getMessage());
    assertEquals(2, e.malformedLength());
    e = assertThrows(MalformedTextException.class, () -> TextCodecs.IBM1047.encode("abc\uD83Dx"));
    assertTrue(e.getMessage().contains("unpaired high surrogate U+D83D at char index 3"), e.getMessage());
    assertEquals(1, e.malformedLength());
    e = assertThrows(MalformedTextException.class, () -> TextCodecs.IBM500_DERBY.encode("\uDE00abc"));
    assertTrue(e.getMessage().contains("unpaired low surrogate U+DE00 at char index 0"), e.getMessage());
    assertEquals(1, e.malformedLength());
    // A high surrogate at the very end is unpaired too.
    e = assertThrows(MalformedTextException.class, () -> TextCodecs.ISO_8859_1.encode("abc\uD83D"));
    assertEquals(3, e.charIndex());
    assertEquals(1, e.malformedLength());
    assertTrue(e.getMessage().contains("unpaired high surrogate"), e.getMessage());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("codecs")
  void substitutes(TextCodec codec) {
    byte sub = 0x3F;
    byte question = ebcdic(codec) ? (byte) 0x6F : (byte) 0x3F;
    byte a = ebcdic(codec) ? (byte) 0x81 : (byte) 'a';
    byte b = ebcdic(codec) ? (byte) 0x82 : (byte) 'b';
    // 'a', unmappable BMP char, pair, lone low, lone high, 'b', lone high at the end.
    String text = "a\u0100\uD83D\uDE00\uDC00\uD800b\uDBFF";
    byte[] replaced = {a, sub, sub, sub, sub, b, sub};
    byte[] questioned = {a, question, question, question, question, b, question};
    for (CharSequence shape : shapes(text)) {
      assertArrayEquals(replaced, codec.withPolicy(ErrorPolicy.REPLACE).encode(shape));
      assertArrayEquals(questioned, codec.withPolicy(ErrorPolicy.REPLACE_WITH_QUESTION_MARK).encode(shape));
      assertEquals(7, codec.withPolicy(ErrorPolicy.REPLACE).encodedLength(shape));
      assertEquals(7, codec.withPolicy(ErrorPolicy.REPLACE_WITH_QUESTION_MARK).encodedLength(shape));
    }
    // The '?' in the text itself is the same byte as the visible substitute.
    assertArrayEquals(new byte[] {question}, codec.encode("?"));
    // The same as the JDK's REPLACE, where the mapping is the JDK's.
    if (codec != TextCodecs.IBM500_DERBY) {
      assertArrayEquals(text.getBytes(Charset.forName(codec.name())), codec.withPolicy(ErrorPolicy.REPLACE).encode(text));
    }
    // A pair split across the chunk boundary at 2048 is still one substitute.
    StringBuilder sb = latin1(5000);
    sb.replace(2047, 2049, "\uD83D\uDE00");
    sb.replace(4095, 4097, "\uD83D\uDE00");
    String s = sb.toString();
    for (CharSequence shape : shapes(s)) {
      String ctx = codec.name() + " " + shape.getClass().getSimpleName();
      byte[] out = codec.withPolicy(ErrorPolicy.REPLACE_WITH_QUESTION_MARK).encode(shape);
      assertEquals(4998, out.length, ctx);
      assertEquals(4998, codec.withPolicy(ErrorPolicy.REPLACE).encodedLength(shape), ctx);
      assertEquals(question, out[2047], ctx);
      assertEquals(codec.encode(s.substring(2049, 4095))[0], out[2048], ctx);
      assertEquals(question, out[4094], ctx);
      assertEquals(2047, assertThrows(MalformedTextException.class, () -> codec.encode(shape), ctx).charIndex(), ctx);
    }
  }

  /** A range that cuts a pair leaves an unpaired half: what is outside the range is not looked at. */
  @ParameterizedTest(name = "{0}")
  @MethodSource("codecs")
  void rangeCuttingAPair(TextCodec codec) {
    String s = "ab\uD83D\uDE00cd";
    for (CharSequence text : shapes(s)) {
      String ctx = codec.name() + " " + text.getClass().getSimpleName();
      for (ErrorPolicy policy : new ErrorPolicy[] {ErrorPolicy.REPLACE, ErrorPolicy.REPLACE_WITH_QUESTION_MARK}) {
        TextCodec c = codec.withPolicy(policy);
        for (int[] range : new int[][] {{0, 3}, {3, 6}, {2, 3}, {3, 4}, {1, 5}}) {
          byte[] expected = c.encode(s.substring(range[0], range[1]));
          assertEquals(range[1] - range[0] - (range[0] <= 2 && range[1] >= 4 ? 1 : 0), expected.length, ctx);
          assertEquals(expected.length, c.encodedLength(text, range[0], range[1]), ctx);
          byte[] dst = new byte[expected.length];
          assertEquals(expected.length, c.encode(text, range[0], range[1], dst, 0), ctx);
          assertArrayEquals(expected, dst, ctx + " " + Arrays.toString(range));
          ByteBuffer direct = ByteBuffer.allocateDirect(expected.length);
          assertEquals(expected.length, c.encode(text, range[0], range[1], direct), ctx);
          TextEncoder encoder = c.newEncoder().reset(text, range[0], range[1]);
          assertEquals(expected.length, encoder.encode(dst, 0, dst.length), ctx);
          assertArrayEquals(expected, dst, ctx + " resumable " + Arrays.toString(range));
          assertFalse(encoder.hasRemaining(), ctx);
        }
      }
      MalformedTextException high = assertThrows(MalformedTextException.class, () -> codec.encode(text, 0, 3, new byte[8], 0), ctx);
      assertEquals(2, high.charIndex(), ctx);
      assertEquals(1, high.malformedLength(), ctx);
      assertTrue(high.getMessage().contains("unpaired high surrogate U+D83D"), high.getMessage());
      MalformedTextException low = assertThrows(MalformedTextException.class, () -> codec.encodedLength(text, 3, 6), ctx);
      assertEquals(3, low.charIndex(), ctx);
      assertTrue(low.getMessage().contains("unpaired low surrogate U+DE00"), low.getMessage());
      MalformedTextException resumable =
          assertThrows(MalformedTextException.class, () -> codec.newEncoder().reset(text, 3, 6).encode(new byte[8], 0, 8), ctx);
      assertEquals(3, resumable.charIndex(), ctx);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("codecs")
  void arrayTooSmall(TextCodec codec) {
    TextCodec replace = codec.withPolicy(ErrorPolicy.REPLACE);
    for (String s : new String[] {"h\u00e9llo", latin1(3000).toString(), "a\uD83D\uDE00b\u0100c" + latin1(100), latin1(40) + "\uD83D\uDE00"}) {
      for (CharSequence text : shapes(s)) {
        String ctx = codec.name() + " " + text.getClass().getSimpleName() + " " + s.length();
        int required = replace.encodedLength(text);
        assertEquals(s.length() - s.codePoints().filter(Character::isSupplementaryCodePoint).count(), required, ctx);
        for (int offset : new int[] {0, 3}) {
          byte[] dst = new byte[offset + required - 1];
          Arrays.fill(dst, (byte) 0x55);
          BufferTooSmallException e = assertThrows(BufferTooSmallException.class, () -> replace.encode(text, dst, offset), ctx);
          assertEquals(required, e.requiredBytes(), ctx);
          assertEquals(required - 1, e.availableBytes(), ctx);
          for (int i = 0; i < offset; i++) {
            assertEquals(0x55, dst[i], ctx + ": nothing written before the offset");
          }
          byte[] exact = new byte[offset + required];
          assertEquals(required, replace.encode(text, exact, offset), ctx);
          assertArrayEquals(replace.encode(s), Arrays.copyOfRange(exact, offset, exact.length), ctx);
        }
      }
    }
    // An empty text fits at the very end of an array.
    assertEquals(0, codec.encode("", new byte[4], 4));
    assertThrows(IndexOutOfBoundsException.class, () -> codec.encode("a", new byte[4], 5));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("codecs")
  void bufferTooSmallLeavesThePositionAndNothingPastTheLimit(TextCodec codec) {
    TextCodec replace = codec.withPolicy(ErrorPolicy.REPLACE);
    for (String s : new String[] {"h\u00e9llo", latin1(3000).toString(), "\u0100\uD83D\uDE00" + latin1(5000)}) {
      int required = replace.encodedLength(s);
      for (boolean direct : new boolean[] {false, true}) {
        ByteBuffer dst = direct ? ByteBuffer.allocateDirect(required + 10) : ByteBuffer.allocate(required + 10);
        for (int i = 0; i < dst.capacity(); i++) {
          dst.put(i, (byte) 0x55);
        }
        dst.position(4).limit(4 + required - 1);
        for (CharSequence text : shapes(s)) {
          String ctx = codec.name() + " direct=" + direct + " " + text.getClass().getSimpleName() + " " + s.length();
          BufferTooSmallException e = assertThrows(BufferTooSmallException.class, () -> replace.encode(text, dst), ctx);
          assertEquals(required, e.requiredBytes(), ctx);
          assertEquals(required - 1, e.availableBytes(), ctx);
          assertEquals(4, dst.position(), ctx);
          assertEquals(4 + required - 1, dst.limit(), ctx);
          ByteBuffer whole = dst.duplicate().clear();
          for (int i = 0; i < 4; i++) {
            assertEquals(0x55, whole.get(i), ctx + ": before the position");
          }
          for (int i = dst.limit(); i < dst.capacity(); i++) {
            assertEquals(0x55, whole.get(i), ctx + ": past the limit at " + i);
          }
        }
      }
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("codecs")
  void readOnlyBuffers(TextCodec codec) {
    for (ByteBuffer buffer : new ByteBuffer[] {ByteBuffer.allocate(16).asReadOnlyBuffer(), ByteBuffer.allocateDirect(16).asReadOnlyBuffer()}) {
      assertThrows(ReadOnlyBufferException.class, () -> codec.encode("abc", buffer));
      assertThrows(ReadOnlyBufferException.class, () -> codec.encode(new StringBuilder("abc\u0100"), buffer));
      assertThrows(ReadOnlyBufferException.class, () -> codec.newEncoder().reset("abc").encode(buffer));
      assertEquals(0, buffer.position());
    }
    // Reading from a read-only buffer is fine.
    ByteBuffer src = ByteBuffer.wrap(codec.encode("read only")).asReadOnlyBuffer();
    assertEquals("read only", codec.decode(src));
    assertEquals(9, src.position());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("codecs")
  void heapDirectAndSlicedBuffersGiveTheSameBytes(TextCodec codec) {
    for (ErrorPolicy policy : ErrorPolicy.values()) {
      TextCodec c = codec.withPolicy(policy);
      String mixed = policy == ErrorPolicy.STRICT ? "" : "\u0100\uD83D\uDE00\uDC00";
      for (String s : new String[] {"", "x", "h\u00e9llo w\u00f6rld\n" + mixed, latin1(2100) + mixed + latin1(3000)}) {
        byte[] expected = c.encode(s);
        ByteBuffer heapSlice = ByteBuffer.allocate(expected.length + 20).position(7).slice();
        ByteBuffer directSlice = ByteBuffer.allocateDirect(expected.length + 20).position(7).slice();
        ByteBuffer[] buffers = {ByteBuffer.allocate(expected.length + 5), ByteBuffer.allocateDirect(expected.length + 5), heapSlice, directSlice};
        assertEquals(7, heapSlice.arrayOffset());
        for (ByteBuffer dst : buffers) {
          for (CharSequence text : shapes(s)) {
            String ctx = c + " " + (dst.isDirect() ? "direct" : "heap") + " capacity " + dst.capacity() + " " + text.getClass().getSimpleName();
            dst.clear().position(1).mark().position(3);
            assertEquals(expected.length, c.encode(text, dst), ctx);
            assertEquals(1, dst.duplicate().reset().position(), ctx + ": the mark is kept");
            assertEquals(3 + expected.length, dst.position(), ctx);
            byte[] got = new byte[expected.length];
            dst.get(3, got);
            assertArrayEquals(expected, got, ctx);
            // Decoding from the same buffer: position to limit, which it moves to the limit.
            dst.limit(dst.position()).position(3);
            assertEquals(c.decode(expected), c.decode(dst), ctx);
            assertEquals(3 + expected.length, dst.position(), ctx);
            assertEquals(3 + expected.length, dst.limit(), ctx);
          }
        }
      }
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("codecs")
  void decodeBufferSlices(TextCodec codec) {
    byte[] all = new byte[256];
    for (int i = 0; i < 256; i++) {
      all[i] = (byte) i;
    }
    String expected = codec.decode(all);
    for (boolean direct : new boolean[] {false, true}) {
      ByteBuffer base = direct ? ByteBuffer.allocateDirect(300) : ByteBuffer.allocate(300);
      base.position(11).put(all);
      ByteBuffer slice = base.position(11).limit(11 + 256).slice();
      slice.position(5).limit(200);
      assertTrue(codec.isValid(slice));
      assertEquals(5, slice.position());
      assertEquals(expected.substring(5, 200), codec.decode(slice), "direct=" + direct);
      assertEquals(200, slice.position());
      assertEquals("", codec.decode(slice));
      assertFalse(slice.hasRemaining());
    }
  }
}
