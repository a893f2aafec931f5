package dev.textwire.bench;

import static java.nio.charset.StandardCharsets.ISO_8859_1;

import dev.textwire.ErrorPolicy;
import dev.textwire.TextCodec;
import dev.textwire.TextCodecs;
import java.io.ByteArrayOutputStream;
import java.nio.charset.Charset;
import java.util.List;

/**
 * The {@code codec} parameter of the codec-family benchmarks ({@link CodecFamilyEncodeBase},
 * {@link CodecFamilyDecodeBase}): which textwire codec, which JDK charset it is measured against, and an
 * independent reference encoder for modified UTF-8, which has no JDK charset.
 *
 * <ul>
 *   <li>{@code cesu8}: {@code TextCodecs.CESU_8} (STRICT) against the JDK's {@code CESU-8}.
 *   <li>{@code mutf8}: {@code TextCodecs.MODIFIED_UTF_8} (STRICT; encoding never fails) against
 *       {@code DataOutputStream.writeUTF} / {@code DataInputStream.readUTF}, the only JDK code for it, which
 *       add a 2-byte length and stop at 65,535 bytes.
 *   <li>{@code latin1}: {@code TextCodecs.ISO_8859_1} under REPLACE against the JDK's {@code ISO-8859-1}.
 *   <li>{@code ibm500}: {@code TextCodecs.IBM500} under REPLACE against the JDK's {@code IBM500}.
 * </ul>
 *
 * The single-byte codecs run under REPLACE because the synthetic kinds cjk, emoji and mostly_ascii (and
 * most corpus files) hold characters they cannot represent: REPLACE writes the byte
 * {@code String.getBytes} writes, so textwire and the JDK do the same work on the same input.
 */
final class CodecFamily {
  private CodecFamily() {}

  static final List<String> NAMES = List.of("cesu8", "mutf8", "latin1", "ibm500");

  /** The textwire codec for {@code name}. */
  static TextCodec codec(String name) {
    switch (name) {
      case "cesu8":
        return TextCodecs.CESU_8;
      case "mutf8":
        return TextCodecs.MODIFIED_UTF_8;
      case "latin1":
        return TextCodecs.ISO_8859_1.withPolicy(ErrorPolicy.REPLACE);
      case "ibm500":
        return TextCodecs.IBM500.withPolicy(ErrorPolicy.REPLACE);
      default:
        throw new IllegalArgumentException("unknown codec '" + name + "': expected one of " + NAMES);
    }
  }

  /** The matching JDK charset, or null for {@code mutf8}, which has none. */
  static Charset charset(String name) {
    switch (name) {
      case "cesu8":
        return Charset.forName("CESU-8");
      case "mutf8":
        return null;
      case "latin1":
        return ISO_8859_1;
      case "ibm500":
        return Charset.forName("IBM500");
      default:
        throw new IllegalArgumentException("unknown codec '" + name + "': expected one of " + NAMES);
    }
  }

  /** True for the single-byte code pages, which are measured under REPLACE. */
  static boolean replaces(String name) {
    return name.equals("latin1") || name.equals("ibm500");
  }

  /**
   * Modified UTF-8 written out by hand from its definition ({@code DataOutput}'s javadoc), char by char:
   * U+0001..U+007F in 1 byte, U+0000 and U+0080..U+07FF in 2, everything else (each surrogate on its own)
   * in 3. The reference for inputs too long for {@code writeUTF}.
   */
  static byte[] modifiedUtf8Reference(String text) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(3 * text.length());
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c >= 0x0001 && c <= 0x007F) {
        out.write(c);
      } else if (c <= 0x07FF) {
        out.write(0xC0 | (c >> 6));
        out.write(0x80 | (c & 0x3F));
      } else {
        out.write(0xE0 | (c >> 12));
        out.write(0x80 | ((c >> 6) & 0x3F));
        out.write(0x80 | (c & 0x3F));
      }
    }
    return out.toByteArray();
  }

  /** The reference bytes behind {@code writeUTF}'s 2-byte big-endian length (no limit check). */
  static byte[] withUtfLength(byte[] bytes) {
    byte[] prefixed = new byte[2 + bytes.length];
    prefixed[0] = (byte) (bytes.length >>> 8);
    prefixed[1] = (byte) bytes.length;
    System.arraycopy(bytes, 0, prefixed, 2, bytes.length);
    return prefixed;
  }

  /**
   * Fails the trial of a method that has no JDK counterpart for this codec or input (JMH reports the
   * exception, measures nothing for that method and goes on with the next one): {@code benchmark} is
   * JMH's full method name, {@code method} the simple name that is not available.
   */
  static void unavailable(String benchmark, String method, boolean unavailable, String why) {
    if (unavailable && benchmark.endsWith("." + method)) {
      throw new UnsupportedOperationException("not measured, by design: " + method + " " + why);
    }
  }
}
