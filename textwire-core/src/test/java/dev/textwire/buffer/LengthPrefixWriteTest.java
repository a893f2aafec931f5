package dev.textwire.buffer;

import static dev.textwire.TestSupport.hex;
import static dev.textwire.TestSupport.seedMessage;
import static java.nio.charset.StandardCharsets.US_ASCII;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.CodedOutputStream;
import dev.textwire.BufferTooSmallException;
import dev.textwire.ErrorPolicy;
import dev.textwire.Utf8;
import dev.textwire.MalformedTextException;
import dev.textwire.TestSupport;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Writing length-prefixed frames into byte[] (at offset 0 and later), heap buffers, sliced heap buffers
 * (array offset not 0), direct buffers and SegmentedBuffers of every segment size, with and without bytes
 * already in them.
 *
 * <p>The expected bytes never come from the library: VARINT frames come from protobuf's {@code
 * CodedOutputStream.writeStringNoTag}; the fixed widths from {@code ByteBuffer.putShort/putInt}; RESP from
 * string concatenation. The texts sit at and either side of every width change of the prefix, in bytes
 * and in chars, because the writer reserves the prefix width from the char count and shifts the text when
 * the byte count turns out to need a wider one.
 */
class LengthPrefixWriteTest {
  private static final long SEED = TestSupport.seed(0x1E46_7B0FL);
  private static final byte SENTINEL = (byte) 0xA5;
  private static final int[] SEGMENT_SIZES = {1, 2, 8, 64, 8192};
  private static final ErrorPolicy[] POLICIES = ErrorPolicy.values();

  // -------------------------------------------------------------------------------------------------
  // Expected frames, built without the library

