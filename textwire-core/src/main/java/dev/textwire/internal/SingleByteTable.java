package dev.textwire.internal;

import java.util.Arrays;

/**
 * A single-byte code page as lookup tables: 256 chars to decode, and a char-to-byte table to encode built
 * from them. A code page is defined by its 256 decoded chars ({@code U+FFFD} for a byte that maps to
 * nothing) and, where it is not a one-to-one map, the extra encodings it accepts: the JDK's IBM500 encodes
 * both LF and NEL as {@code 15}, for instance, and decodes both {@code 15} and {@code 25} as LF.
 *
 * <p>Data only: {@link SingleByteKernel} encodes and decodes with it. Immutable once built; the arrays are
 * never handed out.
 */
public final class SingleByteTable {
  /** Marks a byte that decodes to nothing, and a char that encodes to nothing. */
  static final char UNMAPPED_CHAR = '\uFFFD';

  private static final int UNMAPPED = -1;

  final String name;
  /** byte & 0xFF to char, {@link #UNMAPPED_CHAR} if none. */
  final char[] toChar = new char[256];
  /** char >>> 8 to a page of 256 bytes (as ints, {@link #UNMAPPED} if none), null for an empty page. */
  private final int[][] pages = new int[256][];
  /** For chars U+0000..U+00FF, the byte; meaningful only where {@link #latin1Mapped} says so. */
  final byte[] fromLatin1 = new byte[256];
  /** Every char U+0000..U+00FF has a byte, so a Latin-1 string encodes with no error possible. */
  final boolean latin1Mapped;
  /** For bytes whose char is U+0000..U+00FF, that char as a byte; meaningful when {@link #decodesToLatin1}. */
  final byte[] toLatin1 = new byte[256];
  /** Every byte decodes to a char U+0000..U+00FF: decoding can build a compact string directly. */
  final boolean decodesToLatin1;
  /** The byte is the char: ISO-8859-1, whose paths are the JDK's own intrinsics. */
  final boolean identity;
  /** Written for an unmappable char under REPLACE and REPLACE_WITH_QUESTION_MARK. */
  final byte substitute;
  final byte questionMark;

  /**
   * @param decoded the 256 chars bytes 00..FF decode to, {@code U+FFFD} where a byte maps to nothing
   * @param encodeOnly pairs of (char, byte) encoded although that byte decodes to something else; also
   *     the byte chosen for a char that several bytes decode to (else the lowest such byte)
   */
  public SingleByteTable(String name, String decoded, byte substitute, byte questionMark, int... encodeOnly) {
    if (decoded.length() != 256 || encodeOnly.length % 2 != 0) {
      throw new IllegalArgumentException("need 256 chars and (char, byte) pairs");
    }
    this.name = name;
    this.substitute = substitute;
    this.questionMark = questionMark;
    boolean allLatin1 = true;
    boolean identical = true;
    for (int b = 255; b >= 0; b--) { // downwards, so the lowest byte wins a char several bytes decode to
      char c = decoded.charAt(b);
      toChar[b] = c;
      identical &= c == b;
      if (c == UNMAPPED_CHAR) {
        allLatin1 = false;
        continue;
      }
      allLatin1 &= c <= 0xFF;
      toLatin1[b] = (byte) c;
      page(c)[c & 0xFF] = b;
    }
    for (int i = 0; i < encodeOnly.length; i += 2) {
      char c = (char) encodeOnly[i];
      page(c)[c & 0xFF] = encodeOnly[i + 1] & 0xFF;
      identical = false;
    }
    this.decodesToLatin1 = allLatin1;
    this.identity = identical;
    boolean mapped = pages[0] != null;
    for (int c = 0; c < 256 && mapped; c++) {
      int b = pages[0][c];
      mapped = b != UNMAPPED;
      fromLatin1[c] = (byte) b;
    }
    this.latin1Mapped = mapped;
  }

  private int[] page(char c) {
    int[] page = pages[c >>> 8];
    if (page == null) {
      page = new int[256];
      Arrays.fill(page, UNMAPPED);
      pages[c >>> 8] = page;
    }
    return page;
  }

  /** The byte {@code c} encodes to, 0..255, or -1 if the code page has none. */
  int encode(char c) {
    int[] page = pages[c >>> 8];
    return page == null ? UNMAPPED : page[c & 0xFF];
  }

  public String name() {
    return name;
  }

  /** The substitute byte under REPLACE. */
  public byte substitute() {
    return substitute;
  }

  /** The byte for {@code '?'} under REPLACE_WITH_QUESTION_MARK, as the JDK's encoders write. */
  public byte questionMark() {
    return questionMark;
  }
}
