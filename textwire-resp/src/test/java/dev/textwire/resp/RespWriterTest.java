package dev.textwire.resp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.textwire.BufferTooSmallException;
import dev.textwire.ErrorPolicy;
import dev.textwire.MalformedTextException;
import dev.textwire.Utf8;
import dev.textwire.buffer.SegmentedBuffer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;

/**
 * Byte-exact output of {@link RespWriter}, the same into every destination, against expectations built
 * from the specification ({@code $<length>\r\n<bytes>\r\n}) with the JDK's own encoder for text.
 */
class RespWriterTest {
  private static final byte[] BINARY = {'a', '\r', '\n', 0, 'b', '\n', '\r', (byte) 0xFF, 0};

  // Expected bytes, written out independently of the writer.

  private static byte[] bulk(byte[] bytes) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(("$" + bytes.length + "\r\n").getBytes(StandardCharsets.US_ASCII));
    out.writeBytes(bytes);
    out.writeBytes(new byte[] {'\r', '\n'});
    return out.toByteArray();
  }

  private static byte[] bulk(String text) {
    return bulk(text.getBytes(StandardCharsets.UTF_8));
  }

  private static byte[] command(byte[]... elements) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(("*" + elements.length + "\r\n").getBytes(StandardCharsets.US_ASCII));
    for (byte[] element : elements) out.writeBytes(element);
    return out.toByteArray();
  }

  private static byte[] ascii(String text) {
    return text.getBytes(StandardCharsets.ISO_8859_1);
  }

  /** The bytes {@code writes} produce in each of the five destinations, which must all be the same. */
  private static byte[] inEveryDestination(Consumer<RespWriter> writes) {
    byte[] array = new byte[1 << 20];
    RespWriter toArray = RespWriter.to(array, 3);
    writes.accept(toArray);
    byte[] fromArray = Arrays.copyOfRange(array, 3, 3 + (int) toArray.position());

    ByteBuffer heap = ByteBuffer.allocate(1 << 20);
    heap.position(5);
    RespWriter toHeap = RespWriter.to(heap);
    writes.accept(toHeap);
    assertEquals(5 + toHeap.position(), heap.position());
    byte[] fromHeap = Arrays.copyOfRange(heap.array(), 5, heap.position());

    ByteBuffer direct = ByteBuffer.allocateDirect(1 << 20);
    RespWriter toDirect = RespWriter.to(direct);
    writes.accept(toDirect);
    byte[] fromDirect = new byte[direct.position()];
    direct.flip().get(fromDirect);

    SegmentedBuffer segments = new SegmentedBuffer(16);
    segments.write(ascii("xx"));
    RespWriter toSegments = RespWriter.to(segments);
    writes.accept(toSegments);
    assertEquals(2 + toSegments.position(), segments.size());
    byte[] fromSegments = segments.toByteArray(2, segments.size() - 2);

    ByteArrayOutputStream stream = new ByteArrayOutputStream();
    RespWriter toStream = RespWriter.to(stream);
    writes.accept(toStream);
    try {
      toStream.flush();
    } catch (IOException e) {
      throw new AssertionError(e);
    }
    byte[] fromStream = stream.toByteArray();
    assertEquals(fromStream.length, toStream.position());

    assertArrayEquals(fromArray, fromHeap, "heap buffer");
    assertArrayEquals(fromArray, fromDirect, "direct buffer");
    assertArrayEquals(fromArray, fromSegments, "segmented buffer");
    assertArrayEquals(fromArray, fromStream, "output stream");
    assertEquals(fromArray.length, toArray.position());
    return fromArray;
  }

  private static void assertWrites(byte[] expected, Consumer<RespWriter> writes) {
    byte[] actual = inEveryDestination(writes);
    assertArrayEquals(expected, actual, () -> new String(actual, StandardCharsets.ISO_8859_1));
  }

  @Test
  void textArguments() {
    assertWrites(ascii("*3\r\n$3\r\nSET\r\n$3\r\nkey\r\n$0\r\n\r\n"), w -> w.command("SET", "key", ""));
    for (String text : List.of("ascii", "caf\u00e9 \u00ff\u00e0", "\u4e2d\u6587\u5b57", "\ud83d\ude00 emoji \ud83c\udf89",
        "", "\r\n\u0000")) {
      assertWrites(command(bulk("ECHO"), bulk(text)), w -> w.command("ECHO", text));
      assertWrites(command(bulk("ECHO"), bulk(text)), w -> w.command("ECHO", new StringBuilder(text)));
    }
    assertArrayEquals(ascii("$4\r\n\u00f0\u009f\u0098\u0080\r\n"), inEveryDestination(w -> w.bulk("\ud83d\ude00")));
    assertArrayEquals(bulk("\u4e2d"), inEveryDestination(w -> w.bulk("x\u4e2dy", 1, 2)));
    assertArrayEquals(ascii("*0\r\n"), inEveryDestination(w -> w.command()));
  }

  @Test
  void byteArguments() {
    assertWrites(command(bulk("SET"), bulk(BINARY)), w -> w.command("SET", BINARY));
    assertWrites(bulk(Arrays.copyOfRange(BINARY, 1, 7)), w -> w.bulk(BINARY, 1, 6));
    assertWrites(bulk(new byte[0]), w -> w.bulk(new byte[0]));
    byte[] large = new byte[70000];
    for (int i = 0; i < large.length; i++) large[i] = (byte) (i * 7);
    assertWrites(command(bulk(large)), w -> w.command((Object) large));
  }

  @Test
  void bufferArgumentsKeepTheirPosition() {
    for (boolean direct : new boolean[] {false, true}) {
      ByteBuffer src = direct ? ByteBuffer.allocateDirect(20) : ByteBuffer.allocate(20);
      src.put(ascii("..")).put(BINARY).put(ascii("...."));
      src.position(2).limit(2 + BINARY.length);
      ByteBuffer slice = src;
      assertWrites(command(bulk("SET"), bulk(BINARY)), w -> w.command("SET", slice));
      assertEquals(2, src.position());
      assertEquals(2 + BINARY.length, src.limit());
      assertWrites(bulk(BINARY), w -> w.bulk(slice));
      assertEquals(2, src.position());
      ByteBuffer sliced = src.slice(); // a heap slice has an array offset
      assertWrites(bulk(BINARY), w -> w.bulk(sliced));
      assertEquals(0, sliced.position());
    }
  }

  @Test
  void integerArguments() {
    assertWrites(command(bulk("0"), bulk("-1"), bulk("42"), bulk("-7"), bulk("127"), bulk("-32768")),
        w -> w.command(0L, -1L, 42, (short) -7, (byte) 127, (short) -32768));
    assertWrites(bulk("2147483647"), w -> w.bulk(Integer.MAX_VALUE));
    assertWrites(bulk("99999999999999999"), w -> w.bulk(99_999_999_999_999_999L)); // 17 digits
    assertWrites(ascii(":0\r\n:-1\r\n:9223372036854775807\r\n:-9223372036854775808\r\n"),
        w -> w.integer(0).integer(-1).integer(Long.MAX_VALUE).integer(Long.MIN_VALUE));
  }

  /** The header scratch array holds 24 bytes; $19\r\n, 19 digits and CR LF are 26. */
  @Test
  void longArgumentsOfEveryLength() {
    assertWrites(bulk("100000000000000000"), w -> w.bulk(100_000_000_000_000_000L));
    assertWrites(bulk("9223372036854775807"), w -> w.bulk(Long.MAX_VALUE));
    assertWrites(bulk("-9223372036854775808"), w -> w.bulk(Long.MIN_VALUE));
    assertWrites(command(bulk("INCRBY"), bulk("k"), bulk("-9223372036854775808")),
        w -> w.command("INCRBY", "k", Long.MIN_VALUE));
  }

  @Test
  void doubleArguments() {
    assertWrites(command(bulk("1.5"), bulk("0.1"), bulk("1.0E300"), bulk("-0.0"), bulk("+inf"), bulk("-inf")),
        w -> w.command(1.5, 0.1, 1e300, -0.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY));
    assertWrites(command(bulk("1.5")), w -> w.command(1.5f));
    assertWrites(bulk("2.5E-5"), w -> w.bulk(2.5e-5));
    IllegalArgumentException nan = assertThrows(IllegalArgumentException.class,
        () -> RespWriter.to(new byte[64], 0).bulk(Double.NaN));
    assertTrue(nan.getMessage().contains("NaN"));
  }

  @Test
  void repliesForServersAndTests() {
    assertWrites(ascii("+OK\r\n-ERR no\r\n$-1\r\n*-1\r\n*2\r\n+\u00c3\u00a9\r\n"),
        w -> w.simpleString("OK").error("ERR no").nullBulk().nullArray().array(2).simpleString("\u00e9"));
    for (String bad : List.of("a\rb", "a\nb", "\r\n")) {
      RespWriter writer = RespWriter.to(new byte[64], 0);
      writer.simpleString("x");
      assertThrows(IllegalArgumentException.class, () -> writer.simpleString(bad));
      assertThrows(IllegalArgumentException.class, () -> writer.error(bad));
      assertEquals(4, writer.position());
    }
    assertThrows(IllegalArgumentException.class, () -> RespWriter.to(new byte[64], 0).array(-1));
  }

  @Test
  void aFailingArgumentLeavesNothingOfTheCommand() {
    Object[][] failing = {
      {"SET", "k", "a\ud800b"},
      {"SET", "k", new Object()},
      {"SET", "k", null},
      {"SET", new byte[3000], "\udc00"},
      {"SET", "k", List.of("v")},
    };
    for (Object[] args : failing) {
      byte[] array = new byte[8192];
      Arrays.fill(array, (byte) '#');
      RespWriter toArray = RespWriter.to(array, 1);
      toArray.command("PING");
      long mark = toArray.position();
      assertThrows(RuntimeException.class, () -> toArray.command(args));
      assertEquals(mark, toArray.position());
      toArray.command("PING");
      assertArrayEquals(command(bulk("PING")), Arrays.copyOfRange(array, 1 + (int) mark, 1 + 2 * (int) mark));

      for (ByteBuffer buffer : List.of(ByteBuffer.allocate(8192), ByteBuffer.allocateDirect(8192))) {
        RespWriter toBuffer = RespWriter.to(buffer);
        toBuffer.command("PING");
        int position = buffer.position();
        assertThrows(RuntimeException.class, () -> toBuffer.command(args));
        assertEquals(position, buffer.position());
        assertEquals(position, toBuffer.position());
      }

      SegmentedBuffer segments = new SegmentedBuffer(64);
      RespWriter toSegments = RespWriter.to(segments);
      toSegments.command("PING");
      long size = segments.size();
      assertThrows(RuntimeException.class, () -> toSegments.command(args));
      assertEquals(size, segments.size());
      assertEquals(size, toSegments.position());

      ByteArrayOutputStream stream = new ByteArrayOutputStream();
      RespWriter toStream = RespWriter.to(stream);
      toStream.command("PING");
      assertThrows(RuntimeException.class, () -> toStream.command(args));
      toStream.command("PING");
      flush(toStream);
      assertArrayEquals(concat(command(bulk("PING")), command(bulk("PING"))), stream.toByteArray());
    }
    // What each failure is.
    assertThrows(MalformedTextException.class, () -> RespWriter.to(new byte[64], 0).command("a\ud800b"));
    IllegalArgumentException wrongClass = assertThrows(IllegalArgumentException.class,
        () -> RespWriter.to(new byte[64], 0).command("SET", new Object()));
    assertTrue(wrongClass.getMessage().contains("argument 1"), wrongClass.getMessage());
  }

  @Test
  void aDestinationTooSmallLeavesNothingOfTheCommand() {
    byte[] value = new byte[100];
    ByteBuffer valueBuffer = ByteBuffer.wrap(value);
    for (Object big : new Object[] {value, valueBuffer, "x".repeat(100), 123456789L, 1.25}) {
      int need = command(bulk("SET"), bulk("k")).length + 5;
      for (int room = 0; room < need; room++) {
        byte[] array = new byte[room + 2];
        RespWriter toArray = RespWriter.to(array, 2);
        assertThrows(BufferTooSmallException.class, () -> toArray.command("SET", "k", big));
        assertEquals(0, toArray.position());

        ByteBuffer buffer = ByteBuffer.allocate(3 + room);
        buffer.position(3);
        RespWriter toBuffer = RespWriter.to(buffer);
        assertThrows(BufferTooSmallException.class, () -> toBuffer.command("SET", "k", big));
        assertEquals(3, buffer.position());

        ByteBuffer direct = ByteBuffer.allocateDirect(room);
        RespWriter toDirect = RespWriter.to(direct);
        assertThrows(BufferTooSmallException.class, () -> toDirect.command("SET", "k", big));
        assertEquals(0, direct.position());
      }
      assertEquals(0, valueBuffer.position());
    }
    // Exactly the room needed is enough.
    byte[] expected = command(bulk("SET"), bulk("k"), bulk(value));
    byte[] exact = new byte[expected.length];
    RespWriter.to(exact, 0).command("SET", "k", value);
    assertArrayEquals(expected, exact);
  }

  @Test
  void questionMarksForUnpairedSurrogatesLikeJedis() {
    RespWriter writer = RespWriter.to(new byte[64], 0).codec(Utf8.codec(ErrorPolicy.REPLACE_WITH_QUESTION_MARK));
    for (String text : List.of("a\ud800b", "\udc00", "x\ud83d", "\ud83d\ude00\ud800")) {
      byte[] expected = command(bulk(text.getBytes(StandardCharsets.UTF_8))); // the JDK writes '?'
      assertWrites(expected, w -> w.codec(Utf8.codec(ErrorPolicy.REPLACE_WITH_QUESTION_MARK)).command(text));
      writer.command(text);
    }
    assertArrayEquals(bulk("a?b"), inEveryDestination(
        w -> w.codec(Utf8.codec(ErrorPolicy.REPLACE_WITH_QUESTION_MARK)).bulk("a\ud800b")));
  }

  @Test
  void anArrayWriterIsReusedWithReset() {
    byte[] first = new byte[32];
    RespWriter writer = RespWriter.to(first, 0);
    writer.command("PING");
    assertEquals(14, writer.position());
    byte[] second = new byte[40];
    writer.reset(second, 5);
    assertEquals(0, writer.position());
    writer.command("ECHO", "hi");
    assertArrayEquals(command(bulk("ECHO"), bulk("hi")), Arrays.copyOfRange(second, 5, 5 + (int) writer.position()));
    writer.reset(first, 0);
    writer.command("QUIT");
    assertArrayEquals(command(bulk("QUIT")), Arrays.copyOf(first, 14));
    assertThrows(IndexOutOfBoundsException.class, () -> writer.reset(first, 33));
    assertThrows(IllegalStateException.class, () -> RespWriter.to(new SegmentedBuffer()).reset(first, 0));
    assertThrows(IllegalStateException.class, () -> RespWriter.to(ByteBuffer.allocate(8)).reset(first, 0));
    ByteBuffer buffer = ByteBuffer.allocate(64);
    RespWriter bufferWriter = RespWriter.to(buffer);
    bufferWriter.command("PING");
    buffer.clear();
    bufferWriter.reset(buffer);
    assertEquals(0, bufferWriter.position());
    bufferWriter.command("QUIT");
    assertEquals(14, buffer.position());
  }

  @Test
  void aStreamGetsNothingBeforeFlush() throws IOException {
    ByteArrayOutputStream stream = new ByteArrayOutputStream();
    RespWriter writer = RespWriter.to(stream);
    writer.command("SET", "k", new byte[20000]);
    assertEquals(0, stream.size());
    assertEquals(command(bulk("SET"), bulk("k"), bulk(new byte[20000])).length, writer.position());
    writer.flush();
    assertArrayEquals(command(bulk("SET"), bulk("k"), bulk(new byte[20000])), stream.toByteArray());
    writer.flush();
    assertEquals(writer.position(), stream.size());
  }

  /** Takes whole writes while they fit in {@code accept} bytes; the write that would not fit throws, taking none. */
  private static final class FailingStream extends OutputStream {
    final ByteArrayOutputStream taken = new ByteArrayOutputStream();
    long accept;
    int failures;

    FailingStream(long accept) {
      this.accept = accept;
    }

    @Override
    public void write(int b) throws IOException {
      write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      if (taken.size() + len > accept) {
        failures++;
        throw new IOException("connection reset after " + taken.size() + " bytes");
      }
      taken.write(b, off, len);
    }
  }

  @Test
  void aStreamThatFailsPartWayGetsTheRestOnTheNextFlush() {
    byte[] big = new byte[50000];
    for (int i = 0; i < big.length; i++) big[i] = (byte) (i % 251);
    byte[] expected = concat(command(bulk("SET"), bulk("k"), bulk(big)), command(bulk("GET"), bulk("k")));
    for (long accept : new long[] {0, 1, 8192, 8193, 20000, 40000, expected.length - 1}) {
      FailingStream stream = new FailingStream(accept);
      RespWriter writer = RespWriter.to(stream);
      writer.command("SET", "k", big);
      writer.command("GET", "k");
      assertThrows(IOException.class, writer::flush, "accept " + accept);
      long sentBefore = stream.taken.size();
      assertTrue(sentBefore <= accept);
      assertEquals(expected.length, writer.position());
      stream.accept = Long.MAX_VALUE;
      flush(writer);
      assertArrayEquals(expected, stream.taken.toByteArray(), "accept " + accept + ", sent " + sentBefore + " first");
      // More after a failure: appended, and a third flush sends only that.
      writer.command("PING");
      flush(writer);
      assertArrayEquals(concat(expected, command(bulk("PING"))), stream.taken.toByteArray());
    }
    // Two failures in a row, then success: still each byte once.
    FailingStream stream = new FailingStream(10000);
    RespWriter writer = RespWriter.to(stream);
    writer.command("SET", "k", big);
    writer.command("GET", "k");
    assertThrows(IOException.class, writer::flush);
    stream.accept = 30000;
    assertThrows(IOException.class, writer::flush);
    stream.accept = Long.MAX_VALUE;
    flush(writer);
    assertArrayEquals(expected, stream.taken.toByteArray());
    assertEquals(2, stream.failures);
  }

  private static void flush(RespWriter writer) {
    try {
      writer.flush();
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] out = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }
}
