package dev.textwire.resp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.textwire.TextCodecs;
import dev.textwire.resp.fuzz.RespTestWire;
import dev.textwire.resp.fuzz.RespTestWire.BlobSpan;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A seeded differential test: random RESP3 replies of every type (binary bulk strings with CR, LF and
 * NUL, attributes before values and inside them, pushes, nesting), written by the test's own serializer
 * ({@link RespTestWire}, not {@code RespWriter}), read back under every chunking, must give the model
 * values, attributes included. A recording handler checks the parser's blob events against where each
 * blob sits in the stream.
 */
class RespParserChunkingTest {
  private static final int SEEDS = 300;
  private static final RespType[] SCALARS = {
    RespType.SIMPLE_STRING, RespType.SIMPLE_ERROR, RespType.INTEGER, RespType.BULK_STRING, RespType.NULL,
    RespType.BOOLEAN, RespType.DOUBLE, RespType.BIG_NUMBER, RespType.BULK_ERROR, RespType.VERBATIM_STRING
  };
  private static final RespType[] AGGREGATES = {RespType.ARRAY, RespType.MAP, RespType.SET, RespType.PUSH};
  private static final double[] DOUBLES = {
    0.0, -0.0, 1.5, 0.1, -2.75, 1e300, -1e-300, 1e22, 1e23, 123456789012345.0, 0.30000000000000004,
    Double.MIN_VALUE, Double.MAX_VALUE, Double.MIN_NORMAL, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
    Double.NaN, 3.141592653589793, 1e-5, 100.0
  };
  private static final String TEXT_CHARS = "abcXYZ 019:+-_*$%\u00e9\u00df\u4e2d\u6587\u20ac\ud83d\ude00\t\u0000";

  /** Random values, a model of what the reader must return. */
  static final class Generator {
    final Random random;
    /** Bulk strings as text (for a reader that decodes), or as any bytes. */
    final boolean textBulk;

    Generator(long seed, boolean textBulk) {
      this.random = new Random(seed);
      this.textBulk = textBulk;
    }

    List<RespValue> replies() {
      int count = 1 + random.nextInt(8);
      List<RespValue> replies = new ArrayList<>();
      for (int i = 0; i < count; i++) replies.add(value(0));
      return replies;
    }

    RespValue value(int depth) {
      RespValue value = bare(depth);
      if (random.nextInt(8) == 0) value = value.withAttributes(attributes(depth));
      return value;
    }

    private RespValue attributes(int depth) {
      int pairs = random.nextInt(3);
      List<RespValue> elements = new ArrayList<>();
      for (int i = 0; i < 2 * pairs; i++) elements.add(depth < 3 ? value(depth + 1) : scalar());
      return RespValue.aggregate(RespType.ATTRIBUTE, elements);
    }

    private RespValue bare(int depth) {
      if (depth < 4 && random.nextInt(3) == 0) {
        RespType type = AGGREGATES[random.nextInt(AGGREGATES.length)];
        int count = random.nextInt(10) == 0 ? random.nextInt(40) : random.nextInt(4);
        List<RespValue> elements = new ArrayList<>();
        int n = type == RespType.MAP ? 2 * count : count;
        for (int i = 0; i < n; i++) elements.add(value(depth + 1));
        return RespValue.aggregate(type, elements);
      }
      if (random.nextInt(30) == 0) return RespValue.nullOf(random.nextBoolean() ? RespType.BULK_STRING : RespType.ARRAY);
      return scalar();
    }

    RespValue scalar() {
      switch (SCALARS[random.nextInt(SCALARS.length)]) {
        case SIMPLE_STRING:
          return RespValue.simpleString(text(false));
        case SIMPLE_ERROR:
          return RespValue.simpleError("ERR " + text(false));
        case INTEGER: {
          int pick = random.nextInt(5);
          return RespValue.integer(pick == 0 ? Long.MIN_VALUE : pick == 1 ? Long.MAX_VALUE
              : pick == 2 ? random.nextInt(100) - 50 : random.nextLong());
        }
        case BULK_STRING:
          return textBulk ? RespValue.bulkString(text(true)) : RespValue.bulkString(bytes());
        case NULL:
          return RespValue.nullValue();
        case BOOLEAN:
          return RespValue.booleanValue(random.nextBoolean());
        case DOUBLE: {
          int pick = random.nextInt(4);
          double d = pick == 0 ? DOUBLES[random.nextInt(DOUBLES.length)]
              : pick == 1 ? Double.longBitsToDouble(random.nextLong())
              : pick == 2 ? random.nextDouble() * Math.pow(10, random.nextInt(40) - 20)
              : random.nextInt(2000) / 8.0 - 100;
          return RespValue.doubleValue(d);
        }
        case BIG_NUMBER: {
          BigInteger big = new BigInteger(1 + random.nextInt(300), random);
          return RespValue.bigNumber(random.nextBoolean() ? big.negate() : big);
        }
        case BULK_ERROR:
          return RespValue.bulkError("ERR " + text(true));
        case VERBATIM_STRING:
          return RespValue.verbatimString(random.nextBoolean() ? "txt" : "mkd", text(true));
        default:
          throw new AssertionError();
      }
    }

