package dev.textwire;

import static dev.textwire.TestSupport.hex;
import static dev.textwire.TestSupport.seedMessage;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.textwire.TestSupport.NamedText;
import dev.textwire.io.StreamTestSupport;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.ReadOnlyBufferException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The resumable {@link Utf8Encoder}: however its input is cut (windows of any size, pieces fed one at a
 * time) the bytes must equal the one-shot codec's on the whole text, under every policy. Every call is
 * checked on its own too: its bytes are whole characters, they are exactly the one-shot encoding of the
 * chars the encoder says it consumed, and the counts agree with what was written.
 */
class Utf8EncoderTest {
  private static final ErrorPolicy[] POLICIES = ErrorPolicy.values();
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
    byte[] encode(Utf8Encoder encoder, Sink sink, int size, Supplier<String> ctx) {
      int start = 4 + random.nextInt(5);
      lastSink = sink;
      lastStart = start;
      setGuards(sink, start, size);
      int written;
      if (sink == Sink.ARRAY) {
        written = encoder.encode(array, start, start + size);
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
      Utf8Encoder encoder, String s, CharSequence text, int begin, int end, Windows windows, Sink sink, Supplier<String> ctx) {
    Utf8Codec codec = Utf8.codec(encoder.policy());
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

  /** reset(text) into windows, under every policy that accepts the text, against the one-shot codec. */
  private static void checkWindows(String s, CharSequence text, Windows windows, Sink sink, Supplier<String> ctx) {
    boolean wellFormed = StreamTestSupport.isWellFormed(s);
    for (ErrorPolicy policy : POLICIES) {
      if (policy == ErrorPolicy.STRICT && !wellFormed) {
        continue; // strict errors have tests of their own
      }
      Supplier<String> c = () -> ctx.get() + ", " + policy;
      byte[] actual = encodeInWindows(Utf8.codec(policy).newEncoder(), s, text, 0, text.length(), windows, sink, c);
      assertArrayEquals(oneShot(policy, s), actual, () -> c.get() + ": whole output");
    }
  }

  @Test
  void randomTextsInRandomWindowsEqualOneShot() {
    long seed = TestSupport.seed(0x5EED_E1C0DEL);
    SplittableRandom random = new SplittableRandom(seed);
    Windows windows = new Windows(random);
    for (int t = 0; t < 300; t++) {
      int length = random.nextInt(4) == 0 ? random.nextInt(9000) : random.nextInt(200);
      String s = StreamTestSupport.randomText(random, length, random.nextBoolean());
      int n = t;
      for (Sink sink : new Sink[] {Sink.ARRAY, Sink.HEAP_BUFFER, Sink.DIRECT_BUFFER, null}) {
        checkWindows(s, s, windows, sink, () -> "text " + n + " (" + s.length() + " chars), sink " + sink + ", " + seedMessage(seed));
      }
    }
  }

  @Test
  void everyWindowSizeFromOneToEightOnShortTexts() {
    // Small fixed windows walk every alignment of 1- to 4-byte characters against a window's end.
    String[] texts = {"a", "é", "€", "😀", "aé€😀", "😀😀€€ééaa", "\uD800x\uDC00", "ab\uD83D", "\uDE00é"};
    for (String s : texts) {
      for (int size = 1; size <= 8; size++) {
        for (ErrorPolicy policy : POLICIES) {
          if (policy == ErrorPolicy.STRICT && !StreamTestSupport.isWellFormed(s)) {
            continue;
          }
          Utf8Encoder encoder = Utf8.codec(policy).newEncoder().reset(s);
          ByteArrayOutputStream out = new ByteArrayOutputStream();
          byte[] window = new byte[Math.max(size, 4)];
          for (int guard = 0; encoder.hasRemaining() && guard < 100; guard++) {
            out.write(window, 0, encodeFixed(encoder, window, size));
          }
          int windowSize = size;
          assertFalse(encoder.hasRemaining(), () -> TestSupport.codePoints(s) + " window " + windowSize + ": stuck");
          assertArrayEquals(oneShot(policy, s), out.toByteArray(), () -> TestSupport.codePoints(s) + ", window " + windowSize + ", " + policy);
        }
      }
    }
  }

  /**
   * One call into {@code window[0, size)}; if the next character needs more room (nothing written), one
   * more call with 4 bytes, which fits any character. {@code window} has at least 4 bytes.
   */
  private static int encodeFixed(Utf8Encoder encoder, byte[] window, int size) {
    int n = encoder.encode(window, 0, size);
    if (n == 0 && encoder.hasRemaining()) {
      assertTrue(size < 4, "no progress with " + size + " bytes of room");
      n = encoder.encode(window, 0, 4);
    }
    return n;
  }

  @Test
  void rangesOfTextAreEncodedFromBeginToEnd() {
    long seed = TestSupport.seed(0xBE61_2E7DL);
    SplittableRandom random = new SplittableRandom(seed);
    Windows windows = new Windows(random);
    for (int t = 0; t < 100; t++) {
      String s = StreamTestSupport.randomText(random, random.nextInt(3000), true);
      int begin = random.nextInt(s.length() + 1);
      int end = begin + random.nextInt(s.length() - begin + 1);
      String part = s.substring(begin, end);
      for (ErrorPolicy policy : new ErrorPolicy[] {ErrorPolicy.REPLACE, ErrorPolicy.REPLACE_WITH_QUESTION_MARK}) {
        Supplier<String> ctx = () -> "range [" + begin + ", " + end + ") of " + s.length() + ", " + policy + ", " + seedMessage(seed);
        // Expected bytes of a range: the one-shot bytes of the same chars as a text of their own.
        byte[] actual = encodeInWindowsRange(Utf8.codec(policy).newEncoder(), s, begin, end, windows, ctx);
        assertArrayEquals(oneShot(policy, part), actual, ctx);
      }
    }
  }

  /** As {@link #encodeInWindows} for a range, checking per call against the range's own substring. */
  private static byte[] encodeInWindowsRange(Utf8Encoder encoder, String s, int begin, int end, Windows windows, Supplier<String> ctx) {
    encoder.reset(s, begin, end);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    while (encoder.hasRemaining()) {
      int from = encoder.charIndex();
      byte[] written = windows.encode(encoder, windows.randomSink(), windows.nextSize(), ctx);
      out.write(written, 0, written.length);
      int to = encoder.charIndex();
      assertTrue(to >= from && to <= end, ctx);
      assertEquals(to - begin, encoder.charsConsumed(), ctx);
      assertEquals(out.size(), encoder.bytesWritten(), ctx);
    }
    assertEquals(end, encoder.charIndex(), ctx);
    return out.toByteArray();
  }

  @Test
  void everyCharSequenceKind() {
    long seed = TestSupport.seed(0xC4A25E9L);
    SplittableRandom random = new SplittableRandom(seed);
    Windows windows = new Windows(random);
    List<String> texts = new ArrayList<>(fastPathShapes());
    for (int t = 0; t < 20; t++) {
      texts.add(StreamTestSupport.randomText(random, random.nextInt(5000), random.nextBoolean()));
    }
    for (int t = 0; t < texts.size(); t++) {
      String s = texts.get(t);
      int n = t;
      for (NamedText kind : TestSupport.charSequences(s)) {
        checkWindows(s, kind.text(), windows, null, () -> "text " + n + " as " + kind + ", " + seedMessage(seed));
      }
    }
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

  @Test
  void corpusFilesInRandomWindows() {
    long seed = TestSupport.seed(0xC0_2F05L);
    SplittableRandom random = new SplittableRandom(seed);
    Windows windows = new Windows(random);
    List<Path> files = TestSupport.corpusFiles();
    for (int f = 0; f < files.size(); f++) {
      Path file = files.get(f);
      String s = new String(TestSupport.read(file), UTF_8);
      // Each policy with its own sink kind, rotating with the file, so every kind meets every script.
      for (ErrorPolicy policy : POLICIES) {
        Sink sink = Sink.values()[(f + policy.ordinal()) % 3];
        Supplier<String> ctx = () -> TestSupport.corpusName(file) + ", " + policy + ", " + sink + ", " + seedMessage(seed);
        byte[] actual = encodeInWindows(Utf8.codec(policy).newEncoder(), s, s, 0, s.length(), windows, sink, ctx);
        assertArrayEquals(TestSupport.read(file), actual, ctx);
      }
    }
  }

  // -------------------------------------------------------------------------------------------------
  // feed(piece, ..., endOfInput)

  /**
   * Feeds {@code s} in pieces of random size and kind, drains each into random windows, and checks after
   * each piece: all of it consumed, a high surrogate at its end carried (and only then), and the bytes so
   * far the one-shot encoding of the stream up to the carried char. Returns the whole output.
   */
  static byte[] feedInPieces(Utf8Encoder encoder, String s, SplittableRandom random, Windows windows, Supplier<String> ctx) {
    return feedInPieces(encoder, s, random, windows, new int[] {1, 2, 8, 300, 5000}, ctx);
  }

  /** As above, with the longest piece drawn from {@code maxPieces}. */
  static byte[] feedInPieces(
      Utf8Encoder encoder, String s, SplittableRandom random, Windows windows, int[] maxPieces, Supplier<String> ctx) {
    Utf8Codec codec = Utf8.codec(encoder.policy());
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
      Utf8Encoder encoder, String s, List<NamedText> kinds, char[] pieceArray, int begin, int end, boolean endOfInput, SplittableRandom random) {
    switch (random.nextInt(3)) {
      case 0:
        {
          int offset = random.nextInt(16);
          s.getChars(begin, end, pieceArray, offset);
          encoder.feed(pieceArray, offset, offset + end - begin, endOfInput);
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
  private static void drain(Utf8Encoder encoder, Windows windows, ByteArrayOutputStream out, Supplier<String> ctx) {
    while (encoder.hasRemaining()) {
      int size = windows.nextSize();
      byte[] written = windows.encode(encoder, windows.randomSink(), size, ctx);
      assertTrue(Utf8.isValid(written), () -> ctx.get() + ": a window ends inside a character: " + hex(written));
      out.write(written, 0, written.length);
    }
  }

  @Test
  void randomTextsFedInPiecesEqualOneShot() {
    long seed = TestSupport.seed(0xFEED_5EEDL);
    SplittableRandom random = new SplittableRandom(seed);
    Windows windows = new Windows(random);
    for (int t = 0; t < 300; t++) {
      int length = random.nextInt(4) == 0 ? random.nextInt(6000) : random.nextInt(120);
      boolean lone = random.nextBoolean();
      String s = StreamTestSupport.randomText(random, length, lone);
      int n = t;
      for (ErrorPolicy policy : POLICIES) {
        if (policy == ErrorPolicy.STRICT && !StreamTestSupport.isWellFormed(s)) {
          continue;
        }
        Supplier<String> ctx = () -> "text " + n + " (" + s.length() + " chars), " + policy + ", " + seedMessage(seed);
        byte[] actual = feedInPieces(Utf8.codec(policy).newEncoder(), s, random, windows, ctx);
        assertArrayEquals(oneShot(policy, s), actual, ctx);
      }
    }
  }

  @Test
  void fastPathShapesFedInPieces() {
    long seed = TestSupport.seed(0x5A_9E5L);
    SplittableRandom random = new SplittableRandom(seed);
    Windows windows = new Windows(random);
    for (String s : fastPathShapes()) {
      for (ErrorPolicy policy : POLICIES) {
        if (policy == ErrorPolicy.STRICT && !StreamTestSupport.isWellFormed(s)) {
          continue;
        }
        for (int round = 0; round < 3; round++) {
          Supplier<String> ctx = () -> s.length() + "-char shape " + TestSupport.codePoints(s.substring(0, 4)) + ", " + policy + ", " + seedMessage(seed);
          assertArrayEquals(oneShot(policy, s), feedInPieces(Utf8.codec(policy).newEncoder(), s, random, windows, ctx), ctx);
        }
      }
    }
  }

  @Test
  void surrogatePairSplitBetweenPiecesOfEveryKind() {
    // U+1F600 cut between its halves, each half alone in a piece, across every pair of piece kinds.
    String s = "a😀b";
    byte[] expected = s.getBytes(UTF_8);
    List<NamedText> kinds = TestSupport.charSequences(s);
    for (NamedText first : kinds) {
      for (NamedText second : kinds) {
        Utf8Encoder encoder = Utf8.newEncoder();
        byte[] dst = new byte[16];
        encoder.feed(first.text(), 0, 2, false);
        int n = encoder.encode(dst, 0, dst.length);
        assertEquals(1, n, first + ": only 'a' before the low half comes");
        assertTrue(encoder.hasCarriedSurrogate(), first::toString);
        assertFalse(encoder.hasRemaining(), first::toString);
        assertEquals(2, encoder.charIndex(), first::toString);
        encoder.feed(second.text(), 2, 3, false);
        n += encoder.encode(dst, n, dst.length);
        assertFalse(encoder.hasCarriedSurrogate(), second::toString);
        encoder.feed(second.text(), 3, 4, true);
        n += encoder.encode(dst, n, dst.length);
        assertArrayEquals(expected, Arrays.copyOf(dst, n), first + " then " + second);
      }
    }
  }

  @Test
  void carriedSurrogateWaitsThroughEmptyPiecesAndSmallWindows() {
    Utf8Encoder encoder = Utf8.newEncoder();
    byte[] dst = new byte[8];
    encoder.feed("\uD83D", 0, 1, false);
    assertEquals(0, encoder.encode(dst, 0, 8));
    encoder.feed("", 0, 0, false); // nothing new: still carried
    assertEquals(0, encoder.encode(dst, 0, 8));
    assertTrue(encoder.hasCarriedSurrogate());
    encoder.feed(new char[] {'\uDE00', 'z'}, 0, 2, true);
    assertEquals(0, encoder.encode(dst, 0, 3), "the pair needs 4 bytes");
    assertTrue(encoder.hasRemaining());
    int n = encoder.encode(dst, 0, 4);
    assertEquals("F0 9F 98 80", hex(dst, 0, n));
    n = encoder.encode(dst, 0, 8);
    assertEquals("7A", hex(dst, 0, n));
    assertEquals(3, encoder.charsConsumed(), "the carried high surrogate counts once");
    assertEquals(5, encoder.bytesWritten());
  }

  @Test
  void corpusFilesFedInPieces() {
    long seed = TestSupport.seed(0xC0_2F_FEEDL);
    SplittableRandom random = new SplittableRandom(seed);
    Windows windows = new Windows(random);
    for (Path file : TestSupport.corpusFiles()) {
      String s = new String(TestSupport.read(file), UTF_8);
      ErrorPolicy policy = POLICIES[random.nextInt(POLICIES.length)];
      Supplier<String> ctx = () -> TestSupport.corpusName(file) + ", " + policy + ", " + seedMessage(seed);
      // Pieces of 8 chars and up (random texts cover single chars): the whole corpus stays quick.
      byte[] actual = feedInPieces(Utf8.codec(policy).newEncoder(), s, random, windows, new int[] {8, 300, 5000}, ctx);
      assertArrayEquals(TestSupport.read(file), actual, ctx);
    }
  }

  // -------------------------------------------------------------------------------------------------
  // Unpaired surrogates

  /** A text with an unpaired surrogate at {@code bad} (the first one). */
  record Unpaired(String text, int bad) {}

  static final List<Unpaired> UNPAIRED =
      List.of(
          new Unpaired("ab\uD800", 2), // lone high at the very end
          new Unpaired("\uDC00", 0), // lone low alone
          new Unpaired("ab\uDC00cd", 2), // lone low
          new Unpaired("ab\uD800cd", 2), // high followed by a non-low
          new Unpaired("\uD800\uD800\uDC00", 0), // high followed by a high that pairs
          new Unpaired("é€\uDBFF", 2), // after 2- and 3-byte chars
          new Unpaired("😀\uDE00", 2)); // a low after a complete pair

  @ParameterizedTest
  @EnumSource(
      value = ErrorPolicy.class,
      names = {"REPLACE", "REPLACE_WITH_QUESTION_MARK"})
  void unpairedSurrogatesAreReplacedInEveryWindowSize(ErrorPolicy policy) {
    for (Unpaired u : UNPAIRED) {
      for (int size = 1; size <= 8; size++) {
        Utf8Encoder encoder = Utf8.codec(policy).newEncoder().reset(u.text());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] window = new byte[Math.max(size, 4)];
        for (int guard = 0; encoder.hasRemaining() && guard < 100; guard++) {
          out.write(window, 0, encodeFixed(encoder, window, size));
        }
        int s = size;
        byte[] expected = Utf8ReferenceEncoder.encode(u.text(), policy);
        assertArrayEquals(expected, out.toByteArray(), () -> TestSupport.codePoints(u.text()) + ", window " + s);
        assertArrayEquals(oneShot(policy, u.text()), out.toByteArray(), () -> TestSupport.codePoints(u.text()));
      }
    }
  }

  @Test
  void replacementBytesAreSpelledOut() {
    // The reference encoder is an oracle too; pin the bytes themselves once.
    Utf8Encoder replace = Utf8.codec(ErrorPolicy.REPLACE).newEncoder().reset("ab\uD800");
    Utf8Encoder question = Utf8.codec(ErrorPolicy.REPLACE_WITH_QUESTION_MARK).newEncoder().reset("ab\uDC00c");
    byte[] dst = new byte[16];
    assertEquals("61 62 EF BF BD", hex(dst, 0, replace.encode(dst, 0, 16)));
    assertEquals("61 62 3F 63", hex(dst, 0, question.encode(dst, 0, 16)));
  }

  @Test
  void strictStopsAtTheUnpairedSurrogateInEveryWindowSize() {
    for (Unpaired u : UNPAIRED) {
      byte[] prefix = oneShot(ErrorPolicy.STRICT, u.text().substring(0, u.bad()));
      for (int size = 1; size <= 8; size++) {
        Utf8Encoder encoder = Utf8.newEncoder().reset(u.text());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] window = new byte[Math.max(size, 4)];
        int s = size;
        Supplier<String> ctx = () -> TestSupport.codePoints(u.text()) + ", window " + s;
        MalformedTextException e = null;
        for (int guard = 0; encoder.hasRemaining() && guard < 100 && e == null; guard++) {
          long before = encoder.bytesWritten();
          try {
            out.write(window, 0, encodeFixed(encoder, window, size));
          } catch (MalformedTextException thrown) {
            e = thrown;
            out.write(window, 0, (int) (encoder.bytesWritten() - before)); // written before it: in the window
          }
        }
        if (e == null) {
          fail(ctx.get() + ": no MalformedTextException");
        }
        assertEquals(u.bad(), e.charIndex(), ctx);
        assertEquals(-1, e.byteOffset(), ctx);
        assertEquals(prefix.length, encoder.bytesWritten(), ctx);
        assertArrayEquals(prefix, out.toByteArray(), ctx);
        assertEquals(u.bad(), encoder.charIndex(), () -> ctx.get() + ": stands before the bad char");
        assertEquals(u.bad(), encoder.charsConsumed(), ctx);
      }
    }
  }

  @Test
  void strictRandomTextsStopAtTheFirstUnpairedSurrogate() {
    long seed = TestSupport.seed(0x57_21C7L);
    SplittableRandom random = new SplittableRandom(seed);
    Windows windows = new Windows(random);
    // Array windows only: what a strict error leaves in a ByteBuffer has a test of its own below.
    for (int t = 0; t < 400; t++) {
      String s = randomTextWithUnpaired(random, t);
      int bad = Utf8ReferenceEncoder.firstUnpairedSurrogate(s, 0, s.length());
      byte[] prefix = oneShot(ErrorPolicy.STRICT, s.substring(0, bad));
      int n = t;
      Supplier<String> ctx = () -> "text " + n + " (" + s.length() + " chars, unpaired at " + bad + "), " + seedMessage(seed);
      Utf8Encoder encoder = Utf8.newEncoder().reset(s);
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      MalformedTextException e = drainKeepingPrefix(encoder, windows, out, ctx);
      if (e == null) {
        fail(ctx.get() + ": no MalformedTextException");
      }
      assertEquals(bad, e.charIndex(), ctx);
      assertEquals(bad, encoder.charIndex(), ctx);
      assertEquals(bad, encoder.charsConsumed(), ctx);
      assertEquals(prefix.length, encoder.bytesWritten(), ctx);
      assertArrayEquals(prefix, out.toByteArray(), () -> ctx.get() + ": the valid prefix");
    }
  }

  /** Random text (runs, long ones too) with one unpaired surrogate put where a chunk or window may end. */
  private static String randomTextWithUnpaired(SplittableRandom random, int t) {
    String valid = StreamTestSupport.randomText(random, t % 4 == 0 ? 2000 + random.nextInt(7000) : random.nextInt(300), false);
    int[] edges = {0, 2046, 2047, 2048, 2049, 4095, 4096};
    int at = random.nextInt(3) == 0 ? edges[random.nextInt(edges.length)] : random.nextInt(valid.length() + 1);
    at = Math.min(at, valid.length());
    if (at > 0 && Character.isHighSurrogate(valid.charAt(at - 1))) {
      at--; // don't split a pair: it would make two unpaired surrogates
    }
    char lone;
    switch (random.nextInt(3)) {
      case 0:
        lone = '\uDC00';
        break;
      case 1:
        lone = '\uDBFF';
        break;
      default:
        lone = '\uD800';
    }
    String s = valid.substring(0, at) + lone + valid.substring(at);
    if (Character.isHighSurrogate(lone) && at < valid.length() && Character.isLowSurrogate(valid.charAt(at))) {
      s = valid.substring(0, at) + lone + "x" + valid.substring(at); // keep it unpaired
    }
    return s;
  }

  /** The bytes before the bad char are in the destination buffer, and its position moved past them. */
  @ParameterizedTest
  @EnumSource(
      value = Sink.class,
      names = {"HEAP_BUFFER", "DIRECT_BUFFER"})
  void strictErrorIntoByteBufferKeepsTheValidPrefix(Sink sink) {
    // Short, and long enough (over 6 KiB of bytes) that a direct buffer is filled in several rounds.
    String[] texts = {"abc€\uDC00def", "漢".repeat(3000) + "é\uD800x", "a".repeat(7000) + "\uDFFF"};
    for (String s : texts) {
      int bad = Utf8ReferenceEncoder.firstUnpairedSurrogate(s, 0, s.length());
      byte[] prefix = oneShot(ErrorPolicy.STRICT, s.substring(0, bad));
      ByteBuffer dst = sink == Sink.HEAP_BUFFER ? ByteBuffer.allocate(prefix.length + 100) : ByteBuffer.allocateDirect(prefix.length + 100);
      dst.position(3);
      Utf8Encoder encoder = Utf8.newEncoder().reset(s);
      MalformedTextException e = assertThrows(MalformedTextException.class, () -> encoder.encode(dst));
      Supplier<String> ctx = () -> sink + ", " + s.length() + " chars, unpaired at " + bad;
      assertEquals(bad, e.charIndex(), ctx);
      assertEquals(prefix.length, encoder.bytesWritten(), ctx);
      byte[] inBuffer = new byte[prefix.length];
      dst.get(3, inBuffer);
      assertArrayEquals(prefix, inBuffer, () -> ctx.get() + ": the bytes counted by bytesWritten() are in the buffer");
      assertEquals(3 + prefix.length, dst.position(), () -> ctx.get() + ": the position is past the bytes written");
    }
  }

  // -------------------------------------------------------------------------------------------------
  // Unpaired surrogates across pieces

  /** Pieces of a stream whose first unpaired surrogate is at stream index {@code bad} (-1: none). */
  record Pieces(List<String> pieces, int bad) {
    String whole() {
      return String.join("", pieces);
    }
  }

  static final List<Pieces> PIECES =
      List.of(
          new Pieces(List.of("ab\uD800", "cd"), 2), // high at the end of a piece, non-low next
          new Pieces(List.of("ab\uD800"), 2), // high at the end of the last piece
          new Pieces(List.of("a", "\uDC00b"), 1), // low at the start of a piece, no high before
          new Pieces(List.of("x\uD800", "\uD800", "\uDC00y"), 1), // carried high, then a high that pairs
          new Pieces(List.of("ab", "\uD800", "", "z"), 2), // an empty piece between
          new Pieces(List.of("\uD800", "é"), 0), // a Latin-1 String piece after the carried high
          new Pieces(List.of("é\uDBFF", "\uD83D\uDE00"), 1), // a carried high, then a whole pair
          new Pieces(List.of("ab\uD800", "\uDC00"), -1), // a pair across pieces
          new Pieces(List.of("ab\uD800", "", "\uDC00", "c"), -1)); // a pair across an empty piece

  @ParameterizedTest
  @EnumSource(ErrorPolicy.class)
  void unpairedSurrogatesAcrossPieces(ErrorPolicy policy) {
    for (Pieces p : PIECES) {
      for (boolean arrays : new boolean[] {false, true}) {
        // Pieces end with endOfInput false; an empty piece ends the stream.
        Utf8Encoder encoder = Utf8.codec(policy).newEncoder();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] window = new byte[3]; // small: the replacement and pairs need several calls
        Supplier<String> ctx = () -> p.pieces().stream().map(TestSupport::codePoints).toList() + ", " + policy + (arrays ? ", char[]" : "");
        MalformedTextException error = null;
        int streamLength = 0;
        List<String> all = new ArrayList<>(p.pieces());
        all.add("");
        for (int i = 0; i < all.size() && error == null; i++) {
          String piece = all.get(i);
          boolean end = i == all.size() - 1;
          if (arrays) {
            encoder.feed(piece.toCharArray(), 0, piece.length(), end);
          } else {
            encoder.feed(piece, 0, piece.length(), end);
          }
          streamLength += piece.length();
          try {
            while (encoder.hasRemaining()) {
              long before = encoder.bytesWritten();
              int n = encoder.encode(window, 0, window.length);
              out.write(window, 0, n);
              if (n == 0) {
                window = new byte[4];
                assertTrue(before == encoder.bytesWritten(), ctx);
              }
            }
          } catch (MalformedTextException e) {
            error = e;
          }
          assertTrue(streamLength >= encoder.charsConsumed(), ctx);
        }
        String whole = p.whole();
        if (policy == ErrorPolicy.STRICT && p.bad() >= 0) {
          if (error == null) {
            fail(ctx.get() + ": no MalformedTextException");
          }
          byte[] prefix = oneShot(ErrorPolicy.STRICT, whole.substring(0, p.bad()));
          assertEquals(p.bad(), error.charIndex(), () -> ctx.get() + ": the surrogate's index in the stream");
          assertEquals(prefix.length, encoder.bytesWritten(), ctx);
          assertArrayEquals(prefix, out.toByteArray(), ctx);
        } else {
          if (error != null) {
            throw new AssertionError(ctx.get(), error);
          }
          assertArrayEquals(oneShot(policy, whole), out.toByteArray(), ctx);
          assertArrayEquals(Utf8ReferenceEncoder.encode(whole, policy == ErrorPolicy.STRICT ? ErrorPolicy.REPLACE : policy), out.toByteArray(), ctx);
        }
      }
    }
  }

  @Test
  void strictFeedRandomTextsReportTheStreamIndex() {
    long seed = TestSupport.seed(0x57_FEEDL);
    SplittableRandom random = new SplittableRandom(seed);
    Windows windows = new Windows(random);
    for (int t = 0; t < 300; t++) {
      String s = randomTextWithUnpaired(random, t);
      int bad = Utf8ReferenceEncoder.firstUnpairedSurrogate(s, 0, s.length());
      byte[] prefix = oneShot(ErrorPolicy.STRICT, s.substring(0, bad));
      int n = t;
      Supplier<String> ctx = () -> "text " + n + " (" + s.length() + " chars, unpaired at " + bad + "), " + seedMessage(seed);
      Utf8Encoder encoder = Utf8.newEncoder();
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      char[] chars = s.toCharArray();
      int maxPiece = new int[] {1, 3, 50, 3000}[random.nextInt(4)];
      MalformedTextException e = null;
      for (int fed = 0; e == null; ) {
        int end = Math.min(s.length(), fed + random.nextInt(maxPiece + 1));
        boolean endOfInput = end == s.length() && random.nextBoolean();
        // Pieces are parts of the whole text: piece indices differ from stream indices.
        if (random.nextBoolean()) {
          encoder.feed(chars, fed, end, endOfInput);
        } else {
          encoder.feed(s.substring(fed, end), 0, end - fed, endOfInput);
        }
        fed = end;
        e = drainKeepingPrefix(encoder, windows, out, ctx);
        if (fed == s.length()) {
          if (e == null && !endOfInput) {
            encoder.feed("", 0, 0, true);
            e = drainKeepingPrefix(encoder, windows, out, ctx);
          }
          break;
        }
      }
      if (e == null) {
        fail(ctx.get() + ": no MalformedTextException");
      }
      assertEquals(bad, e.charIndex(), ctx);
      assertEquals(prefix.length, encoder.bytesWritten(), ctx);
      assertArrayEquals(prefix, out.toByteArray(), () -> ctx.get() + ": the valid prefix");
    }
  }

  /**
   * Drains into random array windows. At a strict error, keeps the bytes the throwing call wrote before
   * it (they must be in its window, as many as bytesWritten() says) and returns the error.
   */
  private static MalformedTextException drainKeepingPrefix(
      Utf8Encoder encoder, Windows windows, ByteArrayOutputStream out, Supplier<String> ctx) {
    while (encoder.hasRemaining()) {
      long before = encoder.bytesWritten();
      try {
        out.writeBytes(windows.encode(encoder, Sink.ARRAY, windows.nextSize(), ctx));
      } catch (MalformedTextException e) {
        out.writeBytes(windows.windowBytes((int) (encoder.bytesWritten() - before)));
        return e;
      }
    }
    return null;
  }

  // -------------------------------------------------------------------------------------------------
  // State: misuse, reset, reuse

  @Test
  void feedWhileInputRemainsIsRefused() {
    Utf8Encoder encoder = Utf8.newEncoder().reset("hello");
    assertThrows(IllegalStateException.class, () -> encoder.feed("x", 0, 1, false), "after reset(text)");
    byte[] dst = new byte[2];
    assertEquals(2, encoder.encode(dst, 0, 2));
    assertThrows(IllegalStateException.class, () -> encoder.feed(new char[] {'x'}, 0, 1, true), "partly encoded");
    assertEquals(2, encoder.charIndex(), "a refused feed changes nothing");

    Utf8Encoder fed = Utf8.newEncoder().feed("abc", 0, 3, false);
    assertThrows(IllegalStateException.class, () -> fed.feed("d", 0, 1, false), "a piece not yet encoded");
    byte[] big = new byte[16];
    assertEquals(3, fed.encode(big, 0, 16));
    fed.feed("d", 0, 1, true); // drained: accepted
    assertEquals(1, fed.encode(big, 3, 16));
    assertEquals("abcd", new String(big, 0, 4, UTF_8));
  }

  @Test
  void resetForgetsInputCarriedSurrogateAndCounts() {
    for (ErrorPolicy policy : POLICIES) {
      Utf8Encoder encoder = Utf8.codec(policy).newEncoder();
      byte[] dst = new byte[32];
      encoder.feed("ab\uD83D", 0, 3, false);
      assertEquals(2, encoder.encode(dst, 0, 32));
      assertTrue(encoder.hasCarriedSurrogate(), policy::toString);
      encoder.reset();
      assertFalse(encoder.hasCarriedSurrogate(), policy::toString);
      assertFalse(encoder.hasRemaining(), policy::toString);
      assertEquals(0, encoder.bytesWritten(), policy::toString);
      assertEquals(0, encoder.charsConsumed(), policy::toString);
      assertEquals(0, encoder.charIndex(), policy::toString);
      // A low half now starts a new stream: it is unpaired, not joined to the forgotten high half.
      encoder.feed("\uDE00z", 0, 2, true);
      if (policy == ErrorPolicy.STRICT) {
        MalformedTextException e = assertThrows(MalformedTextException.class, () -> encoder.encode(dst, 0, 32));
        assertEquals(0, e.charIndex());
      } else {
        int n = encoder.encode(dst, 0, 32);
        assertArrayEquals(oneShot(policy, "\uDE00z"), Arrays.copyOf(dst, n), policy::toString);
      }

      // reset() in the middle of a text, and reset(text) over a half-encoded one.
      encoder.reset("hello, world");
      assertEquals(5, encoder.encode(dst, 0, 5));
      encoder.reset();
      assertFalse(encoder.hasRemaining());
      assertEquals(0, encoder.encode(dst, 0, 32));
      encoder.reset("é😀");
      assertEquals(0, encoder.charIndex());
      int n = encoder.encode(dst, 0, 32);
      assertEquals("C3 A9 F0 9F 98 80", hex(dst, 0, n));
      assertEquals(6, encoder.bytesWritten());
      assertEquals(3, encoder.charsConsumed());
    }
  }

  @Test
  void oneEncoderReusedForManyTexts() {
    long seed = TestSupport.seed(0x2E05EL);
    SplittableRandom random = new SplittableRandom(seed);
    Windows windows = new Windows(random);
    Utf8Encoder[] encoders = {
      Utf8.newEncoder(), Utf8.codec(ErrorPolicy.REPLACE).newEncoder(), Utf8.codec(ErrorPolicy.REPLACE_WITH_QUESTION_MARK).newEncoder()
    };
    for (int t = 0; t < 400; t++) {
      Utf8Encoder encoder = encoders[t % 3];
      boolean strict = encoder.policy() == ErrorPolicy.STRICT;
      String s = StreamTestSupport.randomText(random, random.nextInt(t % 10 == 0 ? 5000 : 80), !strict);
      int n = t;
      Supplier<String> ctx = () -> "text " + n + ", " + encoder.policy() + ", " + seedMessage(seed);
      byte[] actual =
          random.nextBoolean()
              ? encodeInWindows(encoder, s, s, 0, s.length(), windows, null, ctx)
              : feedInPieces(encoder, s, random, windows, ctx);
      assertArrayEquals(oneShot(encoder.policy(), s), actual, ctx);
      if (random.nextInt(5) == 0) {
        // Abandon a text half way: the next one must not see any of it.
        encoder.reset(StreamTestSupport.randomText(random, 100, false));
        encoder.encode(new byte[10], 0, 10);
      }
    }
  }

  @Test
  void policyAndFactories() {
    assertEquals(ErrorPolicy.STRICT, Utf8.newEncoder().policy());
    for (ErrorPolicy policy : POLICIES) {
      assertEquals(policy, Utf8.codec(policy).newEncoder().policy());
    }
  }

  // -------------------------------------------------------------------------------------------------
  // Arguments

  @Test
  void readOnlyBufferIsRefused() {
    Utf8Encoder encoder = Utf8.newEncoder().reset("abc");
    assertThrows(ReadOnlyBufferException.class, () -> encoder.encode(ByteBuffer.allocate(8).asReadOnlyBuffer()));
    assertThrows(ReadOnlyBufferException.class, () -> encoder.encode(ByteBuffer.allocateDirect(8).asReadOnlyBuffer()));
    assertEquals(0, encoder.bytesWritten());
    assertEquals(0, encoder.charIndex(), "nothing consumed");
    ByteBuffer ok = ByteBuffer.allocate(8);
    assertEquals(3, encoder.encode(ok));
  }

  @Test
  void rangesOutOfBoundsAreRefused() {
    Utf8Encoder encoder = Utf8.newEncoder();
    assertThrows(IndexOutOfBoundsException.class, () -> encoder.reset("abc", 2, 1));
    assertThrows(IndexOutOfBoundsException.class, () -> encoder.reset("abc", 0, 4));
    assertThrows(IndexOutOfBoundsException.class, () -> encoder.feed("abc", -1, 2, false));
    assertThrows(IndexOutOfBoundsException.class, () -> encoder.feed(new char[3], 0, 4, false));
    encoder.reset("abc");
    assertThrows(IndexOutOfBoundsException.class, () -> encoder.encode(new byte[4], 3, 2));
    assertThrows(IndexOutOfBoundsException.class, () -> encoder.encode(new byte[4], 0, 5));
    assertEquals(0, encoder.charIndex());
  }

  @Test
  void charBufferInputIsNotMoved() {
    // A CharBuffer is read by absolute index: its position is the caller's.
    CharBuffer text = CharBuffer.wrap("xxhello😀".toCharArray()).position(2);
    Utf8Encoder encoder = Utf8.newEncoder().reset(text);
    byte[] dst = new byte[32];
    int n = encoder.encode(dst, 0, 32);
    assertEquals("hello😀", new String(dst, 0, n, UTF_8));
    assertEquals(2, text.position());
  }
}
