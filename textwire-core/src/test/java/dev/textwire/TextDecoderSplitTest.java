package dev.textwire;

import static dev.textwire.TestSupport.bytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.fail;

import dev.textwire.PiecewiseDecoding.Expected;
import dev.textwire.PiecewiseDecoding.PieceKind;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * Every codec's {@link TextDecoder}, every policy, tricky inputs cut at every point into two pieces (and
 * at every pair of points into three for short inputs), as arrays at an offset, sliced heap buffers,
 * direct buffers and read-only heap buffers, drained into windows of 1, 2, 3 and 64 chars: the outcome is the one-shot decoding of
 * the whole, and every call keeps the decoder's promises ({@link PiecewiseDecoding}).
 */
// Methods two at a time too (junit-platform.properties): among the longest classes, and each method
// keeps its state in its own instance.
@Execution(ExecutionMode.CONCURRENT)
class TextDecoderSplitTest {
  static final TextCodec[] CODECS = TestSupport.ALL_CODECS.toArray(new TextCodec[0]);

  private static final int[][] WINDOWS = {{1}, {2}, {3}, {64}, {1, 64, 2}};

  /** Inputs of at most this many bytes are also cut into three pieces at every pair of points. */
  private static final int THREE_PIECES_MAX_BYTES = 12;

  static final String[] SHORT_INPUTS = {
    "",
    "41",
    "C3 A9",
    "E2 82 AC",
    "F0 9F 98 80",
    "41 F0 9F 98 80 42",
    "E4 B8 AD E6 96 87",
    "61 C3 A9 E2 82 AC F0 9F 98 80 62",
    "F0 9F 98 80 F4 8F BF BF",
    "F0 9F 98 80 FF", // a pair whose low half is held back, then an error
    "ED A0 BD ED B8 80 FF",
    "F0 9F 98 80 F0 9F 98",
    // CESU-8 pairs (ill-formed in UTF-8), modified UTF-8's NUL and lone surrogates
    "ED A0 BD ED B8 80",
    "61 ED A0 BD ED B8 80 62",
    "ED A0 BD ED B8 80 ED A0 BD ED B8 80",
    "C0 80",
    "61 C0 80 62 00",
    "ED A0 80",
    "ED B0 80",
    "ED B0 80 ED A0 80",
    "ED A0 80 41",
    "ED A0 BD ED B8",
    "ED A0 BD ED",
    "ED A0 BD 41 ED B8 80",
    // cut short by the end
    "C3",
    "E2 82",
    "61 F0 9F 98",
    "F0 9F",
    "41 E2",
    // bad continuations
    "E2 41",
    "E2 82 41",
    "F0 9F 41 42",
    "C3 C3 A9",
    "F0 9F 98 E2 82 AC",
    // overlongs, surrogates, out of range, bytes that never appear
    "C0 AF",
    "C1 BF",
    "E0 80 AF",
    "E0 9F BF",
    "F0 80 80 AF",
    "F0 8F BF BF",
    "F4 90 80 80",
    "ED A0 80 ED B0 80",
    "F5",
    "FF 41",
    "F8 88 80 80 80",
    "80 BF",
    "00 41 00",
    "61 E2 82 C3 A9 ED A0 80 F0 9F 98 80 FF",
    "E2 82 AC E2 82 FF E2 82 AC",
  };

  /** Every byte once: the code pages' whole table (and many errors for the UTF-8 family). */
  static byte[] allBytes() {
    byte[] all = new byte[256];
    for (int i = 0; i < 256; i++) {
      all[i] = (byte) i;
    }
    return all;
  }

  /**
   * Inputs longer than a direct buffer's 2 KiB window: ASCII up to just before the window's edge, then
   * multibyte and ill-formed sequences across it, then more of the same past a second edge.
   */
  static List<byte[]> longInputs() {
    List<byte[]> inputs = new ArrayList<>();
    byte[] tail = bytes("E2 82 AC FF C3 A9 F0 9F 98 80 ED A0 BD ED B8 80 E2 82 41 C0 80 ED A0 80 E4 B8 AD");
    for (int ascii = 2044; ascii <= 2048; ascii++) {
      byte[] head = "a".repeat(ascii).getBytes(StandardCharsets.US_ASCII);
      byte[] mixed = TestSupport.concat(head, tail, "\u4E2D\u00E9x".repeat(700).getBytes(StandardCharsets.UTF_8), tail);
      inputs.add(mixed);
    }
    // Well-formed UTF-8, three-byte chars across every edge.
    inputs.add(TestSupport.concat(bytes("61"), "\u20AC".repeat(1500).getBytes(StandardCharsets.UTF_8)));
    inputs.add(TestSupport.concat(bytes("61 62"), "\u20AC".repeat(1500).getBytes(StandardCharsets.UTF_8)));
    inputs.add(TestSupport.concat(bytes("61"), "\u20AC\uD83D\uDE00".repeat(700).getBytes(StandardCharsets.UTF_8)));
    return inputs;
  }

  @Test
  void everySplitOfShortInputsEqualsOneShot() {
    List<byte[]> inputs = new ArrayList<>();
    for (String hex : SHORT_INPUTS) {
      inputs.add(bytes(hex));
    }
    inputs.add(allBytes());
    for (TextCodec strict : CODECS) {
      for (ErrorPolicy policy : ErrorPolicy.values()) {
        TextCodec codec = strict.withPolicy(policy);
        TextDecoder decoder = codec.newDecoder(); // one decoder, reset between runs
        for (byte[] input : inputs) {
          Expected expected = Expected.of(codec, input);
          List<int[]> cutsList = new ArrayList<>();
          for (int a = 0; a <= input.length; a++) {
            cutsList.add(new int[] {a});
            if (input.length <= THREE_PIECES_MAX_BYTES) {
              for (int b = a; b <= input.length; b++) {
                cutsList.add(new int[] {a, b});
              }
            }
          }
          runAll(codec, decoder, input, expected, cutsList);
        }
      }
    }
  }

