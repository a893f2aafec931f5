package dev.textwire.bench;

import dev.textwire.TextCodec;
import dev.textwire.TextEncoder;
import dev.textwire.buffer.SegmentedBuffer;
import java.util.Arrays;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The codec family's other targets, for their allocation ({@code -prof gc}: 0 B/op is the claim) and
 * cost beside the one-shot encode into a {@code byte[]}:
 *
 * <ul>
 *   <li>{@code oneShot}: {@code codec.encode(text, dst, 0)}, the reference.
 *   <li>{@code segmentedBuffer}: {@code buffer.writeText(text, codec)} into a reused
 *       {@link SegmentedBuffer} of 8 KiB segments, cleared each operation (it keeps its segments).
 *   <li>{@code resumable4KiB}: the codec's resumable encoder, reused, through a 4 KiB window.
 * </ul>
 *
 * Setup checks that all three produce the one-shot bytes.
 *
 * <pre>java -jar textwire-benchmarks/target/textwire-benchmarks.jar CodecFamilyTargetsBenchmark -prof gc</pre>
 */
@State(Scope.Thread)
public class CodecFamilyTargetsBenchmark extends BenchBase {
  @Param({"cesu8", "mutf8", "latin1", "ibm500"})
  public String codec;

  @Param({"mostly_ascii", "cjk"})
  public String kind;

  @Param({"512", "65536"})
  public int length;

  Inputs input;
  String text;
  TextCodec textCodec;
  byte[] dst;
  SegmentedBuffer buffer;
  TextEncoder encoder;
  byte[] window;
  long checksum;

  @Setup(Level.Trial)
  public void setUp() {
    input = Inputs.synthetic(kind, length);
    text = input.text();
    textCodec = CodecFamily.codec(codec);
    dst = new byte[textCodec.maxBytesPerChar() * text.length() + 16];
    buffer = new SegmentedBuffer();
    encoder = textCodec.newEncoder();
    window = new byte[4096];
    byte[] expected = textCodec.encode(text);
    for (int round = 0; round < 2; round++) {
      check(oneShot() == expected.length, input, codec + " one-shot count");
      check(Arrays.equals(expected, 0, expected.length, dst, 0, expected.length), input, codec + " one-shot bytes");
      check(segmentedBuffer() == expected.length, input, codec + " writeText count");
      check(Arrays.equals(expected, buffer.toByteArray()), input, codec + " writeText bytes");
      check(resumable4KiB() == expected.length, input, codec + " resumable count");
    }
  }

  @Benchmark
  public int oneShot() {
    return textCodec.encode(text, dst, 0);
  }

  @Benchmark
  public long segmentedBuffer() {
    buffer.clear();
    return buffer.writeText(text, textCodec);
  }

  @Benchmark
  public long resumable4KiB() {
    encoder.reset(text);
    long total = 0;
    while (encoder.hasRemaining()) {
      int count = encoder.encode(window, 0, window.length);
      total += count;
      checksum += window[0]; // the window is "sent": something reads it
    }
    return total;
  }
}
