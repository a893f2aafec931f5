package dev.textwire.io;

import static dev.textwire.TestSupport.hex;
import static dev.textwire.TestSupport.seedMessage;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.textwire.ErrorPolicy;
import dev.textwire.MalformedTextException;
import dev.textwire.TestSupport;
import dev.textwire.TextCodecs;
import dev.textwire.Utf8;
import java.io.IOException;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link TextReader#ready()} is true only when {@code read()} will not block: a whole char is decodable
 * from what has arrived (or an ill-formed sequence is already known); and an IOException from the stream,
 * in a read or in ready(), loses and repeats nothing: a retry reads on.
 */
class TextReaderReadyTest {
  private static final int[] BUFFER_SIZES = {1, 2, 4, 5, 7, TextReader.DEFAULT_BUFFER_SIZE};

  @ParameterizedTest
  @ValueSource(strings = {"a", "é", "€", "\uFFFF", "😀", "\uDBFF\uDFFF"})
  void notReadyUntilAWholeCharHasArrived(String c) throws IOException {
    byte[] bytes = (c + "z").getBytes(UTF_8);
    int charBytes = bytes.length - 1;
    for (int bufferSize : BUFFER_SIZES) {
      PacedInputStream stream = new PacedInputStream(bytes, new SplittableRandom(1), 0, 0);
      TextReader reader = new TextReader(stream, TextCodecs.UTF_8, bufferSize);
      String where = hex(c.getBytes(UTF_8)) + ", buffer " + bufferSize;
      assertFalse(reader.ready(), where + ": nothing has arrived");
      for (int arrived = 1; arrived < charBytes; arrived++) {
        stream.release(1);
        assertFalse(reader.ready(), where + ": " + arrived + " of " + charBytes + " bytes have arrived");
      }
      stream.release(1);
      assertTrue(reader.ready(), where + ": the whole char has arrived");
      assertEquals(c.charAt(0), reader.read(), where);
      if (c.length() == 2) {
        assertTrue(reader.ready(), where + ": the low half waits in the reader");
        assertEquals(c.charAt(1), reader.read(), where);
      }
      assertFalse(reader.ready(), where + ": 'z' has not arrived");
      stream.release(1);
      assertTrue(reader.ready(), where);
      assertEquals('z', reader.read(), where);
      assertEquals(-1, reader.read(), where);
      assertTrue(reader.ready(), where + ": the end is known");
    }
  }

  @Test
  void readyWhenAnIllFormedSequenceIsKnown() throws IOException {
    // 0xC3 then '(': the sequence is cut short, which '(' shows; a read throws at once.
    PacedInputStream stream = new PacedInputStream(new byte[] {'a', (byte) 0xC3, '('}, new SplittableRandom(1), 0, 0);
    TextReader reader = new TextReader(stream, TextCodecs.UTF_8, 4);
    stream.release(2);
    assertTrue(reader.ready());
    assertEquals('a', reader.read());
    assertFalse(reader.ready(), "0xC3 may yet be followed by a continuation byte");
    stream.release(1);
    assertTrue(reader.ready(), "the error is known");
    MalformedStreamException e = assertThrows(MalformedStreamException.class, reader::read);
    assertEquals(1, e.byteOffset());
  }

  @Test
  void randomBytesArrivingInPiecesWithReadsThatFail() {
    long seed = TestSupport.seed(0x2EAD_7EADL);
    SplittableRandom random = new SplittableRandom(seed);
    ErrorPolicy[] policies = ErrorPolicy.values();
    int readsOnReady = 0;
    int failures = 0;
    for (int t = 0; t < 600; t++) {
      ErrorPolicy policy = policies[t % policies.length];
      int length = random.nextInt(5) == 0 ? random.nextInt(5000) : random.nextInt(60);
      byte[] bytes =
          random.nextBoolean()
              ? StreamTestSupport.randomText(random, length, false).getBytes(UTF_8)
              : StreamTestSupport.randomIllFormedBytes(random, length);
      int bufferSize = BUFFER_SIZES[random.nextInt(BUFFER_SIZES.length)];
      long firstFailure = 1 + random.nextInt(1 + bytes.length / 2);
      int outage = 1 + random.nextInt(3);
      int n = t;
      Supplier<String> ctx =
          () -> "bytes " + n + " (" + bytes.length + "), " + policy + ", buffer " + bufferSize + ", reads "
              + firstFailure + "+" + outage + " fail, " + seedMessage(seed);

      String expected;
      long errorOffset = -1;
      try {
        expected = Utf8.codec(policy).decode(bytes);
      } catch (MalformedTextException e) {
        errorOffset = e.byteOffset();
        expected = Utf8.decode(Arrays.copyOf(bytes, (int) errorOffset));
      }

      PacedInputStream stream = new PacedInputStream(bytes, random, firstFailure, outage);
      TextReader reader = new TextReader(stream, Utf8.codec(policy), bufferSize);
      StringBuilder sb = new StringBuilder();
      char[] cbuf = new char[16];
      MalformedStreamException error = null;
      boolean end = false;
      while (!end && error == null) {
        stream.release(random.nextInt(4) == 0 ? 1 + random.nextInt(40) : random.nextInt(4));
        try {
          // Read only while ready() promises no block; once all has arrived, read to the end.
          while (!end && (stream.allReleased() || reader.ready())) {
            readsOnReady += stream.allReleased() ? 0 : 1;
            int count = random.nextBoolean() ? oneChar(reader, cbuf) : reader.read(cbuf, 0, 1 + random.nextInt(cbuf.length));
            if (count < 0) {
              end = true;
            } else {
              sb.append(cbuf, 0, count);
            }
          }
        } catch (MalformedStreamException e) {
          error = e;
        } catch (IOException e) {
          failures++; // the stream failed: the next round reads on
        }
      }
      String actual = sb.toString();
      assertEquals(expected, actual, () -> ctx.get() + ": every char once, in order");
      assertEquals(errorOffset, error == null ? -1 : error.byteOffset(), ctx::get);
    }
    assertTrue(failures > 200, "only " + failures + " reads failed");
    assertTrue(readsOnReady > 10_000, "ready() was seldom true: " + readsOnReady);
  }

  private static int oneChar(TextReader reader, char[] cbuf) throws IOException {
    int c = reader.read();
    if (c < 0) {
      return -1;
    }
    cbuf[0] = (char) c;
    return 1;
  }
}
