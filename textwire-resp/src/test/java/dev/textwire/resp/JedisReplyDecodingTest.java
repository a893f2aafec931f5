package dev.textwire.resp;

// Where Jedis 8.0.2's Protocol.read is lenient and textwire's RespReader strict (seen by running Jedis;
// textwire throws RespProtocolException, with the offset of the value that broke the rule):
//   $04\r\nabcd\r\n         Jedis reads "abcd"; textwire: a leading zero in a length.
//   :12a\r\n                Jedis reads 169 (any byte counts as byte - '0'); textwire: not a decimal number.
//   :\r\n                   Jedis reads 0; textwire: an integer without digits.
//   :99999999999999999999   Jedis wraps to 7766279631452241919; textwire: out of the 64-bit range.
//   $5\r\nhelloXY           Jedis skips 2 bytes after a bulk without looking; textwire: not followed by CR LF.
//   +O\rK\r\n               Jedis reads "O\rK"; textwire: CR not followed by LF.
// And one both accept but read differently: :+5\r\n is 5 for textwire, -45 for Jedis ('+' - '0' = -5).
// ($+4, $-2, *-2, $2147483648, an unknown type byte: both refuse, Jedis with assorted exceptions.)

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.textwire.ErrorPolicy;
import dev.textwire.TextCodec;
import dev.textwire.TextCodecs;
import dev.textwire.Utf8;
import dev.textwire.resp.JedisLettuceEncodingTest.StringClass;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.util.KeyValue;
import redis.clients.jedis.util.RedisInputStream;
import redis.clients.jedis.util.SafeEncoder;

/**
 * Replies captured from a real redis-server, read by Jedis ({@code Protocol.read}) and by textwire's
 * {@link RespReader}, compared value by value in Jedis's shapes: whole, in 1-byte, 7-byte and 8 KiB
 * chunks, with bulk strings kept as bytes and decoded as text (which must equal
 * {@code SafeEncoder.encode} of Jedis's bytes, invalid UTF-8 replaced as the JDK replaces it).
 */
@ResourceLock(RedisServer.LOCK)
class JedisReplyDecodingTest {
  static final int[] CHUNKS = {Integer.MAX_VALUE, 1, 7, 8 * 1024};
  /** SafeEncoder.encode is new String(bytes, UTF_8), which replaces what is not UTF-8. */
  static final TextCodec REPLACING = Utf8.codec(ErrorPolicy.REPLACE);

  static RedisServer server;
  static ReplyCaptures resp2;
  static ReplyCaptures resp3;

  @BeforeAll
  static void connect() {
    server = RedisServer.shared();
    server.flushAll();
    resp2 = new ReplyCaptures(server);
    resp3 = new ReplyCaptures(server);
    // The HELLO reply is a RESP3 map (server, version, proto, id, mode, role, modules): compared too.
    assertDecodedAlike("HELLO 3", resp3.capture("HELLO", "3"), 1);
  }

  @AfterAll
  static void disconnect() {
    if (resp2 != null) resp2.close();
    if (resp3 != null) resp3.close();
  }

  // ---- Shapes both sides are turned into ------------------------------------------------------------

  /** A byte string, equal by content, shown briefly. */
  static final class Bytes {
    final byte[] bytes;

    Bytes(byte[] bytes) {
      this.bytes = bytes;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Bytes && Arrays.equals(bytes, ((Bytes) o).bytes);
    }

    @Override
    public int hashCode() {
      return Arrays.hashCode(bytes);
    }

    @Override
    public String toString() {
      int shown = Math.min(bytes.length, 40);
      String head = new String(bytes, 0, shown, StandardCharsets.ISO_8859_1).replace("\r", "\\r").replace("\n", "\\n");
      return "bytes(" + bytes.length + ")\"" + head + (shown < bytes.length ? "..." : "") + "\"";
    }
  }

  record Err(String message) {}

  record KV(Object key, Object value) {}

  /** Jedis's reply in comparable form; {@code text}: byte[] as SafeEncoder.encode gives it. */
  static Object fromJedis(Object reply, boolean text) {
    if (reply == null) return null;
    if (reply instanceof byte[]) return text ? jedisText((byte[]) reply) : new Bytes((byte[]) reply);
    if (reply instanceof Long || reply instanceof Double || reply instanceof Boolean || reply instanceof BigInteger) {
      return reply;
    }
    if (reply instanceof JedisDataException) return new Err(((JedisDataException) reply).getMessage());
    if (reply instanceof KeyValue) {
      KeyValue<?, ?> pair = (KeyValue<?, ?>) reply;
      return new KV(fromJedis(pair.getKey(), text), fromJedis(pair.getValue(), text));
    }
    if (reply instanceof List) {
      List<Object> out = new ArrayList<>();
      for (Object element : (List<?>) reply) out.add(fromJedis(element, text));
      return out;
    }
    throw new AssertionError("Jedis gave a " + reply.getClass().getName() + ": " + reply);
  }

