package dev.textwire.internal;

/**
 * The UTF-8 family's members and the only places they differ, as data: {@link Utf8Kernel} and its loops
 * serve all three and ask the variant where a rule differs; everywhere else the bytes are the same.
 * <pre>
 *                           UTF-8            CESU-8                 modified UTF-8
 *   U+0000                  00               00                     C0 80 (a raw 00 is ill-formed)
 *   U+0001..U+FFFF          1 to 3 bytes, the same in all three, surrogates excepted
 *   U+10000..U+10FFFF       4 bytes F0..F4   two 3-byte surrogates  two 3-byte surrogates
 *   a lone surrogate        ill-formed       ill-formed             3 bytes, ED A0..BF xx
 *   lead bytes F0..F4       legal            ill-formed             ill-formed
 *   overlong C0 80          ill-formed       ill-formed             U+0000
 * </pre>
 * Why lone surrogates differ: modified UTF-8 is a serialisation of Java's UTF-16 strings, which may hold
 * any char, and {@code DataOutputStream.writeUTF}, JNI and class files write lone surrogates as they come;
 * a reader that refused them could not read back what Java wrote. CESU-8 (Unicode TR 26) is defined as
 * the encoding of <em>well-formed</em> UTF-16, so a lone surrogate is as ill-formed as it is in UTF-8.
 * The JDK's CESU-8 decoder and ICU accept lone surrogates; we do not, and say so in the error.
 */
public enum Utf8Variant {
  UTF_8("UTF-8", false, false, false),
  CESU_8("CESU-8", false, true, false),
  MODIFIED_UTF_8("Modified UTF-8", true, true, true);

  /** The name used in messages. */
  public final String displayName;
  /** U+0000 is written as C0 80, and a raw 00 byte is ill-formed. */
  final boolean nulAsTwoBytes;
  /** Supplementary characters are two 3-byte surrogates; 4-byte forms (F0..F4) are ill-formed. */
  final boolean surrogatesOneByOne;
  /** Whether an unpaired surrogate is encodable, and a lone encoded surrogate decodes, with no error. */
  final boolean loneSurrogatesAllowed;
  /** The smallest char (and byte) copied through as one ASCII byte: 1 when U+0000 takes two bytes. */
  final int asciiLow;

  Utf8Variant(String displayName, boolean nulAsTwoBytes, boolean surrogatesOneByOne, boolean loneSurrogates) {
    this.displayName = displayName;
    this.nulAsTwoBytes = nulAsTwoBytes;
    this.surrogatesOneByOne = surrogatesOneByOne;
    this.loneSurrogatesAllowed = loneSurrogates;
    this.asciiLow = asciiLow(nulAsTwoBytes);
  }

  /** {@link #asciiLow} for a NUL rule: for a loop that wants it as a constant, not read from a variant. */
  static int asciiLow(boolean nulAsTwoBytes) {
    return nulAsTwoBytes ? 1 : 0;
  }

  /** Bytes for a surrogate pair: 4 in UTF-8, two 3-byte sequences otherwise. */
  int pairLength() {
    return surrogatesOneByOne ? 6 : 4;
  }
}
