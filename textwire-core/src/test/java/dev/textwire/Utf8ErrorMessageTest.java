package dev.textwire;

import static dev.textwire.TestSupport.bytes;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.MalformedInputException;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Exact exception fields and message content for hand-picked ill-formed inputs, the exceptions of the
 * encoder (unpaired surrogate, destination too small) and the bounds checks.
 */
class Utf8ErrorMessageTest {

  /**
   * A decode case: the whole input (hex), where decoding starts and how long, and the expected error:
   * absolute offset, maximal subpart (hex; its length is malformedLength), truncated or not.
   */
  static Stream<Arguments> decodeErrors() {
    return Stream.of(
        // A lone continuation byte after "hello".
        Arguments.of("lone continuation byte", "68 65 6C 6C 6F 80", 0, 6, 5, "80", false),
        // The same with the region starting at offset 2 of the array: offsets stay absolute.
        Arguments.of("lone continuation byte, offset 2", "58 58 68 65 6C 6C 6F 80 41", 2, 6, 7, "80", false),
        // C0 never occurs (it could only start an overlong 2-byte form): maximal subpart C0 alone.
        Arguments.of("C0 80 overlong NUL", "61 62 C0 80", 0, 4, 2, "C0", false),
        Arguments.of("C1 BF overlong DEL", "C1 BF", 0, 2, 0, "C1", false),
        // After E0 the second byte must be A0..BF: E0 80 80 is overlong and E0 alone is the subpart.
        Arguments.of("E0 80 80 overlong", "20 E0 80 80", 0, 4, 1, "E0", false),
        // ED A0 80 would be U+D800, a surrogate: after ED the second byte must be 80..9F, so the maximal
        // subpart is ED alone (3 errors for replacement). The JDK reports one 3-byte error here instead:
        // see jdkDiffersOnEncodedSurrogates().
        Arguments.of("ED A0 80 surrogate", "41 42 43 ED A0 80", 0, 6, 3, "ED", false),
        // F4 90 would be above U+10FFFF: F4 needs a second byte of 80..8F.
        Arguments.of("F4 90 80 80 above U+10FFFF", "F4 90 80 80", 0, 4, 0, "F4", false),
        // F0 8F would be an overlong 4-byte form.
        Arguments.of("F0 8F BF BF overlong", "7A F0 8F BF BF", 0, 5, 1, "F0", false),
        // F5..FF never occur.
        Arguments.of("F5", "31 32 F5 33", 0, 4, 2, "F5", false),
        Arguments.of("FF", "FF", 0, 1, 0, "FF", false),
        // Cut short at the end: more bytes could complete E2 82 (to E2 82 AC, the euro sign).
        Arguments.of("truncated E2 82 at the end", "20 E2 82", 0, 3, 1, "E2 82", true),
        // Truncated at the end of the region, although the array goes on with AC after it.
        Arguments.of("truncated by the region", "20 E2 82 AC", 0, 3, 1, "E2 82", true),
        Arguments.of("truncated 4-byte", "F0 9F 92", 0, 3, 0, "F0 9F 92", true),
        Arguments.of("truncated lead alone", "61 F4", 0, 2, 1, "F4", true),
        // Not truncated: the next byte is there and is not a continuation byte.
        Arguments.of("E2 82 then ASCII", "E2 82 41", 0, 3, 0, "E2 82", false),
        Arguments.of("F0 9F 92 then ASCII", "F0 9F 92 41", 0, 4, 0, "F0 9F 92", false),
        // Not truncated although at the end: no byte could complete E0 80 or ED A0.
        Arguments.of("E0 80 at the end", "E0 80", 0, 2, 0, "E0", false),
        Arguments.of("ED A0 at the end", "ED A0", 0, 2, 0, "ED", false),
        // The first error wins, far into a long input.
        Arguments.of("after 1000 ASCII bytes", "41 ".repeat(1000) + "C3 28 FF", 0, 1003, 1000, "C3", false));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("decodeErrors")
  void strictDecodeError(
      String name, String input, int offset, int length, int at, String subpart, boolean truncated) {
    byte[] src = bytes(input);
    int subpartLength = bytes(subpart).length;
    for (int way = 0; way < 4; way++) {
      MalformedTextException e;
      if (way == 0) {
        e = assertThrows(MalformedTextException.class, () -> Utf8.decode(src, offset, length));
      } else if (way == 1) {
        e = assertThrows(
            MalformedTextException.class, () -> Utf8.codec(ErrorPolicy.STRICT).decode(src, offset, length));
      } else {
        ByteBuffer buffer = way == 2 ? ByteBuffer.wrap(src) : ByteBuffer.allocateDirect(src.length).put(src);
        buffer.limit(offset + length).position(offset);
        e = assertThrows(MalformedTextException.class, () -> Utf8.decode(buffer));
        assertEquals(offset, buffer.position(), "an error leaves the buffer's position unchanged");
      }
      MalformedTextException error = e;
      String how = name + ", way " + way + ": " + error.getMessage();
      assertAll(
          how,
          () -> assertEquals(at, error.byteOffset(), "byteOffset"),
          () -> assertEquals(-1, error.charIndex(), "charIndex"),
          () -> assertEquals(subpartLength, error.malformedLength(), "malformedLength"),
          () -> assertEquals(truncated, error.isTruncated(), "isTruncated"),
          () -> assertMessageHas(error, at, subpart));
      assertTrue(error instanceof IllegalArgumentException);
    }
    // validate() says the same, with errorLength 0 for a truncated input.
    TextValidation v = Utf8.validate(src, offset, length);
    assertEquals(new TextValidation(at, truncated ? 0 : subpartLength, offset + length), v, name);
    assertEquals(truncated, v.isTruncated(), name);
    assertFalse(v.isValid(), name);
    assertEquals(at, Utf8.validUpTo(src, offset, length), name);
    assertFalse(Utf8.isValid(src, offset, length), name);
    // And the reference decoder agrees with this table.
    assertEquals(
        new Utf8ReferenceDecoder.Error(at, subpartLength, truncated),
        Utf8ReferenceDecoder.firstError(src, offset, length),
        name);
  }

  /** The message shows the decimal offset and the maximal subpart as two-digit uppercase hex. */
  static void assertMessageHas(MalformedTextException e, long offset, String hexBytes) {
    String message = e.getMessage();
    assertNotNull(message);
    assertTrue(
        Pattern.compile("(?<![0-9A-Za-z])" + offset + "(?![0-9])").matcher(message).find(),
        () -> "message does not show offset " + offset + ": " + message);
    assertTrue(
        Pattern.compile("(?<![0-9A-Fa-f])" + Pattern.quote(hexBytes) + "(?![0-9A-Fa-f])").matcher(message).find(),
        () -> "message does not show the bytes " + hexBytes + ": " + message);
  }

  @Test
  void jdkDiffersOnEncodedSurrogates() throws CharacterCodingException {
    byte[] src = bytes("ED A0 80");
    // Unicode's maximal subparts: ED | A0 | 80, three replacements.
    assertEquals("\uFFFD\uFFFD\uFFFD", Utf8.codec(ErrorPolicy.REPLACE).decode(src));
    assertEquals(1, assertThrows(MalformedTextException.class, () -> Utf8.decode(src)).malformedLength());
    // The JDK (up to at least 25) treats ED A0 80 as one 3-byte malformed sequence and one U+FFFD.
    assertEquals("\uFFFD", new String(src, UTF_8));
    MalformedInputException jdk =
        assertThrows(
            MalformedInputException.class,
            () ->
                UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(src)));
    assertEquals(3, jdk.getInputLength());
    // Both agree on where the error starts, which is all the exhaustive tests take from the JDK.
    assertEquals(0, Utf8.validUpTo(src, 0, 3));
  }

