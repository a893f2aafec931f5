package dev.textwire.bench;

import dev.textwire.buffer.SegmentedBuffer;
import dev.textwire.resp.RespWriter;
import io.lettuce.core.codec.StringCodec;
import io.lettuce.core.output.StatusOutput;
import io.lettuce.core.protocol.Command;
import io.lettuce.core.protocol.CommandArgs;
import io.lettuce.core.protocol.CommandType;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.infra.Blackhole;
import redis.clients.jedis.CommandArguments;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.util.RedisOutputStream;

/**
 * Encoding one Redis command (an array of bulk strings) into a destination reused across operations:
 * textwire's {@link RespWriter} beside Jedis and Lettuce, as each is used for real, and the floor, a
 * {@code System.arraycopy} of the finished command's bytes.
 *
 * <ul>
 *   <li>{@code textwireArray}: {@code writer.reset(dst, 0).array(n).bulk(..)...} into a reused
 *       {@code byte[]}. The command name is a pre-encoded {@code byte[]}, as Jedis and Lettuce keep it.
 *   <li>{@code textwireSegmented}: the same into a reused {@link SegmentedBuffer}, cleared each operation.
 *   <li>{@code jedis}: {@code Protocol.sendCommand(out, new CommandArguments(cmd).add(..)...)} then
 *       {@code out.flush()}, {@code out} a {@code RedisOutputStream} over a reused
 *       {@code ByteArrayOutputStream} reset each operation. {@code add(String)} encodes at once
 *       ({@code String.getBytes(UTF_8)}), so building the arguments is part of the operation.
 *   <li>{@code lettuce}: {@code new CommandArgs<>(StringCodec.UTF8).addKey(..).addValue(..)},
 *       {@code new Command<>(type, new StatusOutput<>(..), args)}, {@code encode} into a reused heap
 *       {@code ByteBuf} after {@code clear()}.
 *   <li>{@code arraycopyFloor}: copies the pre-encoded command into the reused {@code byte[]}.
 * </ul>
 *
 * <p>Setup checks that all of them write the same bytes (Jedis's being the reference), or fails.
 */
public abstract class RespEncodeBase extends BenchBase {

  byte[] commandName;
  CommandType lettuceType;
  Protocol.Command jedisCommand;
  /** key, value, key, value... */
  String[] arguments;

  byte[] expected;
  byte[] dst;
  RespWriter arrayWriter;
  SegmentedBuffer segments;
  RespWriter segmentWriter;
  ByteArrayOutputStream sink;
  RedisOutputStream jedisOut;
  ByteBuf nettyBuf;
  Inputs input;

  void prepare(Protocol.Command jedisCommand, CommandType lettuceType, String[] arguments, Inputs input)
      throws IOException {
    this.jedisCommand = jedisCommand;
    this.lettuceType = lettuceType;
    this.commandName = jedisCommand.name().getBytes(StandardCharsets.US_ASCII);
    this.arguments = arguments;
    this.input = input;
    int capacity = 64;
    for (String a : arguments) capacity += 16 + a.length() * 3;
    dst = new byte[capacity];
    arrayWriter = RespWriter.to(dst, 0);
    segments = new SegmentedBuffer();
    segmentWriter = RespWriter.to(segments);
    sink = new ByteArrayOutputStream(capacity);
    jedisOut = new RedisOutputStream(sink);
    nettyBuf = Unpooled.buffer(capacity);

    jedisEncode();
    expected = sink.toByteArray();
    check(expected.length > 0 && expected[0] == '*', input, "Jedis wrote no command");
    int n = textwireArray();
    check(Arrays.equals(expected, Arrays.copyOf(dst, n)), input, "textwire (byte[]) differs from Jedis");
    textwireSegmented();
    check(Arrays.equals(expected, segments.toByteArray()), input, "textwire (segments) differs from Jedis");
    lettuceEncode();
    byte[] lettuce = new byte[nettyBuf.readableBytes()];
    nettyBuf.getBytes(nettyBuf.readerIndex(), lettuce);
    check(Arrays.equals(expected, lettuce), input, "Lettuce differs from Jedis");
    Arrays.fill(dst, (byte) 0);
    check(arraycopy() == expected.length && Arrays.equals(expected, Arrays.copyOf(dst, expected.length)),
        input, "arraycopy floor");
  }

  private int textwireArray() {
    RespWriter w = arrayWriter.reset(dst, 0).array(arguments.length + 1).bulk(commandName);
    for (String a : arguments) w.bulk(a);
    return (int) w.position();
  }

  private long textwireSegmented() {
    segments.clear();
    RespWriter w = segmentWriter.array(arguments.length + 1).bulk(commandName);
    for (String a : arguments) w.bulk(a);
    return segments.size();
  }

  private int jedisEncode() throws IOException {
    sink.reset();
    CommandArguments args = new CommandArguments(jedisCommand);
    for (String a : arguments) args.add(a);
    Protocol.sendCommand(jedisOut, args);
    jedisOut.flush();
    return sink.size();
  }

  private int lettuceEncode() {
    nettyBuf.clear();
    CommandArgs<String, String> args = new CommandArgs<>(StringCodec.UTF8);
    for (int i = 0; i < arguments.length; i += 2) args.addKey(arguments[i]).addValue(arguments[i + 1]);
    new Command<>(lettuceType, new StatusOutput<>(StringCodec.UTF8), args).encode(nettyBuf);
    return nettyBuf.writerIndex();
  }

  private int arraycopy() {
    System.arraycopy(expected, 0, dst, 0, expected.length);
    return expected.length;
  }

  @Benchmark
  public void textwireArray(Blackhole bh) {
    bh.consume(textwireArray());
  }

  @Benchmark
  public void textwireSegmented(Blackhole bh) {
    bh.consume(textwireSegmented());
  }

  @Benchmark
  public void jedis(Blackhole bh) throws IOException {
    bh.consume(jedisEncode());
  }

  @Benchmark
  public void lettuce(Blackhole bh) {
    bh.consume(lettuceEncode());
  }

  @Benchmark
  public void arraycopyFloor(Blackhole bh) {
    bh.consume(arraycopy());
  }
}
