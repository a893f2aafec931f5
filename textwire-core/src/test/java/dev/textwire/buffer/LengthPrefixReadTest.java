package dev.textwire.buffer;

import static dev.textwire.TestSupport.bytes;
import static dev.textwire.TestSupport.concat;
import static dev.textwire.TestSupport.seedMessage;
import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.CodedOutputStream;
import dev.textwire.ErrorPolicy;
import dev.textwire.Utf8;
import dev.textwire.MalformedTextException;
import dev.textwire.TestSupport;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Reading length-prefixed frames from byte[], heap, sliced and direct ByteBuffers and InputStreams: round
 * trips, protobuf in both directions, frames cut at every byte, malformed prefixes, declared lengths
 * above the caller's maximum (refused before anything is allocated) and bad UTF-8 inside a frame.
 *
 * <p>Frames under test are written by the library only for round trips; every error case is built by
 * hand, byte by byte, so a bug in the writer cannot hide one in the reader.
 */
class LengthPrefixReadTest {
  private static final long SEED = TestSupport.seed(0x4EAD_F4A3L);
  private static final int MAX = Integer.MAX_VALUE;

  /** Texts for round trips: empty, every UTF-8 width, and lengths at prefix width changes. */
  static final List<String> SAMPLES =
      List.of(
          "", "a", "héllo wörld", "中文字符", "😀 emoji 🎉", "x".repeat(9), "x".repeat(10), "x".repeat(127),
          "x".repeat(128), "中".repeat(43), "é".repeat(64), "y".repeat(16_384), "Ж".repeat(5_000));

  // -------------------------------------------------------------------------------------------------
  // Helpers

  /** The frame for {@code text}, as the library writes it (for round trips only). */
  static byte[] frame(LengthPrefix p, String text) {
    byte[] out = new byte[(int) p.frameLength(text)];
    p.write(text, out, 0);
    return out;
  }

  /** A prefix declaring {@code length}, built by hand. */
  static byte[] header(LengthPrefix p, long length) {
    switch (p) {
      case VARINT: {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        while (length >= 0x80) {
          out.write((int) (length & 0x7F) | 0x80);
          length >>>= 7;
        }
        out.write((int) length);
        return out.toByteArray();
      }
      case FIXED16_BE: return new byte[] {(byte) (length >> 8), (byte) length};
      case FIXED16_LE: return new byte[] {(byte) length, (byte) (length >> 8)};
      case FIXED32_BE: return ByteBuffer.allocate(4).putInt((int) length).array();
      case FIXED32_LE: return ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt((int) length).array();
      default: return ("$" + length + "\r\n").getBytes(US_ASCII);
    }
  }

  static byte[] ascii(String s) {
    return s.getBytes(US_ASCII);
  }

  /** A frame built by hand around arbitrary (maybe invalid) text bytes. */
  static byte[] rawFrame(LengthPrefix p, byte[] text) {
    byte[] trailer = p == LengthPrefix.RESP_BULK ? "\r\n".getBytes(US_ASCII) : new byte[0];
    return concat(header(p, text.length), text, trailer);
  }

  /** {@code bytes} at {@code before} junk bytes, followed by {@code after} junk bytes. */
  static byte[] padded(int before, byte[] bytes, int after) {
    byte[] out = new byte[before + bytes.length + after];
    Arrays.fill(out, (byte) 0x7E);
    System.arraycopy(bytes, 0, out, before, bytes.length);
    return out;
  }

  /** A heap buffer over {@code bytes} that is a slice of a larger array: its array offset is 11. */
  static ByteBuffer slice(byte[] bytes) {
    return ByteBuffer.wrap(padded(11, bytes, 5), 11, bytes.length).slice();
  }

  static ByteBuffer direct(byte[] bytes) {
    return ByteBuffer.allocateDirect(bytes.length).put(bytes).clear();
  }

  /**
   * A stream that hands out at most 3 bytes per read(byte[]) call, as a socket may, and counts what was
   * taken from it, so a reader that consumes past its frame or assumes full reads shows.
   */
  static final class TrickleStream extends InputStream {
    private final byte[] bytes;
    private int position;

    TrickleStream(byte[] bytes, int position) {
      this.bytes = bytes;
      this.position = position;
    }

