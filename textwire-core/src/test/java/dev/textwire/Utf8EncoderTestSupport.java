package dev.textwire;

import static dev.textwire.TestSupport.hex;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.textwire.TestSupport.NamedText;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Supplier;

/**
 * Shared helpers for the {@link TextEncoder} tests: random windows with guards around them, and the
 * drivers that encode a text window by window ({@link #encodeInWindows}) or feed it in pieces ({@link
 * #feedInPieces}), checking every call on its own against the one-shot codec.
 */
final class Utf8EncoderTestSupport {
  private Utf8EncoderTestSupport() {}

  static final ErrorPolicy[] POLICIES = ErrorPolicy.values();
  private static final int WINDOW_MAX = 16 * 1024; // above the 6 KiB a direct buffer is filled through
  private static final byte GUARD = (byte) 0xA5; // never written by UTF-8 at a window's edge by accident

  enum Sink {
    ARRAY,
    HEAP_BUFFER,
    DIRECT_BUFFER
  }

  static byte[] oneShot(ErrorPolicy policy, CharSequence text) {
    return Utf8.codec(policy).encode(text);
  }

  // -------------------------------------------------------------------------------------------------
  // Windows: one encode call into a fresh window, with guards around it

  /** Windows of random size and kind, reused storage; guards around each window catch stray writes. */
  static final class Windows {
    private final SplittableRandom random;
    private final byte[] array = new byte[WINDOW_MAX + 16];
    private final ByteBuffer heap = ByteBuffer.allocate(WINDOW_MAX + 16);
    private final ByteBuffer direct = ByteBuffer.allocateDirect(WINDOW_MAX + 16);
    /** The last call wrote nothing: give the next one room for any character, so the loop ends. */
    private boolean stalled;
    private Sink lastSink;
    private int lastStart;

    Windows(SplittableRandom random) {
      this.random = random;
    }

    Sink randomSink() {
      return Sink.values()[random.nextInt(3)];
    }

    /** 1 to 4 bytes (smaller than some characters), small, medium, and larger than the encoder's chunks. */
    int nextSize() {
      int size;
      switch (random.nextInt(10)) {
        case 0:
        case 1:
        case 2:
          size = 1 + random.nextInt(4);
          break;
        case 3:
        case 4:
        case 5:
          size = 5 + random.nextInt(60);
          break;
        case 6:
        case 7:
        case 8:
          size = 65 + random.nextInt(2000);
          break;
        default:
          size = 2065 + random.nextInt(WINDOW_MAX - 2065);
      }
      return stalled ? Math.max(size, 4) : size;
    }

    /** One encode call into a window of {@code size} bytes; returns the bytes it wrote. */
    byte[] encode(TextEncoder encoder, Sink sink, int size, Supplier<String> ctx) {
      int start = 4 + random.nextInt(5);
      lastSink = sink;
      lastStart = start;
      setGuards(sink, start, size);
      int written;
      if (sink == Sink.ARRAY) {
        written = encoder.encode(array, start, size);
      } else {
        ByteBuffer storage = sink == Sink.HEAP_BUFFER ? heap : direct;
        storage.clear().position(start).limit(start + size);
        // A slice puts the window at index 0 of a buffer whose storage starts elsewhere.
        ByteBuffer window = random.nextBoolean() ? storage : storage.slice();
        int position = window.position();
        int limit = window.limit();
        written = encoder.encode(window);
        assertEquals(position + written, window.position(), () -> ctx.get() + ": position moves by the bytes written");
        assertEquals(limit, window.limit(), () -> ctx.get() + ": limit unchanged");
      }
      int n = written;
      assertTrue(n >= 0 && n <= size, () -> ctx.get() + ": wrote " + n + " bytes into a window of " + size);
      checkGuards(sink, start, size, ctx);
      stalled = n == 0;
      return windowBytes(n);
    }

