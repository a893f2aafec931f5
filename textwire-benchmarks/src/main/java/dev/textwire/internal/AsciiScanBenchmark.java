package dev.textwire.internal;

import dev.textwire.bench.BenchBase;
import dev.textwire.bench.Inputs;
import java.nio.charset.StandardCharsets;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/** Stop 43 experiment: is an OR of the bytes vectorised by C2, and does it beat the SWAR scan? */
public class AsciiScanBenchmark extends BenchBase {
  @Param({"ascii/16", "ascii/512", "ascii/65536"})
  String source;

  byte[] bytes;
  int n;

  @Setup
  public void setUp() {
    bytes = Inputs.parse(source).utf8Copy();
    n = bytes.length;
  }

  @Benchmark
  public int swar() {
    return Swar.skipAscii(bytes, 0, n);
  }

  @Benchmark
  public boolean orWhole() {
    byte[] src = bytes;
    int acc = 0;
    for (int i = 0; i < n; i++) {
      acc |= src[i];
    }
    return acc >= 0;
  }

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

  @Benchmark
  public String jdkNewString() {
    return new String(bytes, 0, n, StandardCharsets.UTF_8);
  }

  @Benchmark
  public String latin1NewString() {
    return new String(bytes, 0, n, StandardCharsets.ISO_8859_1);
  }
}
