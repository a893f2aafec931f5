package dev.textwire.io;

import static dev.textwire.TestSupport.hex;
import static dev.textwire.TestSupport.seedMessage;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.textwire.ErrorPolicy;
import dev.textwire.TestSupport;
import dev.textwire.TextCodecs;
import dev.textwire.TestSupport.NamedText;
import dev.textwire.Utf8;
import dev.textwire.io.TextWriterTest.RandomCalls;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link TextWriter} over a stream that throws: a write that fails has taken a prefix of its chars
 * ({@link TextWriter#charsWritten()} says how many), whose bytes reached the stream or wait in the
 * writer's buffer; nothing taken is lost or written twice, the writer stays usable, and {@code close()}
 * tries to flush, always closes the stream, and is final.
 */
class TextWriterIoErrorTest {
  private static final ErrorPolicy[] POLICIES = ErrorPolicy.values();

  // -------------------------------------------------------------------------------------------------
  // The example: 100 ASCII chars, a 16-byte buffer, the third write fails

  @Test
  void theBytesHeldWhenTheStreamFailsAreNotLost() throws IOException {
    String text = "0123456789".repeat(10);
    FailingOutputStream stream = new FailingOutputStream(3, 1);
    TextWriter writer = new TextWriter(stream, TextCodecs.UTF_8, 16);
    IOException e = assertThrows(IOException.class, () -> writer.write(text));
    assertSame(stream.lastThrown(), e, "the stream's own exception");
    writer.close(); // the stream works again: what the writer took goes out
    assertEquals(1, stream.closes());
    // Two full buffers went out, the third was refused and is still held: 48 chars were taken.
    assertEquals(text.substring(0, 48), new String(stream.received(), UTF_8));
  }

  @Test
  void aRetryOfWhatWasNotTakenCompletesTheText() throws IOException {
    String text = "0123456789".repeat(10);
    FailingOutputStream stream = new FailingOutputStream(3, 1);
    TextWriter writer = new TextWriter(stream, TextCodecs.UTF_8, 16);
    assertThrows(IOException.class, () -> writer.write(text));
    int taken = (int) writer.charsWritten();
    assertEquals(48, taken);
    writer.write(text, taken, text.length() - taken);
    assertEquals(100, writer.charsWritten());
    writer.close();
    assertEquals(text, new String(stream.received(), UTF_8));
  }

  @Test
  void aHighSurrogateTakenBeforeAFailedCallStillPairs() throws IOException {
    // 14 bytes buffered and a high half waiting: the next call needs the full buffer written first.
    FailingOutputStream stream = new FailingOutputStream(1, 1);
    TextWriter writer = new TextWriter(stream, TextCodecs.UTF_8, 16);
    writer.write("0123456789abcd\uD83D");
    assertEquals(15, writer.charsWritten());
    assertThrows(IOException.class, () -> writer.write("\uDE00!"));
    assertEquals(15, writer.charsWritten(), "nothing of the failed call was taken");
    writer.write("\uDE00!");
    writer.close();
    assertEquals(hex("0123456789abcd😀!".getBytes(UTF_8)), hex(stream.received()));
  }

  @Test
  void errorIndicesCountOnlyTheCharsTaken() throws IOException {
    FailingOutputStream stream = new FailingOutputStream(1, 1);
    TextWriter writer = new TextWriter(stream, TextCodecs.UTF_8, 16);
    String a = "abcdefghijklmnopqrst";
    assertThrows(IOException.class, () -> writer.write(a));
    int taken = (int) writer.charsWritten();
    assertEquals(16, taken);
    writer.write(a, taken, a.length() - taken);
    MalformedStreamException e = assertThrows(MalformedStreamException.class, () -> writer.write("é\uDC00z"));
    assertEquals(21, e.charIndex(), "the retried chars count once");
    assertEquals(22, e.byteOffset());
    writer.close();
    assertEquals(a + "é", new String(stream.received(), UTF_8));
  }

  @Test
  void anUncheckedExceptionFromTheStreamLeavesTheWriterUsableToo() throws IOException {
    // Some streams wrap their failures (UncheckedIOException from a lambda-based sink): handled alike.
    java.io.ByteArrayOutputStream received = new java.io.ByteArrayOutputStream();
    int[] writes = {0};
    java.io.OutputStream stream =
        new java.io.OutputStream() {
          @Override
          public void write(int b) {
            write(new byte[] {(byte) b}, 0, 1);
          }

          @Override
          public void write(byte[] b, int off, int len) {
            if (++writes[0] == 2) {
              throw new java.io.UncheckedIOException(new IOException("write 2 fails"));
            }
            received.write(b, off, len);
          }
        };
    TextWriter writer = new TextWriter(stream, TextCodecs.UTF_8, 16);
    String text = "é".repeat(40);
    assertThrows(java.io.UncheckedIOException.class, () -> writer.write(text));
    int taken = (int) writer.charsWritten();
    writer.write(text, taken, text.length() - taken);
    writer.close();
    assertEquals(text, received.toString(UTF_8));
  }

  // -------------------------------------------------------------------------------------------------
  // close()

  @Test
  void closeRethrowsTheFlushFailureAndStillClosesTheStream() throws IOException {
    FailingOutputStream stream = new FailingOutputStream(1, Integer.MAX_VALUE, true);
    TextWriter writer = new TextWriter(stream);
    writer.write("abc");
    IOException e = assertThrows(IOException.class, writer::close);
    assertSame(stream.lastThrown(), e, "the flush's failure comes first");
    assertEquals(1, e.getSuppressed().length, "the stream's close failure is kept with it");
    assertEquals("close fails", e.getSuppressed()[0].getMessage());
    assertEquals(1, stream.closes());
    writer.close(); // final: a second close does nothing
    assertEquals(1, stream.closes());
    assertThrows(IOException.class, () -> writer.write("x"));
    assertEquals(0, stream.received().length);
  }

  @Test
  void closeWithADanglingSurrogateAndADeadStreamReportsBoth() throws IOException {
    FailingOutputStream stream = new FailingOutputStream(1, Integer.MAX_VALUE);
    TextWriter writer = new TextWriter(stream);
    writer.write("abc\uD83D");
    IOException e = assertThrows(IOException.class, writer::close);
    assertSame(stream.lastThrown(), e);
    assertEquals(1, e.getSuppressed().length);
    assertInstanceOf(MalformedStreamException.class, e.getSuppressed()[0]);
    assertEquals(1, stream.closes());
  }

  // -------------------------------------------------------------------------------------------------
  // Random texts in random calls, over a stream that fails on its Nth write

  /** How long the stream fails, from its Nth write on. */
  enum Outage {
    ONE_WRITE(1),
    THREE_WRITES(3),
    FOR_GOOD(Integer.MAX_VALUE);

    final int failures;

    Outage(int failures) {
      this.failures = failures;
    }
  }

  /** What the caller does after a write throws. */
  enum Recovery {
    /** Writes again the chars the call did not take, and goes on. */
    RETRY,
    /** Closes the writer. */
    CLOSE
  }

  static Stream<Arguments> outagesAndRecoveries() {
    return Arrays.stream(Outage.values())
        .flatMap(o -> Arrays.stream(Recovery.values()).map(r -> Arguments.of(o, r)))
        .filter(a -> !(a.get()[0] == Outage.FOR_GOOD && a.get()[1] == Recovery.RETRY));
  }

  @ParameterizedTest(name = "{0}, {1}")
  @MethodSource("outagesAndRecoveries")
  void randomTextsOverAStreamThatFailsOnItsNthWrite(Outage outage, Recovery recovery) throws IOException {
    long seed = TestSupport.seed(0x10_E2_3217L);
    SplittableRandom random = new SplittableRandom(seed);
    RandomCalls calls = new RandomCalls(random);
    int failedCalls = 0;
    for (int t = 0; t < 300; t++) {
      ErrorPolicy policy = POLICIES[t % POLICIES.length];
      int bufferSize = new int[] {16, 17, 19, 64, TextWriter.DEFAULT_BUFFER_SIZE}[random.nextInt(5)];
      boolean lone = policy != ErrorPolicy.STRICT && random.nextBoolean();
      String text = StreamTestSupport.randomText(random, random.nextInt(4) == 0 ? random.nextInt(30_000) : random.nextInt(300), lone);
      // Under RETRY close() must have nothing left to write that the outage could meet: no high surrogate
      // at the end, whose replacement close() would write.
      boolean endsHigh = !text.isEmpty() && Character.isHighSurrogate(text.charAt(text.length() - 1));
      String s = recovery == Recovery.RETRY && endsHigh ? text + "x" : text;
      byte[] whole = Utf8.codec(policy).encode(s);
      // A failure somewhere in the writes the text needs (one per buffer, roughly), or just after them.
      long firstFailure = 1 + random.nextInt(2 + whole.length / bufferSize);
      int n = t;
      Supplier<String> ctx =
          () -> "text " + n + " (" + s.length() + " chars), " + policy + ", buffer " + bufferSize + ", write "
              + firstFailure + " fails, " + outage + ", " + recovery + ", " + seedMessage(seed);

      FailingOutputStream stream = new FailingOutputStream(firstFailure, outage.failures);
      TextWriter writer = new TextWriter(stream, Utf8.codec(policy), bufferSize);
      List<NamedText> kinds = TestSupport.charSequences(s);
      int maxPiece = calls.maxPiece();
      int from = 0;
      boolean closed = false;
      while (from < s.length() && !closed) {
        int to = calls.nextEnd(s, from, maxPiece);
        long before = writer.charsWritten();
        try {
          calls.write(writer, s, kinds, from, to);
          assertEquals(to - from, writer.charsWritten() - before, () -> ctx.get() + ": a call that returns takes all");
          from = to;
        } catch (IOException e) {
          failedCalls++;
          assertSame(stream.lastThrown(), e, () -> ctx.get() + ": the stream's own exception");
          long taken = writer.charsWritten() - before;
          int f = from;
          assertTrue(taken >= 0 && taken <= to - from, () -> ctx.get() + ": took " + taken + " of [" + f + ", " + to + ")");
          from += (int) taken;
          if (recovery == Recovery.CLOSE) {
            checkClose(writer, stream, s.substring(0, from), policy, outage == Outage.ONE_WRITE, ctx);
            closed = true;
          }
        }
        if (!closed && random.nextInt(8) == 0) {
          try {
            writer.flush();
          } catch (IOException e) {
            assertSame(stream.lastThrown(), e, ctx::get); // the bytes stay in the writer; writing goes on
          }
        }
      }
      if (closed) {
        continue;
      }
      if (recovery == Recovery.CLOSE) {
        checkClose(writer, stream, s, policy, false, ctx);
        continue;
      }
      for (int attempt = 0; ; attempt++) {
        try {
          writer.flush();
          break;
        } catch (IOException e) {
          assertTrue(attempt < outage.failures, ctx);
        }
      }
      writer.close();
      assertEquals(1, stream.closes(), ctx);
      assertArrayEquals(whole, stream.received(), () -> ctx.get() + ": every char once, in order");
    }
    assertTrue(failedCalls > 100, "only " + failedCalls + " calls met a failure: the test does not test much");
  }

  /**
   * Closes after the chars {@code taken} were taken: close closes the stream, a second close does
   * nothing, and the stream got the encoding of {@code taken}, or, if close could not flush, a prefix of it.
   * {@code streamWorksAgain}: the outage is over, so close must flush.
   */
  private static void checkClose(
      TextWriter writer,
      FailingOutputStream stream,
      String taken,
      ErrorPolicy policy,
      boolean streamWorksAgain,
      Supplier<String> ctx) {
    boolean dangling = !taken.isEmpty() && Character.isHighSurrogate(taken.charAt(taken.length() - 1));
    String kept = policy == ErrorPolicy.STRICT && dangling ? taken.substring(0, taken.length() - 1) : taken;
    byte[] expected = Utf8.codec(policy).encode(kept);
    IOException closeError = null;
    try {
      writer.close();
    } catch (IOException e) {
      closeError = e;
    }
    assertEquals(1, stream.closes(), () -> ctx.get() + ": close() closes the stream");
    try {
      writer.close();
    } catch (IOException e) {
      throw new AssertionError(ctx.get() + ": a second close() must do nothing", e);
    }
    assertEquals(1, stream.closes(), ctx);
    byte[] received = stream.received();
    if (closeError != null && !(closeError instanceof MalformedStreamException)) {
      assertSame(stream.lastThrown(), closeError, ctx::get);
      assertTrue(!streamWorksAgain, () -> ctx.get() + ": the stream works again, close must flush");
      assertArrayEquals(Arrays.copyOf(expected, received.length), received, () -> ctx.get() + ": a prefix, nothing twice");
      return;
    }
    if (policy == ErrorPolicy.STRICT && dangling) {
      assertInstanceOf(MalformedStreamException.class, closeError, ctx);
    } else {
      assertNull(closeError, ctx);
    }
    assertArrayEquals(expected, received, () -> ctx.get() + ": close flushed all that was taken, once");
  }
}
