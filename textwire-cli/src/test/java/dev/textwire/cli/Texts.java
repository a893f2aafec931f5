package dev.textwire.cli;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static java.nio.charset.StandardCharsets.UTF_16BE;
import static java.nio.charset.StandardCharsets.UTF_16LE;
import static java.nio.charset.StandardCharsets.UTF_8;

import dev.textwire.MalformedTextException;
import dev.textwire.TextCodec;
import dev.textwire.TextCodecs;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Expected values for the tests, worked out with the JDK (and the core, for where errors are). */
final class Texts {
  private Texts() {}

  /** Every encoding the tool reads and writes, by the name the command line takes. */
  static final List<String> ENCODINGS =
      List.of("utf-8", "cesu-8", "modified-utf-8", "latin-1", "ebcdic-500", "ebcdic-1047", "utf-16le", "utf-16be");

  /** The JDK's charset for a command-line name; null for modified UTF-8, which the JDK has only as writeUTF. */
  static Charset jdkCharset(String encoding) {
    switch (encoding) {
      case "utf-8": return UTF_8;
      case "cesu-8": return Charset.forName("CESU-8");
      case "modified-utf-8": return null;
      case "latin-1": return ISO_8859_1;
      case "ebcdic-500": return Charset.forName("IBM500");
      case "ebcdic-1047": return Charset.forName("IBM1047");
      case "utf-16le": return UTF_16LE;
      case "utf-16be": return UTF_16BE;
      default: throw new IllegalArgumentException(encoding);
    }
  }

  /** The core's strict codec for a command-line name; null for UTF-16, which the tool checks itself. */
  static TextCodec codec(String encoding) {
    switch (encoding) {
      case "utf-8": return TextCodecs.UTF_8;
      case "cesu-8": return TextCodecs.CESU_8;
      case "modified-utf-8": return TextCodecs.MODIFIED_UTF_8;
      case "latin-1": return TextCodecs.ISO_8859_1;
      case "ebcdic-500": return TextCodecs.IBM500;
      case "ebcdic-1047": return TextCodecs.IBM1047;
      case "utf-16le":
      case "utf-16be":
        return null;
      default: throw new IllegalArgumentException(encoding);
    }
  }

