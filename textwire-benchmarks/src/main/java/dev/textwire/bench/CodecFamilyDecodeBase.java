package dev.textwire.bench;

import dev.textwire.TextCodec;
import java.io.DataInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.util.Arrays;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * Decoding bytes of the other codecs of the family (CESU-8, modified UTF-8, ISO-8859-1, IBM500; see
 * {@link CodecFamily}) to a String: textwire beside the JDK. Concrete classes:
 * {@link CodecFamilyDecodeBenchmark} (synthetic) and {@link CodecFamilyDecodeCorpusBenchmark} (corpus).
 *
 * <p>The input is the text encoded: by {@code String.getBytes(charset)} (for mutf8 by
 * {@link CodecFamily#modifiedUtf8Reference}, checked against textwire's encoder). For latin1 and ibm500
 * that is the text under REPLACE, so unmappable characters are already substitutes in the bytes (cjk and
 * emoji become runs of {@code 3F}) and the decoded string is not the original text but
 * {@code new String(bytes, charset)}, which every method must return. Every byte decodes in both code
 * pages, so policies play no part there; cesu8 is STRICT against a REPORTing JDK decoder, on well-formed
 * input.
 *
 * <p>Methods:
 *
 * <ul>
 *   <li>{@code textwire}: {@code codec.decode(bytes, 0, n)}.
 *   <li>{@code jdkCharsetDecoder}: a reused CharsetDecoder decoding {@code ByteBuffer.wrap(bytes)} into a
 *       reused CharBuffer of one char per byte (the most any of these charsets produces), then
 *       {@code toString()} of the flipped CharBuffer. Chosen over {@code decoder.decode(ByteBuffer)},
 *       which allocates a fresh CharBuffer of the input's size on every call (see
 *       {@link DecodeBase#jdkDecoder}): with the reused buffer the JDK, like textwire, allocates only the
 *       String (the {@code toString()} copy, compressed to Latin-1 when it can be), so the comparison is
 *       decoding work against decoding work. The wrap is a small allocation, usually scalar-replaced.
 *       For {@code mutf8}, which has no charset: {@code DataInputStream.readUTF} over a reused
 *       {@link ResettableSource} holding writeUTF's bytes (2 more bytes to read, the length).
 *   <li>{@code jdkNewString}: {@code new String(bytes, charset)}, the everyday call. Not for {@code mutf8}.
 * </ul>
 *
 * <p>Allocation ({@code -prof gc}): every method allocates the String. Above 16,384 bytes textwire's decode
 * also allocates a temporary array ({@code Scratch.DECODE_MAX_CHARS} in textwire-core): for ibm500 a
 * {@code byte[]} of the input's size (about 2x the JDK's B/op, which decodes straight into the string's
 * array), for cesu8 and mutf8 a {@code char[]} of one char per byte (the same as {@code new String}, more
 * than {@code jdkCharsetDecoder} with its reused CharBuffer). ISO-8859-1 is one copy, like the JDK's.
 *
 * <p>Not measured, by design (the trial fails at setup with UnsupportedOperationException; JMH goes on with
 * the next): {@code jdkNewString} for mutf8, and {@code jdkCharsetDecoder} for mutf8 over 65,535 bytes
 * (readUTF cannot read them: every 65536-char input and every corpus file).
 */
public abstract class CodecFamilyDecodeBase extends BenchBase {
  Inputs input;
  TextCodec codec;
  /** Null for mutf8. */
  Charset charset;
  byte[] bytes;
  int n;
  CharsetDecoder jdkDecoder;
  CharBuffer chars;
  /** mutf8 only: writeUTF's bytes (length, then the text) for readUTF. */
  ResettableSource source;
  DataInputStream dataIn;

  /** Called by the concrete class's {@code @Setup}: every method must return the same string. */
  void prepare(String codecName, Inputs in, BenchmarkParams params) throws IOException {
    input = in;
    String text = in.text();
    codec = CodecFamily.codec(codecName);
    charset = CodecFamily.charset(codecName);
    bytes = charset != null ? text.getBytes(charset) : CodecFamily.modifiedUtf8Reference(text);
    n = bytes.length;
    check(Arrays.equals(bytes, codec.encode(text)), input, codec.name() + " encode differs from the reference bytes");
    String expected = charset != null ? new String(bytes, charset) : text;
    check(!CodecFamily.replaces(codecName) ? expected.equals(text) : expected.length() <= text.length(), input,
        "reference decode of " + codecName);
    boolean readUtfFits = n <= 65535;
    if (charset != null) {
      CodingErrorAction action =
          CodecFamily.replaces(codecName) ? CodingErrorAction.REPLACE : CodingErrorAction.REPORT;
      jdkDecoder = charset.newDecoder().onMalformedInput(action).onUnmappableCharacter(action);
      chars = CharBuffer.allocate(n);
    } else if (readUtfFits) {
      source = new ResettableSource(CodecFamily.withUtfLength(bytes));
      dataIn = new DataInputStream(source);
    }

    for (int round = 0; round < 2; round++) {
      check(expected.equals(textwire()), input, codec.name() + " textwire decode");
      if (charset != null) {
        check(expected.equals(jdkCharsetDecoder()), input, "CharsetDecoder into a reused CharBuffer");
        check(expected.equals(jdkNewString()), input, "new String(bytes, " + charset.name() + ")");
      } else if (readUtfFits) {
        check(expected.equals(jdkCharsetDecoder()) && source.available() == 0, input, "DataInputStream.readUTF");
      }
    }

    String benchmark = params.getBenchmark();
    boolean mutf8 = charset == null;
    CodecFamily.unavailable(benchmark, "jdkNewString", mutf8, "for mutf8: the JDK has no modified UTF-8 charset");
    CodecFamily.unavailable(
        benchmark,
        "jdkCharsetDecoder",
        mutf8 && !readUtfFits,
        "for mutf8 on " + input.name() + ": " + n + " bytes is over readUTF's 65,535");
  }

  @Benchmark
  public String textwire() {
    return codec.decode(bytes, 0, n);
  }

  /** Reused decoder into a reused CharBuffer, then toString(); for mutf8, {@code DataInputStream.readUTF}. */
  @Benchmark
  public String jdkCharsetDecoder() throws IOException {
    if (charset == null) {
      source.reset();
      return dataIn.readUTF();
    }
    CharBuffer out = chars;
    out.clear();
    CharsetDecoder decoder = jdkDecoder;
    decoder.reset();
    CoderResult result = decoder.decode(ByteBuffer.wrap(bytes, 0, n), out, true);
    if (!result.isUnderflow()) {
      result.throwException();
    }
    result = decoder.flush(out);
    if (!result.isUnderflow()) {
      result.throwException();
    }
    return out.flip().toString();
  }

  @Benchmark
  public String jdkNewString() {
    return new String(bytes, charset);
  }
}
