package dev.textwire.bench;

import dev.textwire.TextCodec;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.util.Arrays;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * Encoding a string with the other codecs of the family (CESU-8, modified UTF-8, ISO-8859-1, IBM500; see
 * {@link CodecFamily}) into space the caller owns: textwire beside the JDK. Concrete classes:
 * {@link CodecFamilyEncodeBenchmark} (synthetic) and {@link CodecFamilyEncodeCorpusBenchmark} (corpus).
 *
 * <p>Every destination has room for {@code codec.maxBytesPerChar()} bytes per char (plus writeUTF's
 * length), is reused across operations and written from index 0, so the into-buffer methods should
 * allocate nothing ({@code -prof gc}: 0 B/op for {@code textwire} and {@code textwireDirect}).
 *
 * <p>Methods:
 *
 * <ul>
 *   <li>{@code textwire}: {@code codec.encode(text, dst, 0)} into a reused {@code byte[]}.
 *   <li>{@code textwireDirect}: {@code codec.encode(text, buffer)} into a reused direct ByteBuffer,
 *       cleared first.
 *   <li>{@code jdkCharsetEncoder}: a reused CharsetEncoder of the matching charset on
 *       {@code CharBuffer.wrap(text)}, into a reused heap ByteBuffer: reset, encode(in, out, true), flush.
 *       A CharBuffer over a String is not array-backed, so the JDK takes its per-char buffer loop, not
 *       its array loop (for ISO-8859-1 that skips the intrinsic): that is what the straightforward
 *       code gets. For {@code mutf8}, which has no charset, this is {@code DataOutputStream.writeUTF}
 *       into a reused {@link ResettableSink}: 2 more bytes (the length), and the JDK's only modified UTF-8
 *       encoder.
 *   <li>{@code jdkCharsetEncoderArray}: the same encoder from the text's chars copied into a reused
 *       {@code char[]} ({@code getChars}) and wrapped, which takes the JDK's array loop: the strongest way
 *       to use a CharsetEncoder from a String. Not for {@code mutf8}.
 *   <li>{@code jdkGetBytes}: {@code text.getBytes(charset)}, allocating its result: the reference
 *       everyone knows, not into the caller's space. Not for {@code mutf8}.
 * </ul>
 *
 * <p>Error policies: cesu8 and mutf8 are STRICT and the JDK encoder REPORTs (the inputs are well-formed
 * UTF-16, so neither is exercised); latin1 and ibm500 are REPLACE on both sides, so unmappable characters
 * (all of cjk and emoji, a few in mostly_ascii, most of the non-Latin corpus files) cost both the same
 * substitution work. Setup checks every method's bytes against {@code String.getBytes(charset)} (for
 * mutf8 against {@link CodecFamily#modifiedUtf8Reference} and {@code writeUTF}'s own bytes), twice.
 *
 * <p>Not measured, by design (the trial fails at setup with UnsupportedOperationException; JMH goes on with
 * the next): {@code jdkCharsetEncoderArray} and {@code jdkGetBytes} for mutf8 (no JDK charset), and
 * {@code jdkCharsetEncoder} for mutf8 when the encoding is over writeUTF's 65,535 bytes (every 65536-char
 * input and every corpus file). Leave those combinations out with the include regex and {@code -p}.
 */
public abstract class CodecFamilyEncodeBase extends BenchBase {
  Inputs input;
  String text;
  TextCodec codec;
  /** Null for mutf8. */
  Charset charset;
  char[] chars;
  byte[] dst;
  ByteBuffer direct;
  ByteBuffer heap;
  CharsetEncoder jdkEncoder;
  /** mutf8 only: writeUTF's destination. */
  ResettableSink sink;
  DataOutputStream dataOut;

