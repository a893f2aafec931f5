package dev.textwire.resp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Every RESP3 type through the tree reader, whole and one byte at a time. */
class RespReaderTest {
  static final String ALL_TYPES = "+OK\r\n-ERR bad\r\n:-42\r\n$4\r\nh\u00e9l\r\n*-1\r\n$-1\r\n_\r\n#t\r\n,3.25\r\n"
      + "(12345678901234567890\r\n!3\r\nbad\r\n=7\r\ntxt:abc\r\n%1\r\n+k\r\n:1\r\n~2\r\n:1\r\n:2\r\n"
      + "|1\r\n+ttl\r\n:9\r\n$1\r\nv\r\n>2\r\n+message\r\n*0\r\n*2\r\n*1\r\n:1\r\n$0\r\n\r\n";

  static List<RespValue> readAll(byte[] bytes, int chunk, RespReader.Bulk bulk) {
    RespReader reader = new RespReader(RespLimits.DEFAULT, dev.textwire.TextCodecs.UTF_8, bulk);
    List<RespValue> out = new ArrayList<>();
    for (int i = 0; i < bytes.length; i += chunk) {
      byte[] piece = java.util.Arrays.copyOfRange(bytes, i, Math.min(bytes.length, i + chunk));
      reader.feed(piece, 0, piece.length);
      for (RespValue v; (v = reader.poll()) != null; ) out.add(v);
    }
    assertTrue(reader.atReplyBoundary());
    return out;
  }

  @Test
  void everyTypeWholeAndByteByByte() {
    byte[] bytes = ALL_TYPES.getBytes(StandardCharsets.UTF_8);
    List<RespValue> whole = readAll(bytes, bytes.length, RespReader.Bulk.BYTES);
    assertEquals(17, whole.size(), whole.toString());
    for (int chunk = 1; chunk <= 9; chunk++) {
      assertEquals(whole, readAll(bytes, chunk, RespReader.Bulk.BYTES), "chunk " + chunk);
      assertEquals(whole, readAll(bytes, chunk, RespReader.Bulk.TEXT), "text, chunk " + chunk);
    }
    assertEquals("OK", whole.get(0).asString());
    assertTrue(whole.get(1).isError());
    assertEquals(-42, whole.get(2).asLong());
    assertEquals("h\u00e9l", whole.get(3).asString());
    assertTrue(whole.get(4).isNull());
    assertNull(whole.get(5).asString());
    assertEquals(RespType.NULL, whole.get(6).type());
    assertTrue(whole.get(7).asBoolean());
    assertEquals(3.25, whole.get(8).asDouble());
    assertEquals(new java.math.BigInteger("12345678901234567890"), whole.get(9).asBigInteger());
    assertEquals("bad", whole.get(10).asString());
    assertEquals("txt", whole.get(11).verbatimFormat());
    assertEquals("abc", whole.get(11).asString());
    assertEquals(1, whole.get(12).asStringMap().get("k").asLong());
    assertEquals(RespType.SET, whole.get(13).type());
    assertEquals("v", whole.get(14).asString());
    assertEquals(9, whole.get(14).attributes().asStringMap().get("ttl").asLong());
    assertEquals(RespType.PUSH, whole.get(15).type());
    assertEquals("[[(integer) 1], \"\"]", whole.get(16).toString());
  }
}
