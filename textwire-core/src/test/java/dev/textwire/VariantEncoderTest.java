package dev.textwire;

import static dev.textwire.TestSupport.hex;
import static dev.textwire.TestSupport.seedMessage;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.textwire.buffer.SegmentedBuffer;
import dev.textwire.io.StreamTestSupport;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * The resumable encoder, {@link SegmentedBuffer#writeText} and encoding into arrays and buffers, for
 * CESU-8 and modified UTF-8 under every policy: however the output is cut, the bytes are the one-shot
 * {@code encode}'s, no call writes part of a character, and the error paths leave what they promise.
 */
class VariantEncoderTest {
  private static final TextCodec CESU = TextCodecs.CESU_8;
  private static final TextCodec MUTF = TextCodecs.MODIFIED_UTF_8;
  private static final TextCodec[] CODECS = {
    CESU, CESU.withPolicy(ErrorPolicy.REPLACE), CESU.withPolicy(ErrorPolicy.REPLACE_WITH_QUESTION_MARK),
    MUTF, MUTF.withPolicy(ErrorPolicy.REPLACE), MUTF.withPolicy(ErrorPolicy.REPLACE_WITH_QUESTION_MARK),
  };
  private static final int[] WINDOW_SIZES = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 31, 100, 1000, 6145, 9000};
  private static final byte GUARD = (byte) 0xA5;

  private static byte[] bytesOf(ByteBuffer buffer) {
    byte[] all = new byte[buffer.capacity()];
    buffer.get(0, all);
    return all;
  }

  private static ByteBuffer guarded(ByteBuffer buffer) {
    for (int i = 0; i < buffer.capacity(); i++) {
      buffer.put(i, GUARD);
    }
    return buffer;
  }

  /** Whether {@code codec} encodes {@code s} without throwing: all but strict CESU-8 of ill-formed text. */
  private static boolean accepts(TextCodec codec, CharSequence s) {
    return codec.policy() != ErrorPolicy.STRICT || codec.name().equals("Modified UTF-8") || StreamTestSupport.isWellFormed(s);
  }

  /** Bytes of the character at {@code s[i]}: a pair is 6, anything else what the codec writes for it alone. */
  private static int charBytes(TextCodec codec, CharSequence s, int i) {
    char c = s.charAt(i);
    if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
      return 6;
    }
    return codec.encode(String.valueOf(c)).length;
  }

  /** Texts for the encoders' paths: every kind of char, pairs and lone surrogates across the 2048-char chunks. */
  private static List<String> texts(SplittableRandom random) {
    List<String> texts = new ArrayList<>(List.of(
        "", "a", "\0", "\u00E9", "\u20AC", "\uD83D\uDE00", "\uD800", "\uDC00", "a\uD83D\uDE00b\0\u00E9\u20AC",
        "\uD83D\uDE00\uD83D\uDE00\u20AC\u20AC\u00E9\u00E9\0\0aa", "\uD800x\uDC00", "ab\uD83D", "\uDE00\u00E9",
        "\0".repeat(100) + "x".repeat(100), "a".repeat(60) + "\0" + "\u00E9".repeat(60) + "\0",
        "a".repeat(2047) + "\uD83D\uDE00" + "b".repeat(300), "\u20AC".repeat(2047) + "\uD800" + "\u20AC".repeat(5),
        "x".repeat(2047) + "\uD83D\uDE00".repeat(1100) + "\0"));
    for (int t = 0; t < 40; t++) {
      texts.add(Utf8FamilyAgreementTest.randomText(random, t < 30 ? random.nextInt(60) : random.nextInt(5000), true, t % 2 == 0));
    }
    return texts;
  }

  // -------------------------------------------------------------------------------------------------
  // reset(text), then windows

  enum Sink { ARRAY, HEAP, HEAP_SLICE, DIRECT }

  /** One encode call into {@code room} bytes at {@code offset} of the sink's storage; returns the bytes written. */
  private static int encodeOnce(TextEncoder encoder, Sink sink, byte[] array, ByteBuffer heap, ByteBuffer direct,
      int offset, int room, Supplier<String> ctx) {
    if (sink == Sink.ARRAY) {
      return encoder.encode(array, offset, room);
    }
    ByteBuffer storage = sink == Sink.DIRECT ? direct : heap;
    storage.limit(offset + room).position(offset);
    // A slice puts the window at index 0 of a buffer whose storage starts elsewhere (arrayOffset for heap).
    ByteBuffer window = sink == Sink.HEAP_SLICE ? storage.slice() : storage;
    int position = window.position();
    int limit = window.limit();
    int n = encoder.encode(window);
    assertEquals(position + n, window.position(), () -> ctx.get() + ": position moves by the bytes written");
    assertEquals(limit, window.limit(), ctx);
    return n;
  }

  /**
   * Encodes all of {@code s} through windows of {@code size} bytes (at a small offset of guarded storage),
   * checking each call: the codec's bytes for exactly the chars consumed (so whole characters only), as
   * many as fit, nothing outside the window, and the counts. A call that writes nothing must be facing a
   * character larger than the window; it is followed by one with 6 bytes.
   */
  private static byte[] encodeInWindows(TextCodec codec, CharSequence s, int size, Sink sink, SplittableRandom random,
      Supplier<String> ctx) {
    TextEncoder encoder = codec.newEncoder().reset(s);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int capacity = Math.max(size, 6) + 16;
    byte[] array = new byte[capacity];
    ByteBuffer heap = ByteBuffer.wrap(array);
    ByteBuffer direct = ByteBuffer.allocateDirect(capacity);
    for (int calls = 0; encoder.hasRemaining(); calls++) {
      if (calls > 10 * s.length() + 10) {
        fail(ctx.get() + ": no end after " + calls + " calls");
      }
      int room = size;
      int from = encoder.charIndex();
      int offset = 8 + random.nextInt(3);
      Arrays.fill(array, GUARD);
      direct.clear().put(array).clear();
      int n = encodeOnce(encoder, sink, array, heap, direct, offset, room, ctx);
      if (n == 0 && encoder.hasRemaining()) {
        int need = charBytes(codec, s, from);
        assertTrue(need > room, () -> ctx.get() + ": wrote nothing though " + need + " bytes fit in " + size);
        room = 6;
        n = encodeOnce(encoder, sink, array, heap, direct, offset, room, ctx);
        assertTrue(n > 0, () -> ctx.get() + ": no progress in 6 bytes");
      }
      if (sink == Sink.DIRECT) {
        direct.clear().get(array);
      }
      int written = n;
      int windowRoom = room;
      int to = encoder.charIndex();
      byte[] bytes = Arrays.copyOfRange(array, offset, offset + n);
      for (int i = 0; i < capacity; i = i == offset - 1 ? offset + windowRoom : i + 1) {
        assertEquals(GUARD, array[i], () -> ctx.get() + ": wrote outside the window");
      }
      assertArrayEquals(codec.encode(s.subSequence(from, to).toString()), bytes,
          () -> ctx.get() + ": call for chars [" + from + ", " + to + ") wrote " + hex(bytes));
      if (encoder.hasRemaining()) {
        int next = charBytes(codec, s, to);
        assertTrue(next > windowRoom - written,
            () -> ctx.get() + ": stopped with " + (windowRoom - written) + " bytes left, next char needs " + next);
      }
      out.write(bytes, 0, n);
      assertEquals(out.size(), encoder.bytesWritten(), ctx);
      assertEquals(to, encoder.charsConsumed(), ctx);
    }
    assertEquals(s.length(), encoder.charIndex(), ctx);
    assertEquals(0, encoder.encode(array, 0, capacity), ctx);
    return out.toByteArray();
  }

  @Test
  void windowsOfEverySizeAndKindEqualOneShot() {
    long seed = TestSupport.seed(0x3117D0L);
    SplittableRandom random = new SplittableRandom(seed);
    List<String> texts = texts(random);
    for (TextCodec codec : CODECS) {
      for (int t = 0; t < texts.size(); t++) {
        String s = texts.get(t);
        if (!accepts(codec, s)) {
          continue;
        }
        byte[] expected = codec.encode(s);
        for (int w = 0; w < WINDOW_SIZES.length; w++) {
          int size = WINDOW_SIZES[w];
          if (size < 16 && s.length() > 3000) {
            continue; // the small windows walk the short texts; long ones take a few sizes
          }
          Sink sink = Sink.values()[(t + w) % 4];
          int n = t;
          Supplier<String> ctx = () -> codec + ", text " + n + " (" + s.length() + " chars), window " + size + " "
              + sink + ", " + seedMessage(seed);
          CharSequence text = t % 3 == 1 ? new StringBuilder(s) : s;
          assertArrayEquals(expected, encodeInWindows(codec, text, size, sink, random, ctx), ctx);
        }
      }
    }
  }

  @Test
  void aCharacterThatDoesNotFitWaitsForAWindowThatHoldsIt() {
    for (TextCodec codec : new TextCodec[] {CODECS[0], CODECS[1], CODECS[2]}) { // CESU-8; modified UTF-8 below
      TextEncoder encoder = codec.newEncoder().reset("\uD83D\uDE00z");
      byte[] window = new byte[8];
      int first = encoder.encode(window, 0, 5);
      assertEquals("0 true 0 0", first + " " + encoder.hasRemaining() + " " + encoder.charIndex() + " "
          + encoder.bytesWritten(), () -> codec + ": written, hasRemaining, charIndex, bytesWritten");
      assertEquals(6, encoder.encode(window, 0, 6), codec::toString);
      assertEquals("ED A0 BD ED B8 80", hex(window, 0, 6), codec::toString);
      assertEquals(1, encoder.encode(window, 0, 1), codec::toString);
      assertFalse(encoder.hasRemaining(), codec::toString);
    }
    String[] lone = {null, "EF BF BD", "3F", "ED A0 80", "ED A0 80", "ED A0 80"}; // per CODECS order, for "\uD800"
    for (int i = 1; i < CODECS.length; i++) {
      int need = lone[i].length() / 3 + 1;
      TextEncoder encoder = CODECS[i].newEncoder().reset("\uD800");
      byte[] window = new byte[4];
      assertEquals(0, encoder.encode(window, 0, need - 1), CODECS[i]::toString);
      assertEquals(need, encoder.encode(window, 0, need), CODECS[i]::toString);
      assertEquals(lone[i], hex(window, 0, need), CODECS[i]::toString);
    }
  }

  /**
   * Modified UTF-8 encodes UTF-16 code units, each surrogate alone (as writeUTF does), so its character is
   * one char: a window may end between the halves of a pair, and nothing is carried between pieces. Each
   * window is still well-formed modified UTF-8 on its own, and the bytes joined are the one-shot bytes.
   */
  @Test
  void modifiedUtf8EncodesEachSurrogateAsItsOwnCharacter() {
    TextEncoder encoder = TextCodecs.MODIFIED_UTF_8.newEncoder().reset("\uD83D\uDE00z");
    byte[] window = new byte[8];
    int firstCall = encoder.encode(window, 0, 5);
    int indexAfter = encoder.charIndex();
    assertTrue(TextCodecs.MODIFIED_UTF_8.isValid(window, 0, firstCall), "the high surrogate's window is well-formed");
    TextEncoder fed = TextCodecs.MODIFIED_UTF_8.newEncoder().feed("a\uD83D", 0, 2, false);
    int fedBytes = fed.encode(window, 0, 8);
    assertAll(
        () -> assertEquals(3, firstCall, "the high surrogate alone fits in 5 bytes"),
        () -> assertEquals(1, indexAfter, "the encoder stands between the halves"),
        () -> assertEquals(4, fedBytes, "'a' and the high surrogate are written"),
        () -> assertFalse(fed.hasCarriedSurrogate(), "nothing is carried"));
  }

  @Test
  void strictCesuErrorInTheEncoderComesAfterTheGoodBytes() {
    TextEncoder encoder = TextCodecs.CESU_8.newEncoder().reset("ab\uD83D\uDE00c\uDC00def");
    byte[] window = new byte[64];
    MalformedTextException e = assertThrows(MalformedTextException.class, () -> encoder.encode(window, 3, 61));
    assertEquals(5, e.charIndex());
    assertEquals(5, encoder.charIndex());
    assertEquals(9, encoder.bytesWritten());
    assertEquals("61 62 ED A0 BD ED B8 80 63", hex(window, 3, 9));
  }

  // -------------------------------------------------------------------------------------------------
  // feed(pieces)

  @Test
  void feedingPiecesThatSplitPairsEqualsOneShot() {
    long seed = TestSupport.seed(0xFEEDL);
    SplittableRandom random = new SplittableRandom(seed);
    List<String> texts = texts(random);
    for (int r = 0; r < 3; r++) {
      for (int t = 0; t < texts.size(); t++) {
        String s = texts.get(t);
        for (TextCodec codec : CODECS) {
          if (!accepts(codec, s)) {
            continue;
          }
          int n = t;
          Supplier<String> ctx = () -> codec + ", text " + n + ", " + seedMessage(seed);
          TextEncoder encoder = codec.newEncoder();
          ByteArrayOutputStream out = new ByteArrayOutputStream();
          byte[] window = new byte[9000];
          int fed = 0;
          boolean carry = false;
          do {
            int end = Math.min(s.length(), fed + random.nextInt(random.nextBoolean() ? 4 : 3000));
            for (int i = fed; i < Math.min(s.length() - 1, fed + 40); i++) {
              if (random.nextBoolean() && Character.isHighSurrogate(s.charAt(i)) && Character.isLowSurrogate(s.charAt(i + 1))) {
                end = i + 1; // between the halves of a pair
                break;
              }
            }
            boolean last = end == s.length();
            char[] piece = random.nextBoolean() ? ("##" + s.substring(fed, end)).toCharArray() : null;
            if (piece != null) {
              encoder.feed(piece, 2, piece.length - 2, last);
            } else {
              encoder.feed(s, fed, end, last);
            }
            if (end > fed || last) {
              carry = !last && Character.isHighSurrogate(s.charAt(end - 1));
            }
            while (encoder.hasRemaining()) {
              int written = encoder.encode(window, 0, 1 + random.nextInt(random.nextBoolean() ? 8 : 9000));
              written = written > 0 || !encoder.hasRemaining() ? written : encoder.encode(window, 0, 6);
              out.write(window, 0, written);
            }
            if (piece != null) {
              Arrays.fill(piece, '\uFFFF'); // drained: the caller may reuse its array
            }
            if (codec.name().equals("CESU-8")) { // modified UTF-8 never carries: see the test above
              assertEquals(carry, encoder.hasCarriedSurrogate(), ctx);
            }
            fed = end;
          } while (fed < s.length());
          if (s.isEmpty()) {
            encoder.feed("", 0, 0, true);
          }
          assertFalse(encoder.hasRemaining(), ctx);
          assertEquals(s.length(), encoder.charsConsumed(), ctx);
          assertArrayEquals(codec.encode(s), out.toByteArray(), ctx);
        }
      }
    }
  }

  // -------------------------------------------------------------------------------------------------
  // SegmentedBuffer.writeText

  private static final int[] SEGMENT_SIZES = {1, 2, 4, 8, 16, 4096};

  @Test
  void segmentedBufferWriteTextEqualsOneShot() {
    long seed = TestSupport.seed(0x5E6B0FL);
    SplittableRandom random = new SplittableRandom(seed);
    for (int segmentSize : SEGMENT_SIZES) {
      for (TextCodec codec : CODECS) {
        SegmentedBuffer buffer = new SegmentedBuffer(segmentSize);
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        byte[] prefix = new byte[random.nextInt(6)];
        random.nextBytes(prefix);
        buffer.write(prefix);
        expected.write(prefix, 0, prefix.length);
        for (int t = 0; t < 25; t++) {
          String s = Utf8FamilyAgreementTest.randomText(random, random.nextInt(t % 5 == 0 ? 3000 : 40), true,
              codec.policy() != ErrorPolicy.STRICT || codec.name().equals("Modified UTF-8"));
          int n = t;
          Supplier<String> ctx = () -> codec + ", segments of " + segmentSize + ", text " + n + ", " + seedMessage(seed);
          byte[] bytes;
          long written;
          if (random.nextBoolean()) {
            bytes = codec.encode(s);
            written = buffer.writeText(s, codec);
          } else {
            int begin = random.nextInt(s.length() + 1);
            int end = begin + random.nextInt(s.length() - begin + 1);
            String part = s.substring(begin, end);
            if (!accepts(codec, part)) {
              continue;
            }
            bytes = codec.encode(part);
            written = buffer.writeText(new StringBuilder(s), begin, end, codec);
          }
          expected.write(bytes, 0, bytes.length);
          assertEquals(bytes.length, written, ctx);
          assertEquals(expected.size(), buffer.size(), ctx);
        }
        assertArrayEquals(expected.toByteArray(), buffer.toByteArray(), () -> codec + ", " + segmentSize);
      }
    }
  }

  @Test
  void strictCesuErrorInWriteTextLeavesTheBufferUnchanged() {
    String[] bad = {
      "\uDC00", "ab\uD800", "\uD83D\uDE00\uD83D", "x".repeat(10) + "\uDFFF" + "y".repeat(10),
      "\u20AC".repeat(3000) + "\uD800" + "z".repeat(50), "a".repeat(9000) + "\uDC00", "\uD83D\uDE00".repeat(2000) + "\uDE00",
    };
    int[] badIndex = {0, 2, 2, 10, 3000, 9000, 4000};
    for (int segmentSize : SEGMENT_SIZES) {
      for (int i = 0; i < bad.length; i++) {
        for (int prefixLength : new int[] {0, 3, segmentSize, 4093}) {
          SegmentedBuffer buffer = new SegmentedBuffer(segmentSize);
          byte[] prefix = new byte[prefixLength];
          Arrays.fill(prefix, (byte) 'p');
          buffer.write(prefix);
          String s = bad[i];
          String what = "segments of " + segmentSize + ", prefix " + prefixLength + ", text " + i;
          MalformedTextException e =
              assertThrows(MalformedTextException.class, () -> buffer.writeText(s, TextCodecs.CESU_8), what);
          assertEquals(badIndex[i], e.charIndex(), what);
          assertEquals(prefixLength, buffer.size(), what + ": size unchanged");
          assertArrayEquals(prefix, buffer.toByteArray(), what + ": contents unchanged");
          // Still usable: the next write lands right after the prefix.
          assertEquals(6, buffer.writeText("\uD83D\uDE00", TextCodecs.CESU_8), what);
          assertEquals("ED A0 BD ED B8 80", hex(buffer.toByteArray(), prefixLength, 6), what);
          assertEquals(prefixLength + 6, buffer.size(), what);
        }
      }
    }
  }

  // -------------------------------------------------------------------------------------------------
  // One-shot encode into arrays and buffers

  @Test
  void intoArraysAndBuffersExactlyOrBufferTooSmallWithTheRequiredLength() {
    long seed = TestSupport.seed(0xA22A70FFL);
    SplittableRandom random = new SplittableRandom(seed);
    List<String> texts = new ArrayList<>(List.of("\uD83D\uDE00", "a\0b", "\u20AC\u00E9\uD83D\uDE00\0".repeat(20),
        "q".repeat(5000) + "\0", "\u00E9".repeat(3000) + "\uD83D\uDE00", "a\uDC00b"));
    for (int t = 0; t < 100; t++) {
      texts.add(Utf8FamilyAgreementTest.randomText(random, random.nextInt(t % 10 == 0 ? 8000 : 80), true, true));
    }
    for (String s : texts) {
      for (TextCodec codec : CODECS) {
        if (!accepts(codec, s)) {
          continue;
        }
        byte[] expected = codec.encode(s);
        int required = codec.encodedLength(s);
        Supplier<String> ctx = () -> codec + ", " + required + " bytes of " + TestSupport.codePoints(s) + ", " + seedMessage(seed);
        assertEquals(expected.length, required, ctx);
        // Exact fit: an array at an offset, a heap slice (arrayOffset) at a position, a direct buffer.
        byte[] exact = new byte[required + 2];
        assertEquals(required, codec.encode(s, exact, 2), ctx);
        assertArrayEquals(expected, Arrays.copyOfRange(exact, 2, exact.length), ctx);
        int pad = 1 + random.nextInt(7);
        byte[] storage = new byte[pad + 2 + required + 5];
        Arrays.fill(storage, GUARD);
        ByteBuffer heap = ByteBuffer.wrap(storage, pad, storage.length - pad).slice().position(2);
        ByteBuffer direct = guarded(ByteBuffer.allocateDirect(2 + required + 5)).position(2);
        for (ByteBuffer buffer : new ByteBuffer[] {heap, direct}) {
          assertEquals(required, codec.encode(s, buffer), ctx);
          assertEquals(2 + required, buffer.position(), ctx);
          assertArrayEquals(expected, Arrays.copyOfRange(bytesOf(buffer), 2, 2 + required), ctx);
          for (int i : new int[] {0, 1, 2 + required, buffer.capacity() - 1}) {
            assertEquals(GUARD, buffer.get(i), () -> ctx.get() + ": outside the bytes written");
          }
        }
        assertEquals(GUARD, storage[pad - 1], ctx);
        // Too small by any amount: the exception says how much is needed; nothing outside the room changes.
        for (int room : new int[] {0, required / 2, required - 1}) {
          if (room >= required) {
            continue;
          }
          byte[] dst = new byte[3 + room];
          Arrays.fill(dst, GUARD);
          BufferTooSmallException e = assertThrows(BufferTooSmallException.class, () -> codec.encode(s, dst, 3), ctx);
          assertEquals(required + "/" + room, e.requiredBytes() + "/" + e.availableBytes(), ctx);
          assertEquals(GUARD + " " + GUARD + " " + GUARD, dst[0] + " " + dst[1] + " " + dst[2], ctx);
          for (ByteBuffer buffer : new ByteBuffer[] {guarded(ByteBuffer.allocate(room + 10)),
              guarded(ByteBuffer.allocateDirect(room + 10))}) {
            buffer.position(4).limit(4 + room);
            e = assertThrows(BufferTooSmallException.class, () -> codec.encode(s, buffer), ctx);
            assertEquals(required + "/" + room, e.requiredBytes() + "/" + e.availableBytes(), ctx);
            assertEquals(4 + "/" + (4 + room), buffer.position() + "/" + buffer.limit(), () -> ctx.get() + ": position/limit");
            buffer.limit(buffer.capacity()); // absolute reads below reach past the limit
            for (int i = 0; i < buffer.capacity(); i = i == 3 ? 4 + room : i + 1) {
              assertEquals(GUARD, buffer.get(i), () -> ctx.get() + ": before the position or past the limit");
            }
          }
        }
      }
    }
  }
}
