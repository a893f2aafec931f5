package dev.textwire;

import dev.textwire.internal.CodePages;
import dev.textwire.internal.SingleByteKernel;
import dev.textwire.internal.Utf8Kernel;

/**
 * The codecs, each under {@link ErrorPolicy#STRICT}; {@link TextCodec#withPolicy} gives the others.
 *
 * <p>The UTF-8 family shares one kernel per direction and differs only where the encodings do:
 * <pre>
 *                           UTF-8            CESU-8                 modified UTF-8
 *   U+0000                  00               00                     C0 80 (a raw 00 is ill-formed)
 *   U+10000..U+10FFFF       4 bytes F0..F4   two 3-byte surrogates  two 3-byte surrogates
 *   an unpaired surrogate   ill-formed       ill-formed             3 bytes, as it comes
 *   4-byte forms, overlongs ill-formed       ill-formed             ill-formed, except C0 80
 * </pre>
 * Modified UTF-8 accepts unpaired surrogates both ways because it serialises Java strings, which may hold
 * them, and {@code DataOutputStream.writeUTF}, JNI and class files write them; refusing them would refuse
 * what Java wrote. CESU-8 (Unicode TR 26) encodes well-formed UTF-16 only, so an unpaired surrogate is an
 * error there, as in UTF-8. (The JDK's CESU-8 decoder, like ICU's, accepts one; we do not.)
 *
 * <p>The single-byte code pages encode one byte per char. A char with no byte is an error under STRICT
 * ({@link MalformedTextException} with its char index, naming the character). {@link ErrorPolicy#REPLACE}
 * writes the code page's substitute, the byte {@code String.getBytes} writes: {@code '?'} for ISO-8859-1,
 * SUB ({@code 3F}, IBM's substitute character) for EBCDIC. {@link ErrorPolicy#REPLACE_WITH_QUESTION_MARK}
 * writes the code page's own {@code '?'}: the same byte for ISO-8859-1, {@code 6F} for EBCDIC, for a reader
 * who should see that something was replaced. A surrogate pair is one character and one substitute.
 */
public final class TextCodecs {
  private TextCodecs() {}

  /** UTF-8; the codec behind {@link Utf8}'s static methods. */
  public static final TextCodec UTF_8 = TextCodec.of(Utf8Kernel.UTF_8);

  /** CESU-8: supplementary characters as two 3-byte surrogates; equal to the JDK's {@code CESU-8} on valid text. */
  public static final TextCodec CESU_8 = TextCodec.of(Utf8Kernel.CESU_8);

  /**
   * Java's modified UTF-8 (no length prefix): U+0000 as C0 80, every surrogate as 3 bytes. Encoding never
   * fails. For {@code writeUTF}'s format, with its length, see {@link ModifiedUtf8}.
   */
  public static final TextCodec MODIFIED_UTF_8 = TextCodec.of(Utf8Kernel.MODIFIED_UTF_8);

  /** ISO-8859-1 (Latin-1): U+0000..U+00FF as one byte each. */
  public static final TextCodec ISO_8859_1 = TextCodec.of(new SingleByteKernel(CodePages.ISO_8859_1));

  /**
   * EBCDIC CCSID 500 as the JDK's {@code IBM500}: bytes 15 and 25 both decode to LF, LF and NEL (U+0085)
   * both encode to 15. For IBM's and Derby's one-to-one mapping, see {@link #IBM500_DERBY}.
   */
  public static final TextCodec IBM500 = TextCodec.of(new SingleByteKernel(CodePages.IBM500));

  /**
   * EBCDIC CCSID 500 as IBM's CDRA tables and Apache Derby's DRDA client map it, one to one: LF (U+000A)
   * is 25 and NEL (U+0085) is 15. It differs from {@link #IBM500} in those two mappings only.
   */
  public static final TextCodec IBM500_DERBY = TextCodec.of(new SingleByteKernel(CodePages.IBM500_DERBY));

  /** EBCDIC CCSID 1047 (Latin-1 for z/OS Open Systems), as the JDK's {@code IBM1047}. */
  public static final TextCodec IBM1047 = TextCodec.of(new SingleByteKernel(CodePages.IBM1047));
}
