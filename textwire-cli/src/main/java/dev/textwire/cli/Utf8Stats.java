package dev.textwire.cli;

import java.io.IOException;

/** Counts over one UTF-8 input, read once in bounded memory. */
final class Utf8Stats implements InputScan.Visitor {
  long bytes;
  long invalidSequences;
  long invalidBytes;
  private boolean endsWithLineFeed;
  /** Bytes by value over the well-formed parts; lead bytes say how long each sequence is. */
  private final long[] byteHistogram = new long[256];

  private Utf8Stats() {}

  static Utf8Stats of(Input input) throws IOException {
    Utf8Stats stats = new Utf8Stats();
    InputWindow window = new InputWindow(input.stream, Validation.CHUNK_BYTES);
    try (Progress progress = Progress.forBytes("stats", input.byteCount)) {
      InputScan.run(window, Encoding.UTF_8.decoder(), false, progress, stats);
    }
    input.checkWholeFile(window.offsetOf(window.end));
    return stats;
  }

  @Override
  public boolean wellFormed(InputWindow window, int from, int to) {
    byte[] buffer = window.buffer;
    for (int i = from; i < to; i++) {
      byteHistogram[buffer[i] & 0xFF]++;
    }
    bytes += to - from;
    endsWithLineFeed = buffer[to - 1] == '\n';
    return true;
  }

  @Override
  public boolean illFormed(InputWindow window, int at, Problem problem) {
    invalidSequences++;
    invalidBytes += problem.byteCount();
    bytes += problem.byteCount();
    endsWithLineFeed = false; // a bad sequence never holds a line feed
    return true;
  }

  /** Well-formed characters of {@code byteCount} bytes (1 to 4). */
  long sequences(int byteCount) {
    int from;
    int to;
    switch (byteCount) {
      case 1:
        from = 0x00;
        to = 0x80;
        break;
      case 2:
        from = 0xC2;
        to = 0xE0;
        break;
      case 3:
        from = 0xE0;
        to = 0xF0;
        break;
      case 4:
        from = 0xF0;
        to = 0xF5;
        break;
      default:
        throw new IllegalArgumentException("byteCount " + byteCount);
    }
    long count = 0;
    for (int b = from; b < to; b++) {
      count += byteHistogram[b];
    }
    return count;
  }

  /** Code points after decoding with replacement: the characters, and one U+FFFD per invalid sequence. */
  long codePoints() {
    return sequences(1) + sequences(2) + sequences(3) + sequences(4) + invalidSequences;
  }

  /** UTF-16 code units after decoding with replacement: a 4-byte character is two. */
  long chars() {
    return codePoints() + sequences(4);
  }

  /** Lines as an editor counts them: the line feeds, and one more if the last line has none. */
  long lines() {
    return byteHistogram['\n'] + (bytes > 0 && !endsWithLineFeed ? 1 : 0);
  }
}
