package dev.textwire.bench;

import dev.textwire.buffer.SegmentedBuffer;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.apache.commons.io.output.UnsynchronizedByteArrayOutputStream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * Growth: writing {@code n} bytes, {@code w} bytes per call, into a fresh growable buffer. One operation
 * creates the buffer, fills it to exactly {@code n} bytes (a last short write for {@code n % w}), checks
 * its size and releases it (the API's own call where there is one: {@code clear()} for SegmentedBuffer
 * and Okio, {@code release()} for Netty; dropping the reference otherwise). The number that matters is
 * time per GiB, the reported ms/op divided by {@code n} in GiB (0.25, 1 or 4): for SegmentedBuffer it
 * should not rise with {@code n} (target: at 4G within 10% of its value at 256M), because growing
 * allocates one 8 KiB segment and never copies what is written.
 *
 * <p>Settings: {@code SingleShotTime}, one operation per iteration, 1 warm-up and 3 measured operations in
 * one fork. A fresh buffer per operation is the point, so there is no steady state to average over; the
 * first (warm-up) operation absorbs the JIT, whose loops compile within its first milliseconds. Before
 * every operation an untimed {@code System.gc()} (in {@code @Setup(Level.Iteration)}) removes the
 * previous operation's buffer, so each starts on an empty heap; collections caused by the operation's own
 * allocation (for segmented buffers, young collections copying live segments) are part of what is timed.
 *
 * <p>Heap: every fork runs with {@code -Xms12g -Xmx12g -Xmn64m -XX:+AlwaysPreTouch} (set below; the 1 GiB
 * of {@link BenchBase} is far too small). A 4G fill keeps 4 GiB of segments live, promoted to the old
 * generation as they are written, plus the young generation and G1's free reserve; 12 GiB leaves a wide
 * margin, also holds the {@code -Xmn8g} variant below (a whole 4G fill in eden) and fits the 24 GiB
 * machine. The array-based peers at 1 GiB peak at 1.5 GiB (ByteArrayOutputStream: old and new array
 * during the last copy) and 2 GiB (Netty). Pre-touching makes the heap's pages resident before
 * the first operation, so first-touch page faults are not timed; on this machine (a VM where first touch
 * runs at well under 1 GB/s) it costs about 20-25 s per fork, which dominates a short run. Same heap and
 * collector (G1, the default) for every contender.
 *
 * <p>Why {@code -Xmn64m}: segments are small young objects that stay live, so G1 copies each of them once
 * (young to old) in a young collection. With G1's own sizing (about 600 MiB of eden with this heap) a
 * 256M fill ends before its first young collection, and the rest is dropped by the untimed
 * {@code System.gc()}, while a 4G fill pays about seven evacuations: time per GiB would then rise with
 * {@code n} for a reason that has nothing to do with growth. A fixed 64 MiB young generation makes every
 * {@code n} pay the same copy per byte, so time per GiB is comparable across {@code n}. To see the cost
 * without any young collection, run with {@code -jvmArgsAppend "-Xms12g -Xmx12g -Xmn8g -XX:+AlwaysPreTouch"}
 * (8 GiB of eden holds a whole 4G fill).
 *
 * <p>Contenders and how far they go:
 *
 * <ul>
 *   <li>This class ({@code n} = 256M, 1G, 4G): {@link SegmentedBuffer#write(byte[], int, int)}, the same
 *       through its {@code OutputStream} view (a drop-in for ByteArrayOutputStream), and Okio's
 *       {@code Buffer} (8 KiB segments, a {@code long} size: it can also pass 2 GiB).
 *   <li>{@link ArrayBacked} ({@code n} = 256M, 1G): {@code ByteArrayOutputStream} (one array, doubled and
 *       copied), Commons IO's {@code UnsynchronizedByteArrayOutputStream} (a list of doubling arrays, not
 *       copied on growth, but an {@code int} count) and Netty's {@code Unpooled.buffer()} (one array; past
 *       4 MiB Netty grows it by 4 MiB at a time, so each step copies everything: quadratic, expect tens of
 *       seconds per operation at 1G). None can hold more than 2^31 - 9 bytes, so they have no 4G row.
 *   <li>{@link SingleBytes} ({@code n} = 256M, 1G; no {@code w}): the same contenders writing one byte per
 *       call ({@code writeByte}, {@code OutputStream.write(int)}), the path of a caller writing short
 *       fields byte by byte; {@code w} does not change that work, so it has no {@code w} parameter.
 * </ul>
 *
 * <p>Array-based contenders are only ever run with {@code n} up to 1G: that is their default. Passing
 * {@code -p n=4G} applies to every class that has {@code n}; then the array-based ones fail at once (an
 * {@code IllegalArgumentException} from {@code @Setup} saying why, reported by JMH, no result) and the
 * others run. Do not add {@code -foe true} to such a run.
 *
 * <p>Commands (the jar is built by {@code ./mvnw -q -o -B install -DskipTests}); one {@code w} per run:
 *
 * <pre>
 * JAR=textwire-benchmarks/target/textwire-benchmarks.jar
 * # writes of w bytes, every contender at every n it can reach: 15 forks, about 10-15 minutes per w on
 * # this machine, of which about 6 pre-touching 15 heaps and about 3 Netty at 1G (w=2 takes longest)
 * java -jar $JAR 'BufferGrowthBenchmark\.(ArrayBacked\.)?[a-z]\w*$' -p w=37 -rf json -rff growth-37.json
 * # only SegmentedBuffer, all n: the 10% target
 * java -jar $JAR 'BufferGrowthBenchmark\.segmented$' -p w=37
 * # one byte per call (no w):
 * java -jar $JAR 'BufferGrowthBenchmark\.SingleBytes\.' -rf json -rff growth-1.json
 * </pre>
 *
 * Do not use {@code -prof gc} here: its per-operation figures are just {@code n} plus growth garbage, and
 * JMH's GC profiler reads counters the explicit {@code System.gc()} also moves. The JSON is not for
 * {@code report.py}, which only knows the codec benchmarks.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 1)
