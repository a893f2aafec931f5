package dev.textwire.bench;

import static java.nio.charset.StandardCharsets.UTF_8;

import com.google.protobuf.CodedOutputStream;
import dev.textwire.buffer.LengthPrefix;
import dev.textwire.buffer.SegmentedBuffer;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufUtil;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Writing a length-prefixed UTF-8 string (a frame: prefix, bytes, and for RESP a trailer) at offset 0 of a
 * destination reused across operations. Concrete classes: {@link LengthPrefixedBenchmark} (every synthetic
 * kind at 16, 512 and 65536 chars) and {@link LengthPrefixedCorpusBenchmark} (whole corpus files).
 *
 * <p>The protobuf varint prefix (protobuf's length-delimited field body), textwire against its peers:
 *
 * <ul>
 *   <li>{@code varint}: {@code LengthPrefix.VARINT.write(text, array, 0)}, one pass, into a reused
 *       {@code byte[]}.
 *   <li>{@code protobuf}, the baseline: {@code CodedOutputStream.newInstance(array)} then
 *       {@code writeStringNoTag(text)}; no flush is needed for an array. {@code newInstance} allocates an
 *       encoder per operation (small, sometimes scalar-replaced): an array-backed CodedOutputStream has no
 *       reset and cannot be pointed at a new position, so there is no reused-instance variant. The only
 *       reusable form is one over an {@code OutputStream}, which copies through its own buffer and, for a
 *       string longer than a third of that buffer, allocates a temporary array of 3 bytes per char: a
 *       different (and slower) shape, not measured here.
 *   <li>{@code nettyManualVarint}: what a hand-written Netty codec does, into a reused heap
 *       {@code ByteBuf}: reserve the varint width for the most bytes the text can take
 *       ({@code ByteBufUtil.utf8MaxBytes}), {@code ByteBufUtil.writeUtf8}, then back-fill the varint; if
 *       the real length needs fewer bytes than reserved, move the text down first. (With these lengths
 *       the reserved width is always the right one, so the move never happens; protobuf and textwire have
 *       the same property here.)
 *   <li>{@code varintSegmented}: textwire's VARINT into a reused {@link SegmentedBuffer}, cleared first.
 * </ul>
 *
 * <p>For reference, textwire's other prefixes into the same reused array: {@code respBulk}
 * ({@code $<length>\r\n<bytes>\r\n}, Redis) and {@code fixed32Be} (4 bytes, big-endian). Setup checks every
 * method's bytes against {@code String.getBytes(UTF_8)} with the prefix computed independently (and the
 * varint against protobuf's).
 *
 * <p>Expected allocation ({@code -prof gc}): 0 B/op for every textwire method, {@code varintSegmented}
 * included (65536 CJK chars take 24 segments, well under the 1 MiB that {@code clear()} keeps); protobuf
 * a few dozen B/op unless its encoder is scalar-replaced; Netty 0 B/op. Allocation in
 * {@code varintSegmented} at 65536 chars for ASCII-rich kinds only (not cjk or emoji) points at the
 * ASCII fast path wrapping each new segment in a ByteBuffer ({@code Scratch.encodeAsciiPrefix} in
 * textwire-core). A few B/op that grow in proportion to the time per operation (the 65536-char rows)
 * are JMH's own background allocation spread over long operations, not the method's.
 *
 * <pre>
 * java -jar textwire-benchmarks/target/textwire-benchmarks.jar 'LengthPrefixed(Corpus)?Benchmark' -prof gc -rf json -rff prefixed.json
 * java -jar textwire-benchmarks/target/textwire-benchmarks.jar LengthPrefixedBenchmark -p kind=ascii -p length=512 -prof gc
 * java -jar textwire-benchmarks/target/textwire-benchmarks.jar LengthPrefixedCorpusBenchmark -p corpus=en,fr -prof gc
 * </pre>
 */
public abstract class LengthPrefixedBase extends BenchBase {
  Inputs input;
  String text;
  byte[] dst;
  ByteBuf nettyHeap;
  SegmentedBuffer segmented;

  /** Called by the concrete class's {@code @Setup}: prepares the destinations and checks every method. */
  void prepare(Inputs in) throws IOException {
    input = in;
    text = input.text();
    // Room for the worst case of every frame here: 3 bytes per char, a prefix and RESP's trailer.
    int capacity = 3 * text.length() + 16;
    dst = new byte[capacity];
    nettyHeap = ByteBufAllocator.DEFAULT.heapBuffer(capacity);
    segmented = new SegmentedBuffer();
    verify();
  }

  @TearDown(Level.Trial)
  public void releaseNettyBuffer() {
    nettyHeap.release();
  }

  /** Each method twice (the reuse must work); every frame checked byte for byte. */
  private void verify() throws IOException {
    byte[] utf8 = input.utf8();
    int n = utf8.length;
    byte[] varintFrame = frame(varintBytes(n), utf8, new byte[0]);
    byte[] respFrame = frame(("$" + n + "\r\n").getBytes(UTF_8), utf8, "\r\n".getBytes(UTF_8));
    byte[] fixed32Frame = frame(new byte[] {(byte) (n >>> 24), (byte) (n >>> 16), (byte) (n >>> 8), (byte) n}, utf8, new byte[0]);
    for (int round = 0; round < 2; round++) {
      Arrays.fill(dst, (byte) 0);
      check(protobuf() == varintFrame.length, input, "protobuf count");
      checkBytes(varintFrame, dst, 0, input, "protobuf writeStringNoTag");

      Arrays.fill(dst, (byte) 0);
      check(varint() == varintFrame.length, input, "VARINT count");
      checkBytes(varintFrame, dst, 0, input, "LengthPrefix.VARINT");

      check(nettyManualVarint() == varintFrame.length, input, "Netty count");
      check(Arrays.equals(varintFrame, ByteBufUtil.getBytes(nettyHeap)), input, "Netty varint + writeUtf8");

      check(varintSegmented() == varintFrame.length, input, "VARINT into SegmentedBuffer count");
      check(Arrays.equals(varintFrame, segmented.toByteArray()), input, "LengthPrefix.VARINT into SegmentedBuffer");

      Arrays.fill(dst, (byte) 0);
      check(jdkGetBytesVarint() == varintFrame.length, input, "getBytes + varint count");
      checkBytes(varintFrame, dst, 0, input, "getBytes + varint");

      Arrays.fill(dst, (byte) 0);
      check(jdkGetBytesResp() == respFrame.length, input, "getBytes + RESP count");
      checkBytes(respFrame, dst, 0, input, "getBytes + RESP framing");

      Arrays.fill(dst, (byte) 0);
      check(respBulk() == respFrame.length, input, "RESP_BULK count");
      checkBytes(respFrame, dst, 0, input, "LengthPrefix.RESP_BULK");

      Arrays.fill(dst, (byte) 0);
      check(fixed32Be() == fixed32Frame.length, input, "FIXED32_BE count");
      checkBytes(fixed32Frame, dst, 0, input, "LengthPrefix.FIXED32_BE");
    }
  }

  private static byte[] varintBytes(int value) {
    byte[] prefix = new byte[CodedOutputStream.computeUInt32SizeNoTag(value)];
    for (int i = 0; i < prefix.length; i++) {
      prefix[i] = (byte) ((value >>> (7 * i)) & 0x7F | (i < prefix.length - 1 ? 0x80 : 0));
    }
    return prefix;
  }

  private static byte[] frame(byte[] prefix, byte[] body, byte[] trailer) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(prefix);
    out.writeBytes(body);
    out.writeBytes(trailer);
    return out.toByteArray();
  }

  // ---- varint: textwire and its peers ----------------------------------------------------------------

  @Benchmark
  public int varint() {
    return LengthPrefix.VARINT.write(text, dst, 0);
  }

  /** A new array-backed CodedOutputStream per operation: protobuf has no way to reuse one (see above). */
  @Benchmark
  public int protobuf() throws IOException {
    CodedOutputStream out = CodedOutputStream.newInstance(dst);
    out.writeStringNoTag(text);
    return out.getTotalBytesWritten();
  }

  /** Reserve the varint for the worst case, writeUtf8, back-fill (moving the text if the varint shrank). */
  @Benchmark
  public int nettyManualVarint() {
    ByteBuf buffer = nettyHeap;
    buffer.clear();
    int start = buffer.writerIndex();
    int reserved = varintSize(ByteBufUtil.utf8MaxBytes(text));
    buffer.ensureWritable(reserved);
    buffer.writerIndex(start + reserved);
    int bytes = ByteBufUtil.writeUtf8(buffer, text);
    int needed = varintSize(bytes);
    if (needed != reserved) {
      buffer.setBytes(start + needed, buffer, start + reserved, bytes);
      buffer.writerIndex(start + needed + bytes);
    }
    int p = start;
    int value = bytes;
    for (int i = 1; i < needed; i++) {
      buffer.setByte(p++, (value & 0x7F) | 0x80);
      value >>>= 7;
    }
    buffer.setByte(p, value);
    return buffer.writerIndex() - start;
  }

  /** Bytes of the varint for {@code value}, as a hand-written codec computes it. */
  private static int varintSize(int value) {
    int size = 1;
    while ((value & ~0x7F) != 0) {
      value >>>= 7;
      size++;
    }
    return size;
  }

  @Benchmark
  public long varintSegmented() {
    SegmentedBuffer buffer = segmented;
    buffer.clear();
    return LengthPrefix.VARINT.write(text, buffer);
  }

  /** What users do today: encode to a new array, write its length as a varint, copy the bytes after it. */
  @Benchmark
  public int jdkGetBytesVarint() {
    byte[] bytes = text.getBytes(UTF_8);
    int p = 0;
    int value = bytes.length;
    while ((value & ~0x7F) != 0) {
      dst[p++] = (byte) ((value & 0x7F) | 0x80);
      value >>>= 7;
    }
    dst[p++] = (byte) value;
    System.arraycopy(bytes, 0, dst, p, bytes.length);
    return p + bytes.length;
  }

  // ---- RESP bulk strings: textwire and the JDK way ------------------------------------------------------

  /** {@code $<length>\r\n<bytes>\r\n} the JDK way: getBytes, the decimal length digit by digit, a copy. */
  @Benchmark
  public int jdkGetBytesResp() {
    byte[] bytes = text.getBytes(UTF_8);
    byte[] out = dst;
    int p = 0;
    out[p++] = '$';
    int n = bytes.length;
    int digits = 1;
    for (int rest = n / 10; rest != 0; rest /= 10) {
      digits++;
    }
    for (int i = p + digits - 1, rest = n; i >= p; i--, rest /= 10) {
      out[i] = (byte) ('0' + rest % 10);
    }
    p += digits;
    out[p++] = '\r';
    out[p++] = '\n';
    System.arraycopy(bytes, 0, out, p, n);
    p += n;
    out[p++] = '\r';
    out[p++] = '\n';
    return p;
  }

  @Benchmark
  public int respBulk() {
    return LengthPrefix.RESP_BULK.write(text, dst, 0);
  }

  // ---- textwire's other prefix, for reference -----------------------------------------------------------

  @Benchmark
  public int fixed32Be() {
    return LengthPrefix.FIXED32_BE.write(text, dst, 0);
  }
}
