package dev.textwire.cli;

import dev.textwire.ErrorPolicy;
import dev.textwire.TextCodec;
import dev.textwire.TextCodecs;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine;

/** The encodings the commands read and write, by the names a user types. */
enum Encoding {
  UTF_8("utf-8", TextCodecs.UTF_8, "utf8"),
  CESU_8("cesu-8", TextCodecs.CESU_8, "cesu8"),
  MODIFIED_UTF_8("modified-utf-8", TextCodecs.MODIFIED_UTF_8, "mutf-8", "mutf8", "java"),
  LATIN_1("latin-1", TextCodecs.ISO_8859_1, "latin1", "iso-8859-1", "iso8859-1"),
  EBCDIC_500("ebcdic-500", TextCodecs.IBM500, "ibm500", "ibm-500", "cp500"),
  EBCDIC_1047("ebcdic-1047", TextCodecs.IBM1047, "ibm1047", "ibm-1047", "cp1047"),
  UTF_16LE("utf-16le", null, "utf16le"),
  UTF_16BE("utf-16be", null, "utf16be");

  final String cliName;
  private final TextCodec codec;
  private final List<String> aliases;

  Encoding(String cliName, TextCodec codec, String... aliases) {
    this.cliName = cliName;
    this.codec = codec;
    this.aliases = List.of(aliases);
  }

  /** The name the messages use: the encoding's own name, as in "invalid UTF-8". */
  String displayName() {
    return codec != null ? codec.name() : cliName.toUpperCase(Locale.ROOT);
  }

  boolean isUtf8Family() {
    return this == UTF_8 || this == CESU_8 || this == MODIFIED_UTF_8;
  }

  InputDecoder decoder() {
    if (codec == null) {
      return new Utf16Decoder(this == UTF_16BE);
    }
    return new CodecDecoder(codec, isUtf8Family(), this == UTF_8);
  }

  /**
   * The writing side: strict, or replacing what cannot be encoded with the encoding's substitute (U+FFFD
   * in the UTF-8 family and UTF-16, the code page's substitute byte in Latin-1 and EBCDIC).
   */
  OutputEncoder encoder(boolean replace) {
    if (codec == null) {
      return new Utf16Encoder(this == UTF_16BE, replace);
    }
    return new CodecEncoder(replace ? codec.withPolicy(ErrorPolicy.REPLACE) : codec);
  }

  static Encoding byName(String name) {
    String key = name.trim().toLowerCase(Locale.ROOT).replace('_', '-');
    for (Encoding e : values()) {
      if (e.cliName.equals(key) || e.aliases.contains(key)) {
        return e;
      }
    }
    return null;
  }

  static String names() {
    List<String> names = new ArrayList<>();
    for (Encoding e : values()) {
      names.add(e.cliName);
    }
    return String.join(", ", names);
  }

  /** For picocli: a name or alias, any case. */
  static final class Converter implements CommandLine.ITypeConverter<Encoding> {
    @Override
    public Encoding convert(String value) {
      Encoding e = byName(value);
      if (e == null) {
        throw new CommandLine.TypeConversionException(
            "unknown encoding '" + value + "'; known: " + names());
      }
      return e;
    }
  }

  /** For picocli's help and completion: the main names. */
  static final class Names implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      List<String> names = new ArrayList<>();
      for (Encoding e : values()) {
        names.add(e.cliName);
      }
      return names.iterator();
    }
  }
}
