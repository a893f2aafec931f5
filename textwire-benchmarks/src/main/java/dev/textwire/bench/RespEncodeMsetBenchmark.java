package dev.textwire.bench;

import io.lettuce.core.protocol.CommandType;
import java.io.IOException;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import redis.clients.jedis.Protocol;

/**
 * A 10-argument {@code MSET} (5 key/value pairs, keys {@code key:0..4}, each value the same synthetic
 * {@code length}-char text of {@code kind}); see {@link RespEncodeBase} for the methods.
 */
public class RespEncodeMsetBenchmark extends RespEncodeBase {
  @Param({"ascii", "latin1", "cjk", "emoji"})
  public String kind;

  @Param({"512"})
  public int length;

  @Setup
  public void setUp() throws IOException {
    Inputs value = Inputs.synthetic(kind, length);
    String[] args = new String[10];
    for (int i = 0; i < 5; i++) {
      args[2 * i] = "key:" + i;
      args[2 * i + 1] = value.text();
    }
    prepare(Protocol.Command.MSET, CommandType.MSET, args, value);
  }
}