    @Override
    public int read() {
      return position < bytes.length ? bytes[position++] & 0xFF : -1;
    }

    @Override
    public int read(byte[] b, int off, int len) {
      if (len == 0) {
        return 0;
      }
      if (position == bytes.length) {
        return -1;
      }
      int n = Math.min(Math.min(len, 3), bytes.length - position);
      System.arraycopy(bytes, position, b, off, n);
      position += n;
      return n;
    }

    int position() {
      return position;
    }
  }

  /** The ByteBuffers a reader must handle alike; all hold {@code bytes} from index 0. */
  static List<ByteBuffer> buffers(byte[] bytes) {
    return List.of(ByteBuffer.wrap(bytes.clone()), slice(bytes), direct(bytes));
  }

  static String describe(ByteBuffer b) {
    return b.isDirect() ? "direct ByteBuffer" : "heap ByteBuffer with array offset " + b.arrayOffset();
  }

  // -------------------------------------------------------------------------------------------------
  // Round trips

  /**
   * Frames back to back, read in sequence from every source: each read moves exactly past its frame, so
   * the next one is read from where it starts, and a stream still holds the following frames.
   */
  @ParameterizedTest
  @EnumSource(LengthPrefix.class)
  void roundTripsFromEverySource(LengthPrefix p) throws IOException {
    List<byte[]> frames = new ArrayList<>();
    for (String text : SAMPLES) {
      frames.add(frame(p, text));
    }
    byte[] all = padded(3, concat(frames.toArray(new byte[0][])), 4); // junk before and after
    int end = all.length - 4;

    int offset = 3;
    for (int i = 0; i < SAMPLES.size(); i++) {
      String c = p + ", frame " + i + " at byte " + offset;
      int length = frames.get(i).length;
      assertEquals(length, p.frameLength(all, offset, end, MAX), c + ": frameLength");
      assertEquals(length, p.frameLength(all, offset, offset + length, length), c + ": frameLength, exact limit");
      assertEquals(SAMPLES.get(i), p.read(all, offset, end, MAX), c + ": read(byte[])");
      assertEquals(SAMPLES.get(i), p.read(all, offset, offset + length, MAX, Utf8.codec(ErrorPolicy.REPLACE)), c + ": REPLACE");
      offset += length;
    }

    for (ByteBuffer buffer : buffers(all)) {
      buffer.position(3).limit(end);
      for (int i = 0; i < SAMPLES.size(); i++) {
        int start = buffer.position();
        String c = p + ", frame " + i + ", " + describe(buffer);
        assertEquals(SAMPLES.get(i), p.read(buffer, MAX), c);
        assertEquals(start + frames.get(i).length, buffer.position(), c + ": position after the frame");
      }
    }

    TrickleStream in = new TrickleStream(all, 3);
    for (int i = 0; i < SAMPLES.size(); i++) {
      int start = in.position();
      assertEquals(SAMPLES.get(i), p.read(in, MAX), p + ", frame " + i + ", InputStream");
      assertEquals(start + frames.get(i).length, in.position(), p + ", frame " + i + ": bytes taken from the stream");
    }
  }

  /** Seeded random texts, one frame each, through every source. */
  @ParameterizedTest
  @EnumSource(LengthPrefix.class)
  void seededRandomRoundTrips(LengthPrefix p) throws IOException {
    SplittableRandom random = new SplittableRandom(SEED ^ p.ordinal());
    for (int iteration = 0; iteration < 300; iteration++) {
      String text = randomText(random, random.nextInt(8) == 0 ? 3000 : 40);
      String c = seedMessage(SEED) + ", " + p + ", iteration " + iteration;
      byte[] framed = padded(2, frame(p, text), 2);
      assertEquals(text, p.read(framed, 2, framed.length, MAX), c + ": byte[]");
      for (ByteBuffer buffer : buffers(framed)) {
        assertEquals(text, p.read(buffer.position(2), MAX), c + ", " + describe(buffer));
        assertEquals(framed.length - 2, buffer.position(), c + ", " + describe(buffer) + ": position");
      }
      assertEquals(text, p.read(new TrickleStream(framed, 2), MAX), c + ": InputStream");
    }
  }