    private int length() {
      int pick = random.nextInt(50);
      if (pick == 0) return 8000 + random.nextInt(30000);
      if (pick < 5) return random.nextInt(600);
      return random.nextInt(12);
    }

    /** Text, with CR and LF only where a bulk value allows them. */
    private String text(boolean crlf) {
      int length = length();
      StringBuilder out = new StringBuilder();
      while (out.length() < length) {
        if (crlf && random.nextInt(10) == 0) {
          out.append(random.nextBoolean() ? "\r\n" : random.nextBoolean() ? "\r" : "\n");
          continue;
        }
        int at = random.nextInt(TEXT_CHARS.length());
        char c = TEXT_CHARS.charAt(at);
        if (Character.isHighSurrogate(c)) {
          out.append(c).append(TEXT_CHARS.charAt(at + 1));
        } else if (!Character.isLowSurrogate(c)) {
          out.append(c);
        }
      }
      return out.toString();
    }

    private byte[] bytes() {
      byte[] bytes = new byte[length()];
      for (int i = 0; i < bytes.length; i++) {
        int pick = random.nextInt(8);
        bytes[i] = (byte) (pick == 0 ? '\r' : pick == 1 ? '\n' : pick == 2 ? 0 : random.nextInt(256));
      }
      return bytes;
    }
  }

  private static List<int[]> chunkings(int total, Random random) {
    return List.of(new int[0], RespTestWire.cuts(total, 1, null), RespTestWire.cuts(total, 7, null),
        RespTestWire.cuts(total, 8192, null), RespTestWire.cuts(total, 3, random), RespTestWire.cuts(total, 64, random),
        RespTestWire.cuts(total, 5000, random));
  }

  @Test
  void randomRepliesReadTheSameUnderEveryChunking() {
    for (int seed = 0; seed < SEEDS; seed++) {
      for (RespReader.Bulk bulk : RespReader.Bulk.values()) {
        Generator generator = new Generator(seed, bulk == RespReader.Bulk.TEXT);
        List<RespValue> model = generator.replies();
        byte[] stream = RespTestWire.serialize(model);
        for (int[] cuts : chunkings(stream.length, generator.random)) {
          String where = "seed " + seed + " " + bulk + " cuts " + cuts.length;
          RespReader reader = new RespReader(RespLimits.DEFAULT, TextCodecs.UTF_8, bulk);
          List<RespValue> read = new ArrayList<>();
          int from = 0;
          for (int i = 0; i <= cuts.length; i++) {
            int to = i < cuts.length ? cuts[i] : stream.length;
            // Each chunk at an offset in an array with other bytes around it, which the reader must not read.
            byte[] chunk = new byte[to - from + 6];
            Arrays.fill(chunk, (byte) '*');
            System.arraycopy(stream, from, chunk, 3, to - from);
            reader.feed(chunk, 3, to - from);
            from = to;
            for (RespValue v; (v = reader.poll()) != null; ) read.add(v);
          }
          assertEquals(model, read, where);
          assertTrue(RespTestWire.deepEquals(model, read), where + ": attributes");
          assertEquals(stream.length, reader.bytesConsumed(), where);
          assertTrue(reader.atReplyBoundary(), where);
        }
        // Through ByteBuffers: direct (copied in 8 KiB pieces) and heap with an array offset.
        for (boolean direct : new boolean[] {true, false}) {
          RespReader reader = new RespReader(RespLimits.DEFAULT, TextCodecs.UTF_8, bulk);
          List<RespValue> read = new ArrayList<>();
          int[] cuts = RespTestWire.cuts(stream.length, 20000, generator.random);
          int from = 0;
          for (int i = 0; i <= cuts.length; i++) {
            int to = i < cuts.length ? cuts[i] : stream.length;
            ByteBuffer buffer = direct ? ByteBuffer.allocateDirect(to - from + 2) : ByteBuffer.allocate(to - from + 4);
            if (!direct) buffer.position(2);
            buffer.put(stream, from, to - from).flip();
            if (!direct) buffer.position(2);
            ByteBuffer src = direct ? buffer : buffer.slice();
            reader.feed(src);
            assertEquals(src.limit(), src.position());
            from = to;
            for (RespValue v; (v = reader.poll()) != null; ) read.add(v);
          }
          assertTrue(RespTestWire.deepEquals(model, read), "seed " + seed + " buffers, direct " + direct);
          assertEquals(stream.length, reader.bytesConsumed());
        }
      }
    }
  }