  /** protobuf's length-delimited string body: the oracle for VARINT. */
  static byte[] protobufFrame(String s) {
    byte[] out = new byte[3 * s.length() + 5];
    try {
      CodedOutputStream cos = CodedOutputStream.newInstance(out);
      cos.writeStringNoTag(s);
      cos.flush();
      return Arrays.copyOf(out, cos.getTotalBytesWritten());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The frame of {@code s}, which must be valid UTF-16. */
  static byte[] expectedFrame(LengthPrefix p, String s) {
    if (p == LengthPrefix.VARINT) {
      return protobufFrame(s);
    }
    byte[] text = s.getBytes(UTF_8);
    int n = text.length;
    switch (p) {
      case FIXED16_BE:
      case FIXED16_LE:
        ByteOrder order16 = p == LengthPrefix.FIXED16_BE ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
        return TestSupport.concat(ByteBuffer.allocate(2).order(order16).putShort((short) n).array(), text);
      case FIXED32_BE:
      case FIXED32_LE:
        ByteOrder order32 = p == LengthPrefix.FIXED32_BE ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
        return TestSupport.concat(ByteBuffer.allocate(4).order(order32).putInt(n).array(), text);
      default:
        return TestSupport.concat(("$" + n + "\r\n").getBytes(US_ASCII), text, "\r\n".getBytes(US_ASCII));
    }
  }

  /** {@code s} with every unpaired surrogate replaced as {@code policy} says. */
  static String replaceUnpaired(String s, ErrorPolicy policy) {
    StringBuilder sb = new StringBuilder();
    s.codePoints()
        .forEach(cp -> {
          if (cp <= 0xFFFF && Character.isSurrogate((char) cp)) {
            sb.append(policy == ErrorPolicy.REPLACE ? '\uFFFD' : '?');
          } else {
            sb.appendCodePoint(cp);
          }
        });
    return sb.toString();
  }

  // -------------------------------------------------------------------------------------------------
  // Texts of an exact UTF-8 length

  /** How a text is made: from chars of one UTF-8 width, topped up with ASCII to the exact byte length. */
  enum Kind {
    ASCII(1),
    LATIN1_2BYTE(2), // é etc.: a String stored as Latin-1, which has its own encoder path
    CYRILLIC_2BYTE(2),
    CJK_3BYTE(3),
    SUPPLEMENTARY_4BYTE(4); // surrogate pairs: 2 chars for 4 bytes

    final int width;

    Kind(int width) {
      this.width = width;
    }

    /** A text of exactly {@code bytes} UTF-8 bytes. */
    String text(int bytes) {
      StringBuilder sb = new StringBuilder(bytes);
      for (int i = 0; i < bytes / width; i++) {
        switch (this) {
          case ASCII: sb.append((char) ('a' + i % 26)); break;
          case LATIN1_2BYTE: sb.append((char) (0xE0 + i % 32)); break;
          case CYRILLIC_2BYTE: sb.append((char) (0x410 + i % 64)); break;
          case CJK_3BYTE: sb.append((char) (0x4E00 + i % 1000)); break;
          default: sb.appendCodePoint(0x1F600 + i % 64);
        }
      }
      for (int i = 0; i < bytes % width; i++) {
        sb.append('0');
      }
      return sb.toString();
    }
  }

  /**
   * Byte lengths where the prefix changes: its width (varint 127/128, 16,383/16,384, 2,097,151/2,097,152;
   * RESP 9/10, 99/100, ...), or a byte of a fixed width starts to be used (255/256, 65,535/65,536), each
   * with the lengths either side; and 0.
   */
  static TreeSet<Integer> boundaryLengths(LengthPrefix p) {
    int[] edges;
    switch (p) {
      case VARINT: edges = new int[] {1, 128, 16_384, 2_097_152}; break;
      case RESP_BULK: edges = new int[] {1, 10, 100, 1000, 10_000, 100_000}; break;
      default: edges = new int[] {1, 256, 65_536}; // 65,535 is FIXED16's largest
    }
    TreeSet<Integer> lengths = new TreeSet<>(List.of(0));
    for (int edge : edges) {
      lengths.addAll(List.of(edge - 1, edge, edge + 1));
    }
    lengths.removeIf(n -> n > p.maxLength());
    return lengths;
  }

  // -------------------------------------------------------------------------------------------------
  // Writing one text into every destination

  /**
   * Writes {@code text} under {@code policy} into every kind of destination and compares with {@code
   * expected}. {@code segmentSizes} limits the SegmentedBuffers for very long texts.
   */
  static void checkEveryTarget(
      LengthPrefix p, String text, ErrorPolicy policy, byte[] expected, String ctx, int[] segmentSizes) {
    int n = expected.length;
    String c = ctx + ", " + p + ", " + policy + ", " + text.length() + " chars, frame of " + n + " bytes";

    // Megabyte frames are checked once per kind of destination; GC, not coverage, is what more would add.
    boolean huge = n > 1_000_000;

    // byte[]: exactly the frame's size (so a shift has no slack), and with slack, at offsets 0 and 5.
    int[][] placements = huge ? new int[][] {{5, 0}} : new int[][] {{0, 0}, {0, 3}, {5, 0}, {5, 3}};
    for (int[] placement : placements) {
      int offset = placement[0];
      byte[] dst = sentinels(offset + n + placement[1]);
      int written = writeArray(p, text, policy, dst, offset);
      String where = c + ", byte[" + dst.length + "] at " + offset;
      assertEquals(n, written, where + ": return value");
      assertFrame(expected, dst, offset, where);
      assertSentinels(dst, 0, offset, where + ": bytes before the offset");
    }
    if (!huge) {
      // A range of a longer text: only text[begin, end) is framed.
      byte[] ranged = new byte[n];
      assertEquals(n, p.write("<<" + text + ">>", 2, 2 + text.length(), Utf8.codec(policy), ranged, 0), c + ", range");
      assertFrame(expected, ranged, 0, c + ", range of a longer text");
      // A StringBuilder: Strings have their own encoder paths (Latin-1, short strings); this takes the other.
      byte[] fromBuilder = new byte[n];
      assertEquals(n, p.write(new StringBuilder(text), 0, text.length(), Utf8.codec(policy), fromBuilder, 0), c + ", builder");
      assertFrame(expected, fromBuilder, 0, c + ", StringBuilder");
      SegmentedBuffer builderBuffer = prefilled(segmentSizes[0], 1);
      assertEquals(n, p.write(new StringBuilder(text), 0, text.length(), Utf8.codec(policy), builderBuffer), c + ", builder");
      assertFrame(expected, builderBuffer.toByteArray(1, n), 0, c + ", StringBuilder into SegmentedBuffer");
      // Heap buffer at position 3 (the slice below has an array offset as well).
      ByteBuffer heap = ByteBuffer.wrap(sentinels(3 + n + 2)).position(3);
      checkBuffer(p, text, policy, heap, expected, c + ", heap ByteBuffer");
    }

    // A heap slice whose array offset is 7, then a direct buffer.
    ByteBuffer slice = ByteBuffer.wrap(sentinels(7 + 2 + n + 4), 7, 2 + n + 4).slice().position(2);
    assertEquals(7, slice.arrayOffset(), "test setup: the slice's array offset");
    checkBuffer(p, text, policy, slice, expected, c + ", sliced heap ByteBuffer");
    ByteBuffer direct = ByteBuffer.allocateDirect(2 + n + 3);
    direct.put(sentinels(direct.capacity())).position(2);
    checkBuffer(p, text, policy, direct, expected, c + ", direct ByteBuffer");

    for (int segmentSize : segmentSizes) {
      List<Integer> prefills = huge ? List.of(segmentSize - 1) : prefills(p, text, segmentSize);
      for (int prefill : prefills) {
        SegmentedBuffer buffer = prefilled(segmentSize, prefill);
        long written =
            policy == ErrorPolicy.STRICT
                ? p.write(text, buffer)
                : p.write(text, 0, text.length(), Utf8.codec(policy), buffer);
        String where = c + ", SegmentedBuffer(" + segmentSize + ") holding " + prefill + " bytes";
        assertEquals(n, written, where + ": return value");
        assertEquals(prefill + n, buffer.size(), where + ": size");
        assertArrayEquals(prefillBytes(prefill), buffer.toByteArray(0, prefill), where + ": bytes before");
        assertFrame(expected, buffer.toByteArray(prefill, n), 0, where);
      }
    }
  }

  static int writeArray(LengthPrefix p, String text, ErrorPolicy policy, byte[] dst, int offset) {
    return policy == ErrorPolicy.STRICT
        ? p.write(text, dst, offset)
        : p.write(text, 0, text.length(), Utf8.codec(policy), dst, offset);
  }

  static int writeBuffer(LengthPrefix p, String text, ErrorPolicy policy, ByteBuffer dst) {
    return policy == ErrorPolicy.STRICT ? p.write(text, dst) : p.write(text, 0, text.length(), Utf8.codec(policy), dst);
  }

  /** Writes at the buffer's position; the position advances by the frame, nothing else moves. */
  static void checkBuffer(
      LengthPrefix p, String text, ErrorPolicy policy, ByteBuffer dst, byte[] expected, String ctx) {
    int position = dst.position();
    int written = writeBuffer(p, text, policy, dst);
    assertEquals(expected.length, written, ctx + ": return value");
    assertEquals(position + written, dst.position(), ctx + ": position");
    byte[] got = new byte[expected.length];
    dst.get(position, got);
    assertFrame(expected, got, 0, ctx);
    for (int i = 0; i < position; i++) {
      assertEquals(SENTINEL, dst.get(i), ctx + ": byte " + i + " before the position");
    }
  }

  /**
   * Bytes already in a SegmentedBuffer before the frame: none, one, one short of a segment (so the frame
   * straddles segments), and room left in the segment exactly a worst case of the frame (3 bytes per char
   * plus the prefix for the char count, or for 3 bytes per char, plus the trailer) and one either side:
   * where a writer may switch between encoding straight into the segment and the slower paths. With the
   * narrow prefix and all chars 3 bytes long, such a room is one byte short of the frame.
   */
  static List<Integer> prefills(LengthPrefix p, String text, int segmentSize) {
    TreeSet<Integer> prefills = new TreeSet<>(List.of(0, 1, segmentSize - 1));
    long most = 3L * text.length();
    int narrowest = p.prefixLength(text.length());
    int widest = p.prefixLength((int) Math.min(most, Integer.MAX_VALUE));
    for (int width : new int[] {narrowest, widest}) {
      long worstCase = width + most + p.trailerLength();
      for (long room = worstCase - 1; room <= worstCase + 1; room++) {
        if (room >= 1 && room <= segmentSize) {
          prefills.add((int) (segmentSize - room));
        }
      }
    }
    return new ArrayList<>(prefills);
  }

  static SegmentedBuffer prefilled(int segmentSize, int prefill) {
    SegmentedBuffer buffer = new SegmentedBuffer(segmentSize);
    buffer.write(prefillBytes(prefill));
    return buffer;
  }

  static byte[] prefillBytes(int count) {
    byte[] bytes = new byte[count];
    for (int i = 0; i < count; i++) {
      bytes[i] = (byte) (i * 31 + 7);
    }
    return bytes;
  }

  static byte[] sentinels(int length) {
    byte[] bytes = new byte[length];
    Arrays.fill(bytes, SENTINEL);
    return bytes;
  }

  static void assertSentinels(byte[] bytes, int from, int to, String ctx) {
    for (int i = from; i < to; i++) {
      assertEquals(SENTINEL, bytes[i], ctx + ": byte " + i + " was overwritten");
    }
  }

  /** {@code actual[offset, offset + expected.length)} equals expected; hex of the first difference. */
  static void assertFrame(byte[] expected, byte[] actual, int offset, String ctx) {
    int mismatch = Arrays.mismatch(expected, 0, expected.length, actual, offset, offset + expected.length);
    if (mismatch >= 0) {
      throw new AssertionError(
          ctx + ": frames differ at byte " + mismatch + "; expected "
              + TestSupport.hexAround(expected, 0, expected.length, mismatch) + " but was "
              + TestSupport.hexAround(actual, offset, offset + expected.length, offset + mismatch));
    }
  }

  // -------------------------------------------------------------------------------------------------
  // Output byte for byte

  /** Segment sizes for a text: long texts skip the tiniest segments, which would only repeat what short ones show. */
  static int[] segmentSizesFor(int bytes) {
    return bytes > 1_000_000 ? new int[] {8192} : bytes > 20_000 ? new int[] {8, 8192} : SEGMENT_SIZES;
  }

  /** Every prefix, at and either side of every prefix width change, for texts of every char width. */
  @ParameterizedTest
  @EnumSource(LengthPrefix.class)
  void framesAtPrefixWidthBoundariesMatchTheOracle(LengthPrefix p) {
    for (int bytes : boundaryLengths(p)) {
      for (Kind kind : Kind.values()) {
        if (bytes > 1_000_000 && kind.width == 2) {
          continue; // megabyte texts: one of each encoder path is enough (ASCII, 3-byte, pairs)
        }
        String text = kind.text(bytes);
        assertEquals(bytes, text.getBytes(UTF_8).length, "test setup: " + kind + " text of " + bytes);
        checkEveryTarget(p, text, ErrorPolicy.STRICT, expectedFrame(p, text), kind + " text", segmentSizesFor(bytes));
      }
    }
  }

  /**
   * Texts whose char count needs a narrower prefix than their byte count: the writer reserves the narrow
   * width and then must move the text along (or, into a SegmentedBuffer, compute the length first).
   */
  @ParameterizedTest
  @EnumSource(LengthPrefix.class)
  void textsWhoseCharCountAndByteLengthNeedDifferentPrefixWidths(LengthPrefix p) {
    List<String> texts = new ArrayList<>();
    // VARINT: 43..127 CJK chars are 129..381 bytes (1-byte varint for the chars, 2 for the bytes);
    // 5,462..16,383 chars need 3 bytes instead of 2; 699,051 chars are 2,097,153 bytes (4 instead of 3).
    for (int chars : new int[] {42, 43, 44, 64, 126, 127, 128, 5461, 5462, 16383, 699_051}) {
      texts.add(Kind.CJK_3BYTE.text(3 * chars));
    }
    // Supplementary pairs: 32 pairs are 64 chars and 128 bytes.
    for (int pairs : new int[] {31, 32, 33, 63, 64}) {
      texts.add(Kind.SUPPLEMENTARY_4BYTE.text(4 * pairs));
    }
    texts.add("x".repeat(100) + "中".repeat(10)); // 110 chars, 130 bytes
    texts.add("中".repeat(42) + "x"); // 43 chars, 127 bytes: stays at one byte
    texts.add("中".repeat(42) + "xy"); // 44 chars, 128 bytes: just over
    texts.add("é".repeat(64)); // 64 chars, 128 bytes, Latin-1 String
    // RESP: 4..9 chars of CJK are 12..27 bytes (1 digit for the chars, 2 for the bytes), and so on.
    for (int chars : new int[] {3, 4, 9, 33, 34, 99, 334, 999, 3334, 9999}) {
      texts.add(Kind.CJK_3BYTE.text(3 * chars));
    }
    texts.add("12345678中"); // 9 chars, 11 bytes
    texts.add("😀".repeat(3)); // 6 chars, 12 bytes
    for (String text : texts) {
      if (text.getBytes(UTF_8).length > p.maxLength()) {
        continue;
      }
      int[] segmentSizes = segmentSizesFor(text.getBytes(UTF_8).length);
      checkEveryTarget(p, text, ErrorPolicy.STRICT, expectedFrame(p, text), "mixed-width text", segmentSizes);
    }
  }

  /** Seeded random texts of every char width mixed, under every policy (all valid, so all agree). */
  @ParameterizedTest
  @EnumSource(LengthPrefix.class)
  void seededRandomTexts(LengthPrefix p) {
    SplittableRandom random = new SplittableRandom(SEED ^ p.ordinal());
    for (int iteration = 0; iteration < 200; iteration++) {
      int chars = random.nextInt(10) == 0 ? random.nextInt(20_000) : random.nextInt(300);
      StringBuilder sb = new StringBuilder();
      while (sb.length() < chars) {
        switch (random.nextInt(4)) {
          case 0: sb.append((char) random.nextInt(0x80)); break;
          case 1: sb.append((char) random.nextInt(0x80, 0x800)); break;
          case 2: sb.append((char) random.nextInt(0x800, 0xD800)); break;
          default: sb.appendCodePoint(random.nextInt(0x10000, 0x110000));
        }
      }
      String text = sb.toString();
      ErrorPolicy policy = POLICIES[random.nextInt(POLICIES.length)];
      int[] segmentSizes = {SEGMENT_SIZES[random.nextInt(SEGMENT_SIZES.length)]};
      checkEveryTarget(
          p, text, policy, expectedFrame(p, text), seedMessage(SEED) + ", iteration " + iteration, segmentSizes);
    }
  }

  @ParameterizedTest
  @EnumSource(LengthPrefix.class)
  void emptyText(LengthPrefix p) {
    byte[] expected = expectedFrame(p, "");
    assertEquals(p == LengthPrefix.RESP_BULK ? "24 30 0D 0A 0D 0A" : hex(new byte[p.prefixLength(0)]), hex(expected),
        "test setup: the oracle's empty frame");
    checkEveryTarget(p, "", ErrorPolicy.STRICT, expected, "empty text", SEGMENT_SIZES);
  }

  // -------------------------------------------------------------------------------------------------
  // Lengths

  /** frameLength, prefixLength, trailerLength and maxLength describe exactly what write produces. */
  @ParameterizedTest
  @EnumSource(LengthPrefix.class)
  void lengthsAgreeWithWhatIsWritten(LengthPrefix p) {
    assertEquals(p == LengthPrefix.RESP_BULK ? 2 : 0, p.trailerLength(), p + ": trailerLength");
    boolean fixed16 = p == LengthPrefix.FIXED16_BE || p == LengthPrefix.FIXED16_LE;
    assertEquals(fixed16 ? 65_535 : Integer.MAX_VALUE, p.maxLength(), p + ": maxLength");
    for (Kind kind : Kind.values()) {
      for (int bytes : boundaryLengths(p).headSet(100_001)) {
        String text = kind.text(bytes);
        byte[] frame = new byte[(int) p.frameLength(text)];
        int written = p.write(text, frame, 0); // throws if frameLength was too short
        String c = p + ", " + kind + " text of " + bytes + " bytes";
        assertEquals(frame.length, written, c + ": frameLength vs bytes written");
        assertEquals(written - bytes - p.trailerLength(), p.prefixLength(bytes), c + ": prefixLength");
      }
    }
  }

  /** prefixLength at the width changes, against protobuf's size computation and decimal digit counts. */
  @Test
  void prefixLengthAtWidthChanges() {
    int[] lengths = {0, 1, 9, 10, 127, 128, 16_383, 16_384, 2_097_151, 2_097_152, 268_435_455, 268_435_456,
        999_999_999, 1_000_000_000, Integer.MAX_VALUE};
    for (int n : lengths) {
      assertEquals(CodedOutputStream.computeUInt32SizeNoTag(n), LengthPrefix.VARINT.prefixLength(n), "VARINT " + n);
      assertEquals(3 + Integer.toString(n).length(), LengthPrefix.RESP_BULK.prefixLength(n), "RESP_BULK " + n);
      assertEquals(2, LengthPrefix.FIXED16_LE.prefixLength(n), "FIXED16_LE " + n);
      assertEquals(4, LengthPrefix.FIXED32_BE.prefixLength(n), "FIXED32_BE " + n);
    }
  }

  // -------------------------------------------------------------------------------------------------
  // Unpaired surrogates

  /**
   * STRICT refuses an unpaired surrogate (and leaves buffers as they were); REPLACE writes U+FFFD (3
   * bytes) and REPLACE_WITH_QUESTION_MARK '?' (1 byte), and the prefix counts the replacement: some of
   * these texts cross a prefix width only because of it.
   */
  @ParameterizedTest
  @EnumSource(LengthPrefix.class)
  void unpairedSurrogates(LengthPrefix p) {
    String[] texts = {
      "\uD800", "a\uDC00b", "\uDE00\uD83D", "😀\uD83D", "x".repeat(126) + "\uD800", "中".repeat(42) + "\uDBFF",
      "123\uDFFF", "中".repeat(1000) + "\uD800" + "中".repeat(1000)
    };
    for (String text : texts) {
      String c = p + ", text of " + text.length() + " chars with an unpaired surrogate";
      for (ErrorPolicy policy : new ErrorPolicy[] {ErrorPolicy.REPLACE, ErrorPolicy.REPLACE_WITH_QUESTION_MARK}) {
        byte[] expected = expectedFrame(p, replaceUnpaired(text, policy));
        checkEveryTarget(p, text, policy, expected, "text with an unpaired surrogate", SEGMENT_SIZES);
      }
      assertThrows(MalformedTextException.class, () -> p.frameLength(text), c + ": frameLength is strict");
      assertThrows(MalformedTextException.class, () -> p.write(text, new byte[100_000], 0), c + ": byte[]");
      for (ByteBuffer dst : new ByteBuffer[] {ByteBuffer.allocate(100_000), ByteBuffer.allocateDirect(100_000)}) {
        dst.position(3);
        assertThrows(MalformedTextException.class, () -> p.write(text, dst), c + ": " + dst);
        assertEquals(3, dst.position(), c + ": position after the error, " + dst);
      }
      for (int segmentSize : SEGMENT_SIZES) {
        for (int prefill : prefills(p, text, segmentSize)) {
          SegmentedBuffer buffer = prefilled(segmentSize, prefill);
          assertThrows(MalformedTextException.class, () -> p.write(text, buffer), c + ", " + buffer);
          assertBufferUnchanged(buffer, prefill, c + ", SegmentedBuffer(" + segmentSize + ") of " + prefill);
        }
      }
    }
  }

  static void assertBufferUnchanged(SegmentedBuffer buffer, int prefill, String ctx) {
    assertEquals(prefill, buffer.size(), ctx + ": size after the error");
    assertArrayEquals(prefillBytes(prefill), buffer.toByteArray(), ctx + ": content after the error");
  }

  // -------------------------------------------------------------------------------------------------
  // Too long for a 16-bit prefix

  /**
   * FIXED16 takes at most 65,535 bytes. Texts of 21,846 to 65,535 chars may or may not fit, which is only
   * known after encoding: the error must still leave buffers as they were.
   */
  @ParameterizedTest
  @EnumSource(value = LengthPrefix.class, names = {"FIXED16_BE", "FIXED16_LE"})
  void fixed16RefusesMoreThan65535Bytes(LengthPrefix p) {
    String[] fits = {"a".repeat(65_535), "中".repeat(21_845), "a".repeat(65_533) + "é"};
    for (String text : fits) {
      checkEveryTarget(p, text, ErrorPolicy.STRICT, expectedFrame(p, text), "65,535 bytes", new int[] {8, 8192});
    }
    String[] tooLong = {
      "a".repeat(65_536), // bytes = chars
      "中".repeat(21_846), // 65,538 bytes from 21,846 chars
      "中".repeat(65_535), // 196,605 bytes: chars alone would fit
      "a".repeat(65_534) + "é", // 65,535 chars, 65,536 bytes
      "😀".repeat(16_384), // 32,768 chars, 65,536 bytes
    };
    for (String text : tooLong) {
      int bytes = text.getBytes(UTF_8).length;
      String c = p + ", text of " + text.length() + " chars and " + bytes + " bytes";
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> p.write(text, new byte[200_000], 3), c + ": byte[]");
      assertEquals(IllegalArgumentException.class, e.getClass(), c + ": exception type");
      assertTrue(e.getMessage().contains(Integer.toString(bytes)), c + ": message names the length: " + e.getMessage());
      ByteBuffer slice = ByteBuffer.wrap(new byte[200_010], 10, 200_000).slice();
      ByteBuffer[] buffers = {ByteBuffer.allocate(200_000), slice, ByteBuffer.allocateDirect(200_000)};
      for (ByteBuffer dst : buffers) {
        dst.position(5);
        assertEquals(IllegalArgumentException.class,
            assertThrows(IllegalArgumentException.class, () -> p.write(text, dst), c + ", " + dst).getClass(), c);
        assertEquals(5, dst.position(), c + ": position after the error, " + dst);
      }
      // 2^18-byte segments take the whole frame in one segment: the fast path must refuse it too.
      for (int segmentSize : new int[] {8, 8192, 1 << 18}) {
        for (int prefill : new int[] {0, segmentSize - 1}) {
          SegmentedBuffer buffer = prefilled(segmentSize, prefill);
          assertEquals(IllegalArgumentException.class,
              assertThrows(IllegalArgumentException.class, () -> p.write(text, buffer), c).getClass(), c);
          assertBufferUnchanged(buffer, prefill, c + ", SegmentedBuffer(" + segmentSize + ") of " + prefill);
        }
      }
    }
  }

  // -------------------------------------------------------------------------------------------------
  // Too little room

  /**
   * Every space smaller than the frame, so it ends inside the prefix, inside the text or inside RESP's
   * trailer: BufferTooSmallException with the whole frame's length, nothing written before the offset
   * or past the end (a buffer's limit), and the position unchanged. The exact size then works.
   */
  @ParameterizedTest
  @EnumSource(LengthPrefix.class)
  void tooSmallDestinations(LengthPrefix p) {
    String[] texts = {
      "", "a", "héllo", "12345678中", "中".repeat(4), "x".repeat(127), "x".repeat(128), "中".repeat(43),
      "😀".repeat(32), "é".repeat(64), "中".repeat(34)
    };
    for (String text : texts) {
      byte[] expected = expectedFrame(p, text);
      int n = expected.length;
      String c = p + ", text of " + text.length() + " chars, frame of " + n + " bytes";
      for (int room : rooms(n)) {
        for (int offset : new int[] {0, 3}) {
          String where = c + ", room for " + room + " at " + offset;
          // byte[]: the space is dst[offset, dst.length), so the array is cut to size.
          byte[] dst = sentinels(offset + room);
          checkRoom(() -> p.write(text, dst, offset), n, room, where + ", byte[]");
          if (room == n) {
            assertFrame(expected, dst, offset, where + ", byte[]");
          }
          assertSentinels(dst, 0, offset, where + ", byte[]: before the offset");

          ByteBuffer slice = ByteBuffer.wrap(sentinels(9 + offset + room + 8), 9, offset + room + 8).slice();
          ByteBuffer direct = ByteBuffer.allocateDirect(offset + room + 8).put(sentinels(offset + room + 8));
          ByteBuffer heap = ByteBuffer.wrap(sentinels(offset + room + 8));
          for (ByteBuffer buffer : new ByteBuffer[] {heap, slice, direct}) {
            buffer.limit(offset + room).position(offset);
            String b = where + ", " + (buffer.isDirect() ? "direct" : "heap offset " + buffer.arrayOffset());
            checkRoom(() -> p.write(text, buffer), n, room, b);
            assertEquals(room == n ? offset + n : offset, buffer.position(), b + ": position");
            ByteBuffer all = buffer.duplicate().clear(); // to look past the limit
            for (int i = offset + room; i < all.capacity(); i++) {
              assertEquals(SENTINEL, all.get(i), b + ": byte " + i + " at or past the limit was written");
            }
            for (int i = 0; i < offset; i++) {
              assertEquals(SENTINEL, all.get(i), b + ": byte " + i + " before the position was written");
            }
            if (room == n) {
              byte[] got = new byte[n];
              all.get(offset, got);
              assertFrame(expected, got, 0, b);
            }
          }
        }
      }
    }
  }

  /**
   * Rooms to try for an {@code n}-byte frame: all of them for a short frame; else ending in or just
   * after the prefix (at most 6 bytes here), in the middle of the text, and in the last bytes (the end
   * of the text, and RESP's trailer).
   */
  static int[] rooms(int n) {
    TreeSet<Integer> rooms = new TreeSet<>();
    for (int room = 0; room <= n; room++) {
      if (n <= 40 || room <= 8 || room == n / 2 || room >= n - 5) {
        rooms.add(room);
      }
    }
    return rooms.stream().mapToInt(Integer::intValue).toArray();
  }

  /** Exactly enough room succeeds; less throws BufferTooSmallException saying the frame's length. */
  static void checkRoom(IntWrite write, int frame, int room, String ctx) {
    if (room == frame) {
      assertEquals(frame, write.run(), ctx + ": return value");
      return;
    }
    BufferTooSmallException e = assertThrows(BufferTooSmallException.class, write::run, ctx);
    assertEquals(frame, e.requiredBytes(), ctx + ": requiredBytes");
    assertEquals(room, e.availableBytes(), ctx + ": availableBytes");
  }

  interface IntWrite {
    int run();
  }
}
