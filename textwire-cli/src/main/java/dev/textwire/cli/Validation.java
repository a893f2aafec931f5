package dev.textwire.cli;

import java.io.IOException;
import java.io.PrintWriter;

/**
 * One input checked from start to end, its errors printed as they are found: gathered while a window
 * is checked and written before the next read, so that a file dense with errors is not written a line
 * at a time.
 */
final class Validation implements InputScan.Visitor {
  static final int CHUNK_BYTES = Integer.getInteger("textwire.cli.chunkBytes", 256 << 10);
  /** Reports gathered beyond this are written at once, without waiting for the next read. */
  private static final int PENDING_CHARS = 64 << 10;
  private static final String LINE_SEPARATOR = System.lineSeparator();

  private final Encoding encoding;
  private final InputDecoder decoder;
  private final Input input;
  private final boolean all;
  private final int threads;
  private final PrintWriter out;

  /** Whether lines and columns are counted on the bytes (UTF-8) rather than on decoded text. */
  private final boolean onBytes;
  /** For a UTF-8 file: lines and columns counted only at an error, by reading the file again. */
  private final FilePositions later;
  /** Otherwise: lines and columns counted as the input goes by. */
  private final Positions positions;
  private final Diagnostic diagnostic = new Diagnostic();
  /** Reports not yet written to {@link #out}. */
  private final StringBuilder pending = new StringBuilder();
  private char[] pendingChars = new char[0];
  /** The output cannot be written (a closed pipe, a full disk): the rest would go nowhere. */
  private boolean outputBroken;
  private long errors;

  Validation(Encoding encoding, Input input, boolean all, int threads, PrintWriter out) {
    this.encoding = encoding;
    this.decoder = encoding.decoder();
    this.input = input;
    this.all = all;
    this.threads = threads;
    this.out = out;
    this.onBytes = decoder.positionsFromBytes();
    this.later = onBytes && input.path != null ? new FilePositions(input.path, threads) : null;
    this.positions = later == null ? new Positions() : null;
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
    InputWindow window = new InputWindow(input.stream, CHUNK_BYTES);
    if (from > 0) {
      // The threads found the first error there, and all before it is valid. Read on from its
      // look-behind, so that its excerpt shows what a reading from the start would.
      long lookBehind = Math.min(from, InputWindow.LOOKBEHIND);
      input.stream.skipNBytes(from - lookBehind);
      window.bufferOffset = from - lookBehind;
      window.fill();
      window.start = (int) Math.min(lookBehind, window.end);
    }
    try (Progress progress = Progress.forBytes("validate", input.byteCount)) {
      progress.step(window.bufferOffset + window.end);
      try {
        InputScan.run(window, decoder, !onBytes, progress, this);
      } finally {
        writePending(); // what was found before a read failed too
      }
    }
    return errors;
  }

  @Override
  public void beforeRead() {
    writePending();
  }

  /** Writes the reports gathered so far. */
  private void writePending() {
    if (pending.length() > 0) {
      if (pendingChars.length < pending.length()) {
        pendingChars = new char[pending.capacity()];
      }
      pending.getChars(0, pending.length(), pendingChars, 0); // a copy, as a String would be, but reused
      out.write(pendingChars, 0, pending.length());
      pending.setLength(0);
      outputBroken = out.checkError(); // flushes
    }
  }

  @Override
  public boolean wellFormed(InputWindow window, int from, int to) {
    if (positions != null) {
      if (onBytes) {
        positions.advanceUtf8(window.buffer, from, to);
      } else {
        String text = decoder.decode(window.buffer, from, to);
        positions.advance(text, 0, text.length());
      }
    }
    return true;
  }

  @Override
  public boolean illFormed(InputWindow window, int at, Problem problem) throws IOException {
    if (errors++ == 0 && all) {
      pending.ensureCapacity(2 * PENDING_CHARS); // not grown step by step, nor taken by every valid file
    }
    Positions where = later != null ? later.at(window.offsetOf(at), window) : positions;
    diagnostic.append(pending, input.displayName, where, decoder, window, at, problem);
    pending.append(LINE_SEPARATOR);
    if (later != null) {
      later.skipBad(problem.byteCount());
    } else {
      positions.advanceOne();
    }
    if (pending.length() >= PENDING_CHARS) {
      writePending();
    }
    return all && !outputBroken;
  }
}
