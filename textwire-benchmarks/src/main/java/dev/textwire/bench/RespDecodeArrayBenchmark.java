package dev.textwire.bench;

import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * An array reply of 1,000 bulk strings (as {@code MGET} or {@code LRANGE} returns), each the same
 * {@code length}-char text of {@code kind}; see {@link RespDecodeBase}.
 */
public class RespDecodeArrayBenchmark extends RespDecodeBase {
  @Param({"ascii", "cjk"})
  public String kind;

  @Param({"16", "512"})
  public int length;

  @Setup
  public void setUp() {
    prepare(Inputs.synthetic(kind, length), 1000);
  }
}
