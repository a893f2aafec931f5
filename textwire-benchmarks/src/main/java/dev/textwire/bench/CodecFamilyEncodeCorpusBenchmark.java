package dev.textwire.bench;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * {@link CodecFamilyEncodeBase} over whole corpus files (65 to 450 KB): see {@link Inputs#CORPUS_FILES}.
 * Every file is over writeUTF's limit in modified UTF-8, so for {@code mutf8} only the textwire methods run.
 *
 * <pre>java -jar textwire-benchmarks/target/textwire-benchmarks.jar CodecFamilyEncodeCorpusBenchmark -p codec=ibm500 -p corpus=fr</pre>
 */
@State(Scope.Thread)
public class CodecFamilyEncodeCorpusBenchmark extends CodecFamilyEncodeBase {
  @Param({"cesu8", "mutf8", "latin1", "ibm500"})
  public String codec;

  @Param({"en", "fr", "ru", "zh", "ja", "emoji_lipsum"})
  public String corpus;

  @Setup(Level.Trial)
  public void setUp(BenchmarkParams params) throws Exception {
    prepare(codec, Inputs.corpus(corpus), params);
  }
}
