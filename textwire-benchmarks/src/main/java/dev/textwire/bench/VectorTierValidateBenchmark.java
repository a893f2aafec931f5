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
 * Validation with the vector tier on ({@code textwireVector}) beside textwire's scalar kernels
 * ({@code textwire}) and the peers of {@link ValidateBase}, in one run (see {@link VectorTierModes}).
 *
 * <pre>
 * java -jar textwire-benchmarks/target/textwire-benchmarks.jar \
 *   'VectorTierValidateBenchmark\.(textwire|textwireVector|guava|protobuf|arraycopy)$' -prof gc
 * </pre>
 */
@State(Scope.Thread)
public class VectorTierValidateBenchmark extends ValidateBase {
  @Param({
    "ascii/65536", "mostly_ascii/512", "mostly_ascii/65536", "cjk/512", "cjk/65536", "emoji/512",
    "emoji/65536", "ru", "ar", "zh", "ru_lipsum", "ar_lipsum", "zh_lipsum", "emoji_lipsum", "latin_lipsum",
  })
  public String source;

  byte[] copy;

  @Setup(Level.Trial)
  public void setUp(BenchmarkParams params) {
    VectorTierModes.check(params);
    prepare(Inputs.parse(source));
    copy = new byte[n];
  }

  /** memcpy, the yardstick for ASCII ("at least memcpy/2"): the same bytes copied. */
  @Benchmark
  public byte[] arraycopy() {
    System.arraycopy(bytes, 0, copy, 0, n);
    return copy;
  }

  @Benchmark
  @Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g", "--add-modules", "jdk.incubator.vector"})
  public boolean textwireVector() {
    return Utf8.isValid(bytes, 0, n);
  }
}
