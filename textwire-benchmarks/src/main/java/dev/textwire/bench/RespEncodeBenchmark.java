package dev.textwire.bench;

import io.lettuce.core.protocol.CommandType;
import java.io.IOException;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import redis.clients.jedis.Protocol;

/**
 * {@code SET key value} with a synthetic value of {@code length} chars of {@code kind}; see
 * {@link RespEncodeBase} for the methods. 512-char values of each kind are measured by
 * {@link RespEncodeMsetBenchmark} (five of them in one MSET); add {@code -p length=512} for the SET row.
 */
public class RespEncodeBenchmark extends RespEncodeBase {
  @Param({"ascii", "latin1", "cjk", "emoji"})
  public String kind;

  @Param({"16", "2000", "65536"})
  public int length;

  @Setup
  public void setUp() throws IOException {
    Inputs value = Inputs.synthetic(kind, length);
    prepare(Protocol.Command.SET, CommandType.SET, new String[] {"key", value.text()}, value);
  }
}