  @Test
  void theHandlerHearsEachBlobAsItsBytesArrive() {
    for (int seed = 0; seed < SEEDS; seed++) {
      Generator generator = new Generator(1000 + seed, false);
      List<RespValue> model = generator.replies();
      List<BlobSpan> spans = new ArrayList<>();
      byte[] stream = RespTestWire.serialize(model, spans);
      for (int[] cuts : chunkings(stream.length, generator.random)) {
        String where = "seed " + (1000 + seed) + " cuts " + cuts.length;
        BlobRecorder recorder = new BlobRecorder();
        RespParser parser = new RespParser();
        List<long[]> chunks = new ArrayList<>(); // stream start, stream end, array offset
        List<byte[]> arrays = new ArrayList<>();
        int from = 0;
        int replies = 0;
        for (int i = 0; i <= cuts.length; i++) {
          int to = i < cuts.length ? cuts[i] : stream.length;
          int arrayOffset = i % 3;
          byte[] chunk = new byte[to - from + arrayOffset];
          System.arraycopy(stream, from, chunk, arrayOffset, to - from);
          chunks.add(new long[] {from, to, arrayOffset});
          arrays.add(chunk);
          recorder.chunk = chunk;
          int at = arrayOffset;
          int end = arrayOffset + to - from;
          while (at < end) {
            int consumed = parser.parse(chunk, at, end - at, recorder);
            at += consumed;
            if (parser.replyComplete()) {
              replies++;
              assertTrue(parser.atReplyBoundary(), where);
            } else {
              assertEquals(end, at, where + ": stopped before the end without a complete reply");
            }
          }
          from = to;
          assertEquals(to, parser.bytesConsumed(), where);
        }
        assertEquals(model.size(), replies, where);
        List<RespValue> built = new ArrayList<>();
        for (RespValue v; (v = recorder.builder.poll()) != null; ) built.add(v);
        assertTrue(RespTestWire.deepEquals(model, built), where);
        assertEquals(spans.size(), recorder.blobs.size(), where);
        for (int b = 0; b < spans.size(); b++) {
          checkBlob(spans.get(b), recorder.blobs.get(b), chunks, arrays, where + " blob " + b);
        }
      }
    }
  }

  private static void checkBlob(BlobSpan span, Blob blob, List<long[]> chunks, List<byte[]> arrays, String where) {
    assertEquals(span.byteLength(), blob.declared, where);
    // The chunk that holds the blob's first byte (or, for an empty blob, the CR after it).
    int low = 0;
    int high = chunks.size() - 1;
    while (low < high) {
      int mid = (low + high) >>> 1;
      if (chunks.get(mid)[1] <= span.streamOffset()) low = mid + 1; else high = mid;
    }
    int k = low;
    long[] chunk = chunks.get(k);
    long total = 0;
    for (int i = 0; i < blob.parts.size(); i++) {
      Part part = blob.parts.get(i);
      total += part.length;
      assertEquals(i == blob.parts.size() - 1, part.last, where + ": last only on the last part");
    }
    assertEquals(span.byteLength(), total, where + ": parts add up");
    // One part straight from the chunk when the chunk holds the value and the CR LF after it: the value is
    // complete only once its CR LF has been checked.
    if (span.streamOffset() + span.byteLength() + 2 <= chunk[1]) {
      assertEquals(1, blob.parts.size(), where + ": whole in its chunk, one part");
      Part part = blob.parts.get(0);
      assertSame(arrays.get(k), part.src, where + ": straight from the chunk");
      assertEquals(chunk[2] + span.streamOffset() - chunk[0], part.offset, where + ": at its place in the chunk");
    } else {
      assertTrue(blob.parts.size() >= 2 || span.byteLength() == 0, where);
      // Each part was checked to be the array passed to parse when it came (BlobRecorder.blobPart). Only
      // the last may be empty: it comes with the CR LF, when the value's bytes came before.
      for (int i = 0; i < blob.parts.size() - 1; i++) {
        assertTrue(blob.parts.get(i).length > 0, where + ": an empty part before the last");
      }
    }
  }

