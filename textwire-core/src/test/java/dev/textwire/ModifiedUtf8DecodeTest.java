package dev.textwire;

import static dev.textwire.TestSupport.bytes;
import static dev.textwire.TestSupport.codePoints;
import static dev.textwire.TestSupport.concat;
import static dev.textwire.TestSupport.hex;
import static dev.textwire.TestSupport.seedMessage;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UTFDataFormatException;
import java.nio.ByteBuffer;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Decoding modified UTF-8: the strict errors (where, how long, whether cut short), replacement per
 * maximal subpart, lone surrogates accepted, {@code readUTF}'s error, {@code validUpTo} against strict
 * decoding, and buffers reporting their own indices.
 */
class ModifiedUtf8DecodeTest {
  private static final TextCodec STRICT = TextCodecs.MODIFIED_UTF_8;
  private static final TextCodec REPLACE = STRICT.withPolicy(ErrorPolicy.REPLACE);
  private static final TextCodec REPLACE_Q = STRICT.withPolicy(ErrorPolicy.REPLACE_WITH_QUESTION_MARK);

  /**
   * Ill-formed inputs: bytes, the strict error as "offset/length" (plus "/T" if cut short), and the
   * REPLACE decoding, one U+FFFD per maximal subpart.
   */
  private static final String[][] ILL_FORMED = {
    {"00", "0/1", "\uFFFD"},
    {"C0 81", "0/1", "\uFFFD\uFFFD"},
    {"C1 81", "0/1", "\uFFFD\uFFFD"},
    {"E0 80 80", "0/1", "\uFFFD\uFFFD\uFFFD"},
    {"F0 9F 98 80", "0/1", "\uFFFD\uFFFD\uFFFD\uFFFD"},
    {"ED", "0/1/T", "\uFFFD"},
    {"C0", "0/1/T", "\uFFFD"},
    {"80", "0/1", "\uFFFD"},
    {"ED A0", "0/2/T", "\uFFFD"},
    {"E2 82", "0/2/T", "\uFFFD"},
    {"E2 82 41", "0/2", "\uFFFDA"},
    {"ED A0 41", "0/2", "\uFFFDA"},
    {"C0 41", "0/1", "\uFFFDA"},
    {"C0 C0 80", "0/1", "\uFFFD\0"},
    {"E0 9F 80", "0/1", "\uFFFD\uFFFD\uFFFD"},
    {"F4 8F BF BF", "0/1", "\uFFFD\uFFFD\uFFFD\uFFFD"},
    {"F8 88 80 80 80", "0/1", "\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD"},
    {"FF", "0/1", "\uFFFD"},
    {"E1 80 E1 80 80", "0/2", "\uFFFD\u1000"},
    {"C0 80 00 C0 80", "2/1", "\0\uFFFD\0"},
    {"41 00 42", "1/1", "A\uFFFDB"},
    {"41 00", "1/1", "A\uFFFD"},
    {"ED A0 80 00 ED B0 80", "3/1", "\uD800\uFFFD\uDC00"},
    {"C3 A9 E2 82 AC 00", "5/1", "\u00E9\u20AC\uFFFD"},
  };

  private static String outcome(MalformedTextException e, long bias) {
    return (e.byteOffset() - bias) + "/" + e.malformedLength() + (e.isTruncated() ? "/T" : "");
  }

  @Test
  void strictErrorsAndReplacementPerMaximalSubpart() {
    for (String[] row : ILL_FORMED) {
      byte[] core = bytes(row[0]);
      // As given; after two ASCII bytes; and in a larger array between a C0 (before) and an 80 (after),
      // which a decoder reading outside its range would take for C0 80 or a continuation.
      for (int variant = 0; variant < 3; variant++) {
        byte[] prefix = variant == 0 ? new byte[0] : bytes("41 42");
        byte[] input = concat(prefix, core);
        byte[] array = variant == 2 ? concat(bytes("C0"), input, bytes("80 80")) : input;
        int offset = variant == 2 ? 1 : 0;
        String what = row[0] + (variant == 0 ? "" : variant == 1 ? " after AB" : " at array offset 1");
        String expectedText = (variant == 0 ? "" : "AB") + row[2];

        MalformedTextException e = assertThrows(MalformedTextException.class,
            () -> STRICT.decode(array, offset, input.length), what);
        assertEquals(row[1], outcome(e, offset + prefix.length), what + ": " + e.getMessage());
        assertEquals(-1, e.charIndex(), what);
        assertTrue(e.getMessage().contains("Modified UTF-8") && e.getMessage().contains("byte offset " + e.byteOffset()),
            what + ": " + e.getMessage());
        int malformedAt = (int) e.byteOffset();
        String badHex = hex(array, malformedAt, e.malformedLength());
        assertTrue(e.getMessage().contains("(bytes " + badHex + ")"), what + ": " + e.getMessage());

        assertEquals(e.byteOffset(), STRICT.validUpTo(array, offset, input.length), what + ": validUpTo");
        assertFalse(STRICT.isValid(array, offset, input.length), what);
        assertEquals(codePoints(expectedText), codePoints(REPLACE.decode(array, offset, input.length)), what);
        assertEquals(codePoints(expectedText), codePoints(REPLACE_Q.decode(array, offset, input.length)), what);
      }
    }
  }

