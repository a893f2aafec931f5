package dev.textwire.bench;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * {@link CodecFamilyDecodeBase} over whole corpus files (65 to 450 KB), encoded: see
 * {@link Inputs#CORPUS_FILES}. Every file is over readUTF's limit in modified UTF-8, so for {@code mutf8}
 * only {@code textwire} runs.
 *
 * <pre>java -jar textwire-benchmarks/target/textwire-benchmarks.jar CodecFamilyDecodeCorpusBenchmark -p codec=latin1 -p corpus=fr</pre>
 */
@State(Scope.Thread)
public class CodecFamilyDecodeCorpusBenchmark extends CodecFamilyDecodeBase {
  @Param({"cesu8", "mutf8", "latin1", "ibm500"})
  public String codec;

  @Param({"en", "fr", "ru", "zh", "ja", "emoji_lipsum"})
  public String corpus;

  @Setup(Level.Trial)
  public void setUp(BenchmarkParams params) throws Exception {
    prepare(codec, Inputs.corpus(corpus), params);
  }
}
