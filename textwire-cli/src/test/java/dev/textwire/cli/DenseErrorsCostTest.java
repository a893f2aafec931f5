package dev.textwire.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.textwire.TextCodecs;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * What made {@code validate --all} on a binary file cost 200 µs an error: a strict decode that throws
 * (the exception, its message in hex, its stack trace) for each error and for each bad byte of each
 * excerpt. Counted, not timed: reporting every error of a binary-like input, excerpts and all, must ask
 * the core to judge only a few hundred kinds of bad sequence, not tens of thousands of them.
 */
class DenseErrorsCostTest {
  @Test
  void reportingEveryErrorOfABinaryFileJudgesEachKindOfErrorAboutOnce() throws IOException {
    long seed = 20261124L;
    Random random = new Random(seed);
    // Like an executable: zeros, small numbers, text, and random bytes.
    byte[] input = new byte[256 << 10];
    for (int i = 0; i < input.length; i++) {
      int kind = random.nextInt(8);
      input[i] = (byte) (kind < 3 ? 0 : kind < 5 ? random.nextInt(16) : kind < 6 ? 'a' + random.nextInt(26) : random.nextInt(256));
    }
    CodecDecoder decoder = new CodecDecoder(TextCodecs.UTF_8, true, true);
    InputWindow window = new InputWindow(new ByteArrayInputStream(input), 64 << 10);
    Positions positions = new Positions();
    long[] errors = {0};
    InputScan.run(window, decoder, false, Progress.forBytes("test", 0), new InputScan.Visitor() {
      @Override
      public boolean wellFormed(InputWindow w, int from, int to) {
        positions.advanceUtf8(w.buffer, from, to);
        return true;
      }

      @Override
      public boolean illFormed(InputWindow w, int at, Problem problem) {
        errors[0]++;
        Diagnostic.of("binary", positions, decoder, w, at, problem);
        positions.advanceOne();
        return true;
      }
    });
    assertTrue(errors[0] > 25_000, "a dense input, seed " + seed + ": " + errors[0] + " errors");
    long thrown = decoder.judgements();
    assertTrue(thrown < 2_000, "seed " + seed + ": " + thrown + " decodes threw for " + errors[0] + " errors");
  }
}
