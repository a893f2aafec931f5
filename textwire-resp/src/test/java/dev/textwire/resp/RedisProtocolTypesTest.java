package dev.textwire.resp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.math.BigInteger;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * Every type {@code DEBUG PROTOCOL} makes a 7.x server send, read in RESP3 and in RESP2, where the server
 * maps each RESP3 type onto a RESP2 one. After each reply a PING proves the stream is still in step.
 */
@ResourceLock(RedisServer.LOCK)
class RedisProtocolTypesTest {
  private static final String BIGNUM = "1234567999999999999999999999999999999";

  private static RespConnection resp3;
  private static RespConnection resp2;

  @BeforeAll
  static void connect() throws IOException {
    resp3 = RedisRoundTripTest.connect(3);
    resp2 = RedisRoundTripTest.connect(2);
  }

  @AfterAll
  static void close() throws IOException {
    if (resp3 != null) resp3.close();
    if (resp2 != null) resp2.close();
  }

  private static RespValue debug(RespConnection c, String type) throws IOException {
    RespValue reply = c.call("DEBUG", "PROTOCOL", type);
    assertEquals("PONG", c.call("PING").asString(), "the stream is out of step after DEBUG PROTOCOL " + type);
    return reply;
  }

  @Test
  void helloSaysProtocol3() {
    assertEquals(3, resp3.protocol());
    assertEquals(RespType.MAP, resp3.hello().type());
    assertEquals(3, resp3.hello().asStringMap().get("proto").asLong());
    assertEquals(RedisServer.shared().version(), resp3.hello().asStringMap().get("version").asString());
    assertNull(resp2.hello());
  }

  @Test
  void string() throws IOException {
    for (RespConnection c : List.of(resp3, resp2)) {
      RespValue v = debug(c, "string");
      assertEquals(RespType.BULK_STRING, v.type());
      assertEquals("Hello World", v.asString());
    }
  }

  @Test
  void integer() throws IOException {
    for (RespConnection c : List.of(resp3, resp2)) {
      RespValue v = debug(c, "integer");
      assertEquals(RespType.INTEGER, v.type());
      assertEquals(12345, v.asLong());
    }
  }

  @Test
  void doubleValue() throws IOException {
    RespValue v3 = debug(resp3, "double");
    assertEquals(RespType.DOUBLE, v3.type());
    assertEquals(3.141, v3.asDouble());
    RespValue v2 = debug(resp2, "double");
    assertEquals(RespType.BULK_STRING, v2.type());
    assertEquals("3.141", v2.asString());
  }

  @Test
  void bignum() throws IOException {
    RespValue v3 = debug(resp3, "bignum");
    assertEquals(RespType.BIG_NUMBER, v3.type());
    assertEquals(new BigInteger(BIGNUM), v3.asBigInteger());
    assertEquals(BIGNUM, v3.asString());
    RespValue v2 = debug(resp2, "bignum");
    assertEquals(RespType.BULK_STRING, v2.type());
    assertEquals(BIGNUM, v2.asString());
  }

  @Test
  void nullValue() throws IOException {
    RespValue v3 = debug(resp3, "null");
    assertEquals(RespType.NULL, v3.type());
    assertTrue(v3.isNull());
    RespValue v2 = debug(resp2, "null");
    assertEquals(RespType.BULK_STRING, v2.type()); // $-1
    assertTrue(v2.isNull());
    assertNull(v2.asString());
    assertNull(v2.asBytes());
  }

  @Test
  void array() throws IOException {
    for (RespConnection c : List.of(resp3, resp2)) {
      RespValue v = debug(c, "array");
      assertEquals(RespValue.array(RespValue.integer(0), RespValue.integer(1), RespValue.integer(2)), v);
    }
  }

