package dev.textwire.bench;

import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/** A bulk-string reply ({@code $n\r\n<bytes>\r\n}) of a {@code length}-char text of {@code kind}; see {@link RespDecodeBase}. */
public class RespDecodeBenchmark extends RespDecodeBase {
  @Param({"ascii", "latin1", "cjk", "emoji"})
  public String kind;

  @Param({"16", "2000", "65536"})
  public int length;

  @Setup
  public void setUp() {
    prepare(Inputs.synthetic(kind, length), 0);
  }
}