@Measurement(iterations = 3)
@Fork(
    value = 1,
    jvmArgsAppend = {BufferGrowthBenchmark.XMS, BufferGrowthBenchmark.XMX, BufferGrowthBenchmark.XMN, BufferGrowthBenchmark.PRETOUCH})
public class BufferGrowthBenchmark {
  static final String XMS = "-Xms12g";
  static final String XMX = "-Xmx12g";
  /** A fixed young generation: see the class comment. */
  static final String XMN = "-Xmn64m";
  static final String PRETOUCH = "-XX:+AlwaysPreTouch";

  /** The most bytes one Java array holds (as in ArrayList), so the most any array-based peer can hold. */
  static final long MAX_ARRAY_LENGTH = Integer.MAX_VALUE - 8;

  /** Bytes written when checking a contender in setup: several 8 KiB segments and a partial one. */
  static final int CHECK_BYTES = 3 * 8192 + 1001;

  @Param({"2", "37", "8192"})
  public int w;

  @Param({"256M", "1G", "4G"})
  public String n;

  long bytes;
  byte[] chunk;

  /**
   * Checks the contender about to be measured (only that one, so that the shared write loop's call site
   * sees a single receiver class in this fork): a small fill, against the chunk repeated.
   */
  @Setup(Level.Trial)
  public void setUp(BenchmarkParams params) throws IOException {
    bytes = parseSize(n);
    chunk = chunk(w);
    String benchmark = params.getBenchmark();
    if (benchmark.endsWith(".segmented")) {
      SegmentedBuffer segmented = new SegmentedBuffer();
      fill(segmented, chunk, CHECK_BYTES);
      checkPattern(segmented.toByteArray(), chunk, "SegmentedBuffer.write");
    } else if (benchmark.endsWith(".segmentedBigSegments")) {
      SegmentedBuffer big = new SegmentedBuffer(BIG_SEGMENT, 0);
      fill(big, chunk, CHECK_BYTES);
      checkPattern(big.toByteArray(), chunk, "SegmentedBuffer(4 MiB).write");
    } else if (benchmark.endsWith(".segmentedOutputStream")) {
      SegmentedBuffer viaStream = new SegmentedBuffer();
      fill(viaStream.outputStream(), chunk, CHECK_BYTES);
      checkPattern(viaStream.toByteArray(), chunk, "SegmentedOutputStream.write");
    } else if (benchmark.endsWith(".okio")) {
      okio.Buffer okio = new okio.Buffer();
      fill(okio, chunk, CHECK_BYTES);
      checkPattern(okio.readByteArray(), chunk, "okio.Buffer.write");
    }
  }

