package dev.textwire.internal;

import dev.textwire.bench.BenchBase;
import dev.textwire.bench.Inputs;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * Short Strings into a direct buffer: the shipped route ({@link #bytePuts}: until stop 44 a byte per
 * absolute put; since stop 45 one- and two-byte chars by puts and the rest staged and copied in, see
 * {@link ShortStrings#encodeUtf8ByCharAt}) against a surrogate pair's four bytes as one {@code putInt},
 * in the buffer's byte order. On JDK 17 every absolute put goes through {@code Buffer.scope()} and
 * {@code ScopedMemoryAccess}, so fewer puts may pay.
 *
 * <p>Measured (issue 15, stop 44; docs/BENCHMARKS.md, "A surrogate pair in one putInt into direct
 * buffers"): {@link #pairPuts} took 16 emoji chars from 33-34 to 21-22 ns on JDK 17 and left JDK 25
 * level, but through the public call 16 mostly-ASCII chars with one emoji went from 20-23 to 25-35 ns on
 * JDK 17 (more spills in the ASCII loop of the larger compiled method), so the kernel keeps byte puts.
 * Every sequence as one wide put (a 3-byte one as putShort and put) lost CJK on JDK 25 (17.0 to 20.1
 * ns); that candidate is in commit 53e7b8a.
 *
 * <pre>
 * java -jar textwire-benchmarks/target/textwire-benchmarks.jar DirectShortBenchmark
 * </pre>
 */
public class DirectShortBenchmark extends BenchBase {
  @Param({"ascii", "latin1", "cjk", "emoji", "mostly_ascii"})
  String kind;

  @Param({"16"})
  int length;

  @Param({"BIG_ENDIAN"})
  String order;

  String text;
  ByteBuffer direct;

  @Setup
  public void setUp() {
    text = Inputs.synthetic(kind, length).text();
    direct = ByteBuffer.allocateDirect(3 * length + 16)
        .order("BIG_ENDIAN".equals(order) ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN);
    int n = bytePuts();
    byte[] a = new byte[n];
    direct.get(0, a);
    direct.put(0, new byte[n]);
    direct.put(0, new byte[n]);
    if (pairPuts() != n) {
      throw new AssertionError("length differs on " + kind);
    }
    byte[] b = new byte[n];
    direct.get(0, b);
    if (!java.util.Arrays.equals(a, b) || !java.util.Arrays.equals(a, text.getBytes(java.nio.charset.StandardCharsets.UTF_8))) {
      throw new AssertionError("bytes differ on " + kind);
    }
  }

  @Benchmark
  public int bytePuts() {
    return ShortStrings.encodeUtf8(text, 0, text.length(), direct, 0, direct.capacity());
  }

  @Benchmark
  public int pairPuts() {
    return pairsWide(text, 0, text.length(), direct, 0, direct.capacity());
  }

  /** Byte puts, but a surrogate pair's four bytes as one putInt. */
  static int pairsWide(String text, int begin, int end, ByteBuffer dst, int dp, int dl) {
    if (dst.getClass() != ShortStrings.DirectBuffer.CLASS) {
      return -1;
    }
    if (dl - dp < 3 * (end - begin)) {
      return -1;
    }
    int start = dp;
    for (int i = begin; i < end; i++) {
      char c = text.charAt(i);
      if (c < 0x80) {
        dst.put(dp++, (byte) c);
      } else if (c < 0x800) {
        dst.put(dp++, (byte) (0xC0 | (c >>> 6)));
        dst.put(dp++, (byte) (0x80 | (c & 0x3F)));
      } else if (!Character.isSurrogate(c)) {
        dst.put(dp++, (byte) (0xE0 | (c >>> 12)));
        dst.put(dp++, (byte) (0x80 | ((c >>> 6) & 0x3F)));
        dst.put(dp++, (byte) (0x80 | (c & 0x3F)));
      } else if (Character.isHighSurrogate(c) && i + 1 < end && Character.isLowSurrogate(text.charAt(i + 1))) {
        int four = fourBytesBigEndian(Character.toCodePoint(c, text.charAt(++i)));
        dst.putInt(dp, dst.order() == ByteOrder.LITTLE_ENDIAN ? Integer.reverseBytes(four) : four);
        dp += 4;
      } else {
        return -1;
      }
    }
    return dp - start;
  }

  /** A supplementary code point's UTF-8 bytes in one int, the first byte highest. */
  static int fourBytesBigEndian(int codePoint) {
    return 0xF0808080
        | ((codePoint << 6) & 0x07000000) //   11110xxx: bits 18-20
        | ((codePoint << 4) & 0x003F0000) //   10xxxxxx: bits 12-17
        | ((codePoint << 2) & 0x00003F00) //   10xxxxxx: bits 6-11
        | (codePoint & 0x3F); //               10xxxxxx: bits 0-5
  }
}