  @Test
  void sampledSplitsOfLongInputsEqualOneShot() {
    for (TextCodec strict : CODECS) {
      for (ErrorPolicy policy : ErrorPolicy.values()) {
        TextCodec codec = strict.withPolicy(policy);
        TextDecoder decoder = codec.newDecoder();
        for (byte[] input : longInputs()) {
          Expected expected = Expected.of(codec, input);
          TreeSet<Integer> splits = new TreeSet<>(List.of(0, 1, input.length - 1, input.length, 3000));
          for (int k = 2044; k <= 2052; k++) {
            splits.add(k);
          }
          List<int[]> cutsList = new ArrayList<>();
          for (int split : splits) {
            cutsList.add(new int[] {split});
          }
          cutsList.add(new int[] {1000, 2047, 2049, 4096});
          runAll(codec, decoder, input, expected, cutsList, LONG_WINDOWS);
        }
      }
    }
  }

  private static final int[][] LONG_WINDOWS = {{1}, {3}, {64}};

  /**
   * The minimal case behind the long inputs' failures: a direct buffer is read through a 2,048-byte window;
   * a 3-byte char cut by the window's edge, met with room for one char, is decoded by the "room for one
   * char, the next is a pair" step, which then also decodes the char after it into its two-char scratch
   * and holds that back as if it were a low surrogate. Under STRICT, when the byte after the cut char is
   * ill-formed, the cut char is decoded, counted in charsDecoded(), and never written.
   */
  @Test
  void directWindowEdgeWithRoomForOneCharStrict() {
    byte[] src = TestSupport.concat("a".repeat(2046).getBytes(StandardCharsets.US_ASCII), bytes("E2 82 AC FF"));
    TextDecoder decoder = TextCodecs.UTF_8.newDecoder();
    decoder.feed(ByteBuffer.allocateDirect(src.length).put(src).flip(), true);
    char[] one = new char[1];
    StringBuilder out = new StringBuilder();
    MalformedTextException error = null;
    while (error == null) {
      long before = decoder.charsDecoded();
      one[0] = '\u2603'; // so a char counted but not written shows
      try {
        out.append(one, 0, decoder.decode(one, 0, 1));
      } catch (MalformedTextException e) {
        out.append(one, 0, (int) (decoder.charsDecoded() - before));
        error = e;
      }
    }
    assertEquals(2049, error.byteOffset());
    assertEquals(2047, decoder.charsDecoded());
    assertEquals(2047, out.length(), "the chars before the error");
    assertEquals("U+0061 U+20AC", TestSupport.codePoints(out.substring(2045)), "the chars before the error");
  }

  /** The same under REPLACE: the chars come out right, but the counts and the held-back flag are wrong. */
  @Test
  void directWindowEdgeWithRoomForOneCharReplace() {
    byte[] src = TestSupport.concat("a".repeat(2046).getBytes(StandardCharsets.US_ASCII), bytes("E2 82 AC 62 63"));
    TextDecoder decoder = TextCodecs.UTF_8.withPolicy(ErrorPolicy.REPLACE).newDecoder();
    decoder.feed(ByteBuffer.allocateDirect(src.length).put(src).flip(), true);
    char[] one = new char[1];
    assertEquals(2046, decoder.skip(2046));
    assertEquals(1, decoder.decode(one, 0, 1));
    assertEquals('\u20AC', one[0]);
    assertFalse(decoder.hasHeldLowSurrogate(), "U+20AC is not half of a pair; 'b' was held back as if it were");
    assertEquals(2047, decoder.charsDecoded());
    assertEquals(2049, decoder.bytesConsumed(), "the bytes of the 2,047 chars written");
  }

  /** The first failure per codec and policy: a run goes on to show which codecs and policies fail. */
  private final Map<TextCodec, String> failures = new LinkedHashMap<>();

  @AfterEach
  void reportFailures() {
    if (!failures.isEmpty()) {
      fail(failures.size() + " codecs and policies failed:\n" + String.join("\n", failures.values()));
    }
  }

  private void runAll(TextCodec codec, TextDecoder decoder, byte[] input, Expected expected, List<int[]> cutsList) {
    runAll(codec, decoder, input, expected, cutsList, WINDOWS);
  }

  private void runAll(
      TextCodec codec, TextDecoder decoder, byte[] input, Expected expected, List<int[]> cutsList, int[][] windowsList) {
    PieceKind[] kinds = PieceKind.values();
    for (int[] cuts : cutsList) {
      for (int k = 0; k < kinds.length; k++) {
        // The pieces' kinds rotate from kind k, so three pieces mix them.
        PieceKind[] rotation = {kinds[k], kinds[(k + 1) % kinds.length], kinds[(k + 2) % kinds.length]};
        for (int[] windows : windowsList) {
          if (failures.containsKey(codec)) {
            return; // one failure per codec and policy is enough to read
          }
          try {
            PiecewiseDecoding.check(
              expected,
              decoder,
              input,
              cuts,
              rotation,
              windows,
              () -> codec + ", " + PiecewiseDecoding.hexOf(input) + ", cut at " + java.util.Arrays.toString(cuts)
                  + ", pieces " + java.util.Arrays.toString(rotation) + ", windows " + java.util.Arrays.toString(windows));
          } catch (AssertionError e) {
            failures.put(codec, e.getMessage());
          }
        }
      }
    }
  }
}
