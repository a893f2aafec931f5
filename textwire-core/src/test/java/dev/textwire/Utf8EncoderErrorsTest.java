package dev.textwire;

import static dev.textwire.TestSupport.hex;
import static dev.textwire.TestSupport.seedMessage;
import static dev.textwire.Utf8EncoderTestSupport.encodeFixed;
import static dev.textwire.Utf8EncoderTestSupport.oneShot;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.textwire.Utf8EncoderTestSupport.Sink;
import dev.textwire.Utf8EncoderTestSupport.Windows;
import dev.textwire.io.StreamTestSupport;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Unpaired surrogates in the resumable {@link TextEncoder}, in one text and across pieces: the
 * replacing policies write what the one-shot codec writes; strict stops at the first one, reports its
 * index in the stream, and leaves exactly the valid prefix written.
 */
class Utf8EncoderErrorsTest {
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
        TextEncoder encoder = Utf8.codec(policy).newEncoder().reset(u.text());
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
    TextEncoder replace = Utf8.codec(ErrorPolicy.REPLACE).newEncoder().reset("ab\uD800");
    TextEncoder question = Utf8.codec(ErrorPolicy.REPLACE_WITH_QUESTION_MARK).newEncoder().reset("ab\uDC00c");
    byte[] dst = new byte[16];
    assertEquals("61 62 EF BF BD", hex(dst, 0, replace.encode(dst, 0, 16)));
    assertEquals("61 62 3F 63", hex(dst, 0, question.encode(dst, 0, 16)));
  }

  @Test
  void strictStopsAtTheUnpairedSurrogateInEveryWindowSize() {
    for (Unpaired u : UNPAIRED) {
      byte[] prefix = oneShot(ErrorPolicy.STRICT, u.text().substring(0, u.bad()));
      for (int size = 1; size <= 8; size++) {
        TextEncoder encoder = Utf8.newEncoder().reset(u.text());
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
      TextEncoder encoder = Utf8.newEncoder().reset(s);
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
      TextEncoder encoder = Utf8.newEncoder().reset(s);
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
        TextEncoder encoder = Utf8.codec(policy).newEncoder();
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
      TextEncoder encoder = Utf8.newEncoder();
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      char[] chars = s.toCharArray();
      int maxPiece = new int[] {1, 3, 50, 3000}[random.nextInt(4)];
      MalformedTextException e = null;
      for (int fed = 0; e == null; ) {
        int end = Math.min(s.length(), fed + random.nextInt(maxPiece + 1));
        boolean endOfInput = end == s.length() && random.nextBoolean();
        // Pieces are parts of the whole text: piece indices differ from stream indices.
        if (random.nextBoolean()) {
          encoder.feed(chars, fed, end - fed, endOfInput);
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
      TextEncoder encoder, Windows windows, ByteArrayOutputStream out, Supplier<String> ctx) {
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
}