  @Test
  void set() throws IOException {
    RespValue v3 = debug(resp3, "set");
    assertEquals(RespType.SET, v3.type());
    assertEquals(List.of(RespValue.integer(0), RespValue.integer(1), RespValue.integer(2)), v3.elements());
    RespValue v2 = debug(resp2, "set");
    assertEquals(RespValue.array(RespValue.integer(0), RespValue.integer(1), RespValue.integer(2)), v2);
  }

  @Test
  void map() throws IOException {
    RespValue v3 = debug(resp3, "map");
    assertEquals(RespType.MAP, v3.type());
    assertEquals(6, v3.size());
    assertEquals(List.of(RespValue.integer(0), RespValue.booleanValue(false), RespValue.integer(1),
        RespValue.booleanValue(true), RespValue.integer(2), RespValue.booleanValue(false)), v3.elements());
    assertTrue(v3.asMap().get(RespValue.integer(1)).asBoolean());
    assertFalse(v3.asMap().get(RespValue.integer(2)).asBoolean());
    // RESP2: a flat array, the booleans as integers 1 and 0.
    RespValue v2 = debug(resp2, "map");
    assertEquals(RespType.ARRAY, v2.type());
    assertEquals(List.of(RespValue.integer(0), RespValue.integer(0), RespValue.integer(1), RespValue.integer(1),
        RespValue.integer(2), RespValue.integer(0)), v2.elements());
    assertEquals(RespValue.integer(1), v2.asMap().get(RespValue.integer(1)));
  }

  @Test
  void attributeIsAttachedToTheReplyAfterIt() throws IOException {
    RespValue v3 = debug(resp3, "attrib");
    assertEquals(RespType.BULK_STRING, v3.type());
    assertEquals("Some real reply following the attribute", v3.asString());
    RespValue attributes = v3.attributes();
    assertEquals(RespType.ATTRIBUTE, attributes.type());
    assertEquals(2, attributes.size());
    RespValue popularity = attributes.asStringMap().get("key-popularity");
    assertEquals(RespValue.array(RespValue.bulkString("key:123"), RespValue.integer(90)), popularity);
    // The PING after it carries no attribute: the attribute went to one value only.
    assertNull(resp3.call("PING").attributes());

    RespValue v2 = debug(resp2, "attrib");
    assertEquals("Some real reply following the attribute", v2.asString());
    assertNull(v2.attributes());
  }

  @Test
  void pushIsSetAsideAndTheReplyReturned() throws IOException {
    assertNull(resp3.pollPush());
    RespValue reply = resp3.call("DEBUG", "PROTOCOL", "push");
    assertEquals(RespType.BULK_STRING, reply.type());
    assertEquals("Some real reply following the push reply", reply.asString());
    RespValue push = resp3.pollPush();
    assertEquals(RespType.PUSH, push.type());
    assertEquals(List.of(RespValue.bulkString("server-cpu-usage"), RespValue.integer(42)), push.elements());
    assertNull(resp3.pollPush());
    assertEquals("PONG", resp3.call("PING").asString());

    RespServerException e = assertThrows(RespServerException.class, () -> resp2.call("DEBUG", "PROTOCOL", "push"));
    assertEquals("ERR", e.code());
    assertEquals("PONG", resp2.call("PING").asString());
  }

  @Test
  void verbatim() throws IOException {
    RespValue v3 = debug(resp3, "verbatim");
    assertEquals(RespType.VERBATIM_STRING, v3.type());
    assertEquals("txt", v3.verbatimFormat());
    assertEquals("This is a verbatim\nstring", v3.asString());
    assertEquals("This is a verbatim\nstring", new String(v3.asBytes(), java.nio.charset.StandardCharsets.UTF_8));
    RespValue v2 = debug(resp2, "verbatim");
    assertEquals(RespType.BULK_STRING, v2.type());
    assertEquals("This is a verbatim\nstring", v2.asString());
  }