  /**
   * ED must be followed by a continuation byte (80..BF). (A bug this test found, now fixed:
   * Utf8ToChars.wellFormedLength tested the second byte with a signed {@code src[sp + 1] >= (byte) 0xA0},
   * which 00..7F and C0..FF also pass, so "ED 41 80" decoded to U+D040 (swallowing the 'A'), "ED C2 AE"
   * to U+D0AE and "ED 00 A2" to U+D022, and
   * validUpTo/isValid/readUTF accepted them; DataInputStream.readUTF rejects all three.)
   */
  @Test
  void edFollowedByANonContinuationByteIsIllFormed() {
    String[][] rows = { // bytes, strict outcome, REPLACE
      {"ED 41 80", "0/1", "\uFFFDA\uFFFD"},
      {"ED C2 AE", "0/1", "\uFFFD\u00AE"},
      {"ED 00 A2", "0/1", "\uFFFD\uFFFD\uFFFD"},
      {"41 ED 7F BF", "1/1", "A\uFFFD\u007F\uFFFD"},
      {"ED FF 80", "0/1", "\uFFFD\uFFFD\uFFFD"},
    };
    for (String[] row : rows) {
      byte[] input = bytes(row[0]);
      MalformedTextException e = assertThrows(MalformedTextException.class, () -> STRICT.decode(input), row[0]);
      assertEquals(row[1], outcome(e, 0), row[0] + ": " + e.getMessage());
      assertFalse(STRICT.isValid(input), row[0]);
      assertEquals(codePoints(row[2]), codePoints(REPLACE.decode(input)), row[0]);
      assertThrows(UTFDataFormatException.class,
          () -> ModifiedUtf8.readUTF(new DataInputStream(new ByteArrayInputStream(framed(row[0])))), row[0]);
      assertThrows(UTFDataFormatException.class,
          () -> new DataInputStream(new ByteArrayInputStream(framed(row[0]))).readUTF(), row[0] + ": the JDK refuses it");
    }
  }

  @Test
  void loneAndPairedSurrogatesAreAccepted() {
    String[][] valid = {
      {"ED A0 80", "\uD800"},
      {"ED AF BF", "\uDBFF"},
      {"ED B0 80", "\uDC00"},
      {"ED BF BF", "\uDFFF"},
      {"ED B0 80 ED A0 80", "\uDC00\uD800"},
      {"ED A0 BD ED B8 80", "\uD83D\uDE00"},
      {"41 ED A0 BD", "A\uD83D"}, // a high surrogate at the very end is complete, not cut short
      {"ED A0 BD 41 ED B8 80", "\uD83DA\uDE00"},
      {"C0 80", "\0"},
      {"C0 80 C0 80 7F", "\0\0\u007F"},
      {"ED 9F BF EE 80 80", "\uD7FF\uE000"},
    };
    for (String[] row : valid) {
      byte[] input = bytes(row[0]);
      assertEquals(codePoints(row[1]), codePoints(STRICT.decode(input)), row[0]);
      assertEquals(codePoints(row[1]), codePoints(REPLACE.decode(input)), row[0]);
      assertTrue(STRICT.isValid(input), row[0]);
      assertEquals(input.length, STRICT.validUpTo(input, 0, input.length), row[0]);
      assertEquals(row[0], hex(STRICT.encode(row[1])), row[0] + ": encodes back to the same bytes");
    }
  }

  // -------------------------------------------------------------------------------------------------
  // readUTF and readLongUTF of bad bytes

  private static byte[] framed(String hexBody) {
    byte[] body = bytes(hexBody);
    return concat(new byte[] {(byte) (body.length >>> 8), (byte) body.length}, body);
  }

