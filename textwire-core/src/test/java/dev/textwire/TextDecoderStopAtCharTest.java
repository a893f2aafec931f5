package dev.textwire;

import static dev.textwire.TestSupport.seed;
import static dev.textwire.TestSupport.seedMessage;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Reading exactly N chars, for every N, from random well-formed texts (with supplementary characters):
 * by {@code decode(dst, offset, N - got)} until N are written, and by {@code skip(N)}, from arrays and
 * from direct buffers longer than the decoder's 2 KiB window. The chars are the text's first N, and
 * {@code bytesConsumed()} is the encoded length of those N chars, or of N + 1 when N ends between a
 * pair's halves (the low half is then held back and {@code hasHeldLowSurrogate()} is true). Decoding the
 * rest gives the rest of the text.
 */
class TextDecoderStopAtCharTest {
  private enum Mode {
    DECODE_ARRAY,
    DECODE_DIRECT,
    SKIP_ARRAY,
    SKIP_DIRECT
  }

  /** Texts per codec; ~1,300 chars of the UTF-8 family are over 2,048 bytes, so a direct buffer takes two windows. */
  private static final int TEXTS = 2;

  @Test
  void everyStopPointMatchesThePlainModel() {
    long seed = seed(0x5709A7C4L);
    Random random = new Random(seed);
    List<String> failures = new ArrayList<>();
    for (TextCodec codec : TextDecoderSplitTest.CODECS) {
      for (int t = 0; t < TEXTS; t++) {
        String text = randomText(codec, random);
        byte[] bytes = codec.encode(text);
        long[] ends = PiecewiseDecoding.charEnds(codec, text);
        assertEquals(text, codec.decode(bytes), () -> codec + ": the text does not round-trip; " + seedMessage(seed));
        modes:
        for (Mode mode : Mode.values()) {
          TextDecoder decoder = codec.newDecoder();
          char[] dst = new char[text.length()];
          for (int n = 0; n <= text.length(); n++) {
            int stop = n;
            Supplier<String> where = () -> codec + ", " + mode + ", " + text.length() + " chars (" + bytes.length
                + " bytes), stop after " + stop + " chars, " + seedMessage(seed);
            try {
              stopAndContinue(decoder, bytes, text, ends, n, mode, dst, where);
            } catch (AssertionError e) {
              failures.add(e.getMessage());
              continue modes; // the first failure per codec and mode
            }
          }
        }
      }
    }
    if (!failures.isEmpty()) {
      throw new AssertionError(failures.size() + " codecs and modes failed:\n" + String.join("\n", failures));
    }
  }

  private static void stopAndContinue(
      TextDecoder decoder, byte[] bytes, String text, long[] ends, int n, Mode mode, char[] dst, Supplier<String> where) {
    decoder.reset();
    boolean direct = mode == Mode.DECODE_DIRECT || mode == Mode.SKIP_DIRECT;
    if (direct) {
      decoder.feed(ByteBuffer.allocateDirect(bytes.length).put(bytes).flip(), true);
    } else {
      decoder.feed(bytes, 0, bytes.length, true);
    }
    String got;
    if (mode == Mode.SKIP_ARRAY || mode == Mode.SKIP_DIRECT) {
      assertEquals(n, decoder.skip(n), () -> where.get() + ": skip returned");
      got = text.substring(0, n);
    } else {
      int count = 0;
      while (count < n) {
        int written = decoder.decode(dst, count, n - count);
        if (written == 0) {
          throw new AssertionError(where.get() + ": decode returned 0 after " + count + " chars");
        }
        count += written;
      }
      got = new String(dst, 0, n);
    }
    assertEquals(text.substring(0, n), got, where);
    boolean midPair = ends[n] < 0;
    long expectedBytes = midPair ? ends[n + 1] : ends[n];
    assertEquals(n, decoder.charsDecoded(), () -> where.get() + ": charsDecoded");
    assertEquals(midPair, decoder.hasHeldLowSurrogate(), () -> where.get() + ": hasHeldLowSurrogate");
    assertEquals(expectedBytes, decoder.bytesConsumed(), () -> where.get() + ": bytesConsumed");
    // The rest.
    StringBuilder rest = new StringBuilder();
    char[] window = new char[64];
    while (decoder.hasRemaining()) {
      int written = decoder.decode(window, 0, window.length);
      if (written == 0) {
        throw new AssertionError(where.get() + ": the rest stalled after " + rest.length() + " chars");
      }
      rest.append(window, 0, written);
    }
    assertEquals(text.substring(n), rest.toString(), () -> where.get() + ": the rest");
    assertEquals(bytes.length, decoder.bytesConsumed(), () -> where.get() + ": bytesConsumed at the end");
    assertEquals(text.length(), decoder.charsDecoded(), () -> where.get() + ": charsDecoded at the end");
    assertFalse(decoder.hasHeldLowSurrogate(), where);
  }

  /**
   * A well-formed text for {@code codec}: for the UTF-8 family a mix of ASCII, 2- and 3-byte chars and
   * supplementary characters (and U+0000); for a code page, its decoding of random bytes.
   */
  static String randomText(TextCodec codec, Random random) {
    if (codec.maxBytesPerChar() == 1) {
      byte[] bytes = new byte[2600];
      random.nextBytes(bytes);
      return codec.decode(bytes);
    }
    StringBuilder text = new StringBuilder();
    while (text.length() < 1300) {
      int kind = random.nextInt(10);
      if (kind < 3) {
        text.append((char) (0x20 + random.nextInt(0x5F)));
      } else if (kind < 5) {
        text.append((char) (0x80 + random.nextInt(0x780)));
      } else if (kind < 7) {
        char c = (char) (0x800 + random.nextInt(0xF800 - 0x800));
        text.append(Character.isSurrogate(c) ? '\u4E2D' : c);
      } else if (kind < 9) {
        text.appendCodePoint(0x10000 + random.nextInt(0x100000));
      } else {
        text.append(random.nextBoolean() ? '\u0000' : '\u20AC');
      }
    }
    return text.toString();
  }
}
