package dev.textwire.bench;

import static java.nio.charset.StandardCharsets.UTF_8;

import com.google.protobuf.CodedOutputStream;
import dev.textwire.Utf8;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufUtil;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.util.Arrays;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Encoding a string to UTF-8 into space the caller owns: textwire and its baselines. Concrete classes:
 * {@link EncodeBenchmark} (synthetic) and {@link EncodeCorpusBenchmark} (corpus files).
 *
 * <p>Every destination has room for 3 bytes per char plus a protobuf length prefix, so no peer is sent
 * down a slow "might not fit" path, and all of them write at offset 0 of an array or buffer reused
 * across operations.
 */
public abstract class EncodeBase extends BenchBase {
  Inputs input;
  String text;
  /** The same text as a second CharSequence type, so results are not single-type flukes. */
  StringBuilder builder;
  /** The text's chars, prepared once: what a caller of a CharsetEncoder on wrapped arrays holds. */
  char[] chars;
  byte[] dst;
  ByteBuffer heapBuffer;
  ByteBuffer directBuffer;
  CharsetEncoder jdkEncoder;
  ByteBuf nettyHeap;
  ByteBuf nettyDirect;
  okio.Buffer okioBuffer;

  /** Called by the concrete class's {@code @Setup}: prepares the destinations and checks every peer. */
  void prepare(Inputs in) throws IOException {
    input = in;
    text = in.text();
    builder = new StringBuilder(text);
    chars = in.chars();
    int capacity = 3 * text.length() + 16;
    dst = new byte[capacity];
    heapBuffer = ByteBuffer.allocate(capacity);
    directBuffer = ByteBuffer.allocateDirect(capacity);
    jdkEncoder =
        UTF_8.newEncoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    // Netty's default allocator (pooled unless io.netty.allocator.type says otherwise). The buffers are
    // reused, so pooling only affects which ByteBuf class is measured, not the cost of an operation.
    nettyHeap = ByteBufAllocator.DEFAULT.heapBuffer(capacity);
    nettyDirect = ByteBufAllocator.DEFAULT.directBuffer(capacity);
    okioBuffer = new okio.Buffer();
    verify();
  }

  /** Each peer encodes once; all must write exactly the bytes of {@code String.getBytes(UTF_8)}. */
  private void verify() throws IOException {
    byte[] expected = input.utf8();
    int n = expected.length;

    check(textwire() == n, input, "textwire byte[] count");
    checkBytes(expected, dst, 0, input, "textwire byte[]");
    Arrays.fill(dst, (byte) 0);
    check(textwireStringBuilder() == n, input, "textwire StringBuilder count");
    checkBytes(expected, dst, 0, input, "textwire StringBuilder");
    check(textwireHeapBuffer() == n && heapBuffer.position() == n, input, "textwire heap ByteBuffer count");
    checkBytes(expected, Arrays.copyOf(heapBuffer.array(), n), 0, input, "textwire heap ByteBuffer");
    check(textwireDirectBuffer() == n && directBuffer.position() == n, input, "textwire direct count");
    byte[] fromDirect = new byte[n];
    directBuffer.flip().get(fromDirect);
    checkBytes(expected, fromDirect, 0, input, "textwire direct ByteBuffer");

    checkBytes(expected, jdkGetBytes(), 0, input, "String.getBytes");
    Arrays.fill(dst, (byte) 0);
    check(jdkGetBytesArraycopy() == n, input, "getBytes + arraycopy count");
    checkBytes(expected, dst, 0, input, "getBytes + arraycopy");
    Arrays.fill(dst, (byte) 0);
    check(jdkCharsetEncoder() == n, input, "CharsetEncoder count");
    checkBytes(expected, dst, 0, input, "CharsetEncoder");

    Arrays.fill(dst, (byte) 0);
    int prefix = CodedOutputStream.computeUInt32SizeNoTag(n);
    check(protobuf() == prefix + n, input, "protobuf count (varint length prefix + bytes)");
    checkBytes(expected, dst, prefix, input, "protobuf writeStringNoTag");

    check(nettyHeap() == n && nettyHeap.readableBytes() == n, input, "netty heap count");
    checkBytes(expected, ByteBufUtil.getBytes(nettyHeap), 0, input, "netty heap");
    check(nettyDirect() == n && nettyDirect.readableBytes() == n, input, "netty direct count");
    checkBytes(expected, ByteBufUtil.getBytes(nettyDirect), 0, input, "netty direct");

    okioBuffer.writeUtf8(text);
    check(okioBuffer.size() == n, input, "okio count");
    checkBytes(expected, okioBuffer.readByteArray(), 0, input, "okio");
    check(okio() == n && okioBuffer.size() == 0, input, "okio count after clear");
  }

