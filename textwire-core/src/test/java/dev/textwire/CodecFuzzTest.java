package dev.textwire;

import static dev.textwire.TestSupport.hex;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.Charset;
import java.util.Arrays;
import java.util.function.BiPredicate;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * Coverage-guided fuzzing of the other codecs' decoders (see docs/FUZZING.md): CESU-8 and modified UTF-8
 * against oracles built from the JDK, the single-byte code pages against the JDK's charsets. Inputs under
 * {@code src/test/resources/dev/textwire/CodecFuzzTestInputs}.
 */
// One fuzz test class at a time: Jazzer keeps its last finding in a static field.
@ResourceLock("jazzer")
class CodecFuzzTest {
  private static final Charset CESU = Charset.forName("CESU-8");
  private static final Charset JDK_IBM500 = Charset.forName("IBM500");
  /** The longest sequence of the UTF-8 family: a CESU-8 or modified UTF-8 surrogate pair. */
  private static final int LONGEST_SEQUENCE = 6;
  /** Direct buffers are validated in chunks of this many bytes (Scratch's 2,048 chars times 3). */
  private static final int DIRECT_CHUNK_BYTES = 6144;

  /**
   * CESU-8: its {@code validUpTo} is the longest prefix that the JDK's CESU-8 decoder reads as well-formed
   * UTF-16 and encodes back to the same bytes ({@link Utf8FamilyAgreementTest#jdkValidCesu8}); see
   * {@link #checkVariant} for the rest.
   */
  @FuzzTest(maxDuration = "30s")
  void cesu8(FuzzedDataProvider data) {
    checkVariant(data, TextCodecs.CESU_8, Utf8FamilyAgreementTest::jdkValidCesu8, b -> new String(b, CESU));
  }

  /**
   * Modified UTF-8: its {@code validUpTo} is the longest prefix that {@code DataInputStream.readUTF} reads
   * and {@code DataOutputStream.writeUTF} writes back to the same bytes
   * ({@link Utf8FamilyAgreementTest#jdkValidModifiedUtf8}); see {@link #checkVariant} for the rest.
   */
  @FuzzTest(maxDuration = "30s")
  void modifiedUtf8(FuzzedDataProvider data) {
    checkVariant(data, TextCodecs.MODIFIED_UTF_8, Utf8FamilyAgreementTest::jdkValidModifiedUtf8, CodecFuzzTest::jdkReadUtf);
  }

  /**
   * Every byte sequence decodes, as the JDK's charset of the same name decodes it (Derby's CCSID 500:
   * as the JDK's IBM500 but byte 15 is NEL), from arrays and heap and direct buffers; and encoding the
   * result gives the bytes back, except IBM500's byte 25, which decodes to LF like 15, and LF encodes to 15.
   */
  @FuzzTest(maxDuration = "30s")
  void codePages(FuzzedDataProvider data) {
    int page = data.consumeInt(0, 3);
    ErrorPolicy policy = data.pickValue(ErrorPolicy.values());
    byte[] src = data.consumeRemainingAsBytes();
    TextCodec codec =
        new TextCodec[] {TextCodecs.ISO_8859_1, TextCodecs.IBM500, TextCodecs.IBM500_DERBY, TextCodecs.IBM1047}[page]
            .withPolicy(policy);
    String expected;
    byte[] roundTrip = src.clone();
    switch (page) {
      case 0 -> expected = new String(src, Charset.forName("ISO-8859-1"));
      case 1 -> {
        expected = new String(src, JDK_IBM500);
        for (int i = 0; i < roundTrip.length; i++) {
          roundTrip[i] = roundTrip[i] == 0x25 ? 0x15 : roundTrip[i];
        }
      }
      case 2 -> expected = new String(src, JDK_IBM500);
      default -> expected = new String(src, Charset.forName("IBM1047"));
    }
    if (page == 2) {
      // Derby: 15 is NEL and 25 is LF; the JDK's IBM500 reads both as LF.
      char[] chars = expected.toCharArray();
      for (int i = 0; i < src.length; i++) {
        chars[i] = src[i] == 0x15 ? '\u0085' : src[i] == 0x25 ? '\n' : chars[i];
      }
      expected = new String(chars);
    }
    String where = codec.name() + " " + policy + " of " + hex(src);
    same(expected, codec.decode(src), where + ": decode(byte[])");
    same(src.length, codec.validUpTo(src, 0, src.length), where + ": validUpTo");
    same(expected, codec.decode(ByteBuffer.wrap(src)), where + ": decode(heap buffer)");
    same(expected, codec.decode(ByteBuffer.allocateDirect(src.length).put(src).flip()), where + ": decode(direct buffer)");
    same(true, codec.isValid(ByteBuffer.allocateDirect(src.length).put(src).flip()), where + ": isValid(direct buffer)");
    if (!Arrays.equals(roundTrip, codec.encode(expected))) {
      throw new AssertionError(where + ": encode(decode(x)) is " + hex(codec.encode(expected)) + ", expected " + hex(roundTrip));
    }
  }