    /** The first {@code count} bytes of the last window, read from its storage. */
    byte[] windowBytes(int count) {
      byte[] out = new byte[count];
      if (lastSink == Sink.ARRAY) {
        System.arraycopy(array, lastStart, out, 0, count);
      } else {
        storage(lastSink).get(lastStart, out, 0, count);
      }
      return out;
    }

    /** The buffer behind a window, with its limit opened so absolute access reaches the guards. */
    private ByteBuffer storage(Sink sink) {
      ByteBuffer storage = sink == Sink.HEAP_BUFFER ? heap : direct;
      storage.limit(storage.capacity());
      return storage;
    }

    private void setGuards(Sink sink, int start, int size) {
      for (int i = 0; i < 4; i++) {
        put(sink, start - 1 - i, GUARD);
        put(sink, start + size + i, GUARD);
      }
    }

    private void checkGuards(Sink sink, int start, int size, Supplier<String> ctx) {
      for (int i = 0; i < 4; i++) {
        int before = start - 1 - i;
        int after = start + size + i;
        if (get(sink, before) != GUARD || get(sink, after) != GUARD) {
          fail(ctx.get() + ": " + sink + " window [" + start + ", " + (start + size) + ") was written outside");
        }
      }
    }

    private void put(Sink sink, int index, byte b) {
      if (sink == Sink.ARRAY) {
        array[index] = b;
      } else {
        storage(sink).put(index, b);
      }
    }

    private byte get(Sink sink, int index) {
      return sink == Sink.ARRAY ? array[index] : storage(sink).get(index);
    }
  }

  // -------------------------------------------------------------------------------------------------
  // reset(text) and windows

  /**
   * Encodes {@code text[begin, end)} (the same chars as {@code s}) window by window, checking each call:
   * whole characters, exactly the one-shot bytes of the chars consumed, counts that agree. Returns the
   * concatenated output. {@code sink} null: a random kind per call.
   */
  static byte[] encodeInWindows(
      TextEncoder encoder, String s, CharSequence text, int begin, int end, Windows windows, Sink sink, Supplier<String> ctx) {
    TextCodec codec = Utf8.codec(encoder.policy());
    encoder.reset(text, begin, end);
    assertEquals(begin, encoder.charIndex(), ctx);
    assertEquals(0, encoder.bytesWritten(), ctx);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int calls = 0;
    while (encoder.hasRemaining()) {
      int from = encoder.charIndex();
      int size = windows.nextSize();
      Sink kind = sink != null ? sink : windows.randomSink();
      int call = ++calls;
      Supplier<String> at = () -> ctx.get() + ", call " + call + " (" + kind + ", " + size + " bytes, from char " + from + ")";
      byte[] written = windows.encode(encoder, kind, size, at);
      out.write(written, 0, written.length);
      int to = encoder.charIndex();
      assertTrue(Utf8.isValid(written), () -> at.get() + ": a window ends inside a character: " + hex(written));
      assertArrayEquals(codec.encode(s.substring(from, to)), written, () -> at.get() + ": bytes for chars [" + from + ", " + to + ")");
      assertEquals(out.size(), encoder.bytesWritten(), () -> at.get() + ": bytesWritten");
      assertEquals(to - begin, encoder.charsConsumed(), () -> at.get() + ": charsConsumed");
      assertEquals(to < end, encoder.hasRemaining(), () -> at.get() + ": hasRemaining");
      if (written.length == 0) {
        assertTrue(size < 4 && to < end, () -> at.get() + ": no progress with room for any character");
      }
    }
    assertEquals(end, encoder.charIndex(), ctx);
    assertEquals(end - begin, encoder.charsConsumed(), ctx);
    assertFalse(encoder.hasCarriedSurrogate(), ctx);
    assertEquals(0, encoder.encode(new byte[8], 0, 8), () -> ctx.get() + ": encode after the end");
    return out.toByteArray();
  }