  @Test
  void readUtfOfBadBytesThrowsUtfDataFormatExceptionCausedByMalformedText() throws IOException {
    String[][] cases = {{"41 00 42", "1/1"}, {"C0 81", "0/1"}, {"41 42 E2 82", "2/2/T"}, {"F0 9F 98 80", "0/1"},
        {"C3 A9 80", "2/1"}};
    for (String[] c : cases) {
      byte[] framed = framed(c[0]);
      UTFDataFormatException e = assertThrows(UTFDataFormatException.class,
          () -> ModifiedUtf8.readUTF(new DataInputStream(new ByteArrayInputStream(framed))), c[0]);
      MalformedTextException cause = assertInstanceOf(MalformedTextException.class, e.getCause(), c[0]);
      assertEquals(c[1], outcome(cause, 0), c[0] + ": " + cause.getMessage());
      assertTrue(e.getMessage().startsWith(cause.getMessage()), e.getMessage());
    }
    // The JDK's reader is laxer: it reads a raw 00 as U+0000. Pinned, since it is why readUTF differs.
    assertEquals("A\0B", new DataInputStream(new ByteArrayInputStream(framed("41 00 42"))).readUTF());
  }

  @Test
  void readLongUtfReportsTheOffsetInTheWholeStringAcrossWindows() throws IOException {
    for (int at : new int[] {0, 8191, 8192, 8193, 65535, 65536, 90_000, 99_999}) {
      byte[] body = "q".repeat(100_000).getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
      body[at] = 0;
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      DataOutputStream data = new DataOutputStream(out);
      data.writeLong(body.length);
      data.write(body);
      UTFDataFormatException e = assertThrows(UTFDataFormatException.class,
          () -> ModifiedUtf8.readLongUTF(new DataInputStream(new ByteArrayInputStream(out.toByteArray())), 1 << 20),
          "00 at " + at);
      MalformedTextException cause = assertInstanceOf(MalformedTextException.class, e.getCause());
      assertEquals(at + "/1", outcome(cause, 0), "00 at " + at + ": " + cause.getMessage());
    }
    // A 3-byte char cut short by the end of the string's bytes, after many windows.
    byte[] body = concat("r".repeat(70_000).getBytes(java.nio.charset.StandardCharsets.ISO_8859_1), bytes("E2 82"));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    DataOutputStream data = new DataOutputStream(out);
    data.writeLong(body.length);
    data.write(body);
    data.write(bytes("AC 41 41")); // bytes after the string: not part of it
    UTFDataFormatException e = assertThrows(UTFDataFormatException.class,
        () -> ModifiedUtf8.readLongUTF(new DataInputStream(new ByteArrayInputStream(out.toByteArray())), 1 << 20));
    assertEquals("70000/2/T", outcome((MalformedTextException) e.getCause(), 0));
  }

  // -------------------------------------------------------------------------------------------------
  // validUpTo on random ill-formed input

  /** What REPLACE must give, built from strict errors alone: good text, U+FFFD, and on after the subpart. */
  private static String replacementFromStrictErrors(byte[] src, int offset, int length) {
    StringBuilder out = new StringBuilder();
    int pos = offset;
    int end = offset + length;
    while (true) {
      try {
        out.append(STRICT.decode(src, pos, end - pos));
        return out.toString();
      } catch (MalformedTextException e) {
        int bad = (int) e.byteOffset();
        out.append(STRICT.decode(src, pos, bad - pos)).append('\uFFFD');
        assertTrue(e.malformedLength() >= 1 && e.malformedLength() <= 3, e.getMessage());
        pos = bad + e.malformedLength();
      }
    }
  }

  @Test
  void validUpToIsTheStrictErrorOnRandomIllFormedInput() {
    long seed = TestSupport.seed(0xBAD_0FF5E7L);
    SplittableRandom random = new SplittableRandom(seed);
    int invalid = 0;
    for (int t = 0; t < 5000; t++) {
      String s = Utf8FamilyAgreementTest.randomText(random, random.nextInt(t % 25 == 0 ? 3000 : 40), true, true);
      byte[] good = STRICT.encode(s);
      int faults = random.nextInt(4);
      for (int f = 0; f < faults && good.length > 0; f++) {
        good[random.nextInt(good.length)] = Utf8FamilyAgreementTest.randomInterestingBytes(random, 1)[0];
      }
      if (random.nextInt(4) == 0 && good.length > 0) {
        good = java.util.Arrays.copyOf(good, random.nextInt(good.length)); // cut, often inside a sequence
      }
      int offset = random.nextInt(5);
      byte[] array = new byte[offset + good.length + 3];
      random.nextBytes(array);
      System.arraycopy(good, 0, array, offset, good.length);
      int length = good.length;
      Supplier<String> ctx = () -> "at offset " + offset + ": " + hex(array, offset, length) + ", " + seedMessage(seed);

      int validUpTo = STRICT.validUpTo(array, offset, length);
      boolean isValid = STRICT.isValid(array, offset, length);
      try {
        String text = STRICT.decode(array, offset, length);
        assertEquals(offset + length, validUpTo, ctx);
        assertTrue(isValid, ctx);
        assertEquals(codePoints(text), codePoints(REPLACE.decode(array, offset, length)), ctx);
      } catch (MalformedTextException e) {
        invalid++;
        assertEquals(e.byteOffset(), validUpTo, ctx);
        assertFalse(isValid, ctx);
        if (e.isTruncated()) {
          assertEquals(offset + length, e.byteOffset() + e.malformedLength(), ctx); // reaches the end
        }
        assertEquals(codePoints(replacementFromStrictErrors(array, offset, length)),
            codePoints(REPLACE.decode(array, offset, length)), ctx);
      }
    }
    assertTrue(invalid > 1500, "too few ill-formed inputs: " + invalid + ", " + seedMessage(seed));
  }

