package dev.textwire;

import static dev.textwire.TestSupport.seedMessage;
import static dev.textwire.Utf8EncoderTestSupport.POLICIES;
import static dev.textwire.Utf8EncoderTestSupport.encodeFixed;
import static dev.textwire.Utf8EncoderTestSupport.encodeInWindows;
import static dev.textwire.Utf8EncoderTestSupport.fastPathShapes;
import static dev.textwire.Utf8EncoderTestSupport.oneShot;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.textwire.TestSupport.NamedText;
import dev.textwire.Utf8EncoderTestSupport.Sink;
import dev.textwire.Utf8EncoderTestSupport.Windows;
import dev.textwire.io.StreamTestSupport;
import java.io.ByteArrayOutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * The resumable {@link TextEncoder} after {@code reset(text)}, into windows: however the output is cut
 * (windows of any size and kind) the bytes must equal the one-shot codec's on the whole text, under
 * every policy. Every call is checked on its own too: its bytes are whole characters, they are exactly
 * the one-shot encoding of the chars the encoder says it consumed, and the counts agree with what was
 * written.
 */
class Utf8EncoderWindowsTest {
  /** reset(text) into windows, under every policy that accepts the text, against the one-shot codec. */
  private static void checkWindows(String s, CharSequence text, Windows windows, Sink sink, Supplier<String> ctx) {
    boolean wellFormed = StreamTestSupport.isWellFormed(s);
    for (ErrorPolicy policy : POLICIES) {
      if (policy == ErrorPolicy.STRICT && !wellFormed) {
        continue; // strict errors have tests of their own
      }
      Supplier<String> c = () -> ctx.get() + ", " + policy;
      byte[] actual = encodeInWindows(Utf8.codec(policy).newEncoder(), s, text, 0, text.length(), windows, sink, c);
      assertArrayEquals(oneShot(policy, s), actual, () -> c.get() + ": whole output");
    }
  }

  @Test
  void latin1StretchesBetweenWiderRunsInRandomWindowsEqualOneShot() {
    long seed = TestSupport.seed(0x5EED_57E7L);
    Windows windows = new Windows(new SplittableRandom(seed));
    List<String> texts = Latin1StartEncodeTest.stretchTexts();
    for (int t = 0; t < texts.size(); t++) {
      String s = texts.get(t);
      int n = t;
      for (Sink sink : new Sink[] {Sink.ARRAY, Sink.DIRECT_BUFFER}) {
        checkWindows(s, s, windows, sink, () -> "stretch text " + n + " (" + s.length() + " chars), sink " + sink + ", " + seedMessage(seed));
      }
    }
  }

  @Test
  void randomTextsInRandomWindowsEqualOneShot() {
    long seed = TestSupport.seed(0x5EED_E1C0DEL);
    SplittableRandom random = new SplittableRandom(seed);
    Windows windows = new Windows(random);
    for (int t = 0; t < 300; t++) {
      int length = random.nextInt(4) == 0 ? random.nextInt(9000) : random.nextInt(200);
      String s = StreamTestSupport.randomText(random, length, random.nextBoolean());
      int n = t;
      for (Sink sink : new Sink[] {Sink.ARRAY, Sink.HEAP_BUFFER, Sink.DIRECT_BUFFER, null}) {
        checkWindows(s, s, windows, sink, () -> "text " + n + " (" + s.length() + " chars), sink " + sink + ", " + seedMessage(seed));
      }
    }
  }

  @Test
  void everyWindowSizeFromOneToEightOnShortTexts() {
    // Small fixed windows walk every alignment of 1- to 4-byte characters against a window's end.
    String[] texts = {"a", "é", "€", "😀", "aé€😀", "😀😀€€ééaa", "\uD800x\uDC00", "ab\uD83D", "\uDE00é"};
    for (String s : texts) {
      for (int size = 1; size <= 8; size++) {
        for (ErrorPolicy policy : POLICIES) {
          if (policy == ErrorPolicy.STRICT && !StreamTestSupport.isWellFormed(s)) {
            continue;
          }
          TextEncoder encoder = Utf8.codec(policy).newEncoder().reset(s);
          ByteArrayOutputStream out = new ByteArrayOutputStream();
          byte[] window = new byte[Math.max(size, 4)];
          for (int guard = 0; encoder.hasRemaining() && guard < 100; guard++) {
            out.write(window, 0, encodeFixed(encoder, window, size));
          }
          int windowSize = size;
          assertFalse(encoder.hasRemaining(), () -> TestSupport.codePoints(s) + " window " + windowSize + ": stuck");
          assertArrayEquals(oneShot(policy, s), out.toByteArray(), () -> TestSupport.codePoints(s) + ", window " + windowSize + ", " + policy);
        }
      }
    }
  }