  /**
   * For CESU-8 and modified UTF-8, over the input (after a fuzzer-chosen run of ASCII, so that it can
   * straddle the direct-buffer chunk edge): {@code validUpTo} is the longest prefix the JDK oracle accepts
   * (no longer prefix within one sequence's length is accepted, which rules out any longer one);
   * strict decoding returns the JDK's String exactly when that is the whole input and otherwise throws at
   * {@code validUpTo}; encoding the String gives the bytes back; REPLACE decoding is the valid prefix, one
   * U+FFFD for the strict error's maximal subpart, then the REPLACE decoding of the rest; and heap and
   * direct buffers agree with the array.
   */
  private static void checkVariant(
      FuzzedDataProvider data, TextCodec codec, BiPredicate<byte[], Integer> jdkValid, JdkDecoder jdk) {
    int padding = data.pickValue(new int[] {0, 1, 7, 8, DIRECT_CHUNK_BYTES - 5, DIRECT_CHUNK_BYTES - 2, DIRECT_CHUNK_BYTES - 1});
    byte[] middle = data.consumeRemainingAsBytes();
    byte[] src = new byte[padding + middle.length];
    Arrays.fill(src, 0, padding, (byte) 'a');
    System.arraycopy(middle, 0, src, padding, middle.length);
    String where = codec.name() + " of " + padding + " ASCII bytes and " + hex(middle);

    int validUpTo = codec.validUpTo(src, 0, src.length);
    if (!jdkValid.test(src, validUpTo)) {
      throw new AssertionError(where + ": validUpTo is " + validUpTo + " but the JDK oracle refuses that prefix");
    }
    for (int k = validUpTo + 1; k <= Math.min(src.length, validUpTo + LONGEST_SEQUENCE); k++) {
      if (jdkValid.test(src, k)) {
        throw new AssertionError(where + ": validUpTo is " + validUpTo + " but the JDK oracle accepts " + k + " bytes");
      }
    }
    same(validUpTo == src.length, codec.isValid(src), where + ": isValid(byte[])");
    same(validUpTo == src.length, codec.isValid(ByteBuffer.wrap(src)), where + ": isValid(heap buffer)");
    same(validUpTo == src.length, codec.isValid(ByteBuffer.allocateDirect(src.length).put(src).flip()), where + ": isValid(direct buffer)");

    String strict = strictOutcome(codec, src, 0, src.length, validUpTo, where);
    if (validUpTo == src.length) {
      same(jdk.decode(src), strict, where + ": strict decode vs the JDK");
      byte[] again = codec.encode(strict);
      if (!Arrays.equals(src, again)) {
        throw new AssertionError(where + ": encode(decode(x)) is " + hex(again));
      }
      same(strict, codec.decode(ByteBuffer.allocateDirect(src.length).put(src).flip()), where + ": strict decode(direct buffer)");
    }

    // REPLACE, built from strict decodes: the maximal subpart the strict error names is what one U+FFFD replaces.
    StringBuilder expected = new StringBuilder();
    int at = 0;
    while (at < src.length) {
      int valid = codec.validUpTo(src, at, src.length - at);
      expected.append(strictOutcome(codec, src, at, valid - at, valid, where));
      if (valid == src.length) {
        break;
      }
      MalformedTextException e = strictError(codec, src, at, src.length - at, where);
      same((long) valid, e.byteOffset(), where + ": strict error offset from " + at);
      if (e.malformedLength() < 1 || valid + e.malformedLength() > src.length) {
        throw new AssertionError(where + ": malformedLength " + e.malformedLength() + " at " + valid);
      }
      // Truncated only near the end. (Not "up to the end": in CESU-8 a high surrogate followed by a cut
      // low half is a truncated error of 3 bytes, and the cut low half is the next one; Cesu8Test pins it.)
      if (e.isTruncated() && src.length - valid >= LONGEST_SEQUENCE) {
        throw new AssertionError(where + ": a truncated error at " + valid + ", a whole sequence from the end");
      }
      expected.append('\uFFFD');
      at = valid + e.malformedLength();
    }
    TextCodec replace = codec.withPolicy(ErrorPolicy.REPLACE);
    same(expected.toString(), replace.decode(src), where + ": REPLACE decode(byte[])");
    same(expected.toString(), replace.decode(ByteBuffer.allocateDirect(src.length).put(src).flip()), where + ": REPLACE decode(direct buffer)");
  }

  interface JdkDecoder {
    String decode(byte[] bytes);
  }

  /** The String DataInputStream.readUTF reads from the bytes with their 2-byte length in front. */
  private static String jdkReadUtf(byte[] bytes) {
    byte[] framed = new byte[bytes.length + 2];
    framed[0] = (byte) (bytes.length >>> 8);
    framed[1] = (byte) bytes.length;
    System.arraycopy(bytes, 0, framed, 2, bytes.length);
    try {
      return new DataInputStream(new ByteArrayInputStream(framed)).readUTF();
    } catch (IOException e) {
      throw new AssertionError("DataInputStream.readUTF refuses " + hex(bytes), e);
    }
  }

  /** The strict decoding of {@code src[offset, +length)}, which must succeed when it ends at validUpTo. */
  private static String strictOutcome(TextCodec codec, byte[] src, int offset, int length, int validUpTo, String where) {
    if (offset + length == validUpTo) {
      return codec.decode(src, offset, length);
    }
    MalformedTextException e = strictError(codec, src, offset, length, where);
    same((long) validUpTo, e.byteOffset(), where + ": strict error offset vs validUpTo");
    return null;
  }

  private static MalformedTextException strictError(TextCodec codec, byte[] src, int offset, int length, String where) {
    try {
      String text = codec.decode(src, offset, length);
      throw new AssertionError(where + ": strict decode from " + offset + " returned " + TestSupport.codePoints(text) + " past validUpTo");
    } catch (MalformedTextException e) {
      return e;
    }
  }

  private static void same(Object expected, Object actual, String what) {
    if (!expected.equals(actual)) {
      throw new AssertionError(what + " is " + (actual instanceof String s ? TestSupport.codePoints(s) : actual)
          + ", expected " + (expected instanceof String s ? TestSupport.codePoints(s) : expected));
    }
  }
}