  /**
   * {@code SafeEncoder.encode(bytes)}, except where the JDK's decoder and Unicode's maximal subparts
   * disagree: an encoded surrogate ({@code ED A0..BF}), one U+FFFD for the JDK, one per byte for textwire's
   * REPLACE (as documented, with WHATWG, CPython and Rust; see jdkAndTextwireReplaceEncodedSurrogatesDifferently).
   * There the expected text is textwire's own decoding of the whole bytes, so the streaming decode in
   * chunks is still checked against it.
   */
  static String jedisText(byte[] bytes) {
    for (int i = 0; i + 1 < bytes.length; i++) {
      if ((bytes[i] & 0xFF) == 0xED && (bytes[i + 1] & 0xFF) >= 0xA0 && (bytes[i + 1] & 0xFF) <= 0xBF) {
        return REPLACING.decode(bytes);
      }
    }
    return SafeEncoder.encode(bytes);
  }

  @Test
  void jdkAndTextwireReplaceEncodedSurrogatesDifferently() {
    byte[] encodedSurrogate = {'a', (byte) 0xED, (byte) 0xA7, (byte) 0x80, 'b'}; // U+D9C0 in CESU-8 style
    assertEquals("a\uFFFDb", SafeEncoder.encode(encodedSurrogate), "the JDK: one for the whole encoded surrogate");
    assertEquals("a\uFFFD\uFFFD\uFFFDb", REPLACING.decode(encodedSurrogate), "maximal subparts: one per byte");
    // Everything else ill-formed is replaced alike (checked over 5 million random 1-4 byte strings while
    // writing this test); the replies compared here contain random binary values, so they hit both kinds.
    byte[] others = {'a', (byte) 0xFF, (byte) 0xC3, 'b', (byte) 0xE2, (byte) 0x82, 'c', (byte) 0xF4, (byte) 0x90, (byte) 0x80};
    assertEquals(SafeEncoder.encode(others), REPLACING.decode(others));
  }

  /** textwire's value in the same form. */
  static Object fromTextwire(RespValue value, boolean text) {
    if (value.attributes() != null) fail("attributes are not compared: " + value);
    if (value.isNull()) return null;
    switch (value.type()) {
      case SIMPLE_STRING:
      case BULK_STRING:
      case VERBATIM_STRING: // Jedis drops the "txt:" prefix, and so does asBytes()
        return text ? value.asString() : new Bytes(value.asBytes());
      case SIMPLE_ERROR:
      case BULK_ERROR:
        return new Err(value.asString());
      case INTEGER:
        return value.asLong();
      case DOUBLE:
        return value.asDouble();
      case BOOLEAN:
        return value.asBoolean();
      case BIG_NUMBER:
        return value.asBigInteger();
      case MAP: {
        List<Object> pairs = new ArrayList<>();
        List<RespValue> elements = value.elements();
        for (int i = 0; i < elements.size(); i += 2) {
          pairs.add(new KV(fromTextwire(elements.get(i), text), fromTextwire(elements.get(i + 1), text)));
        }
        return pairs;
      }
      case ARRAY:
      case SET:
      case PUSH: {
        List<Object> out = new ArrayList<>();
        for (RespValue element : value.elements()) out.add(fromTextwire(element, text));
        return out;
      }
      default:
        throw new AssertionError("no Jedis shape for " + value.type());
    }
  }

  // ---- Reading ---------------------------------------------------------------------------------------

  /** Jedis's replies in {@code bytes}, every byte of which it must use. */
  static List<Object> readWithJedis(byte[] bytes, int replyCount) {
    ByteArrayInputStream source = new ByteArrayInputStream(bytes);
    RedisInputStream in = new RedisInputStream(source);
    List<Object> replies = new ArrayList<>();
    for (int i = 0; i < replyCount; i++) {
      try {
        replies.add(Protocol.read(in));
      } catch (JedisDataException error) {
        replies.add(error); // a top-level error reply; Jedis throws it, nested ones come in the list
      }
    }
    try {
      assertEquals(0, in.available(), "bytes Jedis left unread");
    } catch (IOException e) {
      throw new AssertionError(e);
    }
    return replies;
  }