  static String randomText(SplittableRandom random, int maxChars) {
    StringBuilder sb = new StringBuilder();
    int chars = random.nextInt(maxChars + 1);
    while (sb.length() < chars) {
      switch (random.nextInt(4)) {
        case 0: sb.append((char) random.nextInt(0x80)); break;
        case 1: sb.append((char) random.nextInt(0x80, 0x800)); break;
        case 2: sb.append((char) random.nextInt(0xE000, 0x10000)); break;
        default: sb.appendCodePoint(random.nextInt(0x10000, 0x110000));
      }
    }
    return sb.toString();
  }

  // -------------------------------------------------------------------------------------------------
  // protobuf, both ways

  /** Strings written by protobuf's writeStringNoTag, back to back, are read by VARINT from every source. */
  @Test
  void varintReadsWhatProtobufWrites() throws IOException {
    SplittableRandom random = new SplittableRandom(SEED);
    List<String> texts = new ArrayList<>(SAMPLES);
    for (int i = 0; i < 100; i++) {
      texts.add(randomText(random, random.nextInt(5) == 0 ? 20_000 : 200));
    }
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    CodedOutputStream out = CodedOutputStream.newInstance(bytes);
    for (String text : texts) {
      out.writeStringNoTag(text);
    }
    out.flush();
    byte[] all = bytes.toByteArray();

    int offset = 0;
    TrickleStream in = new TrickleStream(all, 0);
    List<ByteBuffer> buffers = buffers(all);
    for (int i = 0; i < texts.size(); i++) {
      String c = seedMessage(SEED) + ", protobuf string " + i + " at byte " + offset;
      assertEquals(texts.get(i), LengthPrefix.VARINT.read(all, offset, all.length, MAX), c + ": byte[]");
      offset += LengthPrefix.VARINT.frameLength(all, offset, all.length, MAX);
      for (ByteBuffer buffer : buffers) {
        assertEquals(texts.get(i), LengthPrefix.VARINT.read(buffer, MAX), c + ", " + describe(buffer));
        assertEquals(offset, buffer.position(), c + ", " + describe(buffer) + ": position");
      }
      assertEquals(texts.get(i), LengthPrefix.VARINT.read(in, MAX), c + ": InputStream");
    }
    assertEquals(all.length, offset, "every protobuf byte was read");
  }

  /** What VARINT writes, back to back, is read by protobuf's CodedInputStream.readString. */
  @Test
  void protobufReadsWhatVarintWrites() throws IOException {
    SplittableRandom random = new SplittableRandom(SEED + 1);
    List<String> texts = new ArrayList<>(SAMPLES);
    for (int i = 0; i < 100; i++) {
      texts.add(randomText(random, random.nextInt(5) == 0 ? 20_000 : 200));
    }
    SegmentedBuffer buffer = new SegmentedBuffer(64);
    for (String text : texts) {
      LengthPrefix.VARINT.write(text, buffer);
    }
    CodedInputStream in = CodedInputStream.newInstance(buffer.toByteArray());
    for (int i = 0; i < texts.size(); i++) {
      assertEquals(texts.get(i), in.readString(), seedMessage(SEED + 1) + ", string " + i);
    }
    assertTrue(in.isAtEnd(), "protobuf read every byte");
  }

  // -------------------------------------------------------------------------------------------------
  // Cut frames

