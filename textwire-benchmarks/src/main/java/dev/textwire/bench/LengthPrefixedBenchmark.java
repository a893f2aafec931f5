package dev.textwire.bench;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * {@link LengthPrefixedBase} over synthetic text: every kind of {@link Inputs#synthetic} at 16, 512 and
 * 65536 chars.
 *
 * <pre>java -jar textwire-benchmarks/target/textwire-benchmarks.jar LengthPrefixedBenchmark -p kind=ascii -p length=512 -prof gc</pre>
 */
@State(Scope.Thread)
public class LengthPrefixedBenchmark extends LengthPrefixedBase {
  @Param({"ascii", "latin1", "cjk", "emoji", "mostly_ascii"})
  public String kind;

  @Param({"16", "512", "65536"})
  public int length;

  @Setup(Level.Trial)
  public void setUp() throws Exception {
    prepare(Inputs.synthetic(kind, length));
  }
}
