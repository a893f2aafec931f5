package dev.textwire;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.textwire.buffer.SegmentedBuffer;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The code pages' resumable encoder and {@link SegmentedBuffer#writeText}: however the output is cut and
 * the input split, the bytes equal the one-shot {@link TextCodec#encode}; strict errors leave the good
 * bytes written and counted.
 */
class CodePageEncoderTest {
  private static final TextCodec[] PAGES = {
    TextCodecs.ISO_8859_1, TextCodecs.IBM500, TextCodecs.IBM500_DERBY, TextCodecs.IBM1047
  };

  static Stream<Arguments> codecs() {
    List<Arguments> all = new ArrayList<>();
    for (TextCodec page : PAGES) {
      for (ErrorPolicy policy : ErrorPolicy.values()) {
        all.add(Arguments.of(page.withPolicy(policy)));
      }
    }
    return all.stream();
  }

  static Stream<TextCodec> strictCodecs() {
    return Stream.of(PAGES);
  }

  private static String latin1(int length) {
    StringBuilder sb = new StringBuilder(length);
    for (int i = 0; i < length; i++) {
      sb.append(i % 5 == 4 ? (char) (0xA0 + i % 90) : (char) ('A' + i % 58));
    }
    return sb.toString();
  }

  /** Texts the codec takes under its policy: only mappable text under STRICT. */
  private static List<String> texts(TextCodec codec) {
    List<String> texts = new ArrayList<>(List.of("", "a", "\n\u0085\r", latin1(9), latin1(100), latin1(5000)));
    if (codec.policy() != ErrorPolicy.STRICT) {
      texts.add("\uD83D\uDE00");
      texts.add("\uD800");
      texts.add("x\uDC00y\u0100z\uD83D\uDE00\uDBFF");
      String pairs = latin1(2047) + "\uD83D\uDE00" + latin1(2046) + "\uD83D\uDE00" + "\u20AC" + latin1(50) + "\uDC00";
      texts.add(pairs);
      texts.add(CodePageJdkTest.randomText(new SplittableRandom(42), 7000, false));
    }
    return texts;
  }

  enum Sink { ARRAY, HEAP, HEAP_SLICE, DIRECT }

  /** One encode call into a window of {@code w} bytes; appends what it wrote to {@code out}. */
  private static int encodeOnce(TextEncoder encoder, Sink sink, int w, ByteArrayOutputStream out) {
    long before = encoder.bytesWritten();
    int n;
    switch (sink) {
      case ARRAY -> {
        byte[] dst = new byte[w + 7];
        try {
          n = encoder.encode(dst, 3, w);
        } finally {
          out.write(dst, 3, (int) (encoder.bytesWritten() - before));
        }
      }
      default -> {
        ByteBuffer dst =
            sink == Sink.DIRECT
                ? ByteBuffer.allocateDirect(w + 7)
                : sink == Sink.HEAP ? ByteBuffer.allocate(w + 7) : ByteBuffer.allocate(w + 12).position(5).slice();
        dst.position(2).limit(2 + w);
        try {
          n = encoder.encode(dst);
        } finally {
          int good = (int) (encoder.bytesWritten() - before);
          assertEquals(2 + good, dst.position(), "the position advances by the bytes written");
          byte[] bytes = new byte[good];
          dst.get(2, bytes);
          out.write(bytes, 0, good);
        }
      }
    }
    assertEquals(before + n, encoder.bytesWritten());
    return n;
  }

  /** Drains the encoder's input into windows whose sizes come from {@code sizes}, cycling. */
  private static byte[] drain(TextEncoder encoder, Sink sink, int[] sizes, ByteArrayOutputStream out, String ctx) {
    int calls = 0;
    while (encoder.hasRemaining()) {
      int w = sizes[calls++ % sizes.length];
      int n = encodeOnce(encoder, sink, w, out);
      // One byte per char: every window is filled, unless the input ran out first.
      assertTrue(n == w || !encoder.hasRemaining(), ctx + ": call " + calls + " wrote " + n + " of " + w);
      assertTrue(n > 0 || !encoder.hasRemaining(), ctx + ": no progress");
    }
    assertEquals(0, encodeOnce(encoder, sink, 4, out), ctx + ": nothing left");
    return out.toByteArray();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("codecs")
  void windowsEqualOneShot(TextCodec codec) {
    int[][] windowSets = {{1}, {2}, {3}, {4}, {5}, {6}, {7}, {8}, {9}, {1, 9, 2, 8, 3}, {64}, {2047, 1}, {2049}, {10_000}};
    TextEncoder encoder = codec.newEncoder();
    assertEquals(codec.name(), encoder.name());
    assertEquals(codec.policy(), encoder.policy());
    for (String s : texts(codec)) {
      byte[] expected = codec.encode(s);
      for (Sink sink : Sink.values()) {
        for (int[] sizes : windowSets) {
          if (s.length() > 200 && sizes[0] < 9 && sizes.length == 1 && sizes[0] != 1 && sizes[0] != 7) {
            continue; // long texts: windows 1, 7, mixed and large are enough
          }
          CharSequence text =
              sizes.length > 1
                  ? new StringBuilder(s)
                  : sizes[0] == 7 ? java.nio.CharBuffer.wrap(("##" + s).toCharArray(), 2, s.length()) : s;
          String ctx = codec + " " + sink + " windows " + sizes[0] + "/" + sizes.length + " " + s.length() + " chars";
          encoder.reset(text);
          assertArrayEquals(expected, drain(encoder, sink, sizes, new ByteArrayOutputStream(), ctx), ctx);
          assertEquals(expected.length, encoder.bytesWritten(), ctx);
          assertEquals(s.length(), encoder.charsConsumed(), ctx);
          assertEquals(s.length(), encoder.charIndex(), ctx);
          assertFalse(encoder.hasCarriedSurrogate(), ctx);
        }
      }
      // A range of the text: reset(text, begin, end).
      if (s.length() >= 4) {
        int begin = 1;
        int end = s.length() - 1;
        if (Character.isLowSurrogate(s.charAt(begin)) || Character.isHighSurrogate(s.charAt(end - 1))) {
          continue;
        }
        encoder.reset(s, begin, end);
        byte[] got = drain(encoder, Sink.ARRAY, new int[] {5}, new ByteArrayOutputStream(), codec + " range");
        assertArrayEquals(codec.encode(s.substring(begin, end)), got, codec + " range of " + s.length());
        assertEquals(end, encoder.charIndex());
      }
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("codecs")
  void feedSplittingAPair(TextCodec codec) {
    byte[] whole = codec.withPolicy(codec.policy() == ErrorPolicy.STRICT ? ErrorPolicy.REPLACE : codec.policy()).encode("a\uD83D\uDE00b");
    assertEquals(3, whole.length, "one-shot: the pair is one substitute");
    for (Sink sink : Sink.values()) {
      for (boolean fromArray : new boolean[] {false, true}) {
        String ctx = codec + " " + sink + (fromArray ? " char[]" : " String");
        TextEncoder encoder = codec.newEncoder();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        feed(encoder, "a\uD83D", false, fromArray);
        assertEquals(1, encodeOnce(encoder, sink, 8, out), ctx);
        assertTrue(encoder.hasCarriedSurrogate(), ctx);
        assertFalse(encoder.hasRemaining(), ctx);
        assertEquals(2, encoder.charsConsumed(), ctx + ": a carried surrogate counts as consumed");
        assertEquals(0, encodeOnce(encoder, sink, 8, out), ctx + ": the carried surrogate waits for the next piece");
        feed(encoder, "\uDE00b", true, fromArray);
        assertFalse(encoder.hasCarriedSurrogate() && !encoder.hasRemaining(), ctx);
        if (codec.policy() == ErrorPolicy.STRICT) {
          MalformedTextException e = assertThrows(MalformedTextException.class, () -> encodeOnce(encoder, sink, 8, out), ctx);
          assertEquals(1, e.charIndex(), ctx + ": the pair's index in the stream");
          assertEquals(2, e.malformedLength(), ctx);
          assertTrue(e.getMessage().contains("U+1F600"), e.getMessage());
          assertEquals(1, encoder.bytesWritten(), ctx);
          assertArrayEquals(codec.encode("a"), out.toByteArray(), ctx);
          continue;
        }
        assertEquals(2, encodeOnce(encoder, sink, 8, out), ctx);
        assertArrayEquals(whole, out.toByteArray(), ctx);
        assertEquals(3, encoder.bytesWritten(), ctx);
        assertEquals(4, encoder.charsConsumed(), ctx);
        assertFalse(encoder.hasCarriedSurrogate(), ctx);
        assertFalse(encoder.hasRemaining(), ctx);
        // The same with a one-byte window for the pair's substitute.
        encoder.reset();
        ByteArrayOutputStream small = new ByteArrayOutputStream();
        feed(encoder, "a\uD83D", false, fromArray);
        drain(encoder, sink, new int[] {1}, small, ctx);
        feed(encoder, "\uDE00b", true, fromArray);
        drain(encoder, sink, new int[] {1}, small, ctx);
        assertArrayEquals(whole, small.toByteArray(), ctx + ", window 1");
      }
    }
  }

  private static void feed(TextEncoder encoder, String piece, boolean end, boolean fromArray) {
    if (fromArray) {
      char[] padded = ("##" + piece).toCharArray();
      encoder.feed(padded, 2, padded.length - 2, end);
    } else {
      encoder.feed(piece, 0, piece.length(), end);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("codecs")
  void carriedSurrogateThatTurnsOutUnpaired(TextCodec codec) {
    byte sub = codec.withPolicy(ErrorPolicy.REPLACE).encode("\uD800")[0];
    byte expectedSub = codec.policy() == ErrorPolicy.REPLACE_WITH_QUESTION_MARK ? codec.encode("?")[0] : sub;
    // Followed by the end of input, and by a char that is not a low surrogate (a Latin-1 String piece).
    for (String next : new String[] {"", "xy"}) {
      TextEncoder encoder = codec.newEncoder();
      encoder.feed("ab\uD83D", 0, 3, false);
      byte[] dst = new byte[8];
      assertEquals(2, encoder.encode(dst, 0, 8));
      assertTrue(encoder.hasCarriedSurrogate());
      encoder.feed(next, 0, next.length(), true);
      assertTrue(encoder.hasRemaining());
      if (codec.policy() == ErrorPolicy.STRICT) {
        MalformedTextException e = assertThrows(MalformedTextException.class, () -> encoder.encode(dst, 2, 6));
        assertEquals(2, e.charIndex());
        assertEquals(1, e.malformedLength());
        assertTrue(e.getMessage().contains("unpaired high surrogate"), e.getMessage());
        assertEquals(2, encoder.bytesWritten());
        continue;
      }
      assertEquals(1 + next.length(), encoder.encode(dst, 2, 6), "next=" + next);
      assertEquals(expectedSub, dst[2]);
      byte[] expected = codec.encode("ab\uD83D" + next);
      assertEquals(expected.length, encoder.bytesWritten());
      for (int i = 0; i < expected.length; i++) {
        assertEquals(expected[i], dst[i], "byte " + i);
      }
      assertFalse(encoder.hasRemaining());
    }
    // A piece must be drained before the next one.
    TextEncoder encoder = codec.newEncoder().feed("abc", 0, 3, false);
    assertEquals(1, encoder.encode(new byte[1], 0, 1));
    assertThrows(IllegalStateException.class, () -> encoder.feed("d", 0, 1, true));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("codecs")
  void randomPiecesEqualOneShot(TextCodec codec) {
    long seed = TestSupport.seed(0xFEED_C0DEL);
    SplittableRandom random = new SplittableRandom(seed);
    TextEncoder encoder = codec.newEncoder();
    for (int t = 0; t < 60; t++) {
      int length = random.nextInt(5) == 0 ? 3000 + random.nextInt(3000) : random.nextInt(120);
      String s = codec.policy() == ErrorPolicy.STRICT ? latin1(length) : CodePageJdkTest.randomText(random, length, false);
      byte[] expected = codec.encode(s);
      Sink sink = Sink.values()[random.nextInt(Sink.values().length)];
      int[] sizes = {1 + random.nextInt(9), 1 + random.nextInt(3000)};
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      encoder.reset();
      String ctx = codec + " text " + t + " sink " + sink + ", " + TestSupport.seedMessage(seed);
      for (int at = 0; at < s.length() || at == 0; ) {
        int cut = Math.min(s.length(), at + random.nextInt(random.nextBoolean() ? 8 : 2500));
        boolean last = cut == s.length() && random.nextInt(4) != 0;
        feed(encoder, s.substring(at, cut), last, random.nextBoolean());
        drain(encoder, sink, sizes, out, ctx);
        at = cut;
        if (last) {
          break;
        }
        if (at == s.length()) {
          encoder.feed("", 0, 0, true); // the end of input on its own
          drain(encoder, sink, sizes, out, ctx);
          break;
        }
      }
      assertArrayEquals(expected, out.toByteArray(), ctx);
      assertEquals(s.length(), encoder.charsConsumed(), ctx);
      assertFalse(encoder.hasCarriedSurrogate(), ctx);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("strictCodecs")
  void strictErrorLeavesTheGoodBytesWrittenAndCounted(TextCodec codec) {
    for (int bad : new int[] {0, 1, 5, 2047, 2048, 2049, 4000}) {
      for (String badChar : new String[] {"\u0100", "\uDC00", "\uD83D\uDE00"}) {
        String s = latin1(bad) + badChar + latin1(50);
        byte[] good = codec.encode(s.substring(0, bad));
        for (Sink sink : Sink.values()) {
          for (int w : new int[] {1, 3, 64, 10_000}) {
            if (bad > 100 && w < 64) {
              continue;
            }
            String ctx = codec + " " + sink + " window " + w + " bad " + Integer.toHexString(badChar.charAt(0)) + " at " + bad;
            TextEncoder encoder = codec.newEncoder().reset(s);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            MalformedTextException e =
                assertThrows(MalformedTextException.class, () -> drain(encoder, sink, new int[] {w}, out, ctx), ctx);
            assertEquals(bad, e.charIndex(), ctx);
            assertEquals(badChar.length(), e.malformedLength(), ctx);
            assertEquals(bad, encoder.bytesWritten(), ctx);
            assertEquals(bad, encoder.charIndex(), ctx + ": the encoder stands before the bad char");
            assertEquals(bad, encoder.charsConsumed(), ctx);
            assertArrayEquals(good, out.toByteArray(), ctx);
            // It stays there: the next call fails the same way.
            assertEquals(bad, assertThrows(MalformedTextException.class, () -> encoder.encode(new byte[8], 0, 8), ctx).charIndex());
          }
        }
      }
    }
    // In a stream of pieces, the index is the char's position in the stream.
    TextEncoder encoder = codec.newEncoder();
    encoder.feed("abc", 0, 3, false);
    assertEquals(3, encoder.encode(new byte[3], 0, 3));
    encoder.feed("xyde\u0100f", 2, 6, true);
    byte[] dst = new byte[8];
    MalformedTextException e = assertThrows(MalformedTextException.class, () -> encoder.encode(dst, 0, 8));
    assertEquals(5, e.charIndex());
    assertEquals(5, encoder.bytesWritten());
    assertArrayEquals(codec.encode("de"), new byte[] {dst[0], dst[1]});
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("codecs")
  void segmentedBufferWriteTextEqualsOneShot(TextCodec codec) {
    byte[] head = codec.encode("head:");
    for (int segmentSize : new int[] {1, 2, 8, 4096}) {
      for (String s : texts(codec)) {
        byte[] expected = codec.encode(s);
        SegmentedBuffer buffer = new SegmentedBuffer(segmentSize);
        assertEquals(head.length, buffer.writeText("head:", codec));
        assertEquals(expected.length, buffer.writeText(s, codec), codec + " segment " + segmentSize);
        assertEquals(expected.length, buffer.writeText(new StringBuilder(s), codec));
        assertEquals(3, buffer.writeText("x" + s + "yzw", 1 + s.length(), 4 + s.length(), codec), "a range");
        String ctx = codec + " segment " + segmentSize + ", " + s.length() + " chars";
        ByteArrayOutputStream want = new ByteArrayOutputStream();
        want.writeBytes(head);
        want.writeBytes(expected);
        want.writeBytes(expected);
        want.writeBytes(codec.encode("yzw"));
        assertEquals(want.size(), buffer.size(), ctx);
        assertArrayEquals(want.toByteArray(), buffer.toByteArray(), ctx);
      }
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("codecs")
  void segmentedBufferWriteEncoder(TextCodec codec) {
    for (int segmentSize : new int[] {1, 2, 8, 4096}) {
      for (String s : texts(codec)) {
        SegmentedBuffer buffer = new SegmentedBuffer(segmentSize);
        buffer.write(new byte[] {1, 2, 3});
        TextEncoder encoder = codec.newEncoder();
        int half = s.length() / 2;
        encoder.feed(s, 0, half, false);
        long first = buffer.write(encoder);
        encoder.feed(s, half, s.length(), true);
        long second = buffer.write(encoder);
        byte[] expected = codec.encode(s);
        String ctx = codec + " segment " + segmentSize + ", " + s.length() + " chars";
        assertEquals(expected.length, first + second, ctx);
        byte[] all = buffer.toByteArray();
        assertArrayEquals(expected, Arrays.copyOfRange(all, 3, all.length), ctx);
      }
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("strictCodecs")
  void strictFailureInWriteTextLeavesTheBufferUnchanged(TextCodec codec) {
    for (int segmentSize : new int[] {1, 2, 8, 4096}) {
      for (int bad : new int[] {0, 3, 100, 5000}) {
        for (String badChar : new String[] {"\u0100", "\uD800", "\uD83D\uDE00"}) {
          String ctx = codec + " segment " + segmentSize + " bad at " + bad;
          SegmentedBuffer buffer = new SegmentedBuffer(segmentSize);
          buffer.writeText("before", codec);
          if (segmentSize == 8) {
            // A full segment: the next write moves to a fresh one before it fails.
            assertThrows(MalformedTextException.class, () -> buffer.writeText("ab\u0100", codec));
            assertThrows(MalformedTextException.class, () -> buffer.writeText("\u0100ab", codec));
            buffer.writeText("12", codec);
            assertEquals(8, buffer.size());
            buffer.truncate(6);
          }
          byte[] before = buffer.toByteArray();
          String s = latin1(bad) + badChar + latin1(10);
          MalformedTextException e = assertThrows(MalformedTextException.class, () -> buffer.writeText(s, codec), ctx);
          assertEquals(bad, e.charIndex(), ctx);
          assertEquals(before.length, buffer.size(), ctx);
          assertArrayEquals(before, buffer.toByteArray(), ctx);
          // The buffer goes on from where it was.
          buffer.writeText("after", codec);
          assertArrayEquals(codec.encode("beforeafter"), buffer.toByteArray(), ctx);
          // write(TextEncoder) keeps the good bytes before the bad char.
          TextEncoder encoder = codec.newEncoder().reset(s);
          assertThrows(MalformedTextException.class, () -> buffer.write(encoder), ctx);
          assertEquals(11 + bad, buffer.size(), ctx);
          assertArrayEquals(codec.encode("beforeafter" + latin1(bad)), buffer.toByteArray(), ctx);
        }
      }
    }
  }
}
