package dev.textwire.resp;

import static dev.textwire.resp.RespParserMalformedTest.feed;
import static dev.textwire.resp.RespParserMalformedTest.latin1;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.textwire.TextCodecs;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;

/**
 * Declared lengths and counts are checked against the {@link RespLimits} when the header is read, before
 * the handler hears of them, and the reader allocates by the bytes that arrive, never by a declaration.
 */
class RespLimitsTest {
  private static final long MIB = 1024 * 1024;

  /** The header is refused at offset 0 with the reason, and the handler heard nothing. */
  private static RespProtocolException refusedBeforeTheHandler(RespLimits limits, String header, String reason) {
    RespParser parser = new RespParser(limits);
    RespParserMalformedTest.Recorder recorder = new RespParserMalformedTest.Recorder();
    byte[] bytes = latin1(header);
    RespProtocolException e =
        assertThrows(RespProtocolException.class, () -> parser.parse(bytes, 0, bytes.length, recorder), header);
    assertEquals(0, e.byteOffset(), e.getMessage());
    assertTrue(e.reason().startsWith(reason), e.getMessage());
    assertEquals(List.of(), recorder.events, header);
    return e;
  }

  @Test
  void hugeDeclarationsAreRefusedByTheDefaults() {
    RespLimits limits = RespLimits.DEFAULT;
    RespProtocolException e = refusedBeforeTheHandler(limits, "$2147483648\r\n", "a bulk string of 2147483648 bytes");
    assertEquals("invalid RESP at byte offset 0: a bulk string of 2147483648 bytes, above the limit of 536870912"
        + " (bytes 24 32 31 34 37 34 38 33 36 34 38)", e.getMessage());
    refusedBeforeTheHandler(limits, "$9223372036854775807\r\n", "a bulk string of 9223372036854775807 bytes");
    refusedBeforeTheHandler(limits, "$9223372036854775808\r\n", "a length above 2^63-1");
    refusedBeforeTheHandler(limits, "$99999999999999999999999\r\n", "a length above 2^63-1");
    refusedBeforeTheHandler(limits, "!2147483648\r\n", "a bulk error of 2147483648 bytes");
    refusedBeforeTheHandler(limits, "=536870913\r\n", "a verbatim string of 536870913 bytes");
    refusedBeforeTheHandler(limits, "*2147483647\r\n", "an array of 2147483647 elements, above the limit of 16777216");
    refusedBeforeTheHandler(limits, "*9223372036854775807\r\n", "an array of 9223372036854775807 elements");
    refusedBeforeTheHandler(limits, "%1073741824\r\n", "a map of 1073741824 pairs, above the limit of 16777216");
    refusedBeforeTheHandler(limits, "|1073741824\r\n", "an attribute of 1073741824 pairs");
    refusedBeforeTheHandler(limits, "~16777217\r\n", "a set of 16777217 elements");
    refusedBeforeTheHandler(limits, ">16777217\r\n", "a push of 16777217 elements");
  }

  @Test
  void maxBulkBytesAtTheLimitPassesAndOneAboveFails() {
    RespLimits limits = RespLimits.DEFAULT.withMaxBulkBytes(10);
    assertEquals("0123456789", only(limits, "$10\r\n0123456789\r\n").asString());
    assertEquals("txt", only(limits, "=10\r\ntxt:456789\r\n").verbatimFormat());
    assertEquals("0123456789", only(limits, "!10\r\n0123456789\r\n").asString());
    refusedBeforeTheHandler(limits, "$11\r\n", "a bulk string of 11 bytes, above the limit of 10");
    refusedBeforeTheHandler(limits, "!11\r\n", "a bulk error of 11 bytes, above the limit of 10");
    refusedBeforeTheHandler(limits, "=11\r\n", "a verbatim string of 11 bytes, above the limit of 10");
    // A limit of 0 still lets empty strings and nulls through.
    RespLimits none = RespLimits.DEFAULT.withMaxBulkBytes(0);
    assertEquals("", only(none, "$0\r\n\r\n").asString());
    assertTrue(only(none, "$-1\r\n").isNull());
    refusedBeforeTheHandler(none, "$1\r\n", "a bulk string of 1 bytes");
  }

