package dev.textwire.bench;

import dev.textwire.TextCodecs;
import dev.textwire.resp.RespHandler;
import dev.textwire.resp.RespLimits;
import dev.textwire.resp.RespParser;
import dev.textwire.resp.RespReader;
import dev.textwire.resp.RespType;
import dev.textwire.resp.RespValue;
import io.lettuce.core.codec.StringCodec;
import io.lettuce.core.output.CommandOutput;
import io.lettuce.core.output.ValueListOutput;
import io.lettuce.core.output.ValueOutput;
import io.lettuce.core.protocol.ProtocolVersion;
import io.lettuce.core.protocol.RedisStateMachine;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.infra.Blackhole;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.util.RedisInputStream;
import redis.clients.jedis.util.SafeEncoder;

/**
 * Decoding one reply held whole in memory (a bulk string, or an array of {@code elementCount} bulk
 * strings) to {@code String}s, each decoder reused across operations as a connection reuses it:
 *
 * <ul>
 *   <li>{@code textwireReader}: {@link RespReader} in {@link RespReader.Bulk#TEXT} mode: {@code feed},
 *       {@code poll}, {@code asString} per bulk (a {@link RespValue} tree per reply).
 *   <li>{@code textwireStreaming}: a {@link RespParser} with a reused {@link RespHandler} that decodes
 *       each bulk with {@code TextCodecs.UTF_8.decode(src, offset, length)} straight from the reply bytes
 *       and hands the String to the Blackhole: nothing allocated but the Strings.
 *   <li>{@code jedis}: {@code Protocol.read} over a reused {@code RedisInputStream} over a
 *       {@code ByteArrayInputStream} {@code reset()} each operation, then {@code SafeEncoder.encode} per
 *       bulk (what {@code Jedis.get} does).
 *   <li>{@code lettuce}: a reused {@code RedisStateMachine} (RESP3, reads RESP2 too) decoding a heap
 *       {@code ByteBuf} rewound with {@code readerIndex(0)} into a new {@code ValueOutput} (bulk) or
 *       {@code ValueListOutput} (array) per reply, as Lettuce makes one output per command.
 * </ul>
 *
 * <p>Setup checks that all four give the same Strings, or fails.
 */
public abstract class RespDecodeBase extends BenchBase {
  byte[] reply;
  int elementCount;
  String expected;
  Inputs input;

  RespReader reader;
  RespParser parser;
  StringHandler handler;
  ByteArrayInputStream jedisBytes;
  RedisInputStream jedisIn;
  RedisStateMachine stateMachine;
  ByteBuf nettyBuf;

  /** A bulk reply of {@code value} when {@code elementCount} is 0, else an array of that many. */
  void prepare(Inputs value, int elementCount) {
    this.input = value;
    this.elementCount = elementCount;
    this.expected = value.text();
    byte[] bytes = value.utf8();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    if (elementCount > 0) out.writeBytes(("*" + elementCount + "\r\n").getBytes(StandardCharsets.US_ASCII));
    for (int i = 0; i < Math.max(1, elementCount); i++) {
      out.writeBytes(("$" + bytes.length + "\r\n").getBytes(StandardCharsets.US_ASCII));
      out.writeBytes(bytes);
      out.writeBytes(new byte[] {'\r', '\n'});
    }
    reply = out.toByteArray();

    reader = new RespReader(RespLimits.DEFAULT, TextCodecs.UTF_8, RespReader.Bulk.TEXT);
    parser = new RespParser(RespLimits.DEFAULT);
    handler = new StringHandler();
    jedisBytes = new ByteArrayInputStream(reply);
    jedisIn = new RedisInputStream(jedisBytes);
    stateMachine = new RedisStateMachine(ByteBufAllocator.DEFAULT);
    stateMachine.setProtocolVersion(ProtocolVersion.RESP3);
    nettyBuf = Unpooled.buffer(reply.length);
    nettyBuf.writeBytes(reply);

    // Each method twice: the second run proves the reused state is clean.
    for (int round = 0; round < 2; round++) {
      List<Object> got = new ArrayList<>();
      textwireReader(got::add);
      checkStrings(got, "textwire RespReader");
      got.clear();
      handler.sink = got::add;
      parseWhole();
      checkStrings(got, "textwire RespParser + handler");
      got.clear();
      jedis(got::add);
      checkStrings(got, "Jedis");
      got.clear();
      lettuce(got::add);
      checkStrings(got, "Lettuce");
    }
  }

