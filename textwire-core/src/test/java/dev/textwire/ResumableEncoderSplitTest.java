package dev.textwire;

import static dev.textwire.TestSupport.codePoints;
import static dev.textwire.TestSupport.hex;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Every codec's resumable encoder, every policy, every split of the input into two pieces (the first fed
 * with {@code endOfInput == false}), drained through fixed windows of every size from 1 to 12. The
 * concatenated output must equal the one-shot encoding; a window that returns 0 while there is something
 * to write must be too small for the next character (the smallest window that then makes progress is
 * filled exactly); a window with room for the codec's longest character always makes progress; and only
 * the codecs that carry a high surrogate between pieces report one.
 */
class ResumableEncoderSplitTest {
  private static final TextCodec[] CODECS = TestSupport.ALL_CODECS.toArray(new TextCodec[0]);

  private static final String LONG =
      "a".repeat(50) + "\uD83D\uDE00" + "\u00E9".repeat(49) + "\u0000\uD800" + "x".repeat(49) + "\u4E2D";

  private static final String[] INPUTS = {
    "",
    "a",
    "abc",
    "\u00E9",
    "\u20AC",
    "\u4E2D\u6587",
    "x\uD81D\uDD49", // the case
    "\uD83D\uDE00",
    "a\uD83D\uDE00b",
    "\uD83D\uDE00\uD83D\uDE00",
    "\uD800",
    "\uDC00",
    "a\uD800",
    "\uD800b",
    "\uDC00\uD800",
    "\uD800\uD800\uDC00",
    "\u0000",
    "a\u0000b\u0000",
    "\u00FF\u0100\u0085\n",
    "\u20AC\u20AC\uD83D\uDE00\u00E9\u0000",
    LONG,
  };

  /** The most bytes one character (a pair counts as one) takes: the window that must always make progress. */
  private static int maxCharBytes(TextCodec codec) {
    if (codec.name().equals("UTF-8")) {
      return 4;
    }
    if (codec.name().equals("CESU-8")) {
      return 6; // a pair is never split
    }
    return codec.maxBytesPerChar(); // modified UTF-8: 3, every surrogate on its own; code pages: 1
  }

  /** Modified UTF-8 encodes each surrogate on its own, so it never carries one between pieces. */
  private static boolean carriesSurrogates(TextCodec codec) {
    return !codec.name().equals(TextCodecs.MODIFIED_UTF_8.name());
  }

  private enum Sink {
    ARRAY,
    HEAP_BUFFER,
    DIRECT_BUFFER
  }

  @Test
  void everySplitEveryWindowEqualsOneShot() {
    for (TextCodec strict : CODECS) {
      for (ErrorPolicy policy : ErrorPolicy.values()) {
        TextCodec codec = strict.withPolicy(policy);
        TextEncoder encoder = codec.newEncoder();
        for (String s : INPUTS) {
          byte[] expected;
          try {
            expected = codec.encode(s);
          } catch (MalformedTextException e) {
            continue; // strict errors have tests of their own
          }
          // The long input only into arrays: its every split in every window is most of the work.
          Sink[] sinks = s.length() > 20 ? new Sink[] {Sink.ARRAY} : Sink.values();
          for (int split = 0; split <= s.length(); split++) {
            for (int window = 1; window <= 12; window++) {
              for (Sink sink : sinks) {
                for (boolean asArray : new boolean[] {false, true}) {
                  int k = split;
                  int w = window;
                  Supplier<String> ctx =
                      () -> codec + ", " + codePoints(s) + ", split at " + k + ", window " + w + ", " + sink
                          + (asArray ? ", char[] pieces" : ", String pieces");
                  byte[] actual = encodeSplit(codec, encoder, s, k, w, sink, asArray, ctx);
                  assertArrayEquals(expected, actual, () -> ctx.get() + ": expected " + hex(expected) + ", got " + hex(actual));
                }
              }
            }
          }
        }
      }
    }
  }

  /** The report, byte for byte: every 3-byte window makes progress and nothing is carried. */
  @Test
  void modifiedUtf8HighSurrogateLeftByAFullWindowIsNotCarried() {
    for (int window = 3; window <= 5; window++) {
      TextEncoder encoder = TextCodecs.MODIFIED_UTF_8.newEncoder();
      byte[] dst = new byte[window];
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      encoder.feed("x\uD81D", 0, 2, false);
      int first = encoder.encode(dst, 0, 3);
      out.write(dst, 0, first);
      assertFalse(encoder.hasCarriedSurrogate(), "window " + window + ": modified UTF-8 carries nothing");
      while (encoder.hasRemaining()) {
        int n = encoder.encode(dst, 0, window);
        assertTrue(n > 0, "window " + window + ": stalled");
        out.write(dst, 0, n);
      }
      encoder.feed("\uDD49", 0, 1, true);
      while (encoder.hasRemaining()) {
        int n = encoder.encode(dst, 0, window);
        assertTrue(n > 0, "window " + window + ": stalled");
        out.write(dst, 0, n);
      }
      assertFalse(encoder.hasCarriedSurrogate(), "window " + window);
      assertEquals("78 ED A0 9D ED B5 89", hex(out.toByteArray()), "window " + window);
    }
  }