  @Test
  void maxAggregateCountAtTheLimitPassesAndOneAboveFails() {
    RespLimits limits = RespLimits.DEFAULT.withMaxAggregateCount(3);
    assertEquals(3, only(limits, "*3\r\n:1\r\n:2\r\n:3\r\n").size());
    assertEquals(3, only(limits, "~3\r\n:1\r\n:2\r\n:3\r\n").size());
    assertEquals(6, only(limits, "%3\r\n:1\r\n:2\r\n:3\r\n:4\r\n:5\r\n:6\r\n").size());
    assertEquals(1, only(limits, "|3\r\n:1\r\n:2\r\n:3\r\n:4\r\n:5\r\n:6\r\n:7\r\n").attributes().asMap().size() / 3);
    for (String header : new String[] {"*4\r\n", "~4\r\n", ">4\r\n", "%4\r\n", "|4\r\n"}) {
      refusedBeforeTheHandler(limits, header, "a");
    }
    assertTrue(only(limits, "*-1\r\n").isNull());
  }

  @Test
  void maxDepthAtTheLimitPassesAndOneAboveFails() {
    RespLimits limits = RespLimits.DEFAULT.withMaxDepth(3);
    assertEquals("[[[(integer) 1]]]", only(limits, "*1\r\n*1\r\n*1\r\n:1\r\n").toString());
    assertEquals("[[[]]]", only(limits, "*1\r\n*1\r\n*0\r\n").toString());
    String tooDeep = "*1\r\n%1\r\n~1\r\n>1\r\n:1\r\n";
    for (int chunk : new int[] {0, 1, 7}) {
      RespProtocolException e = feed(limits, latin1(tooDeep), chunk).failure;
      assertEquals(12, e.byteOffset(), e.getMessage());
      assertEquals("an aggregate nested deeper than the limit of 3 levels", e.reason());
    }
    // An empty aggregate is a level too, and so is an attribute.
    assertEquals(12, feed(limits, latin1("*1\r\n*1\r\n*1\r\n*0\r\n"), 0).failure.byteOffset());
    assertEquals(12, feed(limits, latin1("*1\r\n*1\r\n*1\r\n|1\r\n+k\r\n+v\r\n:1\r\n"), 0).failure.byteOffset());
    // Siblings do not add up: depth is nesting, not count.
    assertEquals(2, only(limits, "*2\r\n*1\r\n*1\r\n:1\r\n*1\r\n*1\r\n:2\r\n").size());
    RespLimits one = RespLimits.DEFAULT.withMaxDepth(1);
    assertEquals(2, only(one, "*2\r\n:1\r\n:2\r\n").size());
    RespProtocolException e = assertThrows(RespProtocolException.class, () -> read(one, "*1\r\n*0\r\n", 0));
    assertEquals(4, e.byteOffset());
    assertThrows(IllegalArgumentException.class, () -> RespLimits.DEFAULT.withMaxDepth(0));
  }

  @Test
  void maxLineBytesAtTheLimitPassesAndOneAboveFailsWhereverTheLineIsSplit() {
    RespLimits limits = RespLimits.DEFAULT.withMaxLineBytes(8);
    String[][] cases = {
      {"+", "12345678", "123456789"},
      {"-", "ERR 5678", "ERR 56789"},
      {"(", "12345678", "123456789"},
      {",", "1234.678", "1234.6789"},
    };
    for (String[] c : cases) {
      byte[] fits = latin1(c[0] + c[1] + "\r\n");
      byte[] over = latin1(c[0] + c[2] + "\r\n");
      for (int cut = 1; cut < over.length; cut++) {
        int[] cuts = {cut};
        if (cut < fits.length) {
          RespParserMalformedTest.Fed fed = RespParserMalformedTest.feedCuts(limits, fits, cuts);
          assertNull(fed.failure, c[0] + " cut " + cut);
          assertEquals(1, fed.replies.size());
        }
        RespParserMalformedTest.Fed fed = RespParserMalformedTest.feedCuts(limits, over, cuts);
        assertEquals(0, fed.failure.byteOffset(), c[0] + " cut " + cut);
        assertTrue(fed.failure.reason().endsWith("longer than the limit of 8 bytes"), fed.failure.getMessage());
      }
      for (int chunk : new int[] {0, 1, 7}) {
        assertEquals(0, feed(limits, over, chunk).failure.byteOffset());
      }
    }
    // Refused as soon as the 9th byte is there, without waiting for the CR LF.
    RespParser parser = new RespParser(limits);
    byte[] start = latin1("+12345678");
    assertEquals(start.length, parser.parse(start, 0, start.length, new RespParserMalformedTest.Recorder()));
    byte[] more = latin1("9");
    assertThrows(RespProtocolException.class, () -> parser.parse(more, 0, 1, new RespParserMalformedTest.Recorder()));
  }

