package dev.textwire.bench;

import static java.nio.charset.StandardCharsets.UTF_8;

import dev.textwire.buffer.SegmentedBuffer;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufUtil;
import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.apache.commons.io.output.UnsynchronizedByteArrayOutputStream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Steady-state reuse: one buffer per contender, kept for the whole run; an operation empties it (its
 * {@code clear()} or {@code reset()}) and refills it to {@code bytes} (64 KiB or 1 MiB). Two ways to fill:
 *
 * <ul>
 *   <li>{@code xxxBytes}: writes of 37 bytes from a fixed array, up to exactly {@code bytes} (a last
 *       short write for the remainder);
 *   <li>{@code xxxUtf8}: the same 512-char {@code mostly_ascii} text ({@link Inputs#synthetic}), encoded
 *       to UTF-8, as many times as fit in {@code bytes} without passing it (the same count for every
 *       contender).
 * </ul>
 *
 * <p>textwire's {@link SegmentedBuffer} (default 8 KiB segments; {@code clear()} keeps up to 1 MiB of them)
 * against {@code ByteArrayOutputStream.reset()}, Commons IO's {@code UnsynchronizedByteArrayOutputStream}
 * (bytes only), a Netty heap {@code ByteBuf} from the default allocator ({@code clear()}; its
 * {@code ByteBufUtil.writeUtf8} for text) and Okio's {@code Buffer} ({@code clear()}, which hands its
 * segments back to Okio's pool). Text into the JDK streams goes the way their users write it:
 * {@code getBytes(UTF_8)} then {@code write}.
 *
 * <p>Run it with {@code -prof gc}: the allocation per operation ({@code gc.alloc.rate.norm}, B/op) is the
 * point of this benchmark as much as the time. Expected:
 *
 * <ul>
 *   <li>SegmentedBuffer: 0 B/op for both fills at both sizes (1 MiB is exactly what {@code clear()} keeps,
 *       and the text fill stays under it). Text-fill allocation that grows with the number of segments
 *       points at the ASCII fast path wrapping each new destination array in a ByteBuffer
 *       ({@code Scratch.encodeAsciiPrefix} in textwire-core), not at the buffer itself.
 *   <li>ByteArrayOutputStream, Commons IO and Netty: 0 B/op for bytes (their storage grew once, in
 *       warm-up, and is kept); Netty 0 B/op for text too.
 *   <li>ByteArrayOutputStream's text fill: several times the bytes written, since
 *       {@code getBytes(UTF_8)} of a non-Latin-1 string allocates a worst-case array of 3 bytes per char
 *       and then a trimmed copy.
 *   <li>Okio: 0 B/op at 64 KiB; at 1 MiB nearly every segment is new on each refill, because its
 *       segment pool keeps at most 64 KiB.
 * </ul>
 *
 * <pre>java -jar textwire-benchmarks/target/textwire-benchmarks.jar BufferReuseBenchmark -prof gc -rf json -rff reuse.json</pre>
 *
 * (18 forks, about 3 minutes with {@link BenchBase}'s defaults; add {@code -p bytes=65536} for one size.)
 */
@State(Scope.Thread)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class BufferReuseBenchmark extends BenchBase {
  /** Bytes per write in the {@code xxxBytes} fills. */
  static final int WRITE = 37;

  @Param({"65536", "1048576"})
  public int bytes;

  byte[] chunk;
  /** The text written by the {@code xxxUtf8} fills, and how many times. */
  String text;
  int textBytes;
  int repeats;

  SegmentedBuffer segmented;
  ByteArrayOutputStream baos;
  UnsynchronizedByteArrayOutputStream commonsIo;
  ByteBuf nettyHeap;
  okio.Buffer okioBuffer;

  @Setup(Level.Trial)
  public void setUp() {
    chunk = new byte[WRITE];
    for (int i = 0; i < WRITE; i++) {
      chunk[i] = (byte) ('a' + i % 26);
    }
    Inputs input = Inputs.synthetic("mostly_ascii", 512);
    text = input.text();
    textBytes = input.byteLength();
    repeats = bytes / textBytes;

    segmented = new SegmentedBuffer();
    baos = new ByteArrayOutputStream();
    commonsIo = UnsynchronizedByteArrayOutputStream.builder().get();
    nettyHeap = ByteBufAllocator.DEFAULT.heapBuffer();
    okioBuffer = new okio.Buffer();
    verify(input);
  }

  /** Each contender fills twice (the second after its clear or reset) and must hold the expected bytes. */
  private void verify(Inputs input) {
    byte[] expectedBytes = new byte[bytes];
    for (int i = 0; i < bytes; i++) {
      expectedBytes[i] = chunk[i % WRITE];
    }
    byte[] expectedText = new byte[repeats * textBytes];
    for (int i = 0; i < repeats; i++) {
      System.arraycopy(input.utf8(), 0, expectedText, i * textBytes, textBytes);
    }
    for (int round = 0; round < 2; round++) {
      check(segmentedBytes() == bytes, input, "SegmentedBuffer bytes count");
      checkBytes(expectedBytes, segmented.toByteArray(), 0, input, "SegmentedBuffer bytes");
      check(segmentedUtf8() == expectedText.length, input, "SegmentedBuffer text count");
      check(Arrays.equals(expectedText, segmented.toByteArray()), input, "SegmentedBuffer text bytes");

      check(baosBytes() == bytes, input, "ByteArrayOutputStream bytes count");
      check(Arrays.equals(expectedBytes, baos.toByteArray()), input, "ByteArrayOutputStream bytes");
      check(baosUtf8() == expectedText.length, input, "ByteArrayOutputStream text count");
      check(Arrays.equals(expectedText, baos.toByteArray()), input, "ByteArrayOutputStream text");

      check(commonsIoBytes() == bytes, input, "Commons IO bytes count");
      check(Arrays.equals(expectedBytes, commonsIo.toByteArray()), input, "Commons IO bytes");

      check(nettyBytes() == bytes, input, "Netty bytes count");
      check(Arrays.equals(expectedBytes, ByteBufUtil.getBytes(nettyHeap)), input, "Netty bytes");
      check(nettyUtf8() == expectedText.length, input, "Netty text count");
      check(Arrays.equals(expectedText, ByteBufUtil.getBytes(nettyHeap)), input, "Netty text");

      // Okio's benchmark methods clear at the end (the clear is what gives its segments back), so fill
      // here the same way and read the bytes before clearing.
      okioBuffer.clear();
      fillOkio(okioBuffer);
      check(Arrays.equals(expectedBytes, okioBuffer.readByteArray()), input, "Okio bytes");
      for (int i = 0; i < repeats; i++) {
        okioBuffer.writeUtf8(text);
      }
      check(Arrays.equals(expectedText, okioBuffer.readByteArray()), input, "Okio text");
      check(okioBytes() == bytes && okioUtf8() == expectedText.length, input, "Okio counts");
    }
  }

  @TearDown(Level.Trial)
  public void releaseNettyBuffer() {
    nettyHeap.release();
  }

  // ---- 37-byte writes ------------------------------------------------------------------------------

  @Benchmark
  public long segmentedBytes() {
    SegmentedBuffer buffer = segmented;
    buffer.clear();
    int left = bytes;
    while (left >= WRITE) {
      buffer.write(chunk, 0, WRITE);
      left -= WRITE;
    }
    buffer.write(chunk, 0, left);
    return buffer.size();
  }

  @Benchmark
  public int baosBytes() {
    ByteArrayOutputStream out = baos;
    out.reset();
    int left = bytes;
    while (left >= WRITE) {
      out.write(chunk, 0, WRITE);
      left -= WRITE;
    }
    out.write(chunk, 0, left);
    return out.size();
  }

  /** Commons IO: reset() keeps its list of arrays and starts again from the first. */
  @Benchmark
  public int commonsIoBytes() {
    UnsynchronizedByteArrayOutputStream out = commonsIo;
    out.reset();
    int left = bytes;
    while (left >= WRITE) {
      out.write(chunk, 0, WRITE);
      left -= WRITE;
    }
    out.write(chunk, 0, left);
    return out.size();
  }

  @Benchmark
  public int nettyBytes() {
    ByteBuf buffer = nettyHeap;
    buffer.clear();
    int left = bytes;
    while (left >= WRITE) {
      buffer.writeBytes(chunk, 0, WRITE);
      left -= WRITE;
    }
    buffer.writeBytes(chunk, 0, left);
    return buffer.writerIndex();
  }

  /** Okio: fill, then clear() (not before: the clear is what returns the segments to the pool). */
  @Benchmark
  public long okioBytes() {
    okio.Buffer buffer = okioBuffer;
    fillOkio(buffer);
    long size = buffer.size();
    buffer.clear();
    return size;
  }

  private void fillOkio(okio.Buffer buffer) {
    int left = bytes;
    while (left >= WRITE) {
      buffer.write(chunk, 0, WRITE);
      left -= WRITE;
    }
    buffer.write(chunk, 0, left);
  }

  // ---- text ----------------------------------------------------------------------------------------

  @Benchmark
  public long segmentedUtf8() {
    SegmentedBuffer buffer = segmented;
    buffer.clear();
    for (int i = 0; i < repeats; i++) {
      buffer.writeText(text);
    }
    return buffer.size();
  }

  /** What a ByteArrayOutputStream user writes: a new array per string ({@code writeBytes} copies it). */
  @Benchmark
  public int baosUtf8() {
    ByteArrayOutputStream out = baos;
    out.reset();
    for (int i = 0; i < repeats; i++) {
      out.writeBytes(text.getBytes(UTF_8));
    }
    return out.size();
  }

  @Benchmark
  public int nettyUtf8() {
    ByteBuf buffer = nettyHeap;
    buffer.clear();
    for (int i = 0; i < repeats; i++) {
      ByteBufUtil.writeUtf8(buffer, text);
    }
    return buffer.writerIndex();
  }

  @Benchmark
  public long okioUtf8() {
    okio.Buffer buffer = okioBuffer;
    for (int i = 0; i < repeats; i++) {
      buffer.writeUtf8(text);
    }
    long size = buffer.size();
    buffer.clear();
    return size;
  }
}
