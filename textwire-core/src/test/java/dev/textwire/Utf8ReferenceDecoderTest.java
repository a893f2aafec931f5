package dev.textwire;

import static dev.textwire.TestSupport.bytes;
import static dev.textwire.TestSupport.codePoints;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Checks the oracle itself against the worked examples of the Unicode Standard (15.0, section 3.9.6,
 * "U+FFFD Substitution of Maximal Subparts", tables 3-8 to 3-11), and the library against the same
 * examples. The exhaustive and random tests then compare the library with this oracle.
 */
class Utf8ReferenceDecoderTest {

  static Stream<Arguments> unicodeExamples() {
    String r = "\uFFFD";
    return Stream.of(
        // Table 3-8, non-shortest forms: C0 | AF | E0 | 80 | BF | F0 | 81 | 82 | A
        Arguments.of("C0 AF E0 80 BF F0 81 82 41", r.repeat(8) + "A", 0, 1),
        // Table 3-9, surrogates: ED | A0 | 80 | ED | BF | BF | ED | AF | A
        Arguments.of("ED A0 80 ED BF BF ED AF 41", r.repeat(8) + "A", 0, 1),
        // Table 3-10, other ill-formed: F4 | 91 | 92 | 93 | FF | A | 80 | BF | B
        Arguments.of("F4 91 92 93 FF 41 80 BF 42", r.repeat(5) + "A" + r + r + "B", 0, 1),
        // Table 3-11, truncated: E1 80 | E2 | F0 91 92 | F1 BF | A
        Arguments.of("E1 80 E2 F0 91 92 F1 BF 41", r.repeat(4) + "A", 0, 2),
        // The example in the text of section 3.9: a | F1 80 80 | E1 80 | C2 | b | 80 | c | 80 | BF | d
        Arguments.of(
            "61 F1 80 80 E1 80 C2 62 80 63 80 BF 64",
            "a" + r + r + r + "b" + r + "c" + r + r + "d",
            1,
            3));
  }

  @ParameterizedTest
  @MethodSource("unicodeExamples")
  void referenceFollowsTheStandard(String hex, String expected, int errorOffset, int errorLength) {
    byte[] input = bytes(hex);
    assertEquals(codePoints(expected), codePoints(Utf8ReferenceDecoder.decodeReplacing(input)));
    assertEquals(
        new Utf8ReferenceDecoder.Error(errorOffset, errorLength, false),
        Utf8ReferenceDecoder.firstError(input));
  }

  @ParameterizedTest
  @MethodSource("unicodeExamples")
  void libraryFollowsTheStandard(String hex, String expected, int errorOffset, int errorLength) {
    byte[] input = bytes(hex);
    assertEquals(codePoints(expected), codePoints(Utf8.codec(ErrorPolicy.REPLACE).decode(input)));
    assertEquals(
        codePoints(expected),
        codePoints(Utf8.codec(ErrorPolicy.REPLACE_WITH_QUESTION_MARK).decode(input)));
    MalformedTextException e =
        org.junit.jupiter.api.Assertions.assertThrows(
            MalformedTextException.class, () -> Utf8.decode(input));
    assertEquals(errorOffset, e.byteOffset());
    assertEquals(errorLength, e.malformedLength());
    assertEquals(
        new TextValidation(errorOffset, errorLength, input.length),
        Utf8.validate(input, 0, input.length));
  }

  @Test
  void referenceTruncation() {
    // Cut short at the end: more bytes could complete these.
    assertEquals(new Utf8ReferenceDecoder.Error(1, 2, true), Utf8ReferenceDecoder.firstError(bytes("41 E2 82")));
    assertEquals(new Utf8ReferenceDecoder.Error(0, 3, true), Utf8ReferenceDecoder.firstError(bytes("F0 9F 92")));
    assertEquals(new Utf8ReferenceDecoder.Error(0, 1, true), Utf8ReferenceDecoder.firstError(bytes("F4")));
    // Never completable, even at the end: E0 80 is overlong, F4 90 above U+10FFFF, ED A0 a surrogate.
    assertEquals(new Utf8ReferenceDecoder.Error(0, 1, false), Utf8ReferenceDecoder.firstError(bytes("E0 80")));
    assertEquals(new Utf8ReferenceDecoder.Error(0, 1, false), Utf8ReferenceDecoder.firstError(bytes("F4 90")));
    assertEquals(new Utf8ReferenceDecoder.Error(0, 1, false), Utf8ReferenceDecoder.firstError(bytes("ED A0")));
    assertEquals(new Utf8ReferenceDecoder.Error(0, 1, false), Utf8ReferenceDecoder.firstError(bytes("C1")));
    assertNull(Utf8ReferenceDecoder.firstError(bytes("F4 8F BF BF EF BF BF DF BF 7F")));
    assertEquals("\uDBFF\uDFFF\uFFFF\u07FF\u007F",
        Utf8ReferenceDecoder.decodeReplacing(bytes("F4 8F BF BF EF BF BF DF BF 7F")));
  }
}