  @Test
  void numberHeadersLongerThan24BytesFailEarly() {
    // 24 bytes of integer pass (leading zeros are allowed in an integer)...
    assertEquals(5, only(RespLimits.DEFAULT, ":" + "0".repeat(23) + "5\r\n").asLong());
    assertEquals(-5, only(RespLimits.DEFAULT, ":-" + "0".repeat(22) + "5\r\n").asLong());
    // ...the 25th fails before any CR LF, with the line limit high.
    for (String marker : new String[] {":", "$", "*", "%", "~", ">", "|", "!", "=", "#", "_"}) {
      RespParser parser = new RespParser(RespLimits.DEFAULT.withMaxLineBytes(1 << 20));
      byte[] bytes = latin1(marker + "1".repeat(25));
      RespProtocolException e = assertThrows(RespProtocolException.class,
          () -> parser.parse(bytes, 0, bytes.length, new RespParserMalformedTest.Recorder()), marker);
      assertEquals(0, e.byteOffset());
      assertTrue(e.reason().contains("header longer than 24 bytes"), e.getMessage());
      // One byte at a time: refused at the 25th byte after the marker, not later.
      RespParser slow = new RespParser();
      RespParserMalformedTest.Recorder recorder = new RespParserMalformedTest.Recorder();
      for (int i = 0; i < 25; i++) slow.parse(bytes, i, 1, recorder);
      assertThrows(RespProtocolException.class, () -> slow.parse(bytes, 25, 1, recorder), marker);
    }
  }

  @Test
  void aHugeDeclaredBulkAllocatesNothingLikeItsLength() {
    assumeTrue(ThreadAllocation.counted(), "this JVM does not count allocation per thread");
    byte[] bytes = latin1("$536870911\r\nabcdefgh");
    // Once for class loading and linking, then measured.
    new RespReader().feed(bytes, 0, bytes.length);
    RespReader reader = new RespReader();
    long before = ThreadAllocation.bytes();
    reader.feed(bytes, 0, bytes.length);
    long allocated = ThreadAllocation.bytes() - before;
    assertTrue(allocated < MIB, allocated + " bytes allocated for a 512 MiB declaration");
    assertEquals(0, reader.available());
    assertEquals(bytes.length, reader.bytesConsumed());

    // The same for counts, with limits as high as they go.
    RespLimits open = RespLimits.DEFAULT.withMaxAggregateCount(Integer.MAX_VALUE).withMaxBulkBytes(Integer.MAX_VALUE - 8);
    for (String header : new String[] {"*2147483647\r\n:1\r\n", "%2147483647\r\n:1\r\n", "|1073741824\r\n:1\r\n",
        "$2147483639\r\nab", "~2147483647\r\n*2147483647\r\n$2147483639\r\nab"}) {
      byte[] declared = latin1(header);
      new RespReader(open, TextCodecs.UTF_8, RespReader.Bulk.BYTES).feed(declared, 0, declared.length);
      new RespReader(open, TextCodecs.UTF_8, RespReader.Bulk.TEXT).feed(declared, 0, declared.length);
      for (RespReader.Bulk bulk : RespReader.Bulk.values()) {
        RespReader r = new RespReader(open, TextCodecs.UTF_8, bulk);
        long start = ThreadAllocation.bytes();
        r.feed(declared, 0, declared.length);
        long used = ThreadAllocation.bytes() - start;
        assertTrue(used < MIB, used + " bytes allocated for " + header.replace("\r\n", " ") + " " + bulk);
      }
    }
  }

