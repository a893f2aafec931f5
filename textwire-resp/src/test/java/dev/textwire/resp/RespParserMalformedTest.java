package dev.textwire.resp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every kind of malformed reply is refused with the stream offset of the fault and the offending bytes
 * in hex, the same offset whether the bytes come whole, one at a time or 7 at a time, and after a prefix
 * of valid replies. Offsets as the parser defines them: a bad header or simple value is reported at its
 * type byte (the message shows the whole line); a bad byte in framing (an unknown type, a bare CR or LF,
 * a missing CR LF after a bulk value, a verbatim string's missing colon) at that byte.
 */
class RespParserMalformedTest {
  /** Three complete replies (24 bytes) that go before the bad bytes in the "after a prefix" runs. */
  private static final String PREFIX = "+OK\r\n:1\r\n*2\r\n$1\r\na\r\n#t\r\n";
  private static final int PREFIX_REPLIES = 3;
  private static final int[] CHUNKS = {0, 1, 7};

  static Stream<Arguments> malformed() {
    return Stream.of(
        // An unknown type byte: shown from that byte on.
        bad("?abc\r\n", 0, "3F", "an unknown type byte"),
        bad("A\r\n", 0, "41", "an unknown type byte"),
        bad("\r\n", 0, "0D", "an unknown type byte"),
        bad("\u0080\r\n", 0, "80", "an unknown type byte"),
        bad(" +OK\r\n", 0, "20", "an unknown type byte"),
        bad("*1\r\n\r\n", 4, "0D", "an unknown type byte"),
        // Lengths: digits only, no sign, no leading zero; only $-1 and *-1 are nulls.
        header("$04\r\n", "a leading zero in a length"),
        header("$-2\r\n", "a negative length other than -1"),
        header("$-0\r\n", "a negative length other than -1"),
        header("$-01\r\n", "a negative length other than -1"),
        header("$+3\r\n", "a length that is not a decimal number"),
        header("$\r\n", "an empty length"),
        header("$1a\r\n", "a length that is not a decimal number"),
        header("$ 1\r\n", "a length that is not a decimal number"),
        header("*-2\r\n", "a negative length other than -1"),
        header("*00\r\n", "a leading zero in a length"),
        header("%-1\r\n", "a negative length"),
        header("~-1\r\n", "a negative length"),
        header(">-1\r\n", "a negative length"),
        header("|-1\r\n", "a negative length"),
        header("!-1\r\n", "a negative length"),
        header("=-1\r\n", "a negative length"),
        // A bulk value not followed by CR LF.
        bad("$3\r\nabcd\r\n", 7, "64", "a bulk value is not followed by CR LF"),
        bad("$3\r\nabc\n", 7, "0A", "a bulk value is not followed by CR LF"),
        bad("$3\r\nabc\rX", 7, "58", "CR not followed by LF"),
        bad("$0\r\nX\r\n", 4, "58", "a bulk value is not followed by CR LF"),
        bad("!1\r\nxx\r\n", 5, "78", "a bulk value is not followed by CR LF"),
        // Bare CR and bare LF, in lines and in headers.
        bad("+OK\rX", 3, "58", "CR not followed by LF"),
        bad("+OK\n", 3, "0A", "LF without CR"),
        bad("-ERR\r\r\n", 4, "0D", "CR not followed by LF"),
        bad("+\n", 1, "0A", "LF without CR"),
        bad("$3\rX", 2, "58", "CR not followed by LF"),
        bad("$3\nabc\r\n", 2, "0A", "LF without CR"),
        bad("*1\n", 2, "0A", "LF without CR"),
        bad(":12\r\r\n", 3, "0D", "CR not followed by LF"),
        // Booleans, doubles, big numbers, nulls, integers.
        header("#x\r\n", "a boolean that is not t or f"),
        header("#tt\r\n", "a boolean that is not t or f"),
        header("#\r\n", "a boolean that is not t or f"),
        header("#T\r\n", "a boolean that is not t or f"),
        header(",.5\r\n", "a double that is not"),
        header(",1.\r\n", "a double that is not"),
        header(",1e\r\n", "a double that is not"),
        header(",1e+\r\n", "a double that is not"),
        header(",--1\r\n", "a double that is not"),
        header(",infinity\r\n", "a double that is not"),
        header(",+inf\r\n", "a double that is not"),
        header(",NaN\r\n", "a double that is not"),
        header(",\r\n", "a double that is not"),
        header(",1.5x\r\n", "a double that is not"),
        header("(1.5\r\n", "a big number with a byte that is not a digit"),
        header("(\r\n", "a big number without digits"),
        header("(-\r\n", "a big number without digits"),
        header("(1e5\r\n", "a big number with a byte that is not a digit"),
        header("_x\r\n", "a null with content"),
        header("_ \r\n", "a null with content"),
        header(":abc\r\n", "an integer that is not a decimal number"),
        header(":\r\n", "an integer without digits"),
        header(":-\r\n", "an integer without digits"),
        header(":1.0\r\n", "an integer that is not a decimal number"),
        header(":9223372036854775808\r\n", "an integer out of the 64-bit range"),
        header(":-9223372036854775809\r\n", "an integer out of the 64-bit range"),
        header(":99999999999999999999\r\n", "an integer out of the 64-bit range"),
        // Verbatim strings: at least 4 bytes, a colon at index 3.
        header("=3\r\nabc\r\n", "a verbatim string shorter than its 4-byte format prefix"),
        header("=0\r\n\r\n", "a verbatim string shorter than its 4-byte format prefix"),
        bad("=5\r\ntxtxa\r\n", 7, "78", "a verbatim string without the colon after its 3-byte format"),
        bad("=4\r\n:txt\r\n", 7, "74", "a verbatim string without the colon after its 3-byte format"),
        // Inside aggregates, at depth.
        bad("*2\r\n:1\r\n%1\r\n+k\r\n$2\r\nvvv\r\n", 22, "76", "a bulk value is not followed by CR LF"),
        bad("|1\r\n+k\r\n+v\r\n?\r\n", 12, "3F", "an unknown type byte"));
  }

  /** A framing fault at {@code offset}, shown as {@code hex} (at least) in every chunking. */
  private static Arguments bad(String input, int offset, String hex, String reason) {
    return Arguments.of(input, offset, hex, reason);
  }

  /** A bad header or simple value: reported at its type byte, with the whole line in hex. */
  private static Arguments header(String input, String reason) {
    int lineEnd = input.indexOf('\r');
    byte[] line = input.substring(0, lineEnd).getBytes(StandardCharsets.ISO_8859_1);
    return Arguments.of(input, 0, RespErrors.hex(line, 0, line.length), reason);
  }

  @ParameterizedTest(name = "[{index}] at {1}: {3}")
  @MethodSource("malformed")
  void refusedAtTheRightOffsetInEveryChunking(String input, int offset, String hex, String reason) {
    for (String prefix : new String[] {"", PREFIX}) {
      for (int chunk : CHUNKS) {
        byte[] stream = latin1(prefix + input);
        Fed fed = feed(stream, chunk);
        String where = "prefix " + prefix.length() + ", chunk " + chunk + ": " + fed.failure.getMessage();
        assertEquals(prefix.length() + offset, fed.failure.byteOffset(), where);
        assertTrue(fed.failure.getMessage().startsWith("invalid RESP at byte offset " + (prefix.length() + offset) + ": "),
            where);
        assertTrue(fed.failure.reason().startsWith(reason), where);
        assertTrue(fed.failure.getMessage().contains("(bytes ") && fed.failure.getMessage().contains(hex), where);
        int before = prefix.isEmpty() ? 0 : PREFIX_REPLIES;
        if (topLevelBlobFraming(input, reason)) {
          // Known: see aBulkReplyIsNotCompleteBeforeItsCrLf; the value may already have been delivered.
          assertTrue(fed.replies.size() == before || fed.replies.size() == before + 1, where);
        } else {
          assertEquals(before, fed.replies.size(), where);
        }
      }
    }
  }

  private static boolean topLevelBlobFraming(String input, String reason) {
    return "$!=".indexOf(input.charAt(0)) >= 0
        && (reason.equals("a bulk value is not followed by CR LF") || reason.equals("CR not followed by LF"));
  }

  /**
   * A bulk reply whose CR LF is missing is not a reply: whole, the reader refuses it with no reply; fed so
   * that the chunk ends inside the value or its CR LF, the parser hands the builder the last part (and the
   * reader makes it a complete reply) before it has seen the CR LF, and the reader then yields it.
   */
  @Test
  void aBulkReplyIsNotCompleteBeforeItsCrLf() {
    for (String input : new String[] {"$3\r\nabcd\r\n", "$3\r\nabc\n", "$3\r\nabc\rX", "!1\r\nxx\r\n"}) {
      for (int chunk : new int[] {0, 1, 7}) {
        Fed fed = feed(latin1(input), chunk);
        assertEquals(List.of(), fed.replies, input + " chunk " + chunk);
      }
      // Also when the CR LF simply has not arrived yet: no reply is complete.
      RespReader reader = new RespReader();
      byte[] cut = latin1("$3\r\nabc");
      reader.feed(cut, 0, cut.length);
      assertEquals(0, reader.available());
    }
  }

  /**
   * A verbatim string's format is 3 bytes; a reader that decodes as it reads cuts it at 3 chars instead.
   * {@code =4\r\n\xE2\x82\xAC:\r\n} (the format is one 3-byte char) throws
   * StringIndexOutOfBoundsException out of {@code feed}; {@code =6\r\n\xC3\xA9x:ab\r\n} gives the text
   * "b" instead of "ab". Fed as bytes, both read fine.
   */
  @Test
  void aVerbatimFormatOfMultiByteCharsInTextMode() {
    byte[] euro = {'=', '4', '\r', '\n', (byte) 0xE2, (byte) 0x82, (byte) 0xAC, ':', '\r', '\n'};
    byte[] eAcute = {'=', '6', '\r', '\n', (byte) 0xC3, (byte) 0xA9, 'x', ':', 'a', 'b', '\r', '\n'};
    for (RespReader.Bulk bulk : RespReader.Bulk.values()) {
      List<RespValue> values = RespReaderTest.readAll(eAcute, eAcute.length, bulk);
      assertEquals("ab", values.get(0).asString(), bulk.toString());
      values = RespReaderTest.readAll(euro, euro.length, bulk);
      assertEquals("", values.get(0).asString(), bulk.toString());
    }
  }

  /**
   * A simple string that is not valid UTF-8 keeps only its decoding failure, not its bytes: two different
   * ones ({@code +\xFF} and {@code +\xFE}) are then equal values, with equal hash codes.
   */
  @Test
  void differentUndecodableSimpleStringsAreNotEqual() {
    List<RespValue> values = RespReaderTest.readAll(latin1("+\u00ff\r\n+\u00fe\r\n"), 1, RespReader.Bulk.BYTES);
    assertFalse(values.get(0).equals(values.get(1)));
  }

  @Test
  void pinnedMessages() {
    assertMessage("$04\r\n", "invalid RESP at byte offset 0: a leading zero in a length (bytes 24 30 34)");
    assertMessage("+OK\rX", "invalid RESP at byte offset 3: CR not followed by LF (bytes 0D 58)");
    assertMessage(PREFIX + "$3\r\nabcd\r\n",
        "invalid RESP at byte offset 31: a bulk value is not followed by CR LF (bytes 64 0D 0A)");
    assertMessage(":9223372036854775808\r\n", "invalid RESP at byte offset 0: an integer out of the 64-bit range"
        + " (bytes 3A 39 32 32 33 33 37 32 30 33 36 38 35 34 37 37 35 38 30 38)");
    assertMessage("?", "invalid RESP at byte offset 0: an unknown type byte (bytes 3F)");
    RespProtocolException e = feed(latin1("$04\r\n"), 0).failure;
    assertEquals("a leading zero in a length", e.reason());
  }

  private static void assertMessage(String input, String message) {
    assertEquals(message, feed(latin1(input), 0).failure.getMessage());
  }

  @Test
  void theLimitsOfIntegersAreAccepted() {
    List<RespValue> values = RespReaderTest.readAll(latin1(":-9223372036854775808\r\n:+5\r\n:9223372036854775807\r\n"
        + ":-0\r\n:007\r\n$-1\r\n*-1\r\n"), 1, RespReader.Bulk.BYTES);
    assertEquals(Long.MIN_VALUE, values.get(0).asLong());
    assertEquals(5, values.get(1).asLong());
    assertEquals(Long.MAX_VALUE, values.get(2).asLong());
    assertEquals(0, values.get(3).asLong());
    assertEquals(7, values.get(4).asLong());
    assertEquals(RespValue.nullOf(RespType.BULK_STRING), values.get(5));
    assertEquals(RespValue.nullOf(RespType.ARRAY), values.get(6));
  }

  @Test
  void aVerbatimColonIsCheckedAtEverySplitOfItsFormat() {
    String good = "=8\r\ntxt:abcd\r\n";
    String bad = "=8\r\ntxtXabcd\r\n";
    for (int split = 1; split < good.length(); split++) {
      for (int second = split; second < good.length(); second++) {
        int[] cuts = {split, second};
        assertEquals("abcd", feedCuts(latin1(good), cuts).replies.get(0).asString(), "cuts " + split + "," + second);
        Fed fed = feedCuts(latin1(bad), cuts);
        assertEquals(7, fed.failure.byteOffset(), "cuts " + split + "," + second);
        assertTrue(fed.failure.getMessage().contains("58"), fed.failure.getMessage());
      }
    }
  }

  @Test
  void afterAFailureTheParserRefusesInputUntilReset() {
    RespParser parser = new RespParser();
    Recorder recorder = new Recorder();
    byte[] bad = latin1("$04\r\n");
    RespProtocolException e = assertThrows(RespProtocolException.class, () -> parser.parse(bad, 0, bad.length, recorder));
    byte[] good = latin1("+OK\r\n");
    IllegalStateException refused =
        assertThrows(IllegalStateException.class, () -> parser.parse(good, 0, good.length, recorder));
    assertSame(e, refused.getCause());
    assertTrue(refused.getMessage().contains("byte offset 0"), refused.getMessage());
    // An empty chunk is refused too: the state, not the bytes, decides.
    assertThrows(IllegalStateException.class, () -> parser.parse(good, 0, 0, recorder));
    parser.reset();
    assertTrue(parser.atReplyBoundary());
    assertEquals(0, parser.bytesConsumed());
    assertEquals(5, parser.parse(good, 0, good.length, recorder));
    assertTrue(parser.replyComplete());
    assertEquals(List.of("line SIMPLE_STRING OK"), recorder.events);
  }

  @Test
  void aReaderRefusesInputUntilResetAndKeepsTheRepliesBefore() {
    RespReader reader = new RespReader();
    byte[] bytes = latin1("+a\r\n:1\r\n*1\r\n#x\r\n");
    RespProtocolException e = assertThrows(RespProtocolException.class, () -> reader.feed(bytes, 0, bytes.length));
    assertEquals(12, e.byteOffset());
    assertEquals(RespValue.simpleString("a"), reader.poll());
    assertEquals(RespValue.integer(1), reader.poll());
    assertEquals(null, reader.poll());
    assertThrows(IllegalStateException.class, () -> reader.feed(latin1(":2\r\n"), 0, 4));
    reader.reset();
    reader.feed(latin1(":2\r\n"), 0, 4);
    assertEquals(RespValue.integer(2), reader.poll());
    assertEquals(4, reader.bytesConsumed());
  }

  @Test
  void theHandlerHearsEveryValueBeforeTheBadByte() {
    byte[] stream = latin1("*4\r\n:1\r\n$2\r\nab\r\n%1\r\n+k\r\n#t\r\n:x\r\n");
    List<String> expected = List.of("aggregateStart ARRAY 4", "integer 1", "blob BULK_STRING ab",
        "aggregateStart MAP 1", "line SIMPLE_STRING k", "boolean true", "aggregateEnd MAP");
    for (int chunk = 1; chunk <= stream.length; chunk++) {
      RespParser parser = new RespParser();
      Recorder recorder = new Recorder();
      RespProtocolException e = null;
      try {
        for (int i = 0; i < stream.length; i += chunk) {
          byte[] piece = Arrays.copyOfRange(stream, i, Math.min(stream.length, i + chunk));
          for (int at = 0; at < piece.length; ) at += parser.parse(piece, at, piece.length - at, recorder);
        }
      } catch (RespProtocolException thrown) {
        e = thrown;
      }
      assertEquals(28, e.byteOffset(), "chunk " + chunk);
      assertEquals(expected, recorder.events, "chunk " + chunk);
      assertFalse(parser.atReplyBoundary());
    }
  }

  // Driving the reader.

  static final class Fed {
    final List<RespValue> replies = new ArrayList<>();
    RespProtocolException failure;
  }

  /** Feeds {@code stream} in fresh arrays of {@code chunk} bytes (0: whole), polling replies as they come. */
  static Fed feed(byte[] stream, int chunk) {
    return feed(RespLimits.DEFAULT, stream, chunk);
  }

  static Fed feed(RespLimits limits, byte[] stream, int chunk) {
    int size = chunk == 0 ? Math.max(1, stream.length) : chunk;
    List<Integer> cuts = new ArrayList<>();
    for (int i = size; i < stream.length; i += size) cuts.add(i);
    return feedCuts(limits, stream, cuts.stream().mapToInt(Integer::intValue).toArray());
  }

  static Fed feedCuts(byte[] stream, int[] cuts) {
    return feedCuts(RespLimits.DEFAULT, stream, cuts);
  }

  static Fed feedCuts(RespLimits limits, byte[] stream, int[] cuts) {
    RespReader reader = new RespReader(limits, dev.textwire.TextCodecs.UTF_8, RespReader.Bulk.BYTES);
    Fed fed = new Fed();
    int from = 0;
    try {
      for (int i = 0; i <= cuts.length; i++) {
        int to = i < cuts.length ? cuts[i] : stream.length;
        if (to <= from) continue;
        byte[] piece = Arrays.copyOfRange(stream, from, to);
        from = to;
        reader.feed(piece, 0, piece.length);
        for (RespValue v; (v = reader.poll()) != null; ) fed.replies.add(v);
      }
    } catch (RespProtocolException e) {
      for (RespValue v; (v = reader.poll()) != null; ) fed.replies.add(v);
      fed.failure = e;
      return fed;
    }
    return fed;
  }

  static byte[] latin1(String text) {
    return text.getBytes(StandardCharsets.ISO_8859_1);
  }

  /** Records events, a blob's parts joined, so that any chunking gives the same list. */
  static final class Recorder implements RespHandler {
    final List<String> events = new ArrayList<>();
    private RespType blobType;
    private StringBuilder blob;

    @Override
    public void line(RespType type, byte[] src, int offset, int length) {
      events.add("line " + type + " " + new String(src, offset, length, StandardCharsets.ISO_8859_1));
    }

    @Override
    public void integer(long value) {
      events.add("integer " + value);
    }

    @Override
    public void doubleValue(double value) {
      events.add("double " + value);
    }

    @Override
    public void booleanValue(boolean value) {
      events.add("boolean " + value);
    }

    @Override
    public void nullValue(RespType type) {
      events.add("null " + type);
    }

    @Override
    public void blobStart(RespType type, long byteLength) {
      if (blob != null) fail("blobStart inside a blob");
      blobType = type;
      blob = new StringBuilder();
    }

    @Override
    public void blobPart(byte[] src, int offset, int length, boolean last) {
      blob.append(new String(src, offset, length, StandardCharsets.ISO_8859_1));
      if (last) {
        events.add("blob " + blobType + " " + blob);
        blob = null;
      }
    }

    @Override
    public void aggregateStart(RespType type, int count) {
      events.add("aggregateStart " + type + " " + count);
    }

    @Override
    public void aggregateEnd(RespType type) {
      events.add("aggregateEnd " + type);
    }
  }
}
