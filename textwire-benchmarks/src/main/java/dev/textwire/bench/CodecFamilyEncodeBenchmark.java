package dev.textwire.bench;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * {@link CodecFamilyEncodeBase} over synthetic text: every codec of the family and every kind of
 * {@link Inputs#synthetic} at 16, 512 and 65536 chars.
 *
 * <pre>
 * java -jar textwire-benchmarks/target/textwire-benchmarks.jar 'CodecFamilyEncodeBenchmark' -p codec=latin1,ibm500 -p length=512 -prof gc
 * java -jar textwire-benchmarks/target/textwire-benchmarks.jar 'CodecFamilyEncodeBenchmark\.(textwire|jdkCharsetEncoder)$' -p codec=mutf8 -p length=16,512
 * </pre>
 *
 * (All of it is 60 inputs times 5 methods, some of which fail by design for mutf8: see the base class.)
 */
@State(Scope.Thread)
public class CodecFamilyEncodeBenchmark extends CodecFamilyEncodeBase {
  @Param({"cesu8", "mutf8", "latin1", "ibm500"})
  public String codec;

  @Param({"ascii", "latin1", "cjk", "emoji", "mostly_ascii"})
  public String kind;

  @Param({"16", "512", "65536"})
  public int length;

  @Setup(Level.Trial)
  public void setUp(BenchmarkParams params) throws Exception {
    prepare(codec, Inputs.synthetic(kind, length), params);
  }
}