  @Setup(Level.Iteration)
  public void collectPreviousBuffer() {
    System.gc();
  }

  // ---- contenders that can pass 2 GiB -------------------------------------------------------------

  /** {@link SegmentedBuffer#write(byte[], int, int)}: 8 KiB segments, never copied. */
  @Benchmark
  public long segmented() {
    SegmentedBuffer buffer = new SegmentedBuffer();
    fill(buffer, chunk, bytes);
    long size = checkSize(buffer.size(), bytes);
    buffer.clear();
    return size;
  }

  /**
   * {@link SegmentedBuffer} with 4 MiB segments: at least half a G1 region (4 MiB regions for this 12 GiB
   * heap), so G1 allocates each segment straight into the old generation as a humongous object and never
   * copies it, as it does the array-based peers' large arrays. The 8 KiB default is copied once, young to
   * old, by the collector; this contender shows what that copy costs a buffer that grows to gigabytes.
   */
  @Benchmark
  public long segmentedBigSegments() {
    SegmentedBuffer buffer = new SegmentedBuffer(BIG_SEGMENT, 0);
    fill(buffer, chunk, bytes);
    long size = checkSize(buffer.size(), bytes);
    buffer.clear();
    return size;
  }

  static final int BIG_SEGMENT = 4 << 20;

  /** The same through {@link SegmentedBuffer#outputStream()}, held as a plain {@code OutputStream}. */
  @Benchmark
  public long segmentedOutputStream() throws IOException {
    SegmentedBuffer buffer = new SegmentedBuffer();
    fill(buffer.outputStream(), chunk, bytes);
    long size = checkSize(buffer.size(), bytes);
    buffer.clear();
    return size;
  }

  /**
   * Okio's {@code Buffer.write(byte[], int, int)}: 8 KiB segments in a linked list, taken from its
   * SegmentPool (64 KiB at most) and then allocated; clear() gives back what the pool takes.
   */
  @Benchmark
  public long okio() {
    okio.Buffer buffer = new okio.Buffer();
    fill(buffer, chunk, bytes);
    long size = checkSize(buffer.size(), bytes);
    buffer.clear();
    return size;
  }

  // ---- array-based peers: at most 2^31 - 9 bytes ----------------------------------------------------

  /**
   * The array-based peers, with {@code n} only up to 1G by default. {@code @Setup} refuses a larger
   * {@code n} (as given by {@code -p n=4G}): JMH reports the exception and moves on.
   */
  @State(Scope.Thread)
  @BenchmarkMode(Mode.SingleShotTime)
  @OutputTimeUnit(TimeUnit.MILLISECONDS)
  @Warmup(iterations = 1)
  @Measurement(iterations = 3)
  @Fork(value = 1, jvmArgsAppend = {XMS, XMX, XMN, PRETOUCH})
  public static class ArrayBacked {
    @Param({"2", "37", "8192"})
    public int w;

    @Param({"256M", "1G"})
    public String n;

    long bytes;
    byte[] chunk;

    /** Refuses n above what an array holds, then checks the contender about to be measured. */
    @Setup(Level.Trial)
    public void setUp(BenchmarkParams params) throws IOException {
      bytes = parseArraySize(n);
      chunk = chunk(w);
      String benchmark = params.getBenchmark();
      if (benchmark.endsWith(".baos")) {
        ByteArrayOutputStream baos = new ByteArrayOutputStream();
        fill(baos, chunk, CHECK_BYTES);
        checkPattern(baos.toByteArray(), chunk, "ByteArrayOutputStream.write");
      } else if (benchmark.endsWith(".commonsIo")) {
        UnsynchronizedByteArrayOutputStream commons = UnsynchronizedByteArrayOutputStream.builder().get();
        fill(commons, chunk, CHECK_BYTES);
        checkPattern(commons.toByteArray(), chunk, "UnsynchronizedByteArrayOutputStream.write");
      } else if (benchmark.endsWith(".nettyHeap")) {
        ByteBuf netty = Unpooled.buffer();
        fill(netty, chunk, CHECK_BYTES);
        checkPattern(Arrays.copyOf(netty.array(), netty.writerIndex()), chunk, "Unpooled heap ByteBuf.writeBytes");
        netty.release();
      }
    }

