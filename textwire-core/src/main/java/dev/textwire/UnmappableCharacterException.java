package dev.textwire;

import java.util.Locale;

/**
 * A character that a code page has no byte for, met while encoding under {@link ErrorPolicy#STRICT}:
 * {@link #codePoint()} is the character (a surrogate pair is one, {@link #malformedLength()} 2), and
 * {@link #charIndex()} where it starts in the caller's text. (Unchecked, unlike
 * {@code java.nio.charset.UnmappableCharacterException}; catch {@link MalformedTextException} for every
 * encoding error.)
 *
 * <p>The message names the character ({@code "U+0100 (LATIN CAPITAL LETTER A WITH MACRON)"}), and
 * looking a name up costs microseconds ({@code Character.getName}), so the message and the reason are
 * built when first asked for, not when the error is thrown: code that catches the error and goes on
 * does not pay for words it never reads.
 */
public final class UnmappableCharacterException extends MalformedTextException {
  private static final long serialVersionUID = 1L;

  private final String encoding;
  private final int codePoint;
  /** {@code "U+0100 (LATIN CAPITAL LETTER A WITH MACRON)"}, built on first use. */
  private transient String character;
  private transient String message;

  /**
   * @param encoding the code page's name, for the message
   * @param codePoint the character
   * @param charIndex where it starts in the caller's text (or stream)
   * @param charCount its chars: 1, or 2 for a surrogate pair
   */
  public UnmappableCharacterException(String encoding, int codePoint, long charIndex, int charCount) {
    super(null, null, -1, charIndex, charCount, false);
    this.encoding = encoding;
    this.codePoint = codePoint;
  }

  /** The character the code page has no byte for. */
  public int codePoint() {
    return codePoint;
  }

  /** {@code "cannot encode IBM500: U+0100 (LATIN CAPITAL LETTER A WITH MACRON) at char index 6 is not in the code page"}. */
  @Override
  public String getMessage() {
    String m = message;
    if (m == null) {
      m = "cannot encode " + encoding + ": " + character() + " at char index " + charIndex() + " is not in the code page";
      message = m;
    }
    return m;
  }

  /** {@code "U+0100 (LATIN CAPITAL LETTER A WITH MACRON) is not in the code page"}. */
  @Override
  public String reason() {
    return character() + " is not in the code page";
  }

  private String character() {
    String c = character;
    if (c == null) {
      String name = Character.getName(codePoint); // null for an unassigned code point
      c = String.format(Locale.ROOT, "U+%04X", codePoint) + (name == null ? "" : " (" + name + ")");
      character = c;
    }
    return c;
  }
}