  /** textwire's replies, fed {@code chunk} bytes at a time, each chunk a copy (nothing past it to peek at). */
  static List<RespValue> readWithTextwire(byte[] bytes, int chunk, RespReader.Bulk bulk) {
    RespReader reader = new RespReader(RespLimits.DEFAULT, bulk == RespReader.Bulk.TEXT ? REPLACING : TextCodecs.UTF_8, bulk);
    byte[] piece = new byte[Math.min(chunk, Math.max(bytes.length, 1))];
    List<RespValue> replies = new ArrayList<>();
    for (int offset = 0; offset < bytes.length; offset += piece.length) {
      int n = Math.min(piece.length, bytes.length - offset);
      System.arraycopy(bytes, offset, piece, 0, n);
      reader.feed(piece, 0, n);
      for (RespValue reply; (reply = reader.poll()) != null; ) replies.add(reply);
    }
    assertTrue(reader.atReplyBoundary(), "textwire is not at a reply boundary after the last byte");
    assertEquals(bytes.length, reader.bytesConsumed());
    return replies;
  }

  static void assertDecodedAlike(String label, byte[] bytes, int replyCount) {
    List<Object> jedis = readWithJedis(bytes, replyCount);
    for (boolean text : new boolean[] {false, true}) {
      List<Object> expected = new ArrayList<>();
      for (Object reply : jedis) expected.add(fromJedis(reply, text));
      for (int chunk : CHUNKS) {
        List<Object> actual = new ArrayList<>();
        for (RespValue reply : readWithTextwire(bytes, chunk, text ? RespReader.Bulk.TEXT : RespReader.Bulk.BYTES)) {
          actual.add(fromTextwire(reply, text));
        }
        assertEquals(expected, actual, label + (text ? ", as text" : ", as bytes") + ", chunks of " + chunk);
      }
    }
  }

  static void assertDecodedAlike(String label, byte[] bytes) {
    assertDecodedAlike(label, bytes, 1);
  }

  static void both(String label, Object... command) {
    assertDecodedAlike(label + " (RESP2)", resp2.capture(command));
    assertDecodedAlike(label + " (RESP3)", resp3.capture(command));
  }

  // ---- Replies --------------------------------------------------------------------------------------

  @Test
  void getOfEveryClassAndSize() {
    for (StringClass kind : StringClass.values()) {
      for (int size : JedisLettuceEncodingTest.SIZES) {
        String key = "get:" + kind + ":" + size;
        Object value = JedisLettuceEncodingTest.value(kind, size, 31L * size + kind.ordinal());
        assertDecodedAlike("SET " + key, resp2.capture("SET", key, value));
        byte[] reply = resp2.capture("GET", key);
        byte[] valueBytes = value instanceof byte[] ? (byte[]) value : ((String) value).getBytes(StandardCharsets.UTF_8);
        assertEquals(valueBytes.length, readWithTextwire(reply, Integer.MAX_VALUE, RespReader.Bulk.BYTES).get(0).asBytes().length);
        assertDecodedAlike("GET " + key, reply);
        assertDecodedAlike("GET " + key + " (RESP3)", resp3.capture("GET", key));
      }
    }
    both("GET of a missing key", "GET", "get:missing");
  }

  @Test
  void getOfOneMebibyte() {
    for (StringClass kind : new StringClass[] {StringClass.ASCII, StringClass.MIXED, StringClass.BINARY}) {
      String key = "big:" + kind;
      resp2.capture("SET", key, JedisLettuceEncodingTest.value(kind, 1 << 20, kind.ordinal()));
      byte[] reply = resp2.capture("GET", key);
      assertTrue(reply.length > 1 << 20, "a reply of " + reply.length + " bytes");
      assertDecodedAlike("GET 1 MiB " + kind, reply);
    }
  }

  @Test
  void lrangeOfThousandAndTenThousand() {
    StringClass[] kinds = StringClass.values();
    Random random = new Random(5);
    for (int count : new int[] {1_000, 10_000}) {
      String key = "list:" + count;
      for (int batch = 0; batch < count; batch += 1_000) {
        Object[] push = new Object[2 + 1_000];
        push[0] = "RPUSH";
        push[1] = key;
        for (int i = 0; i < 1_000; i++) push[2 + i] = JedisLettuceEncodingTest.value(kinds[random.nextInt(kinds.length)], random.nextInt(12), random.nextLong());
        resp2.capture(push);
      }
      long start = System.nanoTime();
      both("LRANGE of " + count, "LRANGE", key, 0, -1);
      long millis = (System.nanoTime() - start) / 1_000_000;
      // Both protocols, bytes and text, four chunkings each, the 1-byte one included.
      assertTrue(millis < 10_000, "LRANGE of " + count + " took " + millis + " ms to compare");
    }
  }

