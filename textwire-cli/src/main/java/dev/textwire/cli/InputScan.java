package dev.textwire.cli;

import java.io.IOException;

/**
 * The one loop every command runs over its input: a window at a time, each well-formed run and each
 * ill-formed sequence in order. A sequence cut short by the end of a read is carried to the next read;
 * at the end of the input it is ill-formed. With {@code pairsWhole}, a modified UTF-8 high surrogate at
 * the end of a read is carried too, so that its pair reaches the visitor in one run (for whoever decodes).
 */
final class InputScan {
  /** Told what the scan finds, in order; returns false to stop it there. */
  interface Visitor {
    /** {@code window.buffer[from, to)} is well-formed (and not empty). */
    boolean wellFormed(InputWindow window, int from, int to) throws IOException;

    /** An ill-formed sequence at {@code window.buffer[at]}. */
    boolean illFormed(InputWindow window, int at, Problem problem) throws IOException;

    /**
     * The window is about to be refilled, which may wait for input: the moment to pass on what was
     * found in it so far.
     */
    default void beforeRead() throws IOException {}
  }

  private InputScan() {}

  /** True if the visitor saw all of the input, false if it stopped the scan. */
  static boolean run(InputWindow window, InputDecoder decoder, boolean pairsWhole, Progress progress, Visitor visitor)
      throws IOException {
    while (true) {
      if (!window.endOfInput) {
        visitor.beforeRead();
        progress.step(window.fill());
      }
      byte[] bytes = window.buffer;
      while (window.start < window.end) {
        int start = window.start;
        int valid = decoder.validUpTo(bytes, start, window.end);
        Problem problem = null;
        boolean cutShort = false; // the bytes after valid start a sequence the next read may complete
        if (valid < window.end) {
          problem = decoder.problemAt(bytes, valid, window.end, window.endOfInput);
          cutShort = problem == null;
        }
        boolean heldBack = false;
        if (pairsWhole && !window.endOfInput && (valid == window.end || cutShort)) {
          // A high surrogate just before the end of the read, or just before a sequence it cuts short
          // (perhaps its low surrogate): wait for the next read, so that the pair is decoded whole.
          int complete = decoder.completeUpTo(bytes, start, valid);
          heldBack = complete < valid;
          valid = complete;
        }
        if (valid > start && !visitor.wellFormed(window, start, valid)) {
          return false;
        }
        window.start = valid;
        if (valid == window.end || heldBack || cutShort) {
          break;
        }
        if (!visitor.illFormed(window, valid, problem)) {
          return false;
        }
        window.start = valid + problem.byteCount();
      }
      if (window.endOfInput) {
        return true;
      }
    }
  }
}
