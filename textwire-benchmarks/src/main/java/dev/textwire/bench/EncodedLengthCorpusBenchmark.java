package dev.textwire.bench;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * {@link EncodedLengthBase} over whole corpus files (65 to 450 KB): see {@link Inputs#CORPUS_FILES}.
 *
 * <pre>java -jar textwire-benchmarks/target/textwire-benchmarks.jar EncodedLengthCorpusBenchmark -p corpus=zh</pre>
 */
@State(Scope.Thread)
public class EncodedLengthCorpusBenchmark extends EncodedLengthBase {
  @Param({"en", "fr", "ru", "ar", "zh", "ja", "emoji_lipsum"})
  public String corpus;

  @Setup(Level.Trial)
  public void setUp() throws Exception {
    prepare(Inputs.corpus(corpus));
  }
}