  @Test
  void hashesKeysCountersAndErrors() {
    resp2.capture("HSET", "hash", "f1", "v1", "f\u00e9", "\u4e2d\u6587", "empty", "", "n", 42);
    both("HGETALL", "HGETALL", "hash");
    both("HGETALL of a missing key", "HGETALL", "nohash");
    resp2.capture("MSET", "m1", "one", "m3", "three");
    both("MGET with nulls", "MGET", "m1", "m2", "m3", "m4");
    both("INCR", "INCR", "counter");
    both("DECRBY", "DECRBY", "counter", 100);
    resp2.capture("SET", "near-max", "9223372036854775806");
    both("INCR to Long.MAX_VALUE", "INCR", "near-max");
    both("INCR past Long.MAX_VALUE (error)", "INCR", "near-max");
    resp2.capture("RPUSH", "a-list", "x");
    both("WRONGTYPE", "GET", "a-list");
    both("unknown command", "NOSUCHCOMMAND", "x");
    both("EXISTS", "EXISTS", "m1", "m2", "m1", "hash");
    both("TTL of a missing key", "TTL", "nokey");
    both("TTL without expiry", "TTL", "m1");
    resp2.capture("SET", "expiring", "v", "EX", 1000);
    both("TTL", "TTL", "expiring");
    both("PING", "PING");
    both("ECHO", "ECHO", "\r\n\u0000\u00ff");
  }

  @Test
  void execWithAnErrorInside() {
    for (ReplyCaptures connection : new ReplyCaptures[] {resp2, resp3}) {
      String suffix = connection == resp2 ? ":2" : ":3";
      connection.capture("SET", "tx-string" + suffix, "s");
      connection.capture("MULTI");
      connection.capture("INCR", "tx-counter" + suffix);
      connection.capture("LPUSH", "tx-string" + suffix, "x"); // queued; fails with WRONGTYPE at EXEC
      connection.capture("GET", "tx-missing" + suffix);
      byte[] exec = connection.capture("EXEC");
      assertDecodedAlike("EXEC with a nested error" + suffix, exec);
      // The nested error really is one on both sides (not, say, two nulls).
      assertEquals(Arrays.asList(1L, new Err("WRONGTYPE Operation against a key holding the wrong kind of value"), null),
          fromJedis(readWithJedis(exec, 1).get(0), true));
      assertEquals(RespType.SIMPLE_ERROR, readWithTextwire(exec, 7, RespReader.Bulk.BYTES).get(0).get(1).type());
    }
  }

  @Test
  void scanAndSortedSets() {
    for (int i = 0; i < 200; i++) resp2.capture("SET", "scan:" + i, i);
    both("SCAN", "SCAN", 0, "MATCH", "scan:*", "COUNT", 1000);
    both("SCAN in steps", "SCAN", 0, "COUNT", 10);
    resp2.capture("ZADD", "zset", 1.5, "a", 0.1, "b", Double.NEGATIVE_INFINITY, "c", Double.POSITIVE_INFINITY, "d",
        3e100, "e", -0.0, "f", 1e-7, "\u00e9", 42, "int");
    both("ZRANGE WITHSCORES", "ZRANGE", "zset", 0, -1, "WITHSCORES");
    both("ZRANGE", "ZRANGE", "zset", 0, -1);
    for (String member : new String[] {"a", "b", "c", "d", "e", "f", "\u00e9", "int", "missing"}) {
      both("ZSCORE " + member, "ZSCORE", "zset", member);
    }
    both("ZINCRBY", "ZINCRBY", "zset", 0.25, "a");
  }

  @Test
  void resp3MapsSetsAndDoubles() {
    resp3.capture("HSET", "r3hash", "a", "1", "b", "\u00e9\u00e9", "c", "");
    assertDecodedAlike("HGETALL map", resp3.capture("HGETALL", "r3hash"));
    resp3.capture("SADD", "r3set", "x", "y", "\u4e2d", "", "42");
    assertDecodedAlike("SMEMBERS set", resp3.capture("SMEMBERS", "r3set"));
    assertDecodedAlike("SISMEMBER boolean-ish integer", resp3.capture("SISMEMBER", "r3set", "x"));
    resp3.capture("ZADD", "r3z", 2.5, "m", Double.POSITIVE_INFINITY, "inf");
    assertDecodedAlike("ZSCORE double", resp3.capture("ZSCORE", "r3z", "m"));
    assertDecodedAlike("ZSCORE inf", resp3.capture("ZSCORE", "r3z", "inf"));
    assertDecodedAlike("ZSCORE null", resp3.capture("ZSCORE", "r3z", "nobody"));
    assertDecodedAlike("CONFIG GET map", resp3.capture("CONFIG", "GET", "max*"));
  }