  /** {@code text} in {@code encoding}, by the JDK (modified UTF-8: writeUTF without its length). */
  static byte[] encode(String text, String encoding) {
    Charset charset = jdkCharset(encoding);
    if (charset != null) {
      return text.getBytes(charset);
    }
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    // writeUTF takes at most 65535 bytes; each char is encoded on its own, so pieces concatenate.
    for (int i = 0; i < text.length(); i += 16000) {
      ByteArrayOutputStream piece = new ByteArrayOutputStream();
      try (DataOutputStream out = new DataOutputStream(piece)) {
        out.writeUTF(text.substring(i, Math.min(text.length(), i + 16000)));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      byte[] b = piece.toByteArray();
      bytes.write(b, 2, b.length - 2);
    }
    return bytes.toByteArray();
  }

  /** Strict JDK decoding of well-formed {@code bytes[from, to)} (modified UTF-8: readUTF). */
  static String decode(byte[] bytes, int from, int to, String encoding) {
    Charset charset = jdkCharset(encoding);
    try {
      if (charset != null) {
        return charset.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT)
            .decode(ByteBuffer.wrap(bytes, from, to - from))
            .toString();
      }
      StringBuilder text = new StringBuilder();
      int i = from;
      while (i < to) {
        int end = Math.min(to, i + 60000);
        while (end < to && (bytes[end] & 0xC0) == 0x80) {
          end--; // a piece ends before a character starts
        }
        byte[] piece = new byte[2 + end - i];
        piece[0] = (byte) ((end - i) >> 8);
        piece[1] = (byte) (end - i);
        System.arraycopy(bytes, i, piece, 2, end - i);
        text.append(new DataInputStream(new ByteArrayInputStream(piece)).readUTF());
        i = end;
      }
      return text.toString();
    } catch (CharacterCodingException e) {
      throw new AssertionError(encoding + ": the JDK does not take bytes [" + from + ", " + to + ") as well-formed", e);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** {line, column} of the character after {@code text}: lines end at LF, columns count code points from 1. */
  static long[] lineColumn(CharSequence text) {
    long line = 1;
    long column = 1;
    for (int i = 0; i < text.length(); i += Character.charCount(Character.codePointAt(text, i))) {
      if (text.charAt(i) == '\n') {
        line++;
        column = 1;
      } else {
        column++;
      }
    }
    return new long[] {line, column};
  }

  /** The bytes as {@code E6 97}. */
  static String hex(byte[] bytes, int from, int to) {
    StringBuilder out = new StringBuilder();
    for (int i = from; i < to; i++) {
      out.append(i > from ? " " : "").append(String.format(Locale.ROOT, "%02X", bytes[i] & 0xFF));
    }
    return out.toString();
  }

  /** The bytes as {@code \xE6\x97}. */
  static String escaped(byte[] bytes, int from, int to) {
    StringBuilder out = new StringBuilder();
    for (int i = from; i < to; i++) {
      out.append(String.format(Locale.ROOT, "\\x%02X", bytes[i] & 0xFF));
    }
    return out.toString();
  }

  static String errorLine(String name, long line, long column, long offset, String reason, String hex) {
    return name + ":" + line + ":" + column + ": byte offset " + offset + ": " + reason + " (bytes " + hex + ")";
  }

  static byte[] bytes(int... values) {
    byte[] b = new byte[values.length];
    for (int i = 0; i < values.length; i++) {
      b[i] = (byte) values[i];
    }
    return b;
  }

  static byte[] concat(byte[]... parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] part : parts) {
      out.write(part, 0, part.length);
    }
    return out.toByteArray();
  }

  /** One ill-formed sequence as the core's strict decoder sees it, and its line and column (by the JDK). */
  record Error(int offset, int length, String reason, long line, long column) {
    String line(String name, byte[] bytes) {
      return errorLine(name, line, column, offset, reason, hex(bytes, offset, offset + length));
    }
  }

  /**
   * Every error in {@code bytes}, found by calling the core again and again: validUpTo, then the
   * exception of a strict decode there, then on after its malformedLength. Lines and columns come from the
   * JDK's decoding of the well-formed parts between, each ill-formed sequence one character.
   */
  static List<Error> coreErrors(TextCodec codec, String encoding, byte[] bytes) {
    List<Error> errors = new ArrayList<>();
    long[] position = {1, 1};
    int at = 0;
    while (at < bytes.length) {
      int valid = codec.validUpTo(bytes, at, bytes.length - at);
      String text = decode(bytes, at, valid, encoding);
      long[] inText = lineColumn(text);
      position = inText[0] > 1
          ? new long[] {position[0] + inText[0] - 1, inText[1]}
          : new long[] {position[0], position[1] + inText[1] - 1};
      if (valid == bytes.length) {
        break;
      }
      MalformedTextException e;
      try {
        codec.decode(bytes, valid, bytes.length - valid);
        throw new AssertionError(codec.name() + ": validUpTo stopped at " + valid + " but decode went through");
      } catch (MalformedTextException thrown) {
        e = thrown;
      }
      if (e.byteOffset() != valid) {
        throw new AssertionError("validUpTo " + valid + " but decode failed at " + e.byteOffset());
      }
      errors.add(new Error(valid, e.malformedLength(), e.reason(), position[0], position[1]));
      position = new long[] {position[0], position[1] + 1}; // the ill-formed sequence: one character
      at = valid + e.malformedLength();
    }
    return errors;
  }

  /** The caret line under an excerpt whose shown text before the bad bytes is {@code shownBefore}. */
  static String caret(String shownBefore, int badByteCount) {
    return "    | " + " ".repeat(Excerpt.displayWidth(shownBefore)) + "^".repeat(4 * badByteCount);
  }
}