    @Setup(Level.Iteration)
    public void collectPreviousBuffer() {
      System.gc();
    }

    /** {@code ByteArrayOutputStream}: synchronized writes, one array doubled and copied as it fills. */
    @Benchmark
    public long baos() throws IOException {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      fill(out, chunk, bytes);
      return checkSize(out.size(), bytes);
    }

    /** Commons IO's unsynchronized variant: a list of arrays, each twice the last, none copied on growth. */
    @Benchmark
    public long commonsIo() throws IOException {
      UnsynchronizedByteArrayOutputStream out = UnsynchronizedByteArrayOutputStream.builder().get();
      fill(out, chunk, bytes);
      return checkSize(out.size(), bytes);
    }

    /** Netty {@code Unpooled.buffer()}: doubles to 4 MiB, then grows (and copies) 4 MiB at a time. */
    @Benchmark
    public long nettyHeap() {
      ByteBuf buffer = Unpooled.buffer();
      fill(buffer, chunk, bytes);
      long size = checkSize(buffer.writerIndex(), bytes);
      buffer.release();
      return size;
    }
  }

  // ---- one byte per call ---------------------------------------------------------------------------

  /**
   * One byte per call, every contender: what a caller writing single bytes (tags, short fields) pays.
   * {@code n} = 256M and 1G by default; SegmentedBuffer and Okio also take {@code -p n=4G}, the array-based
   * peers then fail at once, from the benchmark method, before writing anything.
   */
  @State(Scope.Thread)
  @BenchmarkMode(Mode.SingleShotTime)
  @OutputTimeUnit(TimeUnit.MILLISECONDS)
  @Warmup(iterations = 1)
  @Measurement(iterations = 3)
  @Fork(value = 1, jvmArgsAppend = {XMS, XMX, XMN, PRETOUCH})
  public static class SingleBytes {
    @Param({"256M", "1G"})
    public String n;

    long bytes;

    @Setup(Level.Trial)
    public void setUp() {
      bytes = parseSize(n);
    }

    @Setup(Level.Iteration)
    public void collectPreviousBuffer() {
      System.gc();
    }

    @Benchmark
    public long segmentedWriteByte() {
      SegmentedBuffer buffer = new SegmentedBuffer();
      for (long i = 0; i < bytes; i++) {
        buffer.writeByte((int) i);
      }
      long size = checkSize(buffer.size(), bytes);
      buffer.clear();
      return size;
    }

    /** {@code OutputStream.write(int)} on the SegmentedBuffer's view. */
    @Benchmark
    public long segmentedOutputStreamWrite() throws IOException {
      SegmentedBuffer buffer = new SegmentedBuffer();
      OutputStream out = buffer.outputStream();
      for (long i = 0; i < bytes; i++) {
        out.write((int) i);
      }
      long size = checkSize(buffer.size(), bytes);
      buffer.clear();
      return size;
    }

    @Benchmark
    public long okioWriteByte() {
      okio.Buffer buffer = new okio.Buffer();
      for (long i = 0; i < bytes; i++) {
        buffer.writeByte((int) i);
      }
      long size = checkSize(buffer.size(), bytes);
      buffer.clear();
      return size;
    }

    /** {@code ByteArrayOutputStream.write(int)}: a monitor enter and exit per byte. */
    @Benchmark
    public long baosWrite() {
      checkArraySize(bytes, n);
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      for (long i = 0; i < bytes; i++) {
        out.write((int) i);
      }
      return checkSize(out.size(), bytes);
    }