  @Test
  void debugProtocolTypes() {
    // attrib is left out: Jedis refuses '|'. push comes with a normal reply after it.
    String[] types = {"string", "integer", "double", "bignum", "null", "array", "set", "map", "verbatim", "true", "false"};
    for (String type : types) {
      assertDecodedAlike("DEBUG PROTOCOL " + type + " (RESP3)", resp3.capture("DEBUG", "PROTOCOL", type));
      assertDecodedAlike("DEBUG PROTOCOL " + type + " (RESP2)", resp2.capture("DEBUG", "PROTOCOL", type));
    }
    assertDecodedAlike("DEBUG PROTOCOL push (RESP3)", resp3.captureReplies(2, "DEBUG", "PROTOCOL", "push"), 2);
    assertDecodedAlike("DEBUG PROTOCOL attrib (RESP2)", resp2.capture("DEBUG", "PROTOCOL", "attrib"));
    // The RESP3 types are really there (not RESP2 fallbacks): a check that the comparison saw them.
    RespValue map = readWithTextwire(resp3.capture("DEBUG", "PROTOCOL", "map"), 1, RespReader.Bulk.BYTES).get(0);
    assertEquals(RespType.MAP, map.type());
    RespValue verbatim = readWithTextwire(resp3.capture("DEBUG", "PROTOCOL", "verbatim"), 1, RespReader.Bulk.BYTES).get(0);
    assertEquals(RespType.VERBATIM_STRING, verbatim.type());
    RespValue bignum = readWithTextwire(resp3.capture("DEBUG", "PROTOCOL", "bignum"), 1, RespReader.Bulk.BYTES).get(0);
    assertEquals(RespType.BIG_NUMBER, bignum.type());
  }

  // ---- Where Jedis is lenient -----------------------------------------------------------------------

  @Test
  void jedisAcceptsWhatTextwireRefusesWithTheOffset() {
    // Each bad reply follows a good one, so the offset must count from the start of the stream.
    assertLenientJedisStrictTextwire("$04\r\nabcd\r\n", new Bytes("abcd".getBytes(StandardCharsets.US_ASCII)),
        "a leading zero in a length", 5);
    assertLenientJedisStrictTextwire(":12a\r\n", 169L, "an integer that is not a decimal number", 5);
    assertLenientJedisStrictTextwire(":99999999999999999999\r\n", new BigInteger("99999999999999999999").longValue(),
        "an integer out of the 64-bit range", 5);
    assertLenientJedisStrictTextwire("$5\r\nhelloXY", new Bytes("hello".getBytes(StandardCharsets.US_ASCII)),
        "a bulk value is not followed by CR LF", 5 + 9);
  }

  private static void assertLenientJedisStrictTextwire(String bad, Object jedisReads, String reason, long byteOffset) {
    byte[] bytes = ("+OK\r\n" + bad).getBytes(StandardCharsets.US_ASCII);
    RedisInputStream in = new RedisInputStream(new ByteArrayInputStream(bytes));
    assertEquals(new Bytes("OK".getBytes(StandardCharsets.US_ASCII)), fromJedis(Protocol.read(in), false));
    assertEquals(jedisReads, fromJedis(Protocol.read(in), false), "what Jedis makes of " + bad);
    for (int chunk : CHUNKS) {
      RespReader reader = new RespReader();
      RespProtocolException refused = assertThrows(RespProtocolException.class, () -> {
        byte[] piece = new byte[Math.min(chunk, bytes.length)];
        for (int offset = 0; offset < bytes.length; offset += piece.length) {
          int n = Math.min(piece.length, bytes.length - offset);
          System.arraycopy(bytes, offset, piece, 0, n);
          reader.feed(piece, 0, n);
        }
      }, bad);
      assertEquals(reason, refused.reason(), bad);
      assertEquals(byteOffset, refused.byteOffset(), () -> bad + ", chunks of " + chunk + ": " + refused.getMessage());
      assertEquals("OK", reader.poll().asString(), "the reply before the bad one is still there");
    }
  }

  @Test
  void plusSignedIntegerIsFiveForTextwireAndMinusFortyFiveForJedis() {
    byte[] bytes = ":+5\r\n".getBytes(StandardCharsets.US_ASCII);
    assertEquals(-45L, Protocol.read(new RedisInputStream(new ByteArrayInputStream(bytes))));
    assertEquals(5L, readWithTextwire(bytes, 1, RespReader.Bulk.BYTES).get(0).asLong());
  }
}
