package dev.textwire.bench;

import static java.nio.charset.StandardCharsets.UTF_8;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.CodedOutputStream;
import dev.textwire.ErrorPolicy;
import dev.textwire.Utf8;
import dev.textwire.TextCodec;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import org.openjdk.jmh.annotations.Benchmark;

/**
 * Decoding UTF-8 bytes to a String: textwire (strict and replacing) and its baselines. Concrete classes:
 * {@link DecodeBenchmark} (synthetic) and {@link DecodeCorpusBenchmark} (corpus files). The input is
 * always well-formed, so strict and replacing decoders do the same work; what differs is what they would
 * do with bad input.
 */
public abstract class DecodeBase extends BenchBase {
  private static final TextCodec REPLACE = Utf8.codec(ErrorPolicy.REPLACE);

  Inputs input;
  byte[] bytes;
  int n;
  /** The bytes in a direct buffer of exactly their size; each operation rewinds it with clear(). */
  ByteBuffer direct;
  CharsetDecoder jdkDecoder;
  /** The bytes behind a protobuf varint length prefix, as a string field's payload arrives. */
  byte[] prefixed;

  /** Called by the concrete class's {@code @Setup}: every decoder must give back the original text. */
  void prepare(Inputs in) throws IOException {
    input = in;
    bytes = in.utf8Copy();
    n = bytes.length;
    direct = ByteBuffer.allocateDirect(n).put(bytes).clear();
    jdkDecoder =
        UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    int prefix = CodedOutputStream.computeUInt32SizeNoTag(n);
    prefixed = new byte[prefix + n];
    CodedOutputStream.newInstance(prefixed, 0, prefix).writeUInt32NoTag(n);
    System.arraycopy(bytes, 0, prefixed, prefix, n);

    String expected = in.text();
    check(expected.equals(textwire()), input, "textwire strict decode");
    check(expected.equals(textwireReplace()), input, "textwire REPLACE decode");
    check(expected.equals(textwireDirect()) && direct.position() == n, input, "textwire direct decode");
    check(expected.equals(jdkNewString()), input, "new String(bytes, UTF_8)");
    check(expected.equals(jdkDecoder()), input, "CharsetDecoder.decode");
    check(expected.equals(jdkDecoderDirect()), input, "CharsetDecoder.decode direct");
    check(expected.equals(protobufRequireUtf8()), input, "protobuf readStringRequireUtf8");
  }

  @Benchmark
  public String textwire() {
    return Utf8.decode(bytes, 0, n);
  }

  @Benchmark
  public String textwireReplace() {
    return REPLACE.decode(bytes, 0, n);
  }

  @Benchmark
  public String textwireDirect() {
    direct.clear();
    return Utf8.decode(direct);
  }

  /** The JDK's everyday decode: replaces ill-formed input with U+FFFD rather than reporting it. */
  @Benchmark
  public String jdkNewString() {
    return new String(bytes, UTF_8);
  }

  /**
   * The JDK's strict decode as users write it: a reused REPORT decoder, {@code decode(ByteBuffer)} (which
   * resets the decoder and allocates a CharBuffer of one char per byte, growing it if needed), then
   * {@code toString()}, which copies the chars into the String.
   */
  @Benchmark
  public String jdkDecoder() throws CharacterCodingException {
    return jdkDecoder.decode(ByteBuffer.wrap(bytes)).toString();
  }

  /** The same strict JDK decode from the direct buffer (the JDK baseline for {@link #textwireDirect}). */
  @Benchmark
  public String jdkDecoderDirect() throws CharacterCodingException {
    direct.clear();
    return jdkDecoder.decode(direct).toString();
  }

  /**
   * protobuf's strict decode (its own UTF-8 decoder, the one behind proto3 string fields), reached the
   * public way: a CodedInputStream per message over the length-prefixed bytes, then
   * {@code readStringRequireUtf8}. Includes reading the 1 to 3 byte varint and the small CodedInputStream.
   */
  @Benchmark
  public String protobufRequireUtf8() throws IOException {
    return CodedInputStream.newInstance(prefixed).readStringRequireUtf8();
  }
}