  @Test
  void booleans() throws IOException {
    RespValue t3 = debug(resp3, "true");
    assertEquals(RespType.BOOLEAN, t3.type());
    assertTrue(t3.asBoolean());
    RespValue f3 = debug(resp3, "false");
    assertEquals(RespType.BOOLEAN, f3.type());
    assertFalse(f3.asBoolean());
    assertEquals(RespValue.integer(1), debug(resp2, "true"));
    assertEquals(RespValue.integer(0), debug(resp2, "false"));
  }

  /** The simple types outside DEBUG PROTOCOL: a status line and RESP3's doubles from a real command. */
  @Test
  void statusAndScoreDoubles() throws IOException {
    RespValue ok3 = resp3.call("SET", "types:k", "v");
    assertEquals(RespType.SIMPLE_STRING, ok3.type());
    assertEquals("OK", ok3.asString());
    resp3.call("DEL", "types:z");
    resp3.call("ZADD", "types:z", 2.5, "m");
    RespValue score3 = resp3.call("ZSCORE", "types:z", "m");
    assertEquals(RespType.DOUBLE, score3.type());
    assertEquals(2.5, score3.asDouble());
    RespValue score2 = resp2.call("ZSCORE", "types:z", "m");
    assertEquals(RespType.BULK_STRING, score2.type());
    assertEquals("2.5", score2.asString());
    resp3.call("ZADD", "types:z", Double.POSITIVE_INFINITY, "inf");
    assertEquals(Double.POSITIVE_INFINITY, resp3.call("ZSCORE", "types:z", "inf").asDouble());
    assertEquals("inf", resp2.call("ZSCORE", "types:z", "inf").asString());
  }

  /**
   * Scores out and back: the writer sends Double.toString, Redis 7.0 answers with %.17g (a RESP3 double, a
   * RESP2 bulk string); both must give the very same double back, subnormals and extremes included.
   */
  @Test
  void doublesRoundTripExactly() throws IOException {
    List<Double> values = new java.util.ArrayList<>(List.of(0.0, -0.0, 0.1, -0.1, 1.0, 2.5, 1e22, 1e23, 123456789012345.0,
        1234567890123456789.0, 3.141592653589793, Double.MIN_VALUE, -Double.MIN_VALUE, Double.MIN_NORMAL,
        Double.MAX_VALUE, -Double.MAX_VALUE, 1e-300, 4.35e-310, 9007199254740993.0, 0.30000000000000004,
        Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY));
    java.util.Random random = new java.util.Random(42);
    for (int i = 0; i < 300; i++) values.add(Double.longBitsToDouble(random.nextLong()));
    for (int i = 0; i < 300; i++) values.add(random.nextInt(2_000_000) / 1000.0);
    values.removeIf(d -> Double.isNaN(d));
    String key = "types:doubles";
    resp3.call("DEL", key);
    List<Object[]> adds = new java.util.ArrayList<>();
    for (int i = 0; i < values.size(); i++) adds.add(new Object[] {"ZADD", key, values.get(i), "m" + i});
    for (RespValue reply : resp3.pipeline(adds)) assertFalse(reply.isError(), reply.toString());
    List<Object[]> scores = new java.util.ArrayList<>();
    for (int i = 0; i < values.size(); i++) scores.add(new Object[] {"ZSCORE", key, "m" + i});
    List<RespValue> scores3 = resp3.pipeline(scores);
    List<RespValue> scores2 = resp2.pipeline(scores);
    for (int i = 0; i < values.size(); i++) {
      double expected = values.get(i);
      // Redis keeps -0.0 as 0 in a sorted set: compare 0 with ==, everything else bit for bit.
      if (expected == 0) {
        assertEquals(0.0, Math.abs(scores3.get(i).asDouble()), "RESP3 score " + i);
        continue;
      }
      assertEquals(RespType.DOUBLE, scores3.get(i).type());
      assertEquals(expected, scores3.get(i).asDouble(), "RESP3 score of " + expected);
      assertEquals(expected, Double.parseDouble(scores2.get(i).asString().replace("inf", "Infinity")),
          "RESP2 score of " + expected + ": " + scores2.get(i));
    }
    resp3.call("DEL", key);
  }

