package dev.textwire.bench;

import dev.textwire.Utf8;
import java.io.IOException;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * Strict decoding to a String with the vector tier on ({@code textwireVector}) beside textwire's scalar
 * kernels ({@code textwire}) and the peers of {@link DecodeBase}, in one run (see {@link VectorTierModes}).
 *
 * <pre>
 * java -jar textwire-benchmarks/target/textwire-benchmarks.jar \
 *   'VectorTierDecodeBenchmark\.(textwire|textwireVector|jdkNewString|jdkDecoder|protobufRequireUtf8)$' -prof gc
 * </pre>
 */
@State(Scope.Thread)
public class VectorTierDecodeBenchmark extends DecodeBase {
  @Param({
    "mostly_ascii/16", "mostly_ascii/512", "mostly_ascii/65536", "cjk/512", "ru", "ar", "zh", "ru_lipsum",
    "ar_lipsum", "zh_lipsum", "emoji_lipsum",
  })
  public String source;

  @Setup(Level.Trial)
  public void setUp(BenchmarkParams params) throws IOException {
    VectorTierModes.check(params);
    prepare(Inputs.parse(source));
  }

  @Benchmark
  @Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g", "--add-modules", "jdk.incubator.vector"})
  public String textwireVector() {
    return Utf8.decode(bytes, 0, n);
  }
}