  /**
   * A frame cut at every byte: frameLength says -1 (wait for more), read says truncated at the frame's
   * offset and leaves a buffer's position alone, and a stream ends with EOFException. The whole frame
   * then reads.
   */
  @ParameterizedTest
  @EnumSource(LengthPrefix.class)
  void framesCutAtEveryByte(LengthPrefix p) {
    List<byte[]> frames = new ArrayList<>();
    for (String text : List.of("", "a", "中文", "x".repeat(128), "中".repeat(43))) {
      frames.add(frame(p, text));
    }
    if (p == LengthPrefix.RESP_BULK) {
      frames.add("$-1\r\n".getBytes(US_ASCII));
    }
    for (byte[] frame : frames) {
      byte[] src = padded(4, frame, 3); // junk after the cut must not count
      for (int cut = 0; cut < frame.length; cut++) {
        String c = p + ", frame of " + frame.length + " bytes cut after " + cut;
        int limit = 4 + cut;
        assertEquals(-1, p.frameLength(src, 4, limit, MAX), c + ": frameLength");
        MalformedFrameException e =
            frameError(() -> p.read(src, 4, limit, MAX), c + ": byte[]");
        assertTruncatedAt(4, e, c + ": byte[]");
        // Heap with array offset 0 and direct; a slice's offsets have their own test below.
        for (ByteBuffer buffer : List.of(ByteBuffer.wrap(src.clone()), direct(src))) {
          buffer.limit(limit).position(4);
          String b = c + ", " + describe(buffer);
          assertTruncatedAt(4, frameError(() -> p.read(buffer, MAX), b), b);
          assertEquals(4, buffer.position(), b + ": position after the error");
        }
        InputStream in = new ByteArrayInputStream(src, 4, cut);
        assertThrows(EOFException.class, () -> p.read(in, MAX), c + ": InputStream");
      }
      String c = p + ", whole frame of " + frame.length + " bytes";
      assertEquals(frame.length, p.frameLength(src, 4, 4 + frame.length, MAX), c);
      p.read(src, 4, 4 + frame.length, MAX);
    }
  }

  static MalformedFrameException frameError(Read read, String ctx) {
    return assertThrows(MalformedFrameException.class, read::run, ctx);
  }

  static MalformedFrameException frameError(Read read) {
    return frameError(read, "");
  }

  static void assertTruncatedAt(long offset, MalformedFrameException e, String ctx) {
    assertTrue(e.isTruncated(), ctx + ": isTruncated, " + e.getMessage());
    assertEquals(offset, e.byteOffset(), ctx + ": byteOffset, " + e.getMessage());
    assertTrue(e.getMessage().contains("byte offset " + offset), ctx + ": message names the offset: " + e.getMessage());
  }

  // -------------------------------------------------------------------------------------------------
  // Declared lengths above the maximum, and huge ones

  /**
   * A declared length above maxBytes fails on the prefix alone, not as a truncation, naming the length
   * and the maximum. The input is a few bytes: a reader that allocated first would need 2 GiB.
   */
  @ParameterizedTest
  @EnumSource(LengthPrefix.class)
  void declaredLengthAboveTheMaximumIsRefusedBeforeAllocating(LengthPrefix p) throws IOException {
    long declared = p.maxLength(); // 2^31-1, or 65,535 for FIXED16
    byte[] src = padded(2, concat(header(p, declared), ascii("abc")), 0);
    String c = p + ", declared " + declared + ", maxBytes 100";
    checkAboveMax(frameError(() -> p.frameLength(src, 2, src.length, 100), c), 2, declared, 100, c + ": frameLength");
    checkAboveMax(frameError(() -> p.read(src, 2, src.length, 100), c), 2, declared, 100, c + ": byte[]");
    for (ByteBuffer buffer : List.of(ByteBuffer.wrap(src.clone()), direct(src))) {
      buffer.position(2);
      String b = c + ", " + describe(buffer);
      checkAboveMax(frameError(() -> p.read(buffer, 100), b), 2, declared, 100, b);
      assertEquals(2, buffer.position(), b + ": position after the error");
    }
    TrickleStream in = new TrickleStream(src, 2);
    checkAboveMax(frameError(() -> p.read(in, 100), c), 0, declared, 100, c + ": InputStream");
    assertEquals(src.length - 3, in.position(), c + ": the stream was read up to the end of the prefix only");

    // The maximum itself is allowed, one less is not.
    byte[] hello = rawFrame(p, ascii("hello"));
    assertEquals("hello", p.read(hello, 0, hello.length, 5), p + ": maxBytes = declared length");
    assertEquals("hello", p.read(new ByteArrayInputStream(hello), 5), p + ": maxBytes = declared length, stream");
    checkAboveMax(frameError(() -> p.read(hello, 0, hello.length, 4)), 0, 5, 4, p + ": maxBytes 4");
    checkAboveMax(frameError(() -> p.read(direct(hello), 4)), 0, 5, 4, p + ": maxBytes 4, direct");
    checkAboveMax(frameError(() -> p.read(new ByteArrayInputStream(hello), 4)), 0, 5, 4, p + ": maxBytes 4, stream");
    checkAboveMax(frameError(() -> p.read(hello, 0, hello.length, 0)), 0, 5, 0, p + ": maxBytes 0");
  }