  /**
   * One call into {@code window[0, size)}; if the next character needs more room (nothing written), one
   * more call with 4 bytes, which fits any character. {@code window} has at least 4 bytes.
   */
  static int encodeFixed(TextEncoder encoder, byte[] window, int size) {
    int n = encoder.encode(window, 0, size);
    if (n == 0 && encoder.hasRemaining()) {
      assertTrue(size < 4, "no progress with " + size + " bytes of room");
      n = encoder.encode(window, 0, 4);
    }
    return n;
  }

  /**
   * Texts shaped for the encoder's paths: a Latin-1 String is read in place; long runs of ASCII and then
   * Latin-1 take the narrowing path; input is copied 2048 chars at a time, and a pair must not be split
   * by a chunk's end, so pairs sit across char index 2047/2048 (and 4095/4096).
   */
  static List<String> fastPathShapes() {
    String ascii = "The quick brown fox jumps over the lazy dog. ";
    String latin1 = "Ça été très àgréable, où êtes-vous? ÿ ñ ß ";
    String cjk = "漢字かなカナ한국어";
    List<String> shapes = new ArrayList<>();
    shapes.add(ascii.repeat(120)); // pure ASCII, > 2048 chars
    shapes.add(latin1.repeat(120)); // pure Latin-1
    shapes.add(ascii.repeat(3) + latin1.repeat(3) + cjk.repeat(3)); // ASCII, then Latin-1, then CJK
    shapes.add((ascii.repeat(60) + latin1.repeat(60) + cjk.repeat(300)).repeat(2));
    shapes.add("a".repeat(2047) + "😀" + "b".repeat(3000)); // pair across 2047/2048
    shapes.add("é".repeat(2046) + "😀😀" + "é".repeat(2100)); // pairs across 2046/2047 and 2048/2049
    shapes.add("x".repeat(2047) + "😀".repeat(1100) + "y"); // pairs across 2047/2048 and 4095/4096
    shapes.add("€".repeat(2047) + "😀" + "€".repeat(10)); // 3-byte chars, then a pair across the chunk end
    shapes.add("a".repeat(2047) + "\uD800" + "b".repeat(100)); // unpaired high at the chunk end
    shapes.add("a".repeat(2048) + "\uDC00" + "b".repeat(100)); // unpaired low at the start of a chunk
    shapes.add("a".repeat(2047) + "\uD800"); // unpaired high, the last char
    return shapes;
  }

  // -------------------------------------------------------------------------------------------------
  // feed(piece, ..., endOfInput)

  /**
   * Feeds {@code s} in pieces of random size and kind, drains each into random windows, and checks after
   * each piece: all of it consumed, a high surrogate at its end carried (and only then), and the bytes so
   * far the one-shot encoding of the stream up to the carried char. Returns the whole output.
   */
  static byte[] feedInPieces(TextEncoder encoder, String s, SplittableRandom random, Windows windows, Supplier<String> ctx) {
    return feedInPieces(encoder, s, random, windows, new int[] {1, 2, 8, 300, 5000}, ctx);
  }

