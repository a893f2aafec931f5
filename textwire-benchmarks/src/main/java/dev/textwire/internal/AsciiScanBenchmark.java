package dev.textwire.internal;

import dev.textwire.bench.BenchBase;
import dev.textwire.bench.Inputs;
import java.nio.charset.StandardCharsets;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * Where a strict decode of ASCII bytes spends its time, beside the JDK's own: textwire's ASCII scan
 * ({@code Swar.skipAscii}, what {@code Utf8.decode} runs before the JDK's one-copy Latin-1 String
 * constructor), two plain Java loops that OR the bytes (does C2 vectorise them? not on JDK 17 or 25),
 * and the two String constructors: UTF-8's, which checks the bytes with an intrinsic inside the
 * constructor, and ISO-8859-1's, which copies without checking. The evidence behind "strict decoding of
 * ASCII" in docs/BENCHMARKS.md (issue 15, stop 43). In this package to reach {@code Swar}.
 *
 * <pre>
 * java -jar textwire-benchmarks/target/textwire-benchmarks.jar AsciiScanBenchmark -f 3 -prof gc
 * </pre>
 */
public class AsciiScanBenchmark extends BenchBase {
  @Param({"ascii/16", "ascii/512", "ascii/65536"})
  String source;

  byte[] bytes;
  int n;

  @Setup
  public void setUp() {
    bytes = Inputs.parse(source).utf8Copy();
    n = bytes.length;
    // Every scan must find the whole input ASCII, and both constructors build the same String, or the
    // figures compare different work.
    if (swar() != n || !orWhole() || orBlocks() != n || !jdkNewString().equals(latin1NewString())) {
      throw new AssertionError("the scans or constructors disagree on " + source);
    }
  }

  /** The scan {@code Utf8.decode} runs first: four words a step. */
  @Benchmark
  public int swar() {
    return Swar.skipAscii(bytes, 0, n);
  }

  /**
   * An OR of every byte, one loop: C2 could vectorise this reduction; it does not. (The same over a
   * String's chars is {@code AsciiLaneBenchmark.orOfChars}.)
   */
  @Benchmark
  public boolean orWhole() {
    byte[] src = bytes;
    int acc = 0;
    for (int i = 0; i < n; i++) {
      acc |= src[i];
    }
    return acc >= 0;
  }

  /** The same in 64-byte blocks, the rest to the SWAR scan: a shape a vectorising C2 would need. */
  @Benchmark
  public int orBlocks() {
    return orBlocks(bytes, 0, n);
  }

  static int orBlocks(byte[] src, int index, int end) {
    while (index <= end - 64) {
      int acc = 0;
      for (int i = index; i < index + 64; i++) {
        acc |= src[i];
      }
      if (acc < 0) {
        break;
      }
      index += 64;
    }
    return Swar.skipAscii(src, index, end);
  }

  /** The peer: the JDK's check is an intrinsic inside the constructor, then one copy. */
  @Benchmark
  public String jdkNewString() {
    return new String(bytes, 0, n, StandardCharsets.UTF_8);
  }

  /** What textwire calls once its scan found only ASCII: one copy, no check. */
  @Benchmark
  public String latin1NewString() {
    return new String(bytes, 0, n, StandardCharsets.ISO_8859_1);
  }
}
