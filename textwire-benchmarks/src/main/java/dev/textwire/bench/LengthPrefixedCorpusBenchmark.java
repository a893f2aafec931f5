package dev.textwire.bench;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * {@link LengthPrefixedBase} over whole corpus files (65 to 450 KB): see {@link Inputs#CORPUS_FILES}. A
 * frame of a whole article is larger than most, but it is the text users send, and the only input here
 * whose Latin-1 stretches meet a ’ or a — as French and English prose does.
 *
 * <pre>java -jar textwire-benchmarks/target/textwire-benchmarks.jar LengthPrefixedCorpusBenchmark -p corpus=en,fr -prof gc</pre>
 */
@State(Scope.Thread)
public class LengthPrefixedCorpusBenchmark extends LengthPrefixedBase {
  @Param({"en", "fr", "ru", "ar", "zh", "ja", "emoji_lipsum"})
  public String corpus;

  @Setup(Level.Trial)
  public void setUp() throws Exception {
    prepare(Inputs.corpus(corpus));
  }
}