  /** As above, with the longest piece drawn from {@code maxPieces}. */
  static byte[] feedInPieces(
      TextEncoder encoder, String s, SplittableRandom random, Windows windows, int[] maxPieces, Supplier<String> ctx) {
    TextCodec codec = Utf8.codec(encoder.policy());
    encoder.reset();
    List<NamedText> kinds = TestSupport.charSequences(s);
    char[] pieceArray = new char[s.length() + 16];
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int maxPiece = maxPieces[random.nextInt(maxPieces.length)];
    boolean lastPieceEnds = random.nextBoolean(); // else an empty final feed(..., true)
    int fed = 0;
    int good = 0; // chars whose bytes are out: all fed but a carried high surrogate
    int piece = 0;
    while (true) {
      int end = Math.min(s.length(), fed + 1 + random.nextInt(maxPiece));
      if (random.nextInt(4) == 0) {
        // Cut between the halves of the next pair, if one is near.
        for (int i = fed; i < Math.min(s.length() - 1, fed + 16); i++) {
          if (Character.isHighSurrogate(s.charAt(i)) && Character.isLowSurrogate(s.charAt(i + 1))) {
            end = i + 1;
            break;
          }
        }
      }
      if (random.nextInt(20) == 0) {
        end = fed; // an empty piece now and then
      }
      boolean last = end == s.length();
      boolean endOfInput = last && lastPieceEnds;
      int begin = fed;
      int pieceEnd = end;
      int p = ++piece;
      String how = feed(encoder, s, kinds, pieceArray, begin, end, endOfInput, random);
      Supplier<String> at = () -> ctx.get() + ", piece " + p + " [" + begin + ", " + pieceEnd + ") as " + how;
      ByteArrayOutputStream pieceOut = new ByteArrayOutputStream();
      drain(encoder, windows, pieceOut, at);
      out.writeBytes(pieceOut.toByteArray());
      if (how.startsWith("char[]")) {
        // The caller reuses its array (here, scribbles over it): the encoder must not need it any more.
        Arrays.fill(pieceArray, 0, 16 + end - begin, '\uFFFF');
      }
      fed = end;
      boolean carrying = !endOfInput && fed > 0 && Character.isHighSurrogate(s.charAt(fed - 1));
      assertEquals(carrying, encoder.hasCarriedSurrogate(), () -> at.get() + ": hasCarriedSurrogate");
      assertEquals(fed, encoder.charsConsumed(), () -> at.get() + ": charsConsumed");
      int newGood = carrying ? fed - 1 : fed;
      int goodBefore = good;
      assertArrayEquals(
          codec.encode(s.substring(good, newGood)),
          pieceOut.toByteArray(),
          () -> at.get() + ": bytes for chars [" + goodBefore + ", " + newGood + ")");
      assertEquals(out.size(), encoder.bytesWritten(), () -> at.get() + ": bytesWritten");
      good = newGood;
      if (last && (endOfInput || random.nextBoolean())) {
        break;
      }
    }
    if (!lastPieceEnds) {
      if (random.nextBoolean()) {
        encoder.feed(new char[0], 0, 0, true);
      } else {
        encoder.feed("", 0, 0, true);
      }
      drain(encoder, windows, out, () -> ctx.get() + ", final empty feed");
    }
    assertFalse(encoder.hasRemaining(), ctx);
    assertFalse(encoder.hasCarriedSurrogate(), ctx);
    assertEquals(s.length(), encoder.charsConsumed(), ctx);
    assertEquals(out.size(), encoder.bytesWritten(), ctx);
    return out.toByteArray();
  }

  /** Feeds {@code s[begin, end)} as one of: a copy in a reused char[], a CharSequence range, a substring. */
  private static String feed(
      TextEncoder encoder, String s, List<NamedText> kinds, char[] pieceArray, int begin, int end, boolean endOfInput, SplittableRandom random) {
    switch (random.nextInt(3)) {
      case 0:
        {
          int offset = random.nextInt(16);
          s.getChars(begin, end, pieceArray, offset);
          encoder.feed(pieceArray, offset, end - begin, endOfInput);
          return "char[] at " + offset;
        }
      case 1:
        {
          NamedText kind = kinds.get(random.nextInt(kinds.size()));
          encoder.feed(kind.text(), begin, end, endOfInput);
          return kind + " range";
        }
      default:
        // A substring of its own: often a Latin-1 String the encoder reads in place.
        encoder.feed(s.substring(begin, end), 0, end - begin, endOfInput);
        return "substring";
    }
  }

  /** Encodes everything the encoder can into windows; every call's bytes are whole characters. */
  private static void drain(TextEncoder encoder, Windows windows, ByteArrayOutputStream out, Supplier<String> ctx) {
    while (encoder.hasRemaining()) {
      int size = windows.nextSize();
      byte[] written = windows.encode(encoder, windows.randomSink(), size, ctx);
      assertTrue(Utf8.isValid(written), () -> ctx.get() + ": a window ends inside a character: " + hex(written));
      out.write(written, 0, written.length);
    }
  }
}