    @Benchmark
    public long commonsIoWrite() {
      checkArraySize(bytes, n);
      UnsynchronizedByteArrayOutputStream out = UnsynchronizedByteArrayOutputStream.builder().get();
      for (long i = 0; i < bytes; i++) {
        out.write((int) i);
      }
      return checkSize(out.size(), bytes);
    }

    @Benchmark
    public long nettyHeapWriteByte() {
      checkArraySize(bytes, n);
      ByteBuf buffer = Unpooled.buffer();
      for (long i = 0; i < bytes; i++) {
        buffer.writeByte((int) i);
      }
      long size = checkSize(buffer.writerIndex(), bytes);
      buffer.release();
      return size;
    }
  }

  // ---- the write loops: the same shape for every contender -------------------------------------------

  static void fill(SegmentedBuffer buffer, byte[] chunk, long bytes) {
    int w = chunk.length;
    long left = bytes;
    while (left >= w) {
      buffer.write(chunk, 0, w);
      left -= w;
    }
    buffer.write(chunk, 0, (int) left);
  }

  static void fill(OutputStream out, byte[] chunk, long bytes) throws IOException {
    int w = chunk.length;
    long left = bytes;
    while (left >= w) {
      out.write(chunk, 0, w);
      left -= w;
    }
    out.write(chunk, 0, (int) left);
  }

  static void fill(okio.Buffer buffer, byte[] chunk, long bytes) {
    int w = chunk.length;
    long left = bytes;
    while (left >= w) {
      buffer.write(chunk, 0, w);
      left -= w;
    }
    buffer.write(chunk, 0, (int) left);
  }

  static void fill(ByteBuf buffer, byte[] chunk, long bytes) {
    int w = chunk.length;
    long left = bytes;
    while (left >= w) {
      buffer.writeBytes(chunk, 0, w);
      left -= w;
    }
    buffer.writeBytes(chunk, 0, (int) left);
  }

  // ---- helpers -------------------------------------------------------------------------------------

  /** {@code w} bytes of a fixed, non-constant-looking pattern. */
  static byte[] chunk(int w) {
    if (w <= 0) {
      throw new IllegalArgumentException("w must be positive, not " + w);
    }
    byte[] chunk = new byte[w];
    for (int i = 0; i < w; i++) {
      chunk[i] = (byte) (i * 31 + 7);
    }
    return chunk;
  }

  /** "256M", "1G", "4G", "64K" or a plain byte count. */
  static long parseSize(String size) {
    String s = size.trim().toUpperCase();
    long unit = 1;
    char last = s.charAt(s.length() - 1);
    if (last == 'K' || last == 'M' || last == 'G') {
      unit = last == 'K' ? 1L << 10 : last == 'M' ? 1L << 20 : 1L << 30;
      s = s.substring(0, s.length() - 1);
    }
    long value = Long.parseLong(s) * unit;
    if (value < 0) {
      throw new IllegalArgumentException("n must not be negative: " + size);
    }
    return value;
  }

  static long parseArraySize(String size) {
    long value = parseSize(size);
    checkArraySize(value, size);
    return value;
  }

  static void checkArraySize(long bytes, String size) {
    if (bytes > MAX_ARRAY_LENGTH) {
      throw new IllegalArgumentException(
          "n=" + size + " (" + bytes + " bytes) is more than an array-based buffer can hold (2^31 - 9 = "
              + MAX_ARRAY_LENGTH + "): run the array-based peers with n up to 1G only");
    }
  }

  static long checkSize(long actual, long expected) {
    if (actual != expected) {
      throw new IllegalStateException("the buffer holds " + actual + " bytes, not " + expected);
    }
    return actual;
  }

  static void checkPattern(byte[] actual, byte[] chunk, String who) {
    byte[] expected = new byte[CHECK_BYTES];
    for (int i = 0; i < expected.length; i++) {
      expected[i] = chunk[i % chunk.length];
    }
    if (!Arrays.equals(expected, actual)) {
      throw new IllegalStateException(who + " did not write the chunk repeated to " + CHECK_BYTES + " bytes");
    }
  }
}
