package dev.textwire.bench;

import dev.textwire.TextCodec;
import dev.textwire.TextCodecs;
import java.nio.charset.Charset;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * CESU-8 and modified UTF-8 validation with the vector tier on ({@code textwireVector}) beside textwire's
 * scalar kernels ({@code textwire}), in one run (see {@link VectorTierModes}). No peer validates these
 * encodings without decoding them, so the JDK's CESU-8 decoder ({@code new String(bytes, "CESU-8")}) is
 * run for scale, on the CESU-8 rows only.
 *
 * <pre>
 * java -jar textwire-benchmarks/target/textwire-benchmarks.jar \
 *   'VectorTierFamilyValidateBenchmark\.(textwire|textwireVector|jdkCesu8Decode)$' -prof gc
 * </pre>
 */
@State(Scope.Thread)
public class VectorTierFamilyValidateBenchmark extends BenchBase {
  @Param({"CESU-8", "Modified UTF-8"})
  public String codec;

  @Param({"mostly_ascii/65536", "cjk/65536", "emoji/65536", "ru", "zh", "ru_lipsum", "zh_lipsum", "emoji_lipsum"})
  public String source;

  TextCodec textCodec;
  byte[] bytes;
  Charset cesu8;

  @Setup(Level.Trial)
  public void setUp(BenchmarkParams params) {
    VectorTierModes.check(params);
    textCodec = codec.equals("CESU-8") ? TextCodecs.CESU_8 : TextCodecs.MODIFIED_UTF_8;
    bytes = textCodec.encode(Inputs.parse(source).text());
    if (!textCodec.isValid(bytes)) {
      throw new IllegalStateException(codec + " " + source + ": not valid");
    }
    cesu8 = Charset.forName("CESU-8");
  }

  @Benchmark
  public boolean textwire() {
    return textCodec.isValid(bytes);
  }

  @Benchmark
  @Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g", "--add-modules", "jdk.incubator.vector"})
  public boolean textwireVector() {
    return textCodec.isValid(bytes);
  }

  /** The JDK's CESU-8 decoder, for scale: it decodes as well as validates (and accepts lone surrogates). */
  @Benchmark
  public String jdkCesu8Decode() {
    return codec.equals("CESU-8") ? new String(bytes, cesu8) : "";
  }
}