  @Test
  void emptyAndNullAggregates() throws IOException {
    resp3.call("DEL", "types:none");
    RespValue map3 = resp3.call("HGETALL", "types:none");
    assertEquals(RespType.MAP, map3.type());
    assertEquals(0, map3.size());
    assertTrue(map3.asMap().isEmpty());
    RespValue map2 = resp2.call("HGETALL", "types:none");
    assertEquals(RespType.ARRAY, map2.type());
    assertTrue(map2.asStringMap().isEmpty());
    RespValue set3 = resp3.call("SMEMBERS", "types:none");
    assertEquals(RespType.SET, set3.type());
    assertEquals(0, set3.size());
    assertEquals(RespValue.aggregate(RespType.ARRAY, List.of()), resp2.call("SMEMBERS", "types:none"));
    assertEquals(RespValue.aggregate(RespType.ARRAY, List.of()), resp3.call("LRANGE", "types:none", 0, -1));
    // A blocking pop that times out: RESP2's null array, RESP3's null.
    RespValue timedOut2 = resp2.call("BLPOP", "types:none", "0.05");
    assertEquals(RespType.ARRAY, timedOut2.type());
    assertTrue(timedOut2.isNull());
    assertNull(timedOut2.elements());
    assertEquals(0, timedOut2.size());
    RespValue timedOut3 = resp3.call("BLPOP", "types:none", "0.05");
    assertEquals(RespType.NULL, timedOut3.type());
    assertEquals("PONG", resp2.call("PING").asString());
    assertEquals("PONG", resp3.call("PING").asString());
  }

  /** Real replies nested several levels deep: streams, and the server's whole command table. */
  @Test
  void nestedRepliesFromRealCommands() throws IOException {
    resp3.call("DEL", "types:stream");
    String id = resp3.call("XADD", "types:stream", "*", "field", "v\u00e9", "n", 7).asString();
    RespValue read3 = resp3.call("XREAD", "STREAMS", "types:stream", "0");
    assertEquals(RespType.MAP, read3.type());
    RespValue entries = read3.asStringMap().get("types:stream");
    assertEquals(id, entries.get(0).get(0).asString());
    assertEquals(List.of("field", "v\u00e9", "n", "7"),
        entries.get(0).get(1).elements().stream().map(RespValue::asString).collect(java.util.stream.Collectors.toList()));
    RespValue read2 = resp2.call("XREAD", "STREAMS", "types:stream", "0");
    assertEquals(RespType.ARRAY, read2.type());
    assertEquals("types:stream", read2.get(0).get(0).asString());
    assertEquals(entries, read2.get(0).get(1));

    long count = resp3.call("COMMAND", "COUNT").asLong();
    assertTrue(count > 200, "COMMAND COUNT " + count);
    RespValue table3 = resp3.call("COMMAND");
    RespValue table2 = resp2.call("COMMAND");
    assertEquals(count, table3.size());
    assertEquals(count, table2.size());
    RespValue docs = resp3.call("COMMAND", "DOCS");
    assertEquals(RespType.MAP, docs.type());
    RespValue set = docs.asStringMap().get("set");
    assertEquals("string", set.asStringMap().get("group").asString());
    assertEquals(RespType.ARRAY, set.asStringMap().get("arguments").type());
    assertEquals("PONG", resp3.call("PING").asString());
  }

  /** QUIT: the reply, then the server hangs up; the next command sees the end of the stream. */
  @Test
  void quitThenEof() throws IOException {
    for (int protocol : new int[] {2, 3}) {
      try (RespConnection c = RedisRoundTripTest.connect(protocol)) {
        assertEquals("OK", c.call("QUIT").asString());
        assertThrows(java.io.IOException.class, () -> c.call("PING"));
        assertTrue(c.isClosed());
      }
    }
  }
}