  // -------------------------------------------------------------------------------------------------
  // ByteBuffers

  @Test
  void heapSliceAndDirectBuffersReportBufferIndices() {
    byte[] content = bytes("41 42 C3 A9 ED A0 80 43 00 44 45"); // the 00 at content index 8
    byte[] storage = concat(bytes("C0 C0 C0"), content, bytes("80 80"));
    ByteBuffer whole = ByteBuffer.wrap(storage);
    whole.position(3);
    ByteBuffer slice = whole.slice(); // arrayOffset 3: slice index i is storage index 3 + i
    assertEquals(3, slice.arrayOffset());
    slice.limit(content.length).position(2);

    ByteBuffer direct = ByteBuffer.allocateDirect(content.length + 4);
    direct.put(content).limit(content.length).position(2);

    for (ByteBuffer buffer : new ByteBuffer[] {slice, direct}) {
      String kind = buffer.isDirect() ? "direct" : "heap slice";
      MalformedTextException e = assertThrows(MalformedTextException.class, () -> STRICT.decode(buffer), kind);
      assertEquals(8, e.byteOffset(), kind + ": buffer index, " + e.getMessage());
      assertEquals(1, e.malformedLength(), kind);
      assertEquals(2, buffer.position(), kind + ": position unchanged after a strict error");
      assertFalse(STRICT.isValid(buffer), kind);
      assertEquals(2, buffer.position(), kind + ": isValid does not move the position");

      assertEquals(codePoints("\u00E9\uD800C\uFFFDDE"), codePoints(REPLACE.decode(buffer)), kind);
      assertEquals(content.length, buffer.position(), kind + ": position at the limit");

      buffer.position(2).limit(8); // up to the 00: valid
      assertTrue(STRICT.isValid(buffer), kind);
      assertEquals(codePoints("\u00E9\uD800C"), codePoints(STRICT.decode(buffer)), kind);
      assertEquals(8, buffer.position(), kind);

      buffer.limit(content.length).position(9); // after the 00
      assertEquals("DE", STRICT.decode(buffer), kind);
      buffer.limit(content.length).position(2);
    }
  }

  @Test
  void largeDirectBuffersValidateAcrossChunks() {
    long seed = TestSupport.seed(0xD12EC7L);
    SplittableRandom random = new SplittableRandom(seed);
    for (int t = 0; t < 40; t++) {
      String s = Utf8FamilyAgreementTest.randomText(random, 2000 + random.nextInt(20_000), true, true);
      byte[] good = STRICT.encode(s);
      int pad = random.nextInt(8);
      ByteBuffer direct = ByteBuffer.allocateDirect(pad + good.length);
      direct.position(pad);
      direct.put(good).position(pad);
      Supplier<String> ctx = () -> good.length + " bytes, " + seedMessage(seed);
      assertTrue(STRICT.isValid(direct), ctx);
      assertEquals(pad, direct.position(), ctx);
      assertEquals(s, STRICT.decode(direct), ctx);

      // One raw 00 somewhere after the first chunk: invalid, reported at its buffer index.
      int at = pad + good.length / 2 + random.nextInt(good.length / 2);
      while (direct.get(at - 1) == (byte) 0xED) {
        at++; // not right after an ED: that case has a test of its own (edFollowedByANonContinuationByte)
      }
      byte saved = direct.get(at);
      direct.put(at, (byte) 0).position(pad);
      assertFalse(STRICT.isValid(direct), ctx);
      MalformedTextException e = assertThrows(MalformedTextException.class, () -> STRICT.decode(direct), ctx);
      // The 00 may have replaced a continuation byte, leaving an earlier sequence cut short before it.
      assertTrue(e.byteOffset() <= at && e.byteOffset() >= at - 2, () -> ctx.get() + ": " + e.getMessage());
      direct.put(at, saved).position(pad);
      assertTrue(STRICT.isValid(direct), ctx);
    }
  }
}