  private void checkStrings(List<Object> got, String who) {
    boolean ok = got.size() == Math.max(1, elementCount);
    for (Object s : got) ok &= expected.equals(s);
    check(ok, input, who + " decoded " + got.size() + " strings, not " + Math.max(1, elementCount)
        + " equal to the value");
  }

  interface Sink {
    void accept(Object o);
  }

  private void textwireReader(Sink sink) {
    reader.feed(reply, 0, reply.length);
    RespValue value = reader.poll();
    if (value.type() == RespType.ARRAY) {
      List<RespValue> elements = value.elements();
      for (int i = 0; i < elements.size(); i++) sink.accept(elements.get(i).asString());
    } else {
      sink.accept(value.asString());
    }
  }

  private void parseWhole() {
    int offset = 0;
    while (offset < reply.length) offset += parser.parse(reply, offset, reply.length - offset, handler);
  }

  @SuppressWarnings("unchecked")
  private void jedis(Sink sink) {
    jedisBytes.reset();
    Object o = Protocol.read(jedisIn);
    if (o instanceof List) {
      List<Object> list = (List<Object>) o;
      for (int i = 0; i < list.size(); i++) sink.accept(SafeEncoder.encode((byte[]) list.get(i)));
    } else {
      sink.accept(SafeEncoder.encode((byte[]) o));
    }
  }

  private void lettuce(Sink sink) {
    nettyBuf.readerIndex(0);
    if (elementCount > 0) {
      ValueListOutput<String, String> out = new ValueListOutput<>(StringCodec.UTF8);
      decodeWhole(out);
      List<String> list = out.get();
      for (int i = 0; i < list.size(); i++) sink.accept(list.get(i));
    } else {
      ValueOutput<String, String> out = new ValueOutput<>(StringCodec.UTF8);
      decodeWhole(out);
      sink.accept(out.get());
    }
  }

  private void decodeWhole(CommandOutput<String, String, ?> out) {
    if (!stateMachine.decode(nettyBuf, out)) throw new IllegalStateException("Lettuce: reply incomplete");
  }

  /** The Blackhole as a Sink, made once: a lambda per operation would be garbage of the harness's own. */
  private Sink blackhole;

  @Setup(Level.Trial)
  public void bindBlackhole(Blackhole bh) {
    blackhole = bh::consume;
  }

  @Benchmark
  public void textwireReader() {
    textwireReader(blackhole);
  }

  @Benchmark
  public void textwireStreaming() {
    handler.sink = blackhole;
    parseWhole();
  }

  @Benchmark
  public void jedis() {
    jedis(blackhole);
  }

  @Benchmark
  public void lettuce() {
    lettuce(blackhole);
  }

  /**
   * Decodes each bulk string that arrives whole (one part: the reply is fed in one piece) to a String;
   * a bulk split across parts would need a streaming decoder and is refused here.
   */
  static final class StringHandler implements RespHandler {
    Sink sink;

    @Override
    public void blobPart(byte[] src, int offset, int length, boolean last) {
      if (!last) throw new IllegalStateException("a bulk string arrived in parts");
      sink.accept(TextCodecs.UTF_8.decode(src, offset, length));
    }

    @Override
    public void blobStart(RespType type, long byteLength) {}

    @Override
    public void aggregateStart(RespType type, int count) {}

    @Override
    public void aggregateEnd(RespType type) {}

    @Override
    public void line(RespType type, byte[] src, int offset, int length) {
      throw new IllegalStateException("unexpected " + type);
    }

    @Override
    public void integer(long value) {
      throw new IllegalStateException("unexpected integer");
    }

    @Override
    public void doubleValue(double value) {
      throw new IllegalStateException("unexpected double");
    }

    @Override
    public void booleanValue(boolean value) {
      throw new IllegalStateException("unexpected boolean");
    }

    @Override
    public void nullValue(RespType type) {
      throw new IllegalStateException("unexpected null");
    }
  }
}
