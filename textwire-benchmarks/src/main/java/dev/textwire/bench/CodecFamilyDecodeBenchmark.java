package dev.textwire.bench;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * {@link CodecFamilyDecodeBase} over synthetic text: every codec of the family and every kind of
 * {@link Inputs#synthetic} at 16, 512 and 65536 chars, encoded (under REPLACE for latin1 and ibm500).
 *
 * <pre>
 * java -jar textwire-benchmarks/target/textwire-benchmarks.jar 'CodecFamilyDecodeBenchmark' -p codec=cesu8 -p length=512
 * java -jar textwire-benchmarks/target/textwire-benchmarks.jar 'CodecFamilyDecodeBenchmark\.(textwire|jdkCharsetDecoder)$' -p codec=mutf8 -p length=16,512
 * </pre>
 */
@State(Scope.Thread)
public class CodecFamilyDecodeBenchmark extends CodecFamilyDecodeBase {
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