  @Test
  void rangesOfTextAreEncodedFromBeginToEnd() {
    long seed = TestSupport.seed(0xBE61_2E7DL);
    SplittableRandom random = new SplittableRandom(seed);
    Windows windows = new Windows(random);
    for (int t = 0; t < 100; t++) {
      String s = StreamTestSupport.randomText(random, random.nextInt(3000), true);
      int begin = random.nextInt(s.length() + 1);
      int end = begin + random.nextInt(s.length() - begin + 1);
      String part = s.substring(begin, end);
      for (ErrorPolicy policy : new ErrorPolicy[] {ErrorPolicy.REPLACE, ErrorPolicy.REPLACE_WITH_QUESTION_MARK}) {
        Supplier<String> ctx = () -> "range [" + begin + ", " + end + ") of " + s.length() + ", " + policy + ", " + seedMessage(seed);
        // Expected bytes of a range: the one-shot bytes of the same chars as a text of their own.
        byte[] actual = encodeInWindowsRange(Utf8.codec(policy).newEncoder(), s, begin, end, windows, ctx);
        assertArrayEquals(oneShot(policy, part), actual, ctx);
      }
    }
  }

  /** As {@link Utf8EncoderTestSupport#encodeInWindows} for a range, checking per call against the range's own substring. */
  private static byte[] encodeInWindowsRange(TextEncoder encoder, String s, int begin, int end, Windows windows, Supplier<String> ctx) {
    encoder.reset(s, begin, end);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    while (encoder.hasRemaining()) {
      int from = encoder.charIndex();
      byte[] written = windows.encode(encoder, windows.randomSink(), windows.nextSize(), ctx);
      out.write(written, 0, written.length);
      int to = encoder.charIndex();
      assertTrue(to >= from && to <= end, ctx);
      assertEquals(to - begin, encoder.charsConsumed(), ctx);
      assertEquals(out.size(), encoder.bytesWritten(), ctx);
    }
    assertEquals(end, encoder.charIndex(), ctx);
    return out.toByteArray();
  }

  @Test
  void everyCharSequenceKind() {
    long seed = TestSupport.seed(0xC4A25E9L);
    SplittableRandom random = new SplittableRandom(seed);
    Windows windows = new Windows(random);
    List<String> texts = new ArrayList<>(fastPathShapes());
    for (int t = 0; t < 20; t++) {
      texts.add(StreamTestSupport.randomText(random, random.nextInt(5000), random.nextBoolean()));
    }
    for (int t = 0; t < texts.size(); t++) {
      String s = texts.get(t);
      int n = t;
      for (NamedText kind : TestSupport.charSequences(s)) {
        checkWindows(s, kind.text(), windows, null, () -> "text " + n + " as " + kind + ", " + seedMessage(seed));
      }
    }
  }

  @Test
  void corpusFilesInRandomWindows() {
    long seed = TestSupport.seed(0xC0_2F05L);
    SplittableRandom random = new SplittableRandom(seed);
    Windows windows = new Windows(random);
    List<Path> files = TestSupport.corpusFiles();
    for (int f = 0; f < files.size(); f++) {
      Path file = files.get(f);
      String s = new String(TestSupport.read(file), UTF_8);
      // Each policy with its own sink kind, rotating with the file, so every kind meets every script.
      for (ErrorPolicy policy : POLICIES) {
        Sink sink = Sink.values()[(f + policy.ordinal()) % 3];
        Supplier<String> ctx = () -> TestSupport.corpusName(file) + ", " + policy + ", " + sink + ", " + seedMessage(seed);
        byte[] actual = encodeInWindows(Utf8.codec(policy).newEncoder(), s, s, 0, s.length(), windows, sink, ctx);
        assertArrayEquals(TestSupport.read(file), actual, ctx);
      }
    }
  }
}