  @Test
  void unpairedSurrogateWhileEncoding() {
    String s = "abc\uD800def";
    for (int way = 0; way < 5; way++) {
      MalformedTextException e;
      switch (way) {
        case 0:
          e = assertThrows(MalformedTextException.class, () -> Utf8.encode(s));
          break;
        case 1:
          e = assertThrows(MalformedTextException.class, () -> Utf8.encodedLength(s));
          break;
        case 2:
          e = assertThrows(MalformedTextException.class, () -> Utf8.encode(s, new byte[20], 2));
          break;
        case 3:
          e = assertThrows(MalformedTextException.class, () -> Utf8.encode(new StringBuilder(s), ByteBuffer.allocateDirect(20)));
          break;
        default:
          // A range starting at 1: the index is still the index in the whole sequence.
          e = assertThrows(
              MalformedTextException.class, () -> Utf8.encode(CharBuffer.wrap(s), 1, 6, new byte[20], 0));
          break;
      }
      MalformedTextException error = e;
      assertAll(
          "way " + way + ": " + error.getMessage(),
          () -> assertEquals(3, error.charIndex(), "charIndex"),
          () -> assertEquals(-1, error.byteOffset(), "byteOffset"),
          () -> assertEquals(1, error.malformedLength(), "malformedLength"),
          () -> assertFalse(error.isTruncated(), "isTruncated"),
          () ->
              assertTrue(
                  Pattern.compile("(?<![0-9A-Za-z])3(?![0-9])").matcher(error.getMessage()).find(),
                  "the message shows the index 3"));
    }
    // A low surrogate first, at index 0; and a reversed pair: the low one (index 1) is the first error.
    assertEquals(0, assertThrows(MalformedTextException.class, () -> Utf8.encode("\uDC00x")).charIndex());
    assertEquals(1, assertThrows(MalformedTextException.class, () -> Utf8.encode("x\uDC00\uD800x")).charIndex());
    // A high surrogate at the very end.
    assertEquals(4, assertThrows(MalformedTextException.class, () -> Utf8.encodedLength("abcd\uDBFF")).charIndex());
  }

