package dev.textwire.internal;

/**
 * Single-byte code pages, each a table of the 256 chars its bytes decode to and, where it is not a
 * one-to-one map, the extra encodings it accepts. Adding a code page is a table here and a line in
 * {@code TextCodecs}. The tables were generated from the JDK's charsets and are checked against them, for
 * every byte and every char up to U+FFFF, by the tests.
 */
public final class CodePages {
  private CodePages() {}

  /** ISO-8859-1: byte n is U+00nn. */
  public static final SingleByteTable ISO_8859_1 =
      new SingleByteTable("ISO-8859-1", latin1(), (byte) '?', (byte) '?');

  /**
   * EBCDIC CCSID 500 (International Latin-1) as the JDK's {@code IBM500} maps it: bytes 15 and 25 both
   * decode to LF (U+000A), and LF and NEL (U+0085) both encode to 15. REPLACE writes SUB ({@code 3F}, IBM's
   * substitute character, which is also the JDK's replacement), REPLACE_WITH_QUESTION_MARK a visible
   * {@code '?'} ({@code 6F}).
   */
  public static final SingleByteTable IBM500 =
      new SingleByteTable("IBM500", jdkLineEnds(EbcdicTables.CCSID_500), (byte) 0x3F, (byte) 0x6F, 0x0085, 0x15);

  /**
   * CCSID 500 as IBM's character data representation architecture and Apache Derby's DRDA client map it,
   * one to one: LF (U+000A) is {@code 25} and NEL (U+0085) is {@code 15}. The only difference from
   * {@link #IBM500}.
   */
  public static final SingleByteTable IBM500_DERBY =
      new SingleByteTable("IBM500 (Derby: LF as 25, NEL as 15)", EbcdicTables.CCSID_500, (byte) 0x3F, (byte) 0x6F);

  /** EBCDIC CCSID 1047 (Latin-1, z/OS Open Systems), as the JDK's {@code IBM1047}: one to one. */
  public static final SingleByteTable IBM1047 =
      new SingleByteTable("IBM1047", EbcdicTables.CCSID_1047, (byte) 0x3F, (byte) 0x6F);

  private static String latin1() {
    StringBuilder chars = new StringBuilder(256);
    for (int c = 0; c < 256; c++) {
      chars.append((char) c);
    }
    return chars.toString();
  }

  /** The JDK decodes byte 15, NEL in IBM's tables, as LF. */
  private static String jdkLineEnds(String table) {
    return table.substring(0, 0x15) + '\n' + table.substring(0x16);
  }
}
