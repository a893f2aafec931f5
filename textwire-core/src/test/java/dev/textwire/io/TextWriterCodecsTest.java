package dev.textwire.io;

import static dev.textwire.TestSupport.seedMessage;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.textwire.ErrorPolicy;
import dev.textwire.MalformedTextException;
import dev.textwire.TestSupport;
import dev.textwire.TestSupport.NamedText;
import dev.textwire.TextCodec;
import dev.textwire.TextCodecs;
import dev.textwire.buffer.SegmentedBuffer;
import dev.textwire.io.StreamTestSupport.RecordingOutputStream;
import dev.textwire.io.TextWriterTest.RandomCalls;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link TextWriter} for every codec under every policy, into a stream (16-byte and default buffer) and
 * into a {@link SegmentedBuffer} (1- and 4-byte segments), the text cut into calls of every kind at every
 * split point (one or two cuts, and one char at a time) for small texts and at random for larger ones.
 * The model is the codec's one-shot {@link TextCodec#encode} of the whole text: the same bytes under a
 * replacing policy; under STRICT the bytes before the first char the encoding cannot represent, and a
 * {@link MalformedStreamException} with that char's index and the bytes before it, from the call that
 * meets it (or from close, for a high surrogate at the end).
 */
class TextWriterCodecsTest {
  static List<TextCodec> codecs() {
    return CodecStreamSupport.allCodecs();
  }

  /** Where a writer writes. */
  enum Target {
    STREAM_BUFFER_16,
    STREAM_BUFFER_DEFAULT,
    SEGMENTS_1,
    SEGMENTS_4
  }

  /** Writes {@code text} in calls ending at {@code ends} and compares with the model. */
  private static void check(TextCodec codec, String text, int[] ends, Target target, RandomCalls calls, Supplier<String> context)
      throws IOException {
    Supplier<String> ctx = () -> context.get() + ", " + codec + ", " + target + ", calls end at " + Arrays.toString(ends)
        + ": " + TestSupport.codePoints(text);
    int bad = -1;
    byte[] expected;
    try {
      expected = codec.encode(text);
    } catch (MalformedTextException e) {
      bad = (int) e.charIndex();
      expected = codec.encode(text.substring(0, bad));
    }
    RecordingOutputStream stream = null;
    SegmentedBuffer buffer = null;
    TextWriter writer;
    switch (target) {
      case STREAM_BUFFER_16:
        writer = new TextWriter(stream = new RecordingOutputStream(), codec, 16);
        break;
      case STREAM_BUFFER_DEFAULT:
        writer = new TextWriter(stream = new RecordingOutputStream(), codec);
        break;
      case SEGMENTS_1:
        writer = new TextWriter(buffer = new SegmentedBuffer(1), codec);
        break;
      default:
        writer = new TextWriter(buffer = new SegmentedBuffer(4), codec);
        break;
    }
    List<NamedText> kinds = TestSupport.charSequences(text);
    MalformedStreamException error = null;
    int from = 0;
    for (int end : ends) {
      long before = writer.charsWritten();
      try {
        calls.write(writer, text, kinds, from, end);
      } catch (MalformedStreamException e) {
        error = e;
        break;
      }
      assertEquals(end - from, writer.charsWritten() - before, () -> ctx.get() + ": a call that returns takes all");
      from = end;
    }
    try {
      writer.close();
    } catch (MalformedStreamException e) {
      if (error != null) {
        throw new AssertionError(ctx.get() + ": close threw after the error was reported", e);
      }
      error = e;
    }
    byte[] written = stream != null ? stream.received() : buffer.toByteArray();
    if (!Arrays.equals(expected, written)) { // hex only for the message: building it for every check was most of this test's time
      assertEquals(TestSupport.hex(expected), TestSupport.hex(written), ctx);
    }
    if (stream != null) {
      assertEquals(1, stream.closes(), ctx);
    }
    if (bad < 0) {
      if (error != null) {
        throw new AssertionError(ctx.get() + ": unexpected error", error);
      }
      assertEquals(text.length(), writer.charsWritten(), ctx);
      return;
    }
    assertEquals(ErrorPolicy.STRICT, codec.policy(), ctx);
    if (error == null) {
      fail(ctx.get() + ": no error; the one-shot encoding fails at char " + bad);
    }
    assertEquals(bad, error.charIndex(), () -> ctx.get() + ": charIndex");
    assertEquals(expected.length, error.byteOffset(), () -> ctx.get() + ": byteOffset");
    assertInstanceOf(MalformedTextException.class, error.getCause(), ctx);
  }

