package dev.textwire.resp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;

/** The README's RESP section, line for line, with its comments turned into assertions. */
@ResourceLock(RedisServer.LOCK)
class ReadmeRespExamplesTest {
  @Test
  void writerReaderAndParser() {
    byte[] request = new byte[256];
    RespWriter writer = RespWriter.to(request, 0);
    writer.array(3).bulk("SET").bulk("greeting").bulk("héllo 😀");
    int requestLength = (int) writer.position();
    assertEquals(45, requestLength);
    assertEquals("*3\r\n$3\r\nSET\r\n$8\r\ngreeting\r\n$11\r\nhéllo 😀\r\n",
        new String(request, 0, requestLength, StandardCharsets.UTF_8));
    writer.reset(request, 0).command("INCRBY", "counter", 5L);
    assertEquals("*3\r\n$6\r\nINCRBY\r\n$7\r\ncounter\r\n$1\r\n5\r\n",
        new String(request, 0, (int) writer.position(), StandardCharsets.UTF_8));

    byte[] chunk = "$11\r\nhéllo 😀\r\n".getBytes(StandardCharsets.UTF_8);
    RespReader reader = new RespReader();
    reader.feed(chunk, 0, 3);
    assertNull(reader.poll());
    reader.feed(chunk, 3, chunk.length - 3);
    RespValue reply = reader.poll();
    assertEquals("héllo 😀", reply.asString());

    RespParser parser = new RespParser(RespLimits.DEFAULT.withMaxBulkBytes(1 << 20));
    RespWarmAllocationTest.CountingHandler handler = new RespWarmAllocationTest.CountingHandler();
    assertEquals(chunk.length, parser.parse(chunk, 0, chunk.length, handler));
    assertTrue(parser.replyComplete());

    byte[] bad = "$04\r\nabcd\r\n".getBytes(StandardCharsets.US_ASCII);
    RespProtocolException e = assertThrows(RespProtocolException.class, () -> new RespReader().feed(bad, 0, bad.length));
    assertEquals("invalid RESP at byte offset 0: a leading zero in a length (bytes 24 30 34)", e.getMessage());
  }

  @Test
  void client() throws IOException {
    RedisServer server = RedisServer.shared();
    server.flushAll();
    try (RespConnection redis = RespConnection.connect(new InetSocketAddress(server.host(), server.port()),
        RespConnection.Options.defaults().protocol(3))) {
      redis.call("SET", "greeting", "héllo 😀");
      assertEquals("héllo 😀", redis.call("GET", "greeting").asString());
      List<RespValue> replies = redis.pipeline(List.of(new Object[] {"INCR", "n"}, new Object[] {"INCR", "greeting"}));
      assertEquals(1, replies.get(0).asLong());
      assertTrue(replies.get(1).isError());
      assertTrue(replies.get(1).asString().startsWith("ERR value is not an integer"), replies.get(1).asString());
      assertEquals("PONG", redis.call("PING").asString());
    }
  }
}
