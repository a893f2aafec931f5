package dev.textwire.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.Locale;

/** One input checked from start to end, its errors printed as they are found. */
final class Validation {
  static final int CHUNK_BYTES = Integer.getInteger("textwire.cli.chunkBytes", 256 << 10);

  private final Encoding encoding;
  private final InputDecoder decoder;
  private final Input input;
  private final boolean all;
  private final int threads;
  private final PrintWriter out;

  Validation(Encoding encoding, Input input, boolean all, int threads, PrintWriter out) {
    this.encoding = encoding;
    this.decoder = encoding.decoder();
    this.input = input;
    this.all = all;
    this.threads = threads;
    this.out = out;
  }

  /** Returns the number of errors found (at most 1 unless every error is wanted). */
  long run() throws IOException {
    long from = 0;
    if (encoding == Encoding.UTF_8 && threads > 1 && input.path != null && input.byteCount >= ParallelCheck.MIN_BYTES) {
      try (Progress progress = Progress.forBytes("validate", input.byteCount)) {
        from = ParallelCheck.firstError(input.path, input.byteCount, decoder, threads, progress);
      }
      if (from < 0) {
        return 0;
      }
    }
    return findErrors(from);
  }

  /**
   * Reads the input in order from {@code from} (0, or where the threads found the first error: all
   * before it is valid) and reports its errors.
   */
  private long findErrors(long from) throws IOException {
    InputWindow window = new InputWindow(input.stream, CHUNK_BYTES);
    if (from > 0) {
      // Skip to the look-behind before it, so that an excerpt there shows the same as a whole reading.
      long lookBehind = Math.min(from, InputWindow.LOOKBEHIND);
      input.stream.skipNBytes(from - lookBehind);
      window.bufferOffset = from - lookBehind;
      window.fill();
      window.start = (int) Math.min(lookBehind, window.end);
    }
    // Lines and columns: counted as the bytes go by, or, for a UTF-8 file, only at an error.
    boolean onBytes = decoder.positionsFromBytes();
    FilePositions later = onBytes && input.path != null ? new FilePositions(input.path, threads) : null;
    Positions positions = later == null ? new Positions() : null;
    long errors = 0;
    try (Progress progress = Progress.forBytes("validate", input.byteCount)) {
      progress.step(window.bufferOffset + window.end);
      while (true) {
        if (!window.endOfInput) {
          progress.step(window.fill());
        }
        byte[] bytes = window.buffer;
        while (window.start < window.end) {
          int start = window.start;
          int valid = decoder.validUpTo(bytes, start, window.end);
          boolean heldBack = false;
          if (valid == window.end && !window.endOfInput && !onBytes) {
            int complete = decoder.completeUpTo(bytes, start, valid);
            heldBack = complete < valid; // half a pair: decode it with the other half, after the next read
            valid = complete;
          }
          if (positions != null) {
            if (onBytes) {
              positions.advanceUtf8(bytes, start, valid);
            } else {
              String text = decoder.decode(bytes, start, valid);
              positions.advance(text, 0, text.length());
            }
          }
          window.start = valid;
          if (valid == window.end || heldBack) {
            break;
          }
          Problem problem = decoder.problemAt(bytes, valid, window.end, window.endOfInput);
          if (problem == null) {
            break; // a sequence the next read may complete
          }
          errors++;
          Positions here = later != null ? later.at(window.offsetOf(valid)) : positions;
          report(window, valid, problem, here);
          if (!all) {
            return errors;
          }
          if (later != null) {
            later.skipBad(problem.byteCount());
          } else {
            positions.advanceOne();
          }
          window.start = valid + problem.byteCount();
        }
        if (window.endOfInput) {
          break;
        }
      }
    }
    return errors;
  }

  private void report(InputWindow window, int at, Problem problem, Positions positions) {
    out.printf(
        Locale.ROOT,
        "%s:%d:%d: byte offset %d: %s (bytes %s)%n",
        input.displayName,
        positions.line(),
        positions.column(),
        window.offsetOf(at),
        problem.reason(),
        Excerpt.hex(window.buffer, at, at + problem.byteCount()));
    String[] excerpt = Excerpt.around(decoder, window, at, problem.byteCount());
    out.println("    | " + excerpt[0]);
    out.println("    | " + excerpt[1]);
  }
}