  @Test
  void destinationTooSmall() {
    // The euro sign is 3 bytes; 2 are left after offset 2 of a 4-byte array.
    byte[] dst = {1, 2, 3, 4};
    BufferTooSmallException e =
        assertThrows(BufferTooSmallException.class, () -> Utf8.encode("\u20ac", dst, 2));
    assertEquals(3, e.requiredBytes());
    assertEquals(2, e.availableBytes());
    assertEquals(1, dst[0]);
    assertEquals(2, dst[1]);
    assertTrue(e instanceof IndexOutOfBoundsException);
    assertNotNull(e.getMessage());

    ByteBuffer buffer = ByteBuffer.allocate(10).position(8);
    e = assertThrows(BufferTooSmallException.class, () -> Utf8.encode("a\u20ac", buffer));
    assertEquals(4, e.requiredBytes());
    assertEquals(2, e.availableBytes());
    assertEquals(8, buffer.position());
    assertEquals(10, buffer.limit());

    // REPLACE needs 3 bytes for the unpaired surrogate, REPLACE_WITH_QUESTION_MARK 1.
    e = assertThrows(
        BufferTooSmallException.class,
        () -> Utf8.codec(ErrorPolicy.REPLACE).encode("\uD800", new byte[2], 0));
    assertEquals(3, e.requiredBytes());
    assertEquals(1, Utf8.codec(ErrorPolicy.REPLACE_WITH_QUESTION_MARK).encode("\uD800", new byte[1], 0));
  }

  @Test
  void oneCodecPerPolicy() {
    for (ErrorPolicy policy : ErrorPolicy.values()) {
      assertEquals(policy, Utf8.codec(policy).policy());
    }
    assertThrows(NullPointerException.class, () -> Utf8.codec(null));
  }

  @Test
  void boundsAreChecked() {
    byte[] src = "hello".getBytes(UTF_8);
    assertThrows(IndexOutOfBoundsException.class, () -> Utf8.decode(src, -1, 2));
    assertThrows(IndexOutOfBoundsException.class, () -> Utf8.decode(src, 2, 4));
    assertThrows(IndexOutOfBoundsException.class, () -> Utf8.decode(src, 0, -1));
    assertThrows(IndexOutOfBoundsException.class, () -> Utf8.codec(ErrorPolicy.REPLACE).decode(src, 6, 0));
    assertThrows(IndexOutOfBoundsException.class, () -> Utf8.isValid(src, 3, 3));
    assertThrows(IndexOutOfBoundsException.class, () -> Utf8.validUpTo(src, -1, 1));
    assertThrows(IndexOutOfBoundsException.class, () -> Utf8.validate(src, 4, 2));
    assertThrows(IndexOutOfBoundsException.class, () -> Utf8.encodedLength("abc", 2, 1));
    assertThrows(IndexOutOfBoundsException.class, () -> Utf8.encodedLength("abc", 0, 4));
    assertThrows(IndexOutOfBoundsException.class, () -> Utf8.encodedLength("abc", -1, 2));
    assertThrows(IndexOutOfBoundsException.class, () -> Utf8.encode("abc", 1, 4, new byte[10], 0));
    assertThrows(IndexOutOfBoundsException.class, () -> Utf8.encode("abc", new byte[10], -1));
    assertThrows(IndexOutOfBoundsException.class, () -> Utf8.encode("", new byte[10], 11));
    assertThrows(IndexOutOfBoundsException.class, () -> Utf8.encode("abc", 2, 1, ByteBuffer.allocate(10)));
    // Valid calls at the edges.
    assertEquals("", Utf8.decode(src, 5, 0));
    assertEquals(5, Utf8.validUpTo(src, 5, 0));
    assertEquals(0, Utf8.encode("abc", 3, 3, new byte[0], 0));
  }
}
