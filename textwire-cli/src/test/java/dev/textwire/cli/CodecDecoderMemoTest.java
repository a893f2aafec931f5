package dev.textwire.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.textwire.MalformedTextException;
import dev.textwire.TextCodec;
import dev.textwire.TextCodecs;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link CodecDecoder#problemAt} takes the length of each bad sequence from the codec's {@code validate}
 * and keeps the core's words for each kind of it ({@link ErrorReasons}), keyed by the bytes that decide
 * them; whatever follows those bytes, and whatever was asked before, it must answer as a strict decode of
 * the same bytes does. One decoder answers all the probes of an encoding, so that
 * its memo is hit with the same key before different bytes, and slots are taken over by other keys.
 */
class CodecDecoderMemoTest {
  /** Bytes that start, continue, break or end sequences in the UTF-8 family, and some that are plain. */
  private static final int[] ALPHABET = {
    0x00, 0x0A, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xAF, 0xB0, 0xBF,
    0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF,
  };

  private static final int PROBES = 200_000;

  /** Pieces whose sequences hit each rule: pairs and lone halves of encoded surrogates, cut short or not. */
  private static final int[][] PIECES = {
    {0x41}, {0x0A}, {0x00}, {0x80}, {0xFF}, {0xC0, 0x80}, {0xC2}, {0xE2, 0x82}, {0xE0, 0x80}, {0xF0, 0x9F, 0x98},
    {0xF0, 0x9F, 0x98, 0x80}, {0xED}, {0xED, 0xA0}, {0xED, 0xA0, 0x80}, {0xED, 0xAF, 0xBF}, {0xED, 0xB0, 0x80},
    {0xED, 0xBF, 0xBF}, {0xED, 0x9F, 0xBF},
  };

  /** The answer without a memo: a strict decode of up to 8 bytes, as the tool did at first. */
  private static Problem reference(TextCodec codec, byte[] bytes, int at, int to, boolean endOfInput) {
    int probeEnd = Math.min(to, at + 8);
    try {
      codec.decode(bytes, at, probeEnd - at);
    } catch (MalformedTextException e) {
      if (e.isTruncated() && probeEnd == to && !endOfInput) {
        return null;
      }
      return new Problem(e.malformedLength(), e.reason());
    }
    throw new AssertionError("no error");
  }

  private static TextCodec codec(Encoding encoding) {
    return encoding == Encoding.UTF_8 ? TextCodecs.UTF_8 : encoding == Encoding.CESU_8 ? TextCodecs.CESU_8 : TextCodecs.MODIFIED_UTF_8;
  }

  /** Every sequence of three pieces, cut at every length, at the end of the input or not. */
  @ParameterizedTest
  @ValueSource(strings = {"utf-8", "cesu-8", "modified-utf-8"})
  void sameAnswerAsTheCoreForEveryThreePieces(String name) {
    Encoding encoding = Encoding.byName(name);
    TextCodec codec = codec(encoding);
    InputDecoder decoder = encoding.decoder();
    byte[] bytes = new byte[12];
    for (int[] a : PIECES) {
      for (int[] b : PIECES) {
        for (int[] c : PIECES) {
          int length = 0;
          for (int[] piece : new int[][] {a, b, c}) {
            for (int x : piece) {
              bytes[length++] = (byte) x;
            }
          }
          for (int to = 1; to <= length; to++) {
            if (decoder.validUpTo(bytes, 0, to) != 0) {
              continue;
            }
            for (boolean endOfInput : new boolean[] {false, true}) {
              String where = name + ": " + Excerpt.hex(bytes, 0, to) + (endOfInput ? " (end)" : "");
              assertEquals(reference(codec, bytes, 0, to, endOfInput), decoder.problemAt(bytes, 0, to, endOfInput), where);
            }
          }
        }
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"utf-8", "cesu-8", "modified-utf-8"})
  void sameAnswerAsTheCoreWhateverFollowsTheDecidingBytes(String name) {
    Encoding encoding = Encoding.byName(name);
    TextCodec codec = codec(encoding);
    InputDecoder decoder = encoding.decoder();
    long seed = 0x7E57_0000L + name.hashCode();
    Random random = new Random(seed);
    byte[] bytes = new byte[16];
    int asked = 0;
    for (int n = 0; n < PROBES; n++) {
      int length = 1 + random.nextInt(bytes.length);
      for (int i = 0; i < length; i++) {
        // Mostly from the alphabet, so that keys repeat; now and then any byte.
        bytes[i] = (byte) (random.nextInt(8) == 0 ? random.nextInt(256) : ALPHABET[random.nextInt(ALPHABET.length)]);
      }
      if (decoder.validUpTo(bytes, 0, length) != 0) {
        continue; // problemAt is asked only where the well-formed bytes end
      }
      boolean endOfInput = random.nextBoolean();
      asked++;
      Problem want = reference(codec, bytes, 0, length, endOfInput);
      Problem got = decoder.problemAt(bytes, 0, length, endOfInput);
      String where = name + ", seed " + seed + ", probe " + n + ": " + Excerpt.hex(bytes, 0, length) + (endOfInput ? " (end)" : "");
      assertEquals(want, got, where);
    }
    assertEquals(true, asked > PROBES / 4, "enough probes start with an error: " + asked);
  }
}
