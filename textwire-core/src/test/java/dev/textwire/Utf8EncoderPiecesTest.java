package dev.textwire;

import static dev.textwire.TestSupport.hex;
import static dev.textwire.TestSupport.seedMessage;
import static dev.textwire.Utf8EncoderTestSupport.POLICIES;
import static dev.textwire.Utf8EncoderTestSupport.fastPathShapes;
import static dev.textwire.Utf8EncoderTestSupport.feedInPieces;
import static dev.textwire.Utf8EncoderTestSupport.oneShot;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.textwire.TestSupport.NamedText;
import dev.textwire.Utf8EncoderTestSupport.Windows;
import dev.textwire.io.StreamTestSupport;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * The resumable {@link TextEncoder} fed in pieces ({@code feed(piece, ..., endOfInput)}): however the
 * input is cut, and a surrogate pair between pieces with it, the bytes must equal the one-shot codec's
 * on the whole text, under every policy.
 */
class Utf8EncoderPiecesTest {
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
        TextEncoder encoder = Utf8.newEncoder();
        byte[] dst = new byte[16];
        encoder.feed(first.text(), 0, 2, false);
        int n = encoder.encode(dst, 0, dst.length);
        assertEquals(1, n, first + ": only 'a' before the low half comes");
        assertTrue(encoder.hasCarriedSurrogate(), first::toString);
        assertFalse(encoder.hasRemaining(), first::toString);
        assertEquals(2, encoder.charIndex(), first::toString);
        encoder.feed(second.text(), 2, 3, false);
        n += encoder.encode(dst, n, dst.length - n);
        assertFalse(encoder.hasCarriedSurrogate(), second::toString);
        encoder.feed(second.text(), 3, 4, true);
        n += encoder.encode(dst, n, dst.length - n);
        assertArrayEquals(expected, Arrays.copyOf(dst, n), first + " then " + second);
      }
    }
  }

  @Test
  void pieceThatMayGoOnStillEncodesAnUnpairedSurrogateBetweenLatin1Stretches() {
    // Only a high surrogate at the very end of a piece waits for more input. One between two Latin-1
    // stretches is unpaired now, and the piece encodes whole in one call when the room is there.
    String piece = "é".repeat(60) + "\uD83D" + "é".repeat(60) + "\u2019" + "a".repeat(60);
    for (ErrorPolicy policy : new ErrorPolicy[] {ErrorPolicy.REPLACE, ErrorPolicy.REPLACE_WITH_QUESTION_MARK}) {
      byte[] expected = oneShot(policy, piece);
      TextEncoder encoder = Utf8.codec(policy).newEncoder();
      encoder.feed(piece, 0, piece.length(), false);
      byte[] dst = new byte[expected.length + 10];
      assertEquals(expected.length, encoder.encode(dst, 0, dst.length), policy + ": one call");
      assertFalse(encoder.hasRemaining(), policy::toString);
      assertArrayEquals(expected, Arrays.copyOf(dst, expected.length), policy::toString);
    }
  }

  @Test
  void carriedSurrogateWaitsThroughEmptyPiecesAndSmallWindows() {
    TextEncoder encoder = Utf8.newEncoder();
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
}
