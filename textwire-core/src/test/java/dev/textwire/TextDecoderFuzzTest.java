package dev.textwire;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.textwire.PiecewiseDecoding.PieceKind;
import java.util.Arrays;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * Coverage-guided fuzzing of the resumable {@link TextDecoder} (see docs/FUZZING.md): the fuzzer chooses
 * the bytes, the codec and policy, how the stream is cut into pieces and of what kind (array at an offset,
 * sliced heap buffer, direct buffer), and the sizes of the char windows drained into. The outcome must be
 * the one-shot {@link TextCodec#decode(byte[])} of the whole (the same String, or the same strict error
 * after exactly the chars before it), with the decoder's promises kept at every call
 * ({@link PiecewiseDecoding}). Inputs under {@code src/test/resources/dev/textwire/TextDecoderFuzzTestInputs}.
 *
 * <p>The input's layout, for writing seeds: the bytes to decode come first; then, read from the end, one
 * byte each: codec (0..6), policy (0..2), ASCII padding in front (an index into {@link #PADDINGS}, which
 * reach a direct buffer's 2,048-byte window edge), piece count (1..6), each piece's length but the last's
 * (0..32, from the start of the bytes after the padding), each piece's kind (0..3: array, sliced heap, direct, read-only heap), window count (1..4),
 * each window (1..70 chars).
 */
// One fuzz test class at a time: Jazzer keeps its last finding in a static field.
@ResourceLock("jazzer")
class TextDecoderFuzzTest {
  private static final int[] PADDINGS = {0, 0, 1, 2044, 2045, 2046, 2047};

  @FuzzTest(maxDuration = "30s")
  void decodeInPieces(FuzzedDataProvider data) {
    TextCodec codec = TextDecoderSplitTest.CODECS[data.consumeInt(0, TextDecoderSplitTest.CODECS.length - 1)]
        .withPolicy(data.pickValue(ErrorPolicy.values()));
    int padding = data.pickValue(PADDINGS);
    int pieceCount = data.consumeInt(1, 6);
    int[] lengths = new int[pieceCount - 1];
    for (int i = 0; i < lengths.length; i++) {
      lengths[i] = data.consumeInt(0, 32);
    }
    PieceKind[] kinds = new PieceKind[pieceCount];
    for (int i = 0; i < kinds.length; i++) {
      kinds[i] = PieceKind.values()[data.consumeInt(0, PieceKind.values().length - 1)];
    }
    int[] windows = new int[data.consumeInt(1, 4)];
    for (int i = 0; i < windows.length; i++) {
      windows[i] = data.consumeInt(1, 70);
    }
    byte[] middle = data.consumeRemainingAsBytes();
    byte[] src = new byte[padding + middle.length];
    Arrays.fill(src, 0, padding, (byte) 'a');
    System.arraycopy(middle, 0, src, padding, middle.length);
    int[] cuts = new int[lengths.length];
    int at = padding;
    for (int i = 0; i < lengths.length; i++) {
      at = Math.min(src.length, at + lengths[i]);
      cuts[i] = at;
    }
    PiecewiseDecoding.check(
        codec,
        codec.newDecoder(),
        src,
        cuts,
        kinds,
        windows,
        () -> codec + ", " + padding + " ASCII bytes then " + TestSupport.hex(middle) + ", cut at " + Arrays.toString(cuts)
            + ", pieces " + Arrays.toString(kinds) + ", windows " + Arrays.toString(windows));
  }
}