  @Test
  void aSplitBulkStringGrowsWithTheBytesThatArrive() {
    assumeTrue(ThreadAllocation.counted(), "this JVM does not count allocation per thread");
    int declared = 4 * 1024 * 1024;
    byte[] payload = new byte[declared];
    for (int i = 0; i < declared; i++) payload[i] = (byte) (i * 31 + (i >>> 8));
    byte[] header = latin1("$" + declared + "\r\n");
    byte[] piece = new byte[64 * 1024];
    for (int round = 0; round < 2; round++) { // the first round loads and links
      RespReader reader = new RespReader();
      long start = ThreadAllocation.bytes();
      reader.feed(header, 0, header.length);
      long arrived = 0;
      for (int at = 0; at < declared; at += piece.length) {
        System.arraycopy(payload, at, piece, 0, piece.length);
        reader.feed(piece, 0, piece.length);
        arrived += piece.length;
        long allocated = ThreadAllocation.bytes() - start;
        // Doubling from 8 KiB: the live array is at most twice what arrived, the ones before it as much again.
        if (round == 1) {
          assertTrue(allocated <= 4 * arrived + 64 * 1024, allocated + " bytes allocated after " + arrived + " arrived");
        }
      }
      reader.feed(latin1("\r\n"), 0, 2);
      RespValue value = reader.poll();
      assertTrue(Arrays.equals(payload, value.asBytes()));
    }
    // A few bytes of a large declaration make a small array: far less than the 4 MiB declared.
    RespReader reader = new RespReader();
    reader.feed(header, 0, header.length);
    byte[] few = latin1("hello");
    long start = ThreadAllocation.bytes();
    reader.feed(few, 0, few.length);
    assertTrue(ThreadAllocation.bytes() - start < 64 * 1024);
  }

  /**
   * With the bulk limit raised above what a Java array holds, a RespReader refuses the value in its
   * builder with an IllegalStateException instead of a RespProtocolException; RespReader.feed documents
   * only RespProtocolException for input that breaks a limit.
   */
  @Test
  void aBulkAboveAnyArrayIsAProtocolErrorForTheReader() {
    RespLimits open = RespLimits.DEFAULT.withMaxBulkBytes(Long.MAX_VALUE);
    byte[] bytes = latin1("$2147483640\r\n");
    RespReader reader = new RespReader(open, TextCodecs.UTF_8, RespReader.Bulk.BYTES);
    assertThrows(RespProtocolException.class, () -> reader.feed(bytes, 0, bytes.length));
  }

  @Test
  void limitsAreCheckedAndCopied() {
    assertThrows(IllegalArgumentException.class, () -> RespLimits.DEFAULT.withMaxBulkBytes(-1));
    assertThrows(IllegalArgumentException.class, () -> RespLimits.DEFAULT.withMaxAggregateCount(-1));
    assertThrows(IllegalArgumentException.class, () -> RespLimits.DEFAULT.withMaxLineBytes(-1));
    RespLimits changed = RespLimits.DEFAULT.withMaxDepth(5);
    assertEquals(64, RespLimits.DEFAULT.maxDepth());
    assertEquals(5, changed.maxDepth());
    assertEquals(512L * 1024 * 1024, changed.maxBulkBytes());
    assertEquals(1 << 24, changed.maxAggregateCount());
    assertEquals(1024 * 1024, changed.maxLineBytes());
  }

  private static RespValue only(RespLimits limits, String reply) {
    for (int chunk : new int[] {0, 1, 7}) read(limits, reply, chunk);
    return read(limits, reply, 0);
  }

  /** The one reply in {@code reply}, fed in chunks of {@code chunk} bytes (0: whole). */
  private static RespValue read(RespLimits limits, String reply, int chunk) {
    byte[] bytes = latin1(reply);
    RespReader reader = new RespReader(limits, TextCodecs.UTF_8, RespReader.Bulk.BYTES);
    int size = chunk == 0 ? bytes.length : chunk;
    for (int i = 0; i < bytes.length; i += size) {
      byte[] piece = Arrays.copyOfRange(bytes, i, Math.min(bytes.length, i + size));
      reader.feed(piece, 0, piece.length);
    }
    assertEquals(1, reader.available(), reply);
    assertTrue(reader.atReplyBoundary());
    return reader.poll();
  }
}