  @TearDown(Level.Trial)
  public void releaseNettyBuffers() {
    nettyHeap.release();
    nettyDirect.release();
  }

  // ---- textwire ------------------------------------------------------------------------------------

  @Benchmark
  public int textwire() {
    return Utf8.encode(text, dst, 0);
  }

  @Benchmark
  public int textwireStringBuilder() {
    return Utf8.encode(builder, dst, 0);
  }

  @Benchmark
  public int textwireHeapBuffer() {
    heapBuffer.clear();
    return Utf8.encode(text, heapBuffer);
  }

  @Benchmark
  public int textwireDirectBuffer() {
    directBuffer.clear();
    return Utf8.encode(text, directBuffer);
  }

  // ---- JDK -----------------------------------------------------------------------------------------

  /** Allocates the result array: the JDK's fastest path, but not into the caller's space. */
  @Benchmark
  public byte[] jdkGetBytes() {
    return text.getBytes(UTF_8);
  }

  /** What a caller who owns the destination does with the JDK: encode to a new array, then copy. */
  @Benchmark
  public int jdkGetBytesArraycopy() {
    byte[] bytes = text.getBytes(UTF_8);
    System.arraycopy(bytes, 0, dst, 0, bytes.length);
    return bytes.length;
  }

  /**
   * A reused REPORT CharsetEncoder on wrapped arrays, as a caller holding a String writes it: copy the
   * chars into a reused char[] ({@code getChars}; a CharBuffer over a String is not array-backed and
   * takes the JDK's slow per-char path), wrap it and the destination (two small wrappers, usually
   * scalar-replaced), reset, encode and flush.
   */
  @Benchmark
  public int jdkCharsetEncoder() throws CharacterCodingException {
    text.getChars(0, text.length(), chars, 0);
    return jdkCharsetEncoderFromChars();
  }

  /**
   * The same from chars that are already in a char[]: not the same input as the others (they start
   * from a String), so it is shown for reference and never counted as the best baseline.
   */
  @Benchmark
  public int jdkCharsetEncoderFromChars() throws CharacterCodingException {
    CharBuffer in = CharBuffer.wrap(chars);
    ByteBuffer out = ByteBuffer.wrap(dst);
    jdkEncoder.reset();
    CoderResult result = jdkEncoder.encode(in, out, true);
    if (!result.isUnderflow()) {
      result.throwException();
    }
    result = jdkEncoder.flush(out);
    if (!result.isUnderflow()) {
      result.throwException();
    }
    return out.position();
  }

  // ---- peers ---------------------------------------------------------------------------------------

  /**
   * protobuf's CodedOutputStream over the caller's array, created per operation: an array-backed
   * CodedOutputStream has no reset, so a new instance per message over the same array is what users do
   * (a small allocation, often scalar-replaced). It also writes the varint length prefix (1 to 3 bytes
   * here), which is part of what protobuf users get. Beware: when the varint sizes of {@code length} and
   * {@code 3 * length} differ, protobuf first computes the exact encoded length (a second pass); none of
   * the lengths used here (16, 512, 65536, the corpus files) falls in such a gap.
   */
  @Benchmark
  public int protobuf() throws IOException {
    CodedOutputStream out = CodedOutputStream.newInstance(dst);
    out.writeStringNoTag(text);
    return out.getTotalBytesWritten();
  }

  /** Netty into a reused heap ByteBuf; it first reserves 3 bytes per char (ensureWritable). */
  @Benchmark
  public int nettyHeap() {
    nettyHeap.clear();
    return ByteBufUtil.writeUtf8(nettyHeap, text);
  }

  /** Netty into a reused direct ByteBuf from the default (pooled) allocator. */
  @Benchmark
  public int nettyDirect() {
    nettyDirect.clear();
    return ByteBufUtil.writeUtf8(nettyDirect, text);
  }

  /**
   * A reused Okio Buffer: write, then clear. Okio writes into 8 KiB segments taken from its SegmentPool
   * and clear() gives them back; the pool keeps at most 64 KiB per bucket, so outputs larger than that
   * allocate new segments on every operation.
   */
  @Benchmark
  public long okio() {
    okioBuffer.writeUtf8(text);
    long size = okioBuffer.size();
    okioBuffer.clear();
    return size;
  }
}