  static void checkAboveMax(MalformedFrameException e, long offset, long declared, int max, String ctx) {
    String m = e.getMessage();
    assertFalse(e.isTruncated(), ctx + ": not a truncation: " + m);
    assertEquals(offset, e.byteOffset(), ctx + ": byteOffset: " + m);
    assertTrue(m.contains(Long.toString(declared)), ctx + ": message names the declared length: " + m);
    assertTrue(m.contains(Integer.toString(max)), ctx + ": message names the maximum: " + m);
    assertTrue(m.contains("byte offset " + offset), ctx + ": message names the offset: " + m);
  }

  /**
   * With no maximum to speak of (2^31-1), a huge declared length and a few bytes is a truncation, found
   * by comparing with what is there rather than by allocating. A stream cannot know without reading: it
   * ends with EOFException (a length that fits in memory here).
   */
  @ParameterizedTest
  @EnumSource(LengthPrefix.class)
  void hugeDeclaredLengthWithFewBytesIsATruncation(LengthPrefix p) throws IOException {
    long declared = p.maxLength();
    byte[] src = padded(2, concat(header(p, declared), ascii("abcdefghij")), 0);
    String c = p + ", declared " + declared + ", 10 bytes follow";
    assertEquals(-1, p.frameLength(src, 2, src.length, MAX), c + ": frameLength");
    assertTruncatedAt(2, frameError(() -> p.read(src, 2, src.length, MAX), c), c + ": byte[]");
    for (ByteBuffer buffer : List.of(ByteBuffer.wrap(src.clone()), direct(src))) {
      buffer.position(2);
      String b = c + ", " + describe(buffer);
      assertTruncatedAt(2, frameError(() -> p.read(buffer, MAX), b), b);
    }
    byte[] streamed = concat(header(p, 1000), ascii("abcdefghij"));
    TrickleStream in = new TrickleStream(streamed, 0);
    assertThrows(EOFException.class, () -> p.read(in, MAX), p + ", declared 1000, 10 bytes follow: InputStream");
    assertEquals(streamed.length, in.position(), p + ": the stream was read to its end before EOFException");
  }

  /**
   * RESP's text plus its 2-byte trailer can be more than an int holds: a stream declaring 2^31-1 bytes
   * and then ending must end with EOFException (or be refused as a frame), not fail computing a size.
   * (Any array for it is beyond the JVM's limit, so this cannot turn into a slow allocation.)
   */
  @Test
  void respStreamWithTheLargestLengthDoesNotOverflow() {
    InputStream in = new ByteArrayInputStream(ascii("$2147483647\r\nabc"));
    String result = outcome(() -> LengthPrefix.RESP_BULK.read(in, MAX));
    assertTrue(result.startsWith("java.io.EOFException") || result.startsWith("MalformedFrameException"),
        "RESP_BULK, $2147483647 then 3 bytes, from a stream: " + result);
  }

