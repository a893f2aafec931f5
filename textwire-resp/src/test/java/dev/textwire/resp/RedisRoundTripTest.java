package dev.textwire.resp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Values through a real redis-server and back, in RESP2 and RESP3: what comes back equals what went in,
 * and the server agrees on the byte length (STRLEN) and on byte offsets (GETRANGE), so the lengths the
 * writer declares are the UTF-8 byte counts the server stores.
 */
@ResourceLock(RedisServer.LOCK)
class RedisRoundTripTest {
  private static final int[] BYTE_SIZES = {1, 16, 512, 2_000, 65_536};

  /** A text class: a unit repeated until the value reaches about the size in UTF-8 bytes. */
  enum TextClass {
    ASCII("abc xyz~"),
    LATIN1("\u00e9a\u00ff\u00e0"),
    CJK("\u4e2d\u6587\u65e5\u672c"),
    EMOJI("\ud83d\ude00\ud83c\udf89");

    final String unit;

    TextClass(String unit) {
      this.unit = unit;
    }

    String ofAboutBytes(int byteCount) {
      StringBuilder text = new StringBuilder();
      int bytes = 0;
      for (int i = 0; bytes < byteCount || text.length() == 0; i++) {
        int cp = unit.codePointAt(Character.offsetByCodePoints(unit, 0, i % unit.codePointCount(0, unit.length())));
        text.appendCodePoint(cp);
        bytes += new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8).length;
      }
      return text.toString();
    }
  }

  static RespConnection connect(int protocol) throws IOException {
    RedisServer server = RedisServer.shared();
    return RespConnection.connect(new InetSocketAddress(server.host(), server.port()),
        RespConnection.Options.defaults().protocol(protocol));
  }

  static Stream<Arguments> textCases() {
    List<Arguments> cases = new ArrayList<>();
    for (int protocol : new int[] {2, 3}) {
      for (TextClass textClass : TextClass.values()) {
        for (int size : BYTE_SIZES) cases.add(Arguments.of(protocol, textClass, size));
      }
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "RESP{0} {1} ~{2} bytes")
  @MethodSource("textCases")
  void textRoundTrips(int protocol, TextClass textClass, int size) throws IOException {
    String value = textClass.ofAboutBytes(size);
    byte[] utf8 = value.getBytes(StandardCharsets.UTF_8);
    String key = "rt:text:" + protocol + ":" + textClass + ":" + size;
    try (RespConnection c = connect(protocol)) {
      assertEquals("OK", c.call("SET", key, value).asString());
      RespValue back = c.call("GET", key);
      assertEquals(RespType.BULK_STRING, back.type());
      assertEquals(value, back.asString());
      assertArrayEquals(utf8, back.asBytes());
      assertEquals(utf8.length, c.call("STRLEN", key).asLong());
      assertSlices(c, key, utf8);
    }
  }

  /** GETRANGE's offsets are bytes, inclusive at both ends; a slice may cut a character, so compare bytes. */
  private static void assertSlices(RespConnection c, String key, byte[] stored) throws IOException {
    int n = stored.length;
    int[][] ranges = {{0, 0}, {0, n - 1}, {n / 3, 2 * n / 3}, {n - 1, n - 1}, {1, Math.max(1, n / 2)}};
    for (int[] range : ranges) {
      int from = range[0];
      int to = Math.min(range[1], n - 1);
      byte[] expected = from > to ? new byte[0] : Arrays.copyOfRange(stored, from, to + 1);
      assertArrayEquals(expected, c.call("GETRANGE", key, from, to).asBytes(), "GETRANGE " + from + " " + to);
    }
    // Negative offsets count from the end, in bytes too.
    assertArrayEquals(Arrays.copyOfRange(stored, Math.max(0, n - 3), n), c.call("GETRANGE", key, -3, -1).asBytes());
  }

  /** Bytes with CR, LF, NUL, 0xFF and every other byte value, repeated: not text in any codec. */
  static byte[] binary(int byteCount) {
    byte[] pattern = {'\r', '\n', 0, (byte) 0xFF, '$', '\r', '*', '\n', (byte) 0x80, (byte) 0xC3};
    byte[] bytes = new byte[byteCount];
    for (int i = 0; i < byteCount; i++) bytes[i] = i % 3 == 0 ? pattern[(i / 3) % pattern.length] : (byte) (i * 31);
    return bytes;
  }

  static Stream<Arguments> binaryCases() {
    List<Arguments> cases = new ArrayList<>();
    for (int protocol : new int[] {2, 3}) {
      for (int size : BYTE_SIZES) cases.add(Arguments.of(protocol, size));
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "RESP{0} {1} binary bytes")
  @MethodSource("binaryCases")
  void binaryRoundTrips(int protocol, int size) throws IOException {
    byte[] value = binary(size);
    String key = "rt:bin:" + protocol + ":" + size;
    try (RespConnection c = connect(protocol)) {
      assertEquals("OK", c.call("SET", key, value).asString());
      RespValue back = c.call("GET", key);
      assertEquals(RespType.BULK_STRING, back.type());
      assertArrayEquals(value, back.asBytes());
      assertEquals(size, c.call("STRLEN", key).asLong());
      assertSlices(c, key, value);
    }
  }

  @ParameterizedTest(name = "RESP{0}")
  @ValueSource(ints = {2, 3})
  void emptyValueAndMissingKey(int protocol) throws IOException {
    try (RespConnection c = connect(protocol)) {
      String key = "rt:empty:" + protocol;
      c.call("SET", key, "");
      RespValue back = c.call("GET", key);
      assertEquals(RespType.BULK_STRING, back.type());
      assertEquals("", back.asString());
      assertArrayEquals(new byte[0], back.asBytes());
      assertEquals(0, c.call("STRLEN", key).asLong());
      c.call("SET", key, new byte[0]);
      assertArrayEquals(new byte[0], c.call("GET", key).asBytes());

      RespValue missing = c.call("GET", "rt:missing:" + protocol);
      assertTrue(missing.isNull());
      // RESP2 says $-1, RESP3 says _.
      assertEquals(protocol == 2 ? RespType.BULK_STRING : RespType.NULL, missing.type());
      if (protocol == 2) assertNull(missing.asString());
    }
  }

  /** 64 MiB of bytes, once: longer than any buffer on the way, so it crosses many reads and writes. */
  @Test
  void sixtyFourMebibytes() throws IOException {
    int size = 64 * 1024 * 1024;
    byte[] value = binary(size);
    value[size - 1] = '\n';
    try (RespConnection c = connect(3)) {
      c.call("SET", "rt:64mib", value);
      assertEquals(size, c.call("STRLEN", "rt:64mib").asLong());
      byte[] back = c.call("GET", "rt:64mib").asBytes();
      assertEquals(size, back.length);
      assertTrue(Arrays.equals(value, back), "64 MiB came back different");
      assertArrayEquals(Arrays.copyOfRange(value, size - 100, size), c.call("GETRANGE", "rt:64mib", size - 100, size - 1).asBytes());
      c.call("DEL", "rt:64mib");
    }
  }

  private static List<String> elements(int count) {
    List<String> values = new ArrayList<>(count);
    TextClass[] classes = TextClass.values();
    for (int i = 0; i < count; i++) values.add(i + ":" + classes[i % classes.length].unit);
    return values;
  }

  private static void assertList(List<String> expected, RespValue reply) {
    assertEquals(RespType.ARRAY, reply.type());
    assertEquals(expected.size(), reply.size());
    for (int i = 0; i < expected.size(); i++) assertEquals(expected.get(i), reply.get(i).asString(), "element " + i);
  }

  @ParameterizedTest(name = "RESP{0}")
  @ValueSource(ints = {2, 3})
  void rpushTenThousandInOneCommand(int protocol) throws IOException {
    List<String> values = elements(10_000);
    String key = "rt:list1:" + protocol;
    List<Object> command = new ArrayList<>(List.of("RPUSH", key));
    command.addAll(values);
    assertEquals(10_002, command.size()); // RPUSH, the key and 10,000 elements
    try (RespConnection c = connect(protocol)) {
      c.call("DEL", key);
      assertEquals(10_000, c.call(command.toArray()).asLong());
      assertList(values, c.call("LRANGE", key, 0, -1));
    }
  }

  @ParameterizedTest(name = "RESP{0}")
  @ValueSource(ints = {2, 3})
  void rpushTenThousandByPipeline(int protocol) throws IOException {
    List<String> values = elements(10_000);
    String key = "rt:list2:" + protocol;
    List<Object[]> commands = new ArrayList<>();
    for (String value : values) commands.add(new Object[] {"RPUSH", key, value});
    try (RespConnection c = connect(protocol)) {
      c.call("DEL", key);
      List<RespValue> replies = c.pipeline(commands);
      for (int i = 0; i < replies.size(); i++) assertEquals(i + 1, replies.get(i).asLong(), "reply " + i);
      assertList(values, c.call("LRANGE", key, 0, -1));
    }
  }

  @ParameterizedTest(name = "RESP{0}")
  @ValueSource(ints = {2, 3})
  void hsetHgetall(int protocol) throws IOException {
    Map<String, String> fields = new LinkedHashMap<>();
    fields.put("ascii", "value");
    fields.put("caf\u00e9", "\u4e2d\u6587");
    fields.put("\ud83d\ude00", "");
    fields.put("n", "42");
    String key = "rt:hash:" + protocol;
    List<Object> command = new ArrayList<>(List.of("HSET", key));
    fields.forEach((k, v) -> {
      command.add(k);
      command.add(v);
    });
    try (RespConnection c = connect(protocol)) {
      c.call("DEL", key);
      assertEquals(4, c.call(command.toArray()).asLong());
      RespValue all = c.call("HGETALL", key);
      assertEquals(protocol == 2 ? RespType.ARRAY : RespType.MAP, all.type());
      assertEquals(8, all.size()); // keys and values, both counted
      Map<String, String> back = new LinkedHashMap<>();
      all.asStringMap().forEach((k, v) -> back.put(k, v.asString()));
      assertEquals(fields, back); // order aside: a small hash is a listpack, in insertion order, but not promised
      Map<RespValue, RespValue> raw = all.asMap();
      assertEquals(RespValue.bulkString("\u4e2d\u6587"), raw.get(RespValue.bulkString("caf\u00e9")));
    }
  }

  /**
   * The smallest read buffer (16 bytes): every reply longer than that arrives in pieces, headers and CR LF
   * pairs split at every possible place along the way.
   */
  @ParameterizedTest(name = "RESP{0}")
  @ValueSource(ints = {2, 3})
  void sixteenByteReads(int protocol) throws IOException {
    RedisServer server = RedisServer.shared();
    try (RespConnection c = RespConnection.connect(new InetSocketAddress(server.host(), server.port()),
        RespConnection.Options.defaults().protocol(protocol).readBufferBytes(16))) {
      List<Object[]> sets = new ArrayList<>();
      List<Object[]> gets = new ArrayList<>();
      List<Object> expected = new ArrayList<>();
      int n = 0;
      for (TextClass textClass : TextClass.values()) {
        for (int size : new int[] {1, 15, 16, 17, 2_000}) {
          String key = "rt:small:" + protocol + ":" + n++;
          String value = textClass.ofAboutBytes(size);
          sets.add(new Object[] {"SET", key, value});
          gets.add(new Object[] {"GET", key});
          expected.add(value);
        }
      }
      for (int size : new int[] {1, 14, 15, 16, 17, 18, 65_536}) {
        String key = "rt:small:" + protocol + ":" + n++;
        byte[] value = binary(size);
        sets.add(new Object[] {"SET", key, value});
        gets.add(new Object[] {"GET", key});
        expected.add(value);
      }
      c.pipeline(sets);
      List<RespValue> replies = c.pipeline(gets);
      for (int i = 0; i < replies.size(); i++) {
        if (expected.get(i) instanceof String) {
          assertEquals(expected.get(i), replies.get(i).asString(), "reply " + i);
        } else {
          assertArrayEquals((byte[]) expected.get(i), replies.get(i).asBytes(), "reply " + i);
        }
      }
      RespValue attributed = c.call("DEBUG", "PROTOCOL", "attrib");
      assertEquals("Some real reply following the attribute", attributed.asString());
      assertEquals(protocol == 3, attributed.attributes() != null);
      assertEquals("This is a verbatim\nstring", c.call("DEBUG", "PROTOCOL", "verbatim").asString());
      assertEquals(6, c.call("DEBUG", "PROTOCOL", "map").size());
      assertEquals(new java.math.BigInteger("1234567999999999999999999999999999999"),
          protocol == 3 ? c.call("DEBUG", "PROTOCOL", "bignum").asBigInteger()
              : new java.math.BigInteger(c.call("DEBUG", "PROTOCOL", "bignum").asString()));
      String listKey = "rt:small:list:" + protocol;
      c.call("DEL", listKey);
      List<Object> push = new ArrayList<>(List.of("RPUSH", listKey));
      List<String> values = elements(2_000);
      push.addAll(values);
      c.call(push.toArray());
      assertList(values, c.call("LRANGE", listKey, 0, -1));
    }
  }
}
