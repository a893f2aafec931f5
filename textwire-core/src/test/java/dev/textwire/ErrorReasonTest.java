package dev.textwire;

import static dev.textwire.TestSupport.bytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * {@link MalformedTextException#reason()}: the rule in plain words, without the position, and always a
 * part of the message, so that a caller who reports positions its own way (a line and column, say)
 * loses nothing.
 */
class ErrorReasonTest {
  private static MalformedTextException decodeError(TextCodec codec, String hex) {
    byte[] input = bytes(hex);
    return assertThrows(MalformedTextException.class, () -> codec.decode(input));
  }

  private static void assertReason(String reason, MalformedTextException e) {
    assertEquals(reason, e.reason());
    assertTrue(e.getMessage().contains(": " + reason + " ("), e.getMessage());
    assertTrue(!e.reason().contains("offset") && !e.reason().contains("index"), e.reason());
  }

  @Test
  void decoding() {
    assertReason("overlong encoding", decodeError(TextCodecs.UTF_8, "61 E0 80 80"));
    assertReason("continuation byte without a lead byte", decodeError(TextCodecs.UTF_8, "80"));
    assertReason("sequence cut short by the end of the input", decodeError(TextCodecs.UTF_8, "E2 82"));
    assertReason("byte that never appears in UTF-8 (F5..FF)", decodeError(TextCodecs.UTF_8, "FF"));
    assertReason("encoded surrogate (U+D800..U+DFFF)", decodeError(TextCodecs.UTF_8, "ED A0 80"));
    assertReason(
        "raw 00 byte (modified UTF-8 writes U+0000 as C0 80)", decodeError(TextCodecs.MODIFIED_UTF_8, "41 00"));
  }

  @Test
  void encoding() {
    MalformedTextException e =
        assertThrows(MalformedTextException.class, () -> TextCodecs.UTF_8.encode("ab\uD800c"));
    assertEquals("unpaired high surrogate U+D800", e.reason());
    assertEquals("cannot encode UTF-8: unpaired high surrogate U+D800 at char index 2", e.getMessage());

    e = assertThrows(MalformedTextException.class, () -> TextCodecs.IBM500.encode("naïve Ā"));
    assertEquals("U+0100 (LATIN CAPITAL LETTER A WITH MACRON) is not in the code page", e.reason());
    assertEquals(
        "cannot encode IBM500: U+0100 (LATIN CAPITAL LETTER A WITH MACRON) at char index 6 is not in the code page",
        e.getMessage());
  }

  @Test
  void theOlderConstructorUsesTheMessage() {
    MalformedTextException e = new MalformedTextException("whole message", 3, -1, 1, false);
    assertEquals("whole message", e.reason());
  }
}
