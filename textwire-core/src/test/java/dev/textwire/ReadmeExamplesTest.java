package dev.textwire;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/** The README's tour, line for line, with its comments turned into assertions. */
class ReadmeExamplesTest {
  @Test
  void tour() {
    int byteCount = Utf8.encodedLength("naïve café 日本 😀");
    assertEquals(24, byteCount);

    byte[] frame = new byte[64];
    int written = Utf8.encode("naïve café", frame, 4);
    assertEquals(12, written);

    ByteBuffer out = ByteBuffer.allocateDirect(1024);
    Utf8.encode(new StringBuilder("any CharSequence"), out);
    assertEquals(16, out.position());

    BufferTooSmallException tooSmall =
        assertThrows(BufferTooSmallException.class, () -> Utf8.encode("too long for three bytes", new byte[3], 0));
    assertEquals(24, tooSmall.requiredBytes());

    String text = Utf8.decode(frame, 4, written);
    assertEquals("naïve café", text);
    MalformedTextException bad =
        assertThrows(
            MalformedTextException.class,
            () -> Utf8.decode(new byte[] {'o', 'k', (byte) 0xE0, (byte) 0x80, 'x'}));
    assertEquals(2, bad.byteOffset());
    assertEquals(
        "invalid UTF-8 at byte offset 2: overlong encoding (bytes E0), followed by 80 78", bad.getMessage());

    byte[] partial = {'a', (byte) 0xF0, (byte) 0x9F};
    Utf8Validation v = Utf8.validate(partial, 0, partial.length);
    assertEquals(1, v.validUpTo());
    assertTrue(v.isTruncated());

    Utf8Codec lenient = Utf8.codec(ErrorPolicy.REPLACE);
    assertEquals("\uFFFD\uFFFD\uFFFD", lenient.decode(new byte[] {(byte) 0xED, (byte) 0xA0, (byte) 0x80}));
    assertArrayEquals(
        new byte[] {0x61, 0x3F, 0x62}, Utf8.codec(ErrorPolicy.REPLACE_WITH_QUESTION_MARK).encode("a\uD800b"));
  }
}
