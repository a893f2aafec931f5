package dev.textwire.bench;

import static java.nio.charset.StandardCharsets.UTF_8;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.CodedOutputStream;
import dev.textwire.Utf8;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.io.IOException;
import java.util.Arrays;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Decode and encode of a different text on every call: {@value #SLICES} consecutive slices of one synthetic
 * text, taken in turn. The other benchmarks repeat one input call after call; at a few hundred chars a
 * branch predictor can learn where that input changes width, and branchy loops then look faster than on
 * text they have not seen. Here each slice comes back only every {@value #SLICES} calls, as real traffic
 * does. Compare a row here with the same kind and length in {@link DecodeBenchmark} and {@link
 * EncodeBenchmark}: where they differ, the repeated input flattered someone.
 *
 * <pre>java -jar textwire-benchmarks/target/textwire-benchmarks.jar UnseenTextBenchmark -p kind=mostly_ascii -p length=512</pre>
 */
@State(Scope.Thread)
public class UnseenTextBenchmark extends BenchBase {
  /** A power of two, so the next slice is an AND away. */
  static final int SLICES = 64;

  @Param({"cjk", "emoji", "mostly_ascii"})
  public String kind;

  @Param({"512"})
  public int length;

  private String[] texts;
  private byte[][] utf8;
  private byte[][] prefixed;
  private byte[] dst;
  private ByteBuf nettyHeap;
  private int next;

  @Setup(Level.Trial)
  public void setUp() throws IOException {
    Inputs whole = Inputs.synthetic(kind, length * SLICES + SLICES);
    String text = whole.text();
    texts = new String[SLICES];
    utf8 = new byte[SLICES][];
    prefixed = new byte[SLICES][];
    int start = 0;
    for (int i = 0; i < SLICES; i++) {
      int end = start + length;
      if (Character.isHighSurrogate(text.charAt(end - 1))) {
        end++; // never cut a pair: the slice is one char longer
      }
      texts[i] = text.substring(start, end);
      utf8[i] = texts[i].getBytes(UTF_8);
      int prefix = CodedOutputStream.computeUInt32SizeNoTag(utf8[i].length);
      prefixed[i] = new byte[prefix + utf8[i].length];
      CodedOutputStream.newInstance(prefixed[i], 0, prefix).writeUInt32NoTag(utf8[i].length);
      System.arraycopy(utf8[i], 0, prefixed[i], prefix, utf8[i].length);
      start = end;
    }
    dst = new byte[3 * (length + 1) + 16];
    nettyHeap = ByteBufAllocator.DEFAULT.heapBuffer(dst.length);
    // Every method on every slice, each call made to take slice i.
    for (int i = 0; i < SLICES; i++) {
      String name = " of slice " + i;
      next = i;
      check(texts[i].equals(decodeTextwire()) && next == ((i + 1) & (SLICES - 1)), whole, "textwire decode" + name);
      next = i;
      check(texts[i].equals(decodeJdkNewString()), whole, "new String" + name);
      next = i;
      check(texts[i].equals(decodeProtobuf()), whole, "protobuf decode" + name);
      int n = utf8[i].length;
      next = i;
      check(encodeTextwire() == n && Arrays.equals(utf8[i], 0, n, dst, 0, n), whole, "textwire encode" + name);
      next = i;
      Arrays.fill(dst, (byte) 0);
      check(encodeGetBytesArraycopy() == n && Arrays.equals(utf8[i], 0, n, dst, 0, n), whole, "getBytes" + name);
      next = i;
      int prefix = prefixed[i].length - n;
      check(encodeProtobuf() == prefixed[i].length && Arrays.equals(utf8[i], 0, n, dst, prefix, prefix + n),
          whole, "protobuf encode" + name);
      next = i;
      byte[] netty = new byte[n];
      check(encodeNettyHeap() == n && nettyHeap.readableBytes() == n, whole, "netty count" + name);
      nettyHeap.getBytes(0, netty);
      check(Arrays.equals(utf8[i], netty), whole, "netty bytes" + name);
      long[] lengths = new long[6];
      for (int m = 0; m < lengths.length; m++) {
        next = i;
        lengths[m] =
            m == 0 ? lengthTextwire() : m == 1 ? lengthOkio() : m == 2 ? lengthNetty()
                : m == 3 ? lengthProtobuf() - prefix : m == 4 ? lengthGuava() : lengthGetBytes();
        check(lengths[m] == n, whole, "length method " + m + name + ": " + lengths[m] + " for " + n);
      }
    }
    next = 0;
  }

  @TearDown(Level.Trial)
  public void release() {
    nettyHeap.release();
  }

  /** The next slice's index: each call takes the next one. */
  private int nextSlice() {
    int slice = next;
    next = (slice + 1) & (SLICES - 1);
    return slice;
  }

  @Benchmark
  public String decodeTextwire() {
    byte[] bytes = utf8[nextSlice()];
    return Utf8.decode(bytes, 0, bytes.length);
  }

  @Benchmark
  public String decodeJdkNewString() {
    return new String(utf8[nextSlice()], UTF_8);
  }

  @Benchmark
  public String decodeProtobuf() throws IOException {
    return CodedInputStream.newInstance(prefixed[nextSlice()]).readStringRequireUtf8();
  }

  @Benchmark
  public int encodeTextwire() {
    return Utf8.encode(texts[nextSlice()], dst, 0);
  }

  @Benchmark
  public int encodeNettyHeap() {
    nettyHeap.clear();
    return io.netty.buffer.ByteBufUtil.writeUtf8(nettyHeap, texts[nextSlice()]);
  }

  @Benchmark
  public int encodeProtobuf() throws IOException {
    CodedOutputStream out = CodedOutputStream.newInstance(dst);
    out.writeStringNoTag(texts[nextSlice()]);
    return out.getTotalBytesWritten();
  }

  @Benchmark
  public int encodeGetBytesArraycopy() {
    byte[] bytes = texts[nextSlice()].getBytes(UTF_8);
    System.arraycopy(bytes, 0, dst, 0, bytes.length);
    return bytes.length;
  }

  // Exact length. Okio counts 512 mostly-ASCII chars in 0.58x our time on JDK 25 in EncodedLengthBenchmark,
  // with a branchy loop; here each text comes back every 64 calls, so a predictor cannot learn it.

  @Benchmark
  public int lengthTextwire() {
    return Utf8.encodedLength(texts[nextSlice()]);
  }

  @Benchmark
  public long lengthOkio() {
    String text = texts[nextSlice()];
    return okio.Utf8.size(text, 0, text.length());
  }

  @Benchmark
  public int lengthNetty() {
    return io.netty.buffer.ByteBufUtil.utf8Bytes(texts[nextSlice()]);
  }

  @Benchmark
  public int lengthProtobuf() {
    return CodedOutputStream.computeStringSizeNoTag(texts[nextSlice()]);
  }

  @Benchmark
  public int lengthGuava() {
    return com.google.common.base.Utf8.encodedLength(texts[nextSlice()]);
  }

  @Benchmark
  public int lengthGetBytes() {
    return texts[nextSlice()].getBytes(UTF_8).length;
  }
}
