package dev.textwire.bench;

import dev.textwire.Utf8;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * Exact UTF-8 length with the vector tier on ({@code textwireVector}) beside textwire's scalar kernels
 * ({@code textwire}) and the peers of {@link EncodedLengthBase}, in one run (see {@link VectorTierModes}).
 *
 * <pre>
 * java -jar textwire-benchmarks/target/textwire-benchmarks.jar \
 *   'VectorTierLengthBenchmark\.(textwire|textwireVector|protobuf|guava|netty|okio)$' -prof gc
 * </pre>
 */
@State(Scope.Thread)
public class VectorTierLengthBenchmark extends EncodedLengthBase {
  @Param({
    "mostly_ascii/16", "cjk/16", "emoji/16", "mostly_ascii/512", "mostly_ascii/65536", "cjk/512",
    "cjk/65536", "emoji/512", "emoji/65536", "ru", "ar", "zh", "emoji_lipsum",
  })
  public String source;

  @Setup(Level.Trial)
  public void setUp(BenchmarkParams params) {
    VectorTierModes.check(params);
    prepare(Inputs.parse(source));
  }

  @Benchmark
  @Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g", "--add-modules", "jdk.incubator.vector"})
  public int textwireVector() {
    return Utf8.encodedLength(text);
  }
}
