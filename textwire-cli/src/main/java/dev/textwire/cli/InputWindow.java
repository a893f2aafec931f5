package dev.textwire.cli;

import java.io.IOException;
import java.io.InputStream;

/**
 * A bounded window on a byte stream: the bytes not yet processed, with up to {@link #LOOKBEHIND} bytes
 * before them kept for showing context at an error. Memory stays the same whatever the input's size.
 */
final class InputWindow {
  /** Bytes kept before {@link #start} when refilling, for an excerpt before an error. */
  static final int LOOKBEHIND = 256;

  private final InputStream in;
  final byte[] buffer;
  /** First byte not yet processed. */
  int start;
  /** End of the bytes read. */
  int end;
  /** Stream offset of {@code buffer[0]}. */
  long bufferOffset;
  /** True once the stream has ended. */
  boolean endOfInput;

  InputWindow(InputStream in, int chunkByteCount) {
    this.in = in;
    this.buffer = new byte[LOOKBEHIND + chunkByteCount];
  }

  /** Stream offset of {@code buffer[index]}. */
  long offsetOf(int index) {
    return bufferOffset + index;
  }

  /**
   * Moves the unprocessed bytes (and the look-behind) to the front and reads until the buffer is full or
   * the input ends; returns the bytes read.
   */
  int fill() throws IOException {
    int keepFrom = Math.max(0, start - LOOKBEHIND);
    if (keepFrom > 0) {
      System.arraycopy(buffer, keepFrom, buffer, 0, end - keepFrom);
      bufferOffset += keepFrom;
      start -= keepFrom;
      end -= keepFrom;
    }
    int total = 0;
    while (end < buffer.length) {
      int n = in.read(buffer, end, buffer.length - end);
      if (n < 0) {
        endOfInput = true;
        break;
      }
      end += n;
      total += n;
    }
    return total;
  }
}