  /** Small texts: the edge texts and short random ones. */
  private static List<String> smallTexts(SplittableRandom random) {
    List<String> texts = new java.util.ArrayList<>(CodecStreamSupport.EDGE_TEXTS);
    for (int i = 0; i < 20; i++) {
      texts.add(CodecStreamSupport.randomText(random, 1 + random.nextInt(8), random.nextBoolean()));
    }
    return texts;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("codecs")
  void smallTextsCutAtEverySplitPoint(TextCodec codec) throws IOException {
    long seed = TestSupport.seed(0xC0DEC_3217EL);
    SplittableRandom random = new SplittableRandom(seed);
    RandomCalls calls = new RandomCalls(random);
    List<String> texts = smallTexts(random);
    for (int i = 0; i < texts.size(); i++) {
      String text = texts.get(i);
      int n = i;
      Supplier<String> ctx = () -> "text " + n + ", " + seedMessage(seed);
      for (Target target : Target.values()) {
        for (int[] ends : CodecStreamSupport.cutsUpToTwo(text.length())) {
          check(codec, text, ends, target, calls, ctx);
        }
        check(codec, text, CodecStreamSupport.everyItemAlone(text.length()), target, calls, ctx);
      }
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("codecs")
  void largerTextsCutAtRandom(TextCodec codec) throws IOException {
    long seed = TestSupport.seed(0xC0DEC_1A2E3L);
    SplittableRandom random = new SplittableRandom(seed);
    RandomCalls calls = new RandomCalls(random);
    int errors = 0;
    for (int t = 0; t < 120; t++) {
      boolean lone = random.nextBoolean();
      String text = CodecStreamSupport.randomText(random, random.nextInt(8) == 0 ? random.nextInt(20_000) : random.nextInt(300), lone);
      int[] ends = CodecStreamSupport.randomCuts(random, text.length(), calls.maxPiece());
      Target target = Target.values()[random.nextInt(Target.values().length)];
      int n = t;
      check(codec, text, ends, target, calls, () -> "text " + n + " (" + text.length() + " chars), " + seedMessage(seed));
      try {
        codec.encodedLength(text);
      } catch (MalformedTextException e) {
        errors++;
      }
    }
    if (codec.policy() == ErrorPolicy.STRICT && codec != TextCodecs.MODIFIED_UTF_8) { // which encodes every char
      int failing = errors;
      assertTrue(failing > 10, () -> codec + ": only " + failing + " texts the strict codec refuses");
    }
  }

  @Test
  void aCesu8PairNeedsSixBytesOfRoomBeforeAFailedCall() throws IOException {
    // 11 bytes buffered and a high half waiting: its pair takes 6 bytes in CESU-8, 5 are free, so the
    // buffer must go out before the call is taken; the stream refuses it, and the call takes nothing.
    FailingOutputStream stream = new FailingOutputStream(1, 1);
    TextWriter writer = new TextWriter(stream, TextCodecs.CESU_8, 16);
    writer.write("0123456789a\uD83D");
    assertEquals(12, writer.charsWritten());
    assertThrows(IOException.class, () -> writer.write("\uDE00!"));
    assertEquals(12, writer.charsWritten(), "nothing of the failed call was taken");
    writer.write("\uDE00!");
    writer.close();
    assertEquals(TestSupport.hex(TextCodecs.CESU_8.encode("0123456789a😀!")), TestSupport.hex(stream.received()));
  }

  /**
   * Over a stream that fails on its Nth write (one write, or three), the caller writes again what a failed
   * call did not take: every codec's bytes arrive once, in order, as the one-shot encoding has them.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("codecs")
  void retriesOverAStreamThatFails(TextCodec codec) throws IOException {
    long seed = TestSupport.seed(0xC0DEC_10E2L);
    SplittableRandom random = new SplittableRandom(seed);
    RandomCalls calls = new RandomCalls(random);
    int failedCalls = 0;
    for (int t = 0; t < 100; t++) {
      String text = CodecStreamSupport.randomText(random, random.nextInt(4) == 0 ? random.nextInt(5000) : random.nextInt(200), true);
      if (codec.policy() == ErrorPolicy.STRICT) {
        text = encodablePrefix(codec, encodableChars(codec, text));
      }
      if (!text.isEmpty() && Character.isHighSurrogate(text.charAt(text.length() - 1))) {
        text += "x"; // close() must have nothing left to write that the outage could meet
      }
      String s = text;
      byte[] whole = codec.encode(s);
      int bufferSize = new int[] {16, 17, 19, 64}[random.nextInt(4)];
      long firstFailure = 1 + random.nextInt(2 + whole.length / bufferSize);
      int failures = random.nextBoolean() ? 1 : 3;
      int n = t;
      Supplier<String> ctx = () -> "text " + n + " (" + s.length() + " chars), " + codec + ", buffer " + bufferSize + ", write "
          + firstFailure + "+" + failures + " fail, " + seedMessage(seed);
      FailingOutputStream stream = new FailingOutputStream(firstFailure, failures);
      TextWriter writer = new TextWriter(stream, codec, bufferSize);
      List<NamedText> kinds = TestSupport.charSequences(s);
      int maxPiece = calls.maxPiece();
      for (int from = 0; from < s.length(); ) {
        int to = calls.nextEnd(s, from, maxPiece);
        long before = writer.charsWritten();
        try {
          calls.write(writer, s, kinds, from, to);
          from = to;
        } catch (IOException e) {
          failedCalls++;
          assertSame(stream.lastThrown(), e, ctx);
          long taken = writer.charsWritten() - before;
          int f = from;
          assertTrue(taken >= 0 && taken <= to - from, () -> ctx.get() + ": took " + taken + " of [" + f + ", " + to + ")");
          from += (int) taken;
        }
      }
      for (int attempt = 0; ; attempt++) {
        try {
          writer.flush();
          break;
        } catch (IOException e) {
          assertTrue(attempt < failures, ctx);
        }
      }
      writer.close();
      byte[] received = stream.received();
      if (!Arrays.equals(whole, received)) {
        assertEquals(TestSupport.hex(whole), TestSupport.hex(received), () -> ctx.get() + ": every char once, in order");
      }
    }
    assertTrue(failedCalls > 20, "only " + failedCalls + " calls met a failure");
  }

  /** {@code text} without the characters {@code codec} (strict) cannot encode by themselves. */
  private static String encodableChars(TextCodec codec, String text) {
    StringBuilder sb = new StringBuilder(text.length());
    text.codePoints().forEach(c -> {
      String character = new String(Character.toChars(c));
      if (encodablePrefix(codec, character).equals(character)) {
        sb.append(character);
      }
    });
    return sb.toString();
  }

  /** The longest prefix of {@code text} that {@code codec} (strict) encodes. */
  private static String encodablePrefix(TextCodec codec, String text) {
    try {
      codec.encodedLength(text);
      return text;
    } catch (MalformedTextException e) {
      return text.substring(0, (int) e.charIndex());
    }
  }
}
