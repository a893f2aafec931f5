package dev.textwire.bench;

import static java.nio.charset.StandardCharsets.UTF_8;

import com.google.protobuf.CodedOutputStream;
import dev.textwire.Utf8;
import io.netty.buffer.ByteBufUtil;
import org.openjdk.jmh.annotations.Benchmark;

/**
 * The exact UTF-8 length of a string, without encoding it: textwire and its baselines. Concrete classes:
 * {@link EncodedLengthBenchmark} (synthetic) and {@link EncodedLengthCorpusBenchmark} (corpus files).
 */
public abstract class EncodedLengthBase extends BenchBase {
  Inputs input;
  String text;
  /** The same text as a second CharSequence type, so results are not single-type flukes. */
  StringBuilder builder;

  /** Called by the concrete class's {@code @Setup}: every peer must agree on the length. */
  void prepare(Inputs in) {
    input = in;
    text = in.text();
    builder = new StringBuilder(text);
    int n = in.byteLength();
    check(textwire() == n, input, "textwire encodedLength(String)");
    check(textwireStringBuilder() == n, input, "textwire encodedLength(StringBuilder)");
    check(
        protobuf() == CodedOutputStream.computeUInt32SizeNoTag(n) + n,
        input,
        "protobuf computeStringSizeNoTag (varint prefix + bytes)");
    check(guava() == n, input, "guava Utf8.encodedLength(String)");
    check(guavaStringBuilder() == n, input, "guava Utf8.encodedLength(StringBuilder)");
    check(netty() == n, input, "netty ByteBufUtil.utf8Bytes");
    check(okio() == n, input, "okio Utf8.size");
    check(jdkGetBytesLength() == n, input, "getBytes(UTF_8).length");
  }

  @Benchmark
  public int textwire() {
    return Utf8.encodedLength(text);
  }

  @Benchmark
  public int textwireStringBuilder() {
    return Utf8.encodedLength(builder);
  }

  /**
   * protobuf's public way to the length: {@code com.google.protobuf.Utf8.encodedLength} is package-private,
   * so this is {@code CodedOutputStream.computeStringSizeNoTag}, which is that length plus the size of its
   * varint prefix (a few extra instructions).
   */
  @Benchmark
  public int protobuf() {
    return CodedOutputStream.computeStringSizeNoTag(text);
  }

  @Benchmark
  public int guava() {
    return com.google.common.base.Utf8.encodedLength(text);
  }

  @Benchmark
  public int guavaStringBuilder() {
    return com.google.common.base.Utf8.encodedLength(builder);
  }

  @Benchmark
  public int netty() {
    return ByteBufUtil.utf8Bytes(text);
  }

  /** Okio's Kotlin {@code String.utf8Size()}: on the JVM {@code static long okio.Utf8.size(String, int, int)}. */
  @Benchmark
  public long okio() {
    return okio.Utf8.size(text, 0, text.length());
  }

  /** The length the JDK way: encode and count; allocates the whole encoded array. */
  @Benchmark
  public int jdkGetBytesLength() {
    return text.getBytes(UTF_8).length;
  }
}
