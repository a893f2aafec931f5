package dev.textwire;

import static dev.textwire.TestSupport.hex;
import static dev.textwire.TestSupport.seedMessage;
import static dev.textwire.Utf8EncoderTestSupport.POLICIES;
import static dev.textwire.Utf8EncoderTestSupport.encodeInWindows;
import static dev.textwire.Utf8EncoderTestSupport.feedInPieces;
import static dev.textwire.Utf8EncoderTestSupport.oneShot;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.textwire.Utf8EncoderTestSupport.Windows;
import dev.textwire.io.StreamTestSupport;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.ReadOnlyBufferException;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * The resumable {@link TextEncoder}'s state and arguments: feeding while input remains is refused,
 * reset forgets everything, one encoder serves many texts, and bad arguments change nothing.
 */
class Utf8EncoderStateTest {
  // -------------------------------------------------------------------------------------------------
  // State: misuse, reset, reuse

  @Test
  void feedWhileInputRemainsIsRefused() {
    TextEncoder encoder = Utf8.newEncoder().reset("hello");
    assertThrows(IllegalStateException.class, () -> encoder.feed("x", 0, 1, false), "after reset(text)");
    byte[] dst = new byte[2];
    assertEquals(2, encoder.encode(dst, 0, 2));
    assertThrows(IllegalStateException.class, () -> encoder.feed(new char[] {'x'}, 0, 1, true), "partly encoded");
    assertEquals(2, encoder.charIndex(), "a refused feed changes nothing");

    TextEncoder fed = Utf8.newEncoder().feed("abc", 0, 3, false);
    assertThrows(IllegalStateException.class, () -> fed.feed("d", 0, 1, false), "a piece not yet encoded");
    byte[] big = new byte[16];
    assertEquals(3, fed.encode(big, 0, 16));
    fed.feed("d", 0, 1, true); // drained: accepted
    assertEquals(1, fed.encode(big, 3, 13));
    assertEquals("abcd", new String(big, 0, 4, UTF_8));
  }

  @Test
  void resetForgetsInputCarriedSurrogateAndCounts() {
    for (ErrorPolicy policy : POLICIES) {
      TextEncoder encoder = Utf8.codec(policy).newEncoder();
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
    TextEncoder[] encoders = {
      Utf8.newEncoder(), Utf8.codec(ErrorPolicy.REPLACE).newEncoder(), Utf8.codec(ErrorPolicy.REPLACE_WITH_QUESTION_MARK).newEncoder()
    };
    for (int t = 0; t < 400; t++) {
      TextEncoder encoder = encoders[t % 3];
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
    TextEncoder encoder = Utf8.newEncoder().reset("abc");
    assertThrows(ReadOnlyBufferException.class, () -> encoder.encode(ByteBuffer.allocate(8).asReadOnlyBuffer()));
    assertThrows(ReadOnlyBufferException.class, () -> encoder.encode(ByteBuffer.allocateDirect(8).asReadOnlyBuffer()));
    assertEquals(0, encoder.bytesWritten());
    assertEquals(0, encoder.charIndex(), "nothing consumed");
    ByteBuffer ok = ByteBuffer.allocate(8);
    assertEquals(3, encoder.encode(ok));
  }

  @Test
  void rangesOutOfBoundsAreRefused() {
    TextEncoder encoder = Utf8.newEncoder();
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
    TextEncoder encoder = Utf8.newEncoder().reset(text);
    byte[] dst = new byte[32];
    int n = encoder.encode(dst, 0, 32);
    assertEquals("hello😀", new String(dst, 0, n, UTF_8));
    assertEquals(2, text.position());
  }
}