  /** Feeds s[0, split) (more to come) and s[split, n) (the end), draining each through windows of {@code window} bytes. */
  private static byte[] encodeSplit(
      TextCodec codec, TextEncoder encoder, String s, int split, int window, Sink sink, boolean asArray, Supplier<String> ctx) {
    encoder.reset();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    char[] chars = s.toCharArray();
    if (asArray) {
      encoder.feed(chars, 0, split, false);
    } else {
      encoder.feed(s, 0, split, false);
    }
    drain(codec, encoder, window, sink, out, ctx);
    boolean endsWithHigh = split > 0 && Character.isHighSurrogate(s.charAt(split - 1));
    assertEquals(
        carriesSurrogates(codec) && endsWithHigh, encoder.hasCarriedSurrogate(), () -> ctx.get() + ": carrying after the first piece");
    if (asArray) {
      Arrays.fill(chars, 0, split, '\uFFFF'); // the caller may reuse its array once the piece is drained
      encoder.feed(chars, split, s.length() - split, true);
    } else {
      encoder.feed(s, split, s.length(), true);
    }
    drain(codec, encoder, window, sink, out, ctx);
    assertFalse(encoder.hasCarriedSurrogate(), () -> ctx.get() + ": carrying at the end");
    assertEquals(s.length(), encoder.charsConsumed(), () -> ctx.get() + ": chars consumed");
    assertEquals(out.size(), encoder.bytesWritten(), () -> ctx.get() + ": bytes written");
    return out.toByteArray();
  }

  /**
   * Encodes until the encoder has nothing left, a window of {@code window} bytes at a time. When a window
   * returns 0, wider windows are tried one byte at a time: the first that makes progress must be filled
   * exactly (so the 0 was for a character that did not fit), and it must come by the codec's longest
   * character.
   */
  private static void drain(
      TextCodec codec, TextEncoder encoder, int window, Sink sink, ByteArrayOutputStream out, Supplier<String> ctx) {
    int maxChar = maxCharBytes(codec);
    for (int guard = 0; encoder.hasRemaining(); guard++) {
      if (guard > 10_000) {
        fail(ctx.get() + ": no end");
      }
      int written = encodeWindow(encoder, window, sink, out);
      assertFalse(!carriesSurrogates(codec) && encoder.hasCarriedSurrogate(), () -> ctx.get() + ": carries a surrogate");
      if (written > 0) {
        continue;
      }
      if (!encoder.hasRemaining()) {
        break;
      }
      assertTrue(window < maxChar, () -> ctx.get() + ": a window of " + window + " bytes made no progress");
      for (int wider = window + 1; ; wider++) {
        int w = wider;
        if (wider > maxChar) {
          fail(ctx.get() + ": no window up to " + maxChar + " bytes made progress");
        }
        int n = encodeWindow(encoder, wider, sink, out);
        if (n > 0) {
          assertEquals(wider, n, () -> ctx.get() + ": a window of " + (w - 1) + " returned 0, but one of " + w + " was not filled");
          break;
        }
      }
    }
  }

  private static int encodeWindow(TextEncoder encoder, int window, Sink sink, ByteArrayOutputStream out) {
    int written;
    byte[] bytes;
    switch (sink) {
      case ARRAY:
        {
          // The window sits inside a larger array, between guard bytes that must stay untouched. (Inside
          // the window, bytes past those written may change: modified UTF-8's ASCII step copies a 00 before
          // it finds that U+0000 needs C0 80.)
          byte[] dst = new byte[window + 4];
          Arrays.fill(dst, (byte) 0x5A);
          written = encoder.encode(dst, 2, window);
          for (int i = 0; i < dst.length; i++) {
            if ((i < 2 || i >= 2 + window) && dst[i] != 0x5A) {
              fail("byte " + i + " outside the window [2, " + (2 + window) + ") was changed: " + hex(dst));
            }
          }
          bytes = Arrays.copyOfRange(dst, 2, 2 + written);
          break;
        }
      default:
        {
          ByteBuffer dst = sink == Sink.DIRECT_BUFFER ? ByteBuffer.allocateDirect(window + 4) : ByteBuffer.allocate(window + 4);
          dst.position(2).limit(2 + window);
          written = encoder.encode(dst);
          assertEquals(2 + written, dst.position(), "position after encode");
          bytes = new byte[written];
          dst.get(2, bytes);
        }
    }
    out.write(bytes, 0, bytes.length);
    return written;
  }
}