  @ParameterizedTest
  @EnumSource(LengthPrefix.class)
  void negativeMaxBytesIsRefused(LengthPrefix p) {
    byte[] src = rawFrame(p, ascii("abc"));
    List<Read> reads =
        List.of(
            () -> p.read(src, 0, src.length, -1),
            () -> p.frameLength(src, 0, src.length, -1),
            () -> p.read(ByteBuffer.wrap(src), -1),
            () -> p.read(direct(src), Integer.MIN_VALUE),
            () -> p.read(new ByteArrayInputStream(src), -1));
    for (int i = 0; i < reads.size(); i++) {
      Read read = reads.get(i);
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, read::run, p + ", read " + i);
      // MalformedFrameException is an IllegalArgumentException too: the caller's mistake is not the input's.
      assertEquals(IllegalArgumentException.class, e.getClass(), p + ", read " + i + ": " + e);
    }
  }

  interface Read {
    Object run() throws IOException;
  }

  // -------------------------------------------------------------------------------------------------
  // Malformed prefixes and trailers

  /** A malformed input, the words its error must use, and the bytes it must show in hex. */
  record Malformed(LengthPrefix prefix, String input, String what, String hex) {}

  static final List<Malformed> MALFORMED =
      List.of(
          new Malformed(LengthPrefix.VARINT, "80 80 80 80 80 01 41", "longer than 5 bytes", "80 80 80 80 80"),
          new Malformed(LengthPrefix.VARINT, "FF FF FF FF 0F 41", "4294967295", "FF FF FF FF 0F"),
          new Malformed(LengthPrefix.VARINT, "80 80 80 80 08 41", "2147483648", "80 80 80 80 08"),
          new Malformed(LengthPrefix.FIXED32_BE, "80 00 00 00 41", "2147483648", "80 00 00 00"),
          new Malformed(LengthPrefix.FIXED32_LE, "FF FF FF FF 41", "4294967295", "FF FF FF FF"),
          new Malformed(LengthPrefix.RESP_BULK, asciiHex("+OK\r\n"), "'$'", "2B"),
          new Malformed(LengthPrefix.RESP_BULK, asciiHex("$1a\r\nx\r\n"), "digit", "24 31 61"),
          new Malformed(LengthPrefix.RESP_BULK, asciiHex("$\r\n\r\n"), "no digits", "24 0D"),
          new Malformed(LengthPrefix.RESP_BULK, asciiHex("$3\rXabc\r\n"), "after \\r", "24 33 0D 58"),
          new Malformed(LengthPrefix.RESP_BULK, asciiHex("$-2\r\n"), "negative length", "24 2D 32"),
          new Malformed(LengthPrefix.RESP_BULK, asciiHex("$-10\r\n"), "negative length", "24 2D 31 30"),
          new Malformed(
              LengthPrefix.RESP_BULK, asciiHex("$2147483648\r\n"), "2^31-1", "24 32 31 34 37 34 38 33 36 34 38"),
          new Malformed(LengthPrefix.RESP_BULK, asciiHex("$3\r\nabcXY"), "\\r\\n", "58 59"),
          new Malformed(LengthPrefix.RESP_BULK, asciiHex("$3\r\nabc\rX"), "\\r\\n", "0D 58"),
          new Malformed(LengthPrefix.RESP_BULK, asciiHex("$0\r\n\n\r"), "\\r\\n", "0A 0D"));

  /** The hex of an ASCII string, for the table above. */
  static String asciiHex(String s) {
    return TestSupport.hex(s.getBytes(US_ASCII));
  }

  /**
   * Each malformed input fails with MalformedFrameException, not a truncation, from every source: the
   * message says what was wrong, at which offset, and shows the bytes.
   */
  @Test
  void malformedPrefixesAndTrailers() throws IOException {
    for (Malformed m : MALFORMED) {
      LengthPrefix p = m.prefix();
      byte[] input = bytes(m.input());
      byte[] src = padded(3, input, 0);
      String c = p + ", input " + m.input();
      checkMalformed(frameError(() -> p.frameLength(src, 3, src.length, MAX), c), m, 3, c + ": frameLength");
      checkMalformed(frameError(() -> p.read(src, 3, src.length, MAX), c), m, 3, c + ": byte[]");
      for (ByteBuffer buffer : List.of(ByteBuffer.wrap(src.clone()), direct(src))) {
        buffer.position(3);
        String b = c + ", " + describe(buffer);
        checkMalformed(frameError(() -> p.read(buffer, MAX), b), m, 3, b);
        assertEquals(3, buffer.position(), b + ": position after the error");
      }
      String s = c + ": InputStream";
      checkMalformed(frameError(() -> p.read(new ByteArrayInputStream(input), MAX), s), m, 0, s);
    }
  }

  static void checkMalformed(MalformedFrameException e, Malformed m, long offset, String ctx) {
    String message = e.getMessage();
    assertFalse(e.isTruncated(), ctx + ": not a truncation: " + message);
    assertEquals(offset, e.byteOffset(), ctx + ": byteOffset: " + message);
    assertTrue(message.contains(m.what()), ctx + ": message says what was wrong (" + m.what() + "): " + message);
    assertTrue(message.contains("byte offset " + offset), ctx + ": message names the offset: " + message);
    assertTrue(message.contains(m.hex()), ctx + ": message shows the bytes " + m.hex() + ": " + message);
  }

  /** RESP2's null bulk string reads as null, is 5 bytes long, and the next frame follows it. */
  @Test
  void respNullBulkString() throws IOException {
    LengthPrefix p = LengthPrefix.RESP_BULK;
    byte[] src = padded(2, ascii("$-1\r\n$3\r\nabc\r\n$-1\r\n"), 1);
    int end = src.length - 1;
    assertEquals(5, p.frameLength(src, 2, end, MAX), "frameLength of $-1");
    assertEquals(5, p.frameLength(src, 2, 7, 0), "frameLength of $-1 alone, maxBytes 0");
    assertNull(p.read(src, 2, 7, 0), "byte[]");
    assertEquals("abc", p.read(src, 7, end, MAX), "byte[]: the frame after");
    assertNull(p.read(src, 16, end, MAX), "byte[]: the last frame");
    for (ByteBuffer buffer : buffers(src)) {
      buffer.position(2).limit(end);
      String b = describe(buffer);
      assertNull(p.read(buffer, MAX), b);
      assertEquals(7, buffer.position(), b + ": position after $-1");
      assertEquals("abc", p.read(buffer, MAX), b + ": the frame after");
      assertNull(p.read(buffer, MAX), b + ": the last frame");
      assertEquals(end, buffer.position(), b + ": position at the end");
    }
    TrickleStream in = new TrickleStream(Arrays.copyOf(src, end), 2);
    assertNull(p.read(in, MAX), "InputStream");
    assertEquals(7, in.position(), "InputStream: bytes taken by $-1");
    assertEquals("abc", p.read(in, MAX), "InputStream: the frame after");
    assertNull(p.read(in, MAX), "InputStream: the last frame");
  }

  // -------------------------------------------------------------------------------------------------
  // The text inside a frame

  /**
   * Invalid UTF-8 inside a well-formed frame: STRICT throws MalformedTextException (and a buffer's
   * position stays), REPLACE yields U+FFFD per maximal subpart.
   */
  @ParameterizedTest
  @EnumSource(LengthPrefix.class)
  void invalidUtf8InsideAFrame(LengthPrefix p) throws IOException {
    String[][] cases = { // text bytes, decoded with REPLACE
      {"61 FF 62", "a\uFFFDb"}, {"61 E4 B8", "a\uFFFD"},
      {"ED A0 80", "\uFFFD\uFFFD\uFFFD"}, {"C0 AF 7A", "\uFFFD\uFFFDz"}
    };
    for (String[] k : cases) {
      byte[] frame = rawFrame(p, bytes(k[0]));
      byte[] src = padded(3, frame, 0);
      String c = p + ", text bytes " + k[0];
      int width = header(p, bytes(k[0]).length).length;
      MalformedTextException e =
          assertThrows(MalformedTextException.class, () -> p.read(src, 3, src.length, MAX), c + ": byte[]");
      int firstBad = k[0].startsWith("61") ? 1 : 0;
      assertEquals(3 + width + firstBad, e.byteOffset(), c + ": byte[]: offset of the bad byte in the array");
      assertEquals(k[1], p.read(src, 3, src.length, MAX, Utf8.codec(ErrorPolicy.REPLACE)), c + ": byte[], REPLACE");
      assertEquals(frame.length, p.frameLength(src, 3, src.length, MAX), c + ": frameLength does not decode");
      for (ByteBuffer buffer : buffers(src)) {
        String b = c + ", " + describe(buffer);
        buffer.position(3);
        assertThrows(MalformedTextException.class, () -> p.read(buffer, MAX), b);
        assertEquals(3, buffer.position(), b + ": position after the error");
        assertEquals(k[1], p.read(buffer, MAX, Utf8.codec(ErrorPolicy.REPLACE)), b + ", REPLACE");
        assertEquals(src.length, buffer.position(), b + ", REPLACE: position");
      }
      assertThrows(MalformedTextException.class, () -> p.read(new ByteArrayInputStream(frame), MAX), c + ": stream");
      assertEquals(k[1], p.read(new ByteArrayInputStream(frame), MAX, Utf8.codec(ErrorPolicy.REPLACE)), c + ": stream, REPLACE");
      assertEquals(k[1], p.read(new ByteArrayInputStream(frame), MAX, Utf8.codec(ErrorPolicy.REPLACE_WITH_QUESTION_MARK)),
          c + ": stream, REPLACE_WITH_QUESTION_MARK decodes like REPLACE");
    }
  }

  // -------------------------------------------------------------------------------------------------
  // Offsets in errors, per source

  /**
   * read(ByteBuffer) documents "offsets in errors are indices in the buffer": for a slice of a larger
   * array that is not the array index.
   */
  @ParameterizedTest
  @EnumSource(LengthPrefix.class)
  void errorsFromASlicedHeapBufferGiveBufferIndices(LengthPrefix p) {
    String c = p + ", slice with array offset 11, frame at buffer index 4";
    byte[] frame = frame(p, "hello");
    ByteBuffer cut = slice(padded(4, frame, 0)).limit(4 + frame.length - 1).position(4);
    ByteBuffer big = slice(padded(4, rawFrame(p, ascii("hello")), 0)).position(4);
    ByteBuffer bad = slice(padded(4, rawFrame(p, bytes("61 62 FF")), 0)).position(4);
    int badIndex = 4 + header(p, 3).length + 2;
    assertAll(
        () -> assertTruncatedAt(4, frameError(() -> p.read(cut, MAX)), c + ", cut"),
        () -> checkAboveMax(frameError(() -> p.read(big, 2)), 4, 5, 2, c + ", maxBytes 2"),
        () -> assertEquals(badIndex, assertThrows(MalformedTextException.class, () -> p.read(bad, MAX)).byteOffset(),
            c + ", invalid UTF-8: buffer index of the bad byte"));
  }

  /** The same for a direct buffer: a decode error's offset is an index in the buffer, not in a copy. */
  @ParameterizedTest
  @EnumSource(LengthPrefix.class)
  void decodeErrorFromADirectBufferGivesTheBufferIndex(LengthPrefix p) {
    ByteBuffer bad = direct(padded(4, rawFrame(p, bytes("61 62 FF")), 0)).position(4);
    MalformedTextException e = assertThrows(MalformedTextException.class, () -> p.read(bad, MAX));
    assertEquals(4 + header(p, 3).length + 2, e.byteOffset(), p + ", direct: buffer index of the bad byte");
  }

  /** read(InputStream) documents "offsets in errors count from the start of the frame". */
  @ParameterizedTest
  @EnumSource(LengthPrefix.class)
  void decodeErrorFromAStreamCountsFromTheFrameStart(LengthPrefix p) {
    InputStream in = new ByteArrayInputStream(rawFrame(p, bytes("61 62 FF")));
    MalformedTextException e = assertThrows(MalformedTextException.class, () -> p.read(in, MAX));
    assertEquals(header(p, 3).length + 2, e.byteOffset(), p + ", stream: offset of the bad byte from the frame start");
  }

  /**
   * A RESP length written with leading zeros makes a prefix longer than 16 bytes. Whatever the reader
   * decides about it, every source must decide the same as byte[], and a stream must not fail with an
   * exception its contract does not name.
   */
  @Test
  void longRespPrefixIsHandledAlikeByEverySource() {
    LengthPrefix p = LengthPrefix.RESP_BULK;
    byte[] src = ascii("$00000000000000000005\r\nhello\r\n");
    String expected = outcome(() -> p.read(src, 0, src.length, MAX));
    assertAll(
        () -> assertEquals(expected, outcome(() -> p.read(ByteBuffer.wrap(src), MAX)), "heap ByteBuffer vs byte[]"),
        () -> assertEquals(expected, outcome(() -> p.read(direct(src), MAX)), "direct ByteBuffer vs byte[]"),
        () -> assertEquals(expected, outcome(() -> p.read(new ByteArrayInputStream(src), MAX)), "stream vs byte[]"));
  }

  /** The text read, or the kind of exception (only MalformedFrameException is in the contract). */
  static String outcome(Read read) {
    try {
      return "read " + read.run();
    } catch (MalformedFrameException e) {
      return "MalformedFrameException, truncated=" + e.isTruncated();
    } catch (IOException | RuntimeException e) {
      return e.toString();
    }
  }
}
