package dev.textwire.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class InputWindowTest {
  /** Gives at most one byte a read, as a slow pipe may. */
  private static final class OneByteAtATime extends InputStream {
    private final ByteArrayInputStream in;

    OneByteAtATime(byte[] bytes) {
      in = new ByteArrayInputStream(bytes);
    }

    @Override
    public int read() {
      return in.read();
    }

    @Override
    public int read(byte[] b, int off, int len) {
      return len == 0 ? 0 : in.read(b, off, 1);
    }
  }

  @Test
  void lookBehindAndOffsetsAcrossRefills() throws IOException {
    Random random = new Random(3);
    byte[] data = new byte[5000];
    random.nextBytes(data);
    InputWindow window = new InputWindow(new OneByteAtATime(data), 100);
    assertEquals(InputWindow.LOOKBEHIND + 100, window.buffer.length);
    long read = 0;
    int fills = 0;
    while (!window.endOfInput) {
      long startOffset = window.offsetOf(window.start);
      read += window.fill();
      fills++;
      String where = "fill " + fills;
      assertTrue(window.endOfInput || window.end == window.buffer.length, where + ": reads until the buffer is full");
      assertEquals(startOffset, window.offsetOf(window.start), where + ": the next byte stays the next byte");
      assertEquals(Math.min(InputWindow.LOOKBEHIND, startOffset), window.start, where + ": the look-behind kept");
      assertEquals(read, window.offsetOf(window.end), where);
      assertArrayEquals(
          Arrays.copyOfRange(data, (int) window.bufferOffset, (int) window.offsetOf(window.end)),
          Arrays.copyOfRange(window.buffer, 0, window.end), where);
      // Process all but a few bytes (a sequence the next read may complete).
      window.start = Math.max(window.start, window.end - random.nextInt(8));
    }
    assertEquals(data.length, read);
    assertTrue(fills >= (5000 - 356) / 100, "fills: " + fills);
    assertEquals(0, window.fill(), "nothing after the end");
  }

  @Test
  void firstFillReadsTheLookBehindToo() throws IOException {
    byte[] data = new byte[1000];
    InputWindow window = new InputWindow(new ByteArrayInputStream(data), 300);
    assertEquals(556, window.fill());
    assertEquals(0, window.start);
    assertEquals(556, window.end);
    window.start = 500;
    assertEquals(244, window.fill()); // keeps bytes [244, 556) at the front, then fills the rest
    assertEquals(244, window.bufferOffset);
    assertEquals(256, window.start);
    window.start = window.end;
    assertEquals(200, window.fill());
    assertEquals(544, window.bufferOffset);
    assertTrue(window.endOfInput);
    assertEquals(1000, window.offsetOf(window.end));
  }
}
