package dev.textwire.resp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Pipelines against a real server: replies in order, equal to sequential calls, errors in their place. */
@ResourceLock(RedisServer.LOCK)
class RedisPipelineTest {

  /** A mix of commands whose replies have different types, deterministic given the index. */
  private static List<Object[]> commands(String prefix, int count) {
    List<Object[]> commands = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      String key = prefix + (i % 7);
      switch (i % 5) {
        case 0:
          commands.add(new Object[] {"SET", key, "v" + i + "\u00e9"});
          break;
        case 1:
          commands.add(new Object[] {"GET", key});
          break;
        case 2:
          commands.add(new Object[] {"APPEND", key, "+" + i});
          break;
        case 3:
          commands.add(new Object[] {"STRLEN", key});
          break;
        default:
          commands.add(new Object[] {"ECHO", new byte[] {(byte) i, '\r', '\n', 0}});
      }
    }
    return commands;
  }

  @ParameterizedTest(name = "{0} commands, RESP{1}")
  @CsvSource({"1, 2", "16, 2", "1000, 2", "1, 3", "16, 3", "1000, 3"})
  void repliesInOrderEqualToSequentialCalls(int count, int protocol) throws IOException {
    try (RespConnection c = RedisRoundTripTest.connect(protocol)) {
      String seqPrefix = "pipe:seq:" + count + ":" + protocol + ":";
      String pipePrefix = "pipe:pipe:" + count + ":" + protocol + ":";
      for (int k = 0; k < 7; k++) c.call("DEL", seqPrefix + k, pipePrefix + k);
      List<RespValue> sequential = new ArrayList<>();
      for (Object[] command : commands(seqPrefix, count)) sequential.add(c.call(command));
      List<RespValue> pipelined = c.pipeline(commands(pipePrefix, count));
      assertEquals(count, pipelined.size());
      for (int i = 0; i < count; i++) {
        assertEquals(sequential.get(i), pipelined.get(i), "reply " + i);
      }
      assertEquals("PONG", c.call("PING").asString());
    }
  }

  @ParameterizedTest(name = "RESP{0}")
  @ValueSource(ints = {2, 3})
  void anErrorInTheMiddleIsAValueAtItsIndex(int protocol) throws IOException {
    String key = "pipe:err:" + protocol;
    try (RespConnection c = RedisRoundTripTest.connect(protocol)) {
      List<RespValue> replies = c.pipeline(List.of(
          new Object[] {"SET", key, "not a number"},
          new Object[] {"INCR", key},
          new Object[] {"NOSUCHCOMMAND", "x"},
          new Object[] {"SET", key, "41"},
          new Object[] {"INCR", key},
          new Object[] {"GET", key}));
      assertEquals(6, replies.size());
      assertEquals("OK", replies.get(0).asString());
      assertTrue(replies.get(1).isError());
      assertEquals(RespType.SIMPLE_ERROR, replies.get(1).type());
      assertEquals("ERR value is not an integer or out of range", replies.get(1).asString());
      assertTrue(replies.get(2).isError());
      assertTrue(replies.get(2).asString().startsWith("ERR unknown command 'NOSUCHCOMMAND'"), replies.get(2).asString());
      assertEquals("OK", replies.get(3).asString());
      assertFalse(replies.get(4).isError());
      assertEquals(42, replies.get(4).asLong());
      assertEquals("42", replies.get(5).asString());
      assertFalse(c.isClosed());
      assertEquals("PONG", c.call("PING").asString());
    }
  }

  /** send/flush/readReply, the pieces pipeline() is made of, with a flush between two batches. */
  @ParameterizedTest(name = "RESP{0}")
  @ValueSource(ints = {2, 3})
  void sendFlushReadReply(int protocol) throws IOException {
    try (RespConnection c = RedisRoundTripTest.connect(protocol)) {
      c.send("ECHO", "one");
      c.send("ECHO", "two");
      c.flush();
      c.send("ECHO", "three");
      assertEquals("one", c.readReply().asString());
      c.flush();
      assertEquals("two", c.readReply().asString());
      assertEquals("three", c.readReply().asString());
      assertEquals("PONG", c.call("PING").asString());
    }
  }

  /**
   * A pipeline whose third command cannot be written (a strict codec refuses the unpaired surrogate) must
   * leave the connection in step: either nothing goes out, or the replies of what went out are read.
   */
  @ParameterizedTest(name = "RESP{0}")
  @ValueSource(ints = {2, 3})
  void aPipelineThatFailsToEncodeLeavesTheConnectionInStep(int protocol) throws IOException {
    String key = "pipe:enc:" + protocol;
    try (RespConnection c = RedisRoundTripTest.connect(protocol)) {
      c.call("SET", key, "original");
      assertThrows(dev.textwire.MalformedTextException.class, () -> c.pipeline(List.of(
          new Object[] {"SET", key, "changed"},
          new Object[] {"ECHO", "leftover"},
          new Object[] {"SET", key, "bad \uD800"})));
      RespValue get = c.call("GET", key);
      assertEquals(RespType.BULK_STRING, get.type(), "GET's reply is " + get);
      assertEquals("PONG", c.call("PING").asString());
      assertEquals("hi", c.call("ECHO", "hi").asString());
    }
  }

  @ParameterizedTest(name = "RESP{0}")
  @ValueSource(ints = {2, 3})
  void multiExecWithAnErrorInside(int protocol) throws IOException {
    String key = "pipe:tx:" + protocol;
    try (RespConnection c = RedisRoundTripTest.connect(protocol)) {
      List<RespValue> replies = c.pipeline(List.of(
          new Object[] {"MULTI"},
          new Object[] {"SET", key, "abc"},
          new Object[] {"INCR", key},
          new Object[] {"GET", key},
          new Object[] {"EXEC"}));
      assertEquals("OK", replies.get(0).asString());
      for (int i = 1; i <= 3; i++) assertEquals("QUEUED", replies.get(i).asString());
      RespValue exec = replies.get(4);
      assertEquals(RespType.ARRAY, exec.type());
      assertEquals("OK", exec.get(0).asString());
      assertTrue(exec.get(1).isError());
      assertEquals("abc", exec.get(2).asString());
      // call() throws only for a top-level error: an EXEC holding one is a reply.
      c.call("MULTI");
      c.call("INCR", key);
      RespValue execByCall = c.call("EXEC");
      assertTrue(execByCall.get(0).isError());
      // A queuing error aborts the transaction: EXECABORT at EXEC.
      c.call("MULTI");
      assertThrows(RespServerException.class, () -> c.call("NOSUCHCOMMAND"));
      RespServerException abort = assertThrows(RespServerException.class, () -> c.call("EXEC"));
      assertEquals("EXECABORT", abort.code());
      assertEquals("PONG", c.call("PING").asString());
    }
  }
}
