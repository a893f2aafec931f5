package dev.textwire.internal;

import dev.textwire.bench.BenchBase;
import dev.textwire.bench.Inputs;
import java.nio.charset.StandardCharsets;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The decoding kernels below the String: the vector tier's kernel alone, the whole UTF-8 decode loop
 * (with the tier) and the scalar loop, each into a reused char[]; and the JDK's {@code new String} for
 * scale. Shows how much of a decode to String is the kernel and how much the String around it.
 */
@State(Scope.Thread)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g", "--add-modules", "jdk.incubator.vector"})
public class VectorDecodeKernelBenchmark extends BenchBase {
  @Param({"ru_lipsum", "ar_lipsum", "ru"})
  public String source;

  byte[] bytes;
  char[] chars;

  @Setup
  public void setUp() {
    bytes = Inputs.of(source, 0).utf8Copy();
    chars = new char[bytes.length];
  }

  @Benchmark
  public long vectorKernel() {
    return VectorTier.CODING_KERNELS.decodeUtf8(bytes, 0, bytes.length, chars, 0, chars.length);
  }

  @Benchmark
  public long decodeLoop() {
    return Utf8ToChars.decode(bytes, 0, bytes.length, chars, 0, chars.length, true, dev.textwire.ErrorPolicy.STRICT, 0, Utf8Variant.UTF_8);
  }

  @Benchmark
  public String jdkNewString() {
    return new String(bytes, StandardCharsets.UTF_8);
  }
}
