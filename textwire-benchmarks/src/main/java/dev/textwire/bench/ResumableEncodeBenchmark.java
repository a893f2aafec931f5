package dev.textwire.bench;

import static java.nio.charset.StandardCharsets.UTF_8;

import dev.textwire.Utf8;
import dev.textwire.TextEncoder;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Encoding a whole text through a fixed 4 KiB window, as a client with a fixed request buffer does: the
 * resumable {@link TextEncoder} (from {@link Utf8#newEncoder()}) fills the window; when it is full the
 * window is "flushed" (its byte count goes to the Blackhole, nothing is copied) and reused from position 0,
 * until the text is done. The last, partial window is flushed too. The operation returns the total bytes.
 *
 * <p>Methods:
 *
 * <ul>
 *   <li>{@code textwireWindow}: the resumable encoder into a 4 KiB {@code byte[]}.
 *   <li>{@code textwireDirectWindow}: the same into a direct 4 KiB {@code ByteBuffer} (textwire encodes
 *       into its own scratch array and bulk-copies each round into the buffer).
 *   <li>{@code jdkCharsetEncoderWindow}, the baseline: a reused {@code CharsetEncoder} (UTF-8, REPORT) and
 *       a reused 4 KiB heap {@code ByteBuffer}, encode/flush-window until underflow, then the encoder's
 *       {@code flush}. As in {@link EncodeBase#jdkCharsetEncoder}, the String's chars are first copied
 *       into a reused {@code char[]} ({@code getChars}) and wrapped: {@code CharBuffer.wrap(String)} is
 *       not array-backed and sends the JDK encoder down its per-char path, which no one who cares uses.
 *   <li>{@code oneShot}, the floor: {@code Utf8.encode(text, array, 0)} into one array large enough for
 *       all of it (3 bytes per char), no window. The difference to {@code textwireWindow} is the cost
 *       of resumability.
 * </ul>
 *
 * <p>Expected allocation ({@code -prof gc}): 0 B/op for the textwire methods (the encoder owns its
 * working space) and for {@code oneShot}; the JDK baseline's {@code CharBuffer.wrap} escapes into
 * {@code CharsetEncoder.encode} and shows as one small object per operation. Setup checks that every method produces exactly the bytes of
 * {@code String.getBytes(UTF_8)}, window by window.
 *
 * <p>Concrete classes: {@link Synthetic} (every kind at 512 and 65536 chars) and {@link Corpus} (the corpus
 * files, 65 to 450 KB). With 512 chars all of the text fits in one window (at most 1.5 KiB), so those
 * rows show the encoder's fixed costs; 65536 chars take 16 (ASCII) to 48 (CJK) windows.
 *
 * <pre>
 * java -jar textwire-benchmarks/target/textwire-benchmarks.jar ResumableEncodeBenchmark -prof gc -rf json -rff resumable.json
 * java -jar textwire-benchmarks/target/textwire-benchmarks.jar 'ResumableEncodeBenchmark\.Synthetic' -p kind=cjk -p length=65536
 * </pre>
 *
 * (All of it: 10 synthetic inputs and 6 corpus files, 4 methods each, about 10 minutes with
 * {@link BenchBase}'s defaults.)
 */
public abstract class ResumableEncodeBenchmark extends BenchBase {
  /** The window: a typical fixed request or socket buffer. */
  static final int WINDOW = 4096;

  Inputs input;
  String text;
  char[] chars;
  byte[] window;
  ByteBuffer directWindow;
  ByteBuffer jdkWindow;
  byte[] whole;
  TextEncoder encoder;
  CharsetEncoder jdkEncoder;
  /** Non-null only while setup checks the methods: flushed windows are copied here instead. */
  ByteArrayOutputStream capture;

  /** {@link ResumableEncodeBenchmark} over synthetic text: every kind at 512 and 65536 chars. */
  @State(Scope.Thread)
  public static class Synthetic extends ResumableEncodeBenchmark {
    @Param({"ascii", "latin1", "cjk", "emoji", "mostly_ascii"})
    public String kind;

    @Param({"512", "65536"})
    public int length;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
      prepare(Inputs.synthetic(kind, length));
    }
  }

  /** {@link ResumableEncodeBenchmark} over whole corpus files: see {@link Inputs#CORPUS_FILES}. */
  @State(Scope.Thread)
  public static class Corpus extends ResumableEncodeBenchmark {
    @Param({"en", "fr", "ru", "ar", "zh", "ja", "emoji_lipsum"})
    public String corpus;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
      prepare(Inputs.corpus(corpus));
    }
  }

  void prepare(Inputs in) throws CharacterCodingException {
    input = in;
    text = in.text();
    chars = in.chars();
    window = new byte[WINDOW];
    directWindow = ByteBuffer.allocateDirect(WINDOW);
    jdkWindow = ByteBuffer.allocate(WINDOW);
    whole = new byte[3 * text.length() + 16];
    encoder = Utf8.newEncoder();
    jdkEncoder =
        UTF_8.newEncoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    verify();
  }

  /** Every method twice (reuse must work), its flushed windows captured and compared with the JDK's bytes. */
  private void verify() throws CharacterCodingException {
    byte[] expected = input.utf8();
    int n = expected.length;
    for (int round = 0; round < 2; round++) {
      capture = new ByteArrayOutputStream();
      check(textwireWindow(null) == n, input, "textwireWindow count");
      checkBytes(expected, capture.toByteArray(), 0, input, "textwireWindow");
      check(capture.size() == n, input, "textwireWindow flushed more than the text");

      capture = new ByteArrayOutputStream();
      check(textwireDirectWindow(null) == n, input, "textwireDirectWindow count");
      checkBytes(expected, capture.toByteArray(), 0, input, "textwireDirectWindow");
      check(capture.size() == n, input, "textwireDirectWindow flushed more than the text");

      capture = new ByteArrayOutputStream();
      check(jdkCharsetEncoderWindow(null) == n, input, "jdkCharsetEncoderWindow count");
      checkBytes(expected, capture.toByteArray(), 0, input, "jdkCharsetEncoderWindow");
      check(capture.size() == n, input, "jdkCharsetEncoderWindow flushed more than the text");

      check(oneShot() == n, input, "oneShot count");
      checkBytes(expected, whole, 0, input, "oneShot");
    }
    capture = null;
  }

  /** The "flush": hand the count to the Blackhole (or, in setup, keep the bytes to check them). */
  private void flush(Blackhole bh, byte[] array, int count) {
    if (capture != null) {
      capture.write(array, 0, count);
    } else {
      bh.consume(count);
    }
  }

  private void flush(Blackhole bh, ByteBuffer buffer) {
    if (capture != null) {
      ByteBuffer written = buffer.duplicate().flip();
      byte[] bytes = new byte[written.remaining()];
      written.get(bytes);
      capture.write(bytes, 0, bytes.length);
    } else {
      bh.consume(buffer.position());
    }
  }

  // ---- textwire ------------------------------------------------------------------------------------

  @Benchmark
  public long textwireWindow(Blackhole bh) {
    TextEncoder e = encoder.reset(text);
    byte[] w = window;
    long total = 0;
    int position = 0;
    while (true) {
      position += e.encode(w, position, WINDOW - position);
      if (!e.hasRemaining()) {
        break;
      }
      // Full: nothing more fits whole. Flush and start the window again.
      total += position;
      flush(bh, w, position);
      position = 0;
    }
    total += position;
    flush(bh, w, position);
    return total;
  }

  @Benchmark
  public long textwireDirectWindow(Blackhole bh) {
    TextEncoder e = encoder.reset(text);
    ByteBuffer w = directWindow;
    w.clear();
    long total = 0;
    while (true) {
      e.encode(w);
      if (!e.hasRemaining()) {
        break;
      }
      total += w.position();
      flush(bh, w);
      w.clear();
    }
    total += w.position();
    flush(bh, w);
    return total;
  }

  /** The floor: all of it in one call, into one array with room for the worst case. */
  @Benchmark
  public int oneShot() {
    return Utf8.encode(text, whole, 0);
  }

  // ---- JDK -----------------------------------------------------------------------------------------

  @Benchmark
  public long jdkCharsetEncoderWindow(Blackhole bh) throws CharacterCodingException {
    text.getChars(0, text.length(), chars, 0);
    CharBuffer in = CharBuffer.wrap(chars, 0, text.length());
    ByteBuffer w = jdkWindow;
    w.clear();
    CharsetEncoder e = jdkEncoder;
    e.reset();
    long total = 0;
    CoderResult result;
    while ((result = e.encode(in, w, true)).isOverflow()) {
      total += w.position();
      flush(bh, w.array(), w.position());
      w.clear();
    }
    if (!result.isUnderflow()) {
      result.throwException();
    }
    while ((result = e.flush(w)).isOverflow()) {
      total += w.position();
      flush(bh, w.array(), w.position());
      w.clear();
    }
    if (!result.isUnderflow()) {
      result.throwException();
    }
    total += w.position();
    flush(bh, w.array(), w.position());
    return total;
  }
}