  private record Part(byte[] src, int offset, int length, boolean last) {}

  private static final class Blob {
    final long declared;
    final List<Part> parts = new ArrayList<>();

    Blob(long declared) {
      this.declared = declared;
    }
  }

  /** Builds the values as the reader would, and keeps every blob event with the array it came in. */
  private static final class BlobRecorder implements RespHandler {
    final RespValueBuilder builder = new RespValueBuilder(TextCodecs.UTF_8, false);
    final List<Blob> blobs = new ArrayList<>();
    byte[] chunk;
    private Blob open;

    @Override
    public void line(RespType type, byte[] src, int offset, int length) {
      assertFalse(open != null, "a line inside a blob");
      builder.line(type, src, offset, length);
    }

    @Override
    public void integer(long value) {
      builder.integer(value);
    }

    @Override
    public void doubleValue(double value) {
      builder.doubleValue(value);
    }

    @Override
    public void booleanValue(boolean value) {
      builder.booleanValue(value);
    }

    @Override
    public void nullValue(RespType type) {
      builder.nullValue(type);
    }

    @Override
    public void blobStart(RespType type, long byteLength) {
      if (open != null) fail("blobStart before the last part of the blob before");
      open = new Blob(byteLength);
      blobs.add(open);
      builder.blobStart(type, byteLength);
    }

    @Override
    public void blobPart(byte[] src, int offset, int length, boolean last) {
      if (open == null) fail("blobPart without blobStart");
      // A part is the caller's chunk: check it is the array passed to parse, not a copy.
      assertSame(chunk, src);
      open.parts.add(new Part(src, offset, length, last));
      builder.blobPart(src, offset, length, last);
      if (last) open = null;
    }

    @Override
    public void aggregateStart(RespType type, int count) {
      builder.aggregateStart(type, count);
    }

    @Override
    public void aggregateEnd(RespType type) {
      builder.aggregateEnd(type);
    }
  }

  @Test
  void everyTypeAppearsInTheGeneratedReplies() {
    boolean[] seen = new boolean[RespType.values().length];
    for (int seed = 0; seed < SEEDS; seed++) {
      for (RespValue v : new Generator(seed, false).replies()) mark(v, seen);
    }
    for (RespType type : RespType.values()) assertTrue(seen[type.ordinal()], type + " never generated");
  }

  private static void mark(RespValue v, boolean[] seen) {
    seen[v.type().ordinal()] = true;
    if (v.attributes() != null) mark(v.attributes(), seen);
    if (v.type().isAggregate() && !v.isNull()) for (RespValue e : v.elements()) mark(e, seen);
  }

  /**
   * An attribute describes the value after it: after the attribute alone, part of a reply has been read.
   * The parser is back in its between-values state with nothing open, so it says it is at a boundary.
   */
  @Test
  void anAttributeWithoutItsValueIsNotAReplyBoundary() {
    byte[] attribute = RespParserMalformedTest.latin1("|1\r\n+a\r\n+b\r\n");
    RespReader reader = new RespReader();
    reader.feed(attribute, 0, attribute.length);
    assertEquals(0, reader.available());
    assertFalse(reader.atReplyBoundary());
    RespParser parser = new RespParser();
    parser.parse(attribute, 0, attribute.length, new RespParserMalformedTest.Recorder());
    assertFalse(parser.replyComplete());
    assertFalse(parser.atReplyBoundary());
  }

  @Test
  void anAttributeAttachesToTheValueAfterItWhereverTheChunksEnd() {
    byte[] stream = RespParserMalformedTest.latin1("|1\r\n+a\r\n+b\r\n:7\r\n");
    for (int chunk = 1; chunk <= stream.length; chunk++) {
      RespParserMalformedTest.Fed fed = RespParserMalformedTest.feed(stream, chunk);
      assertEquals(1, fed.replies.size());
      RespValue value = fed.replies.get(0);
      assertEquals(7, value.asLong());
      assertEquals("b", value.attributes().asStringMap().get("a").asString());
    }
  }
}
