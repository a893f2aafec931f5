package dev.textwire.internal;

import dev.textwire.ErrorPolicy;
import dev.textwire.bench.BenchBase;
import dev.textwire.bench.Inputs;
import io.netty.buffer.ByteBufUtil;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.CharBuffer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * A lead for issue 15's exact-length rows (stop 56), measured and not built into the library: four
 * UTF-16 chars counted in one step, which a {@code char[]} cannot give (no {@code long} view of it). The
 * chars are copied out as the library does ({@code getChars}), then once more into a byte array through a
 * little-endian heap {@code ByteBuffer}'s char view (its bulk put is a memory copy), and counted a
 * {@code long} at a time: one byte per char, one more per char from U+0080, one more from U+0800, each
 * a bit count over 16-bit lanes. A word holding a surrogate is counted by the kernel. Beside it, the
 * library's way (the same {@code getChars}, then the kernel's loop) and the peers.
 *
 * <pre>
 * java -jar textwire-benchmarks/target/textwire-benchmarks.jar SwarLengthBenchmark -prof gc
 * </pre>
 */
public class SwarLengthBenchmark extends BenchBase {
  @Param({"mostly_ascii", "cjk", "latin1", "emoji", "ru", "ar", "zh"})
  String kind;

  @Param({"512", "65536"})
  int length;

  private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final long LOW15 = 0x7FFF_7FFF_7FFF_7FFFL;
  private static final long TOP = 0x8000_8000_8000_8000L;
  private static final long FROM_0080 = 0xFF80_FF80_FF80_FF80L;
  private static final long FROM_0800 = 0xF800_F800_F800_F800L;
  private static final long SURROGATE = 0xD800_D800_D800_D800L;
  private static final long ONES = 0x0001_0001_0001_0001L;

  String text;
  char[] chars;
  byte[] utf16;
  CharBuffer utf16View;

  @Setup
  public void setUp() {
    text = Inputs.of(kind, length).text();
    chars = new char[text.length()];
    utf16 = new byte[2 * text.length()];
    utf16View = ByteBuffer.wrap(utf16).order(ByteOrder.LITTLE_ENDIAN).asCharBuffer();
    long expected = kernel();
    if (swar() != expected || netty() != expected || okio() != expected) {
      throw new IllegalStateException(kind + ": counts differ: " + swar() + " " + netty() + " " + expected);
    }
  }

  /** The library's portable way for a long String, without the chunking: copy, then the kernel's loop. */
  @Benchmark
  public long kernel() {
    text.getChars(0, text.length(), chars, 0);
    return CharsToUtf8.encodedLength(chars, 0, chars.length, ErrorPolicy.STRICT, 0, Utf8Variant.UTF_8);
  }

  /** The candidate: copy, copy again into bytes, count four chars a step. */
  @Benchmark
  public long swar() {
    int n = text.length();
    text.getChars(0, n, chars, 0);
    utf16View.clear();
    utf16View.put(chars, 0, n);
    byte[] bytes = utf16;
    long length = n;
    int i = 0;
    while (i <= n - 4) {
      long w = (long) LONGS.get(bytes, i << 1);
      long wide = w & FROM_0800;
      if (hasZeroLane(wide ^ SURROGATE)) {
        // A surrogate in these four chars: the kernel counts them (and the low half of a pair that
        // starts in the last of them).
        int end = Character.isHighSurrogate(chars[i + 3]) && i + 4 < n ? i + 5 : i + 4;
        length += CharsToUtf8.encodedLength(chars, i, end, ErrorPolicy.STRICT, 0, Utf8Variant.UTF_8) - (end - i);
        i = end;
        continue;
      }
      length += Long.bitCount(nonZeroLanes(w & FROM_0080)) + Long.bitCount(nonZeroLanes(wide));
      i += 4;
    }
    if (i < n) {
      length += CharsToUtf8.encodedLength(chars, i, n, ErrorPolicy.STRICT, 0, Utf8Variant.UTF_8) - (n - i);
    }
    return length;
  }

  /** Bit 15 of each 16-bit lane set where the lane is not zero. */
  private static long nonZeroLanes(long x) {
    return (((x & LOW15) + LOW15) | x) & TOP;
  }

  private static boolean hasZeroLane(long x) {
    return ((x - ONES) & ~x & TOP) != 0;
  }

  @Benchmark
  public long netty() {
    return ByteBufUtil.utf8Bytes(text);
  }

  @Benchmark
  public long okio() {
    return okio.Utf8.size(text, 0, text.length());
  }
}
