package dev.textwire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.lang.reflect.Field;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * A strict code page's error for a char it has no byte for: an {@link UnmappableCharacterException} whose
 * message and reason are the words they always were, built only when first asked for (they name the
 * character, and {@code Character.getName} costs microseconds; see {@code UnmappableErrorBenchmark}).
 */
class UnmappableCharacterExceptionTest {
  private static final TextCodec[] CODE_PAGES = {
    TextCodecs.ISO_8859_1, TextCodecs.IBM500, TextCodecs.IBM500_DERBY, TextCodecs.IBM1047,
  };

  /** The message as the constructor used to build it, eagerly. */
  private static String expectedMessage(String encoding, int codePoint, long charIndex) {
    return String.format(
        "cannot encode %s: U+%04X (%s) at char index %d is not in the code page",
        encoding, codePoint, Character.getName(codePoint), charIndex);
  }

  /** Every strict encoding path of a code page, each giving the error for {@code text}. */
  private static List<Function<CharSequence, MalformedTextException>> paths(TextCodec codec) {
    return List.of(
        text -> assertThrows(MalformedTextException.class, () -> codec.encode(text)),
        text -> assertThrows(MalformedTextException.class, () -> codec.encodedLength(text)),
        text -> assertThrows(MalformedTextException.class, () -> codec.encode(text, new byte[64], 0)),
        text -> assertThrows(MalformedTextException.class, () -> codec.encode(text, ByteBuffer.allocateDirect(64))),
        text -> assertThrows(MalformedTextException.class, () -> {
          TextEncoder encoder = codec.newEncoder().reset(text);
          encoder.encode(new byte[64], 0, 64);
        }));
  }

  @Test
  void messageAndReasonAreUnchangedOnEveryPath() {
    for (TextCodec codec : CODE_PAGES) {
      // a BMP char, and a pair (one character of two chars)
      String[] texts = {"ab\u0100cd", "abc\uD83D\uDE00d"};
      int[] codePoints = {0x100, 0x1F600};
      int[] indices = {2, 3};
      int[] lengths = {1, 2};
      for (int t = 0; t < texts.length; t++) {
        for (Function<CharSequence, MalformedTextException> path : paths(codec)) {
          MalformedTextException e = path.apply(texts[t]);
          UnmappableCharacterException u = assertInstanceOf(UnmappableCharacterException.class, e, codec.name());
          String ctx = codec.name() + " " + texts[t];
          assertEquals(codePoints[t], u.codePoint(), ctx);
          assertEquals(indices[t], u.charIndex(), ctx);
          assertEquals(-1, u.byteOffset(), ctx);
          assertEquals(lengths[t], u.malformedLength(), ctx);
          assertEquals(expectedMessage(codec.name(), codePoints[t], indices[t]), u.getMessage(), ctx);
          assertEquals(
              String.format("U+%04X (%s) is not in the code page", codePoints[t], Character.getName(codePoints[t])),
              u.reason(),
              ctx);
          assertEquals(UnmappableCharacterException.class.getName() + ": " + u.getMessage(), u.toString(), ctx);
        }
      }
    }
  }

  @Test
  void theMessageIsBuiltOnlyWhenAskedForAndThenKept() throws ReflectiveOperationException {
    UnmappableCharacterException e =
        assertInstanceOf(
            UnmappableCharacterException.class,
            assertThrows(MalformedTextException.class, () -> TextCodecs.IBM500.encode("x\u0100", new byte[8], 0)));
    // Nothing named yet: catching the error and going on costs no name lookup.
    assertNull(field(e, "character"), "the character's name was looked up before anyone asked");
    assertNull(field(e, "message"), "the message was built before anyone asked");
    String message = e.getMessage();
    assertSame(message, e.getMessage(), "the message is built once");
    assertEquals(expectedMessage("IBM500", 0x100, 1), message);
  }

  private static Object field(Object target, String name) throws ReflectiveOperationException {
    Field field = UnmappableCharacterException.class.getDeclaredField(name);
    field.setAccessible(true);
    return field.get(target);
  }

  @Test
  void anUnassignedCodePointHasNoName() {
    // U+0378 is unassigned: Character.getName gives null, which the eager message printed as "(null)".
    MalformedTextException e =
        assertThrows(MalformedTextException.class, () -> TextCodecs.ISO_8859_1.encode("\u0378", new byte[8], 0));
    assertEquals("cannot encode ISO-8859-1: U+0378 at char index 0 is not in the code page", e.getMessage());
    assertEquals("U+0378 is not in the code page", e.reason());
  }

  @Test
  void theMessageSurvivesSerialization() throws IOException, ClassNotFoundException {
    MalformedTextException e =
        assertThrows(MalformedTextException.class, () -> TextCodecs.IBM1047.encode("\u4E2D", new byte[8], 0));
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(e);
    }
    Object back;
    try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
      back = in.readObject();
    }
    UnmappableCharacterException u = assertInstanceOf(UnmappableCharacterException.class, back);
    assertEquals(e.getMessage(), u.getMessage());
    assertEquals(String.format(Locale.ROOT, "U+4E2D (%s) is not in the code page", Character.getName(0x4E2D)), u.reason());
    assertEquals(0x4E2D, u.codePoint());
  }
}
