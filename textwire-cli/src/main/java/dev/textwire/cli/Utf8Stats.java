package dev.textwire.cli;

import java.io.IOException;

/** Counts over one UTF-8 input, read once in bounded memory. */
final class Utf8Stats {
  long bytes;
  long lineFeeds;
  boolean endsWithLineFeed = true;
  long invalidSequences;
  long invalidBytes;
  /** Bytes by value over the well-formed parts; lead bytes say how long each sequence is. */
  private final long[] byteHistogram = new long[256];

  private Utf8Stats() {}

  static Utf8Stats of(Input input) throws IOException {
    Utf8Stats stats = new Utf8Stats();
    InputDecoder decoder = Encoding.UTF_8.decoder();
    InputWindow window = new InputWindow(input.stream, Validation.CHUNK_BYTES);
    int[] chunkHistogram = new int[256];
    try (Progress progress = Progress.forBytes("stats", input.byteCount)) {
      while (!window.endOfInput) {
        int read = window.fill();
        progress.step(read);
        stats.bytes += read;
        if (read > 0) {
          stats.endsWithLineFeed = window.buffer[window.end - 1] == '\n';
        }
        byte[] bytes = window.buffer;
        while (window.start < window.end) {
          int start = window.start;
          int valid = decoder.validUpTo(bytes, start, window.end);
          for (int i = start; i < valid; i++) {
            chunkHistogram[bytes[i] & 0xFF]++;
          }
          window.start = valid;
          if (valid == window.end) {
            break;
          }
          Problem problem = decoder.problemAt(bytes, valid, window.end, window.endOfInput);
          if (problem == null) {
            break;
          }
          stats.invalidSequences++;
          stats.invalidBytes += problem.byteCount();
          window.start = valid + problem.byteCount();
        }
        for (int b = 0; b < 256; b++) {
          stats.byteHistogram[b] += chunkHistogram[b];
          chunkHistogram[b] = 0;
        }
      }
    }
    stats.lineFeeds = stats.byteHistogram['\n'];
    return stats;
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
    return lineFeeds + (bytes > 0 && !endsWithLineFeed ? 1 : 0);
  }
}
