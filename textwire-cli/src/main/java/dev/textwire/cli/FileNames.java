package dev.textwire.cli;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Locale;

/**
 * File names as the user typed them. The JVM turns the bytes of arguments and file names into Strings
 * with the locale's character set ({@code sun.jnu.encoding}); the launcher starts it in an ISO-8859-1
 * locale when a name has bytes above 127, so that every name survives, as one char per byte. Shown to the
 * user, a name is those bytes read as UTF-8, each byte that is not UTF-8 as {@code \xNN} (as excerpts
 * show bad bytes), so that what is printed is the name the shell gave whatever the JVM's locale was.
 */
final class FileNames {
  /** The character set the JVM turns file names into Strings with, and back. */
  static final Charset NAMES = namesCharset();

  private FileNames() {}

  private static Charset namesCharset() {
    for (String property : new String[] {"sun.jnu.encoding", "native.encoding"}) {
      String name = System.getProperty(property);
      try {
        if (name != null && Charset.isSupported(name)) {
          return Charset.forName(name);
        }
      } catch (IllegalArgumentException e) {
        // an illegal name: try the next
      }
    }
    return StandardCharsets.UTF_8;
  }

  /** The name as the user typed it, for messages and output. */
  static String show(String name) {
    byte[] bytes;
    try {
      ByteBuffer encoded =
          NAMES.newEncoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT)
              .encode(CharBuffer.wrap(name));
      bytes = new byte[encoded.remaining()];
      encoded.get(bytes);
    } catch (CharacterCodingException e) {
      return name; // not the bytes of a name (the JVM already replaced what it could not read)
    }
    StringBuilder shown = new StringBuilder(bytes.length);
    var decoder =
        StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    ByteBuffer in = ByteBuffer.wrap(bytes);
    CharBuffer out = CharBuffer.allocate(bytes.length);
    while (true) {
      var result = decoder.decode(in, out, true);
      out.flip();
      shown.append(out);
      out.clear();
      if (result.isError()) {
        for (int k = 0; k < result.length(); k++) {
          shown.append(String.format(Locale.ROOT, "\\x%02X", in.get() & 0xFF));
        }
      } else if (result.isUnderflow()) {
        return shown.toString();
      }
    }
  }

  static String show(Path path) {
    return show(path.toString());
  }

  /**
   * True if the JVM could not keep the name's bytes: it holds U+FFFD, and the locale's character set is
   * not one in which every byte is a char (the launcher found no such locale).
   */
  static boolean damaged(String name) {
    return name.indexOf('\uFFFD') >= 0 && !NAMES.equals(StandardCharsets.ISO_8859_1);
  }

  /** Why a name could not be used, when it was damaged on the way in. */
  static String unusable(String name) {
    return show(name)
        + ": cannot open: the JVM could not take the bytes of this name in the locale's character set ("
        + NAMES.name()
        + "); under a UTF-8 locale (for UTF-8 names) or an ISO-8859-1 one (for any) it can";
  }
}