  /**
   * Called by the concrete class's {@code @Setup}: prepares the destinations, checks every method and
   * fails the trial of a method that has no JDK counterpart here.
   */
  void prepare(String codecName, Inputs in, BenchmarkParams params) throws IOException {
    input = in;
    text = in.text();
    codec = CodecFamily.codec(codecName);
    charset = CodecFamily.charset(codecName);
    chars = in.chars();
    int capacity = codec.maxBytesPerChar() * text.length() + 16;
    dst = new byte[capacity];
    direct = ByteBuffer.allocateDirect(capacity);
    heap = ByteBuffer.allocate(capacity);
    sink = new ResettableSink(capacity);
    dataOut = new DataOutputStream(sink);
    if (charset != null) {
      CodingErrorAction action =
          CodecFamily.replaces(codecName) ? CodingErrorAction.REPLACE : CodingErrorAction.REPORT;
      jdkEncoder = charset.newEncoder().onMalformedInput(action).onUnmappableCharacter(action);
    }

    byte[] expected = charset != null ? text.getBytes(charset) : CodecFamily.modifiedUtf8Reference(text);
    boolean writeUtfFits = expected.length <= 65535;
    verify(expected, writeUtfFits);

    String benchmark = params.getBenchmark();
    boolean mutf8 = charset == null;
    CodecFamily.unavailable(benchmark, "jdkGetBytes", mutf8, "for mutf8: the JDK has no modified UTF-8 charset");
    CodecFamily.unavailable(
        benchmark, "jdkCharsetEncoderArray", mutf8, "for mutf8: the JDK has no modified UTF-8 charset");
    CodecFamily.unavailable(
        benchmark,
        "jdkCharsetEncoder",
        mutf8 && !writeUtfFits,
        "for mutf8 on " + input.name() + ": " + expected.length + " bytes is over writeUTF's 65,535");
  }

  /** Each method twice (reuse must work), every output byte for byte. */
  private void verify(byte[] expected, boolean writeUtfFits) throws IOException {
    int n = expected.length;
    String what = codec.name() + " (" + codec.policy() + ")";
    for (int round = 0; round < 2; round++) {
      check(codec.encodedLength(text) == n, input, what + " encodedLength");

      Arrays.fill(dst, (byte) 0);
      check(textwire() == n, input, what + " textwire byte[] count");
      checkSame(expected, Arrays.copyOf(dst, n), "textwire byte[]");

      check(textwireDirect() == n && direct.position() == n, input, what + " textwire direct count");
      byte[] fromDirect = new byte[n];
      direct.flip().get(fromDirect);
      checkSame(expected, fromDirect, "textwire direct ByteBuffer");

      if (charset != null) {
        check(jdkCharsetEncoder() == n, input, what + " CharsetEncoder count");
        checkSame(expected, Arrays.copyOf(heap.array(), n), "CharsetEncoder on CharBuffer.wrap(text)");
        Arrays.fill(heap.array(), (byte) 0);
        check(jdkCharsetEncoderArray() == n, input, what + " CharsetEncoder on chars count");
        checkSame(expected, Arrays.copyOf(heap.array(), n), "CharsetEncoder on wrapped chars");
        checkSame(expected, jdkGetBytes(), "String.getBytes");
      } else if (writeUtfFits) {
        check(jdkCharsetEncoder() == n + 2, input, what + " writeUTF count");
        checkSame(CodecFamily.withUtfLength(expected), sink.toByteArray(), "DataOutputStream.writeUTF");
      }
    }
  }

  private void checkSame(byte[] expected, byte[] actual, String who) {
    String reference = charset != null ? "String.getBytes(" + charset.name() + ")" : "the modified UTF-8 reference";
    check(Arrays.equals(expected, actual), input, who + " wrote different bytes than " + reference);
  }

  // ---- textwire ------------------------------------------------------------------------------------

  @Benchmark
  public int textwire() {
    return codec.encode(text, dst, 0);
  }

  @Benchmark
  public int textwireDirect() {
    direct.clear();
    return codec.encode(text, direct);
  }

  // ---- JDK -----------------------------------------------------------------------------------------

  /** CharsetEncoder on {@code CharBuffer.wrap(text)}; for mutf8, {@code DataOutputStream.writeUTF}. */
  @Benchmark
  public int jdkCharsetEncoder() throws IOException {
    if (charset == null) {
      sink.reset();
      dataOut.writeUTF(text);
      return sink.size();
    }
    return jdkEncode(CharBuffer.wrap(text));
  }

  /** CharsetEncoder on the text's chars copied into a reused array and wrapped (the JDK's array loop). */
  @Benchmark
  public int jdkCharsetEncoderArray() throws CharacterCodingException {
    text.getChars(0, text.length(), chars, 0);
    return jdkEncode(CharBuffer.wrap(chars));
  }

  /** Allocates its result: the everyday JDK call, for reference. */
  @Benchmark
  public byte[] jdkGetBytes() {
    return text.getBytes(charset);
  }

  private int jdkEncode(CharBuffer in) throws CharacterCodingException {
    ByteBuffer out = heap;
    out.clear();
    CharsetEncoder encoder = jdkEncoder;
    encoder.reset();
    CoderResult result = encoder.encode(in, out, true);
    if (!result.isUnderflow()) {
      result.throwException();
    }
    result = encoder.flush(out);
    if (!result.isUnderflow()) {
      result.throwException();
    }
    return out.position();
  }
}
