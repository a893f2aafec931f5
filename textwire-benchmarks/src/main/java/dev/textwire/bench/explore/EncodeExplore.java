package dev.textwire.bench.explore;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.*;

@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(1)
public class EncodeExplore {
  static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  static final ThreadLocal<char[]> SCRATCH = ThreadLocal.withInitial(() -> new char[1024]);

  @Param({"512"}) int length;
  String s;
  byte[] dst = new byte[100_000];
  char[] chars = new char[1024];
  char[] masked = new char[1024];

  @Setup public void setup() {
    StringBuilder sb = new StringBuilder();
    while (sb.length() < length) sb.append("The quick brown fox jumps over the lazy dog. ");
    s = sb.substring(0, length);
  }

  @Benchmark public int getBytesArraycopy() {
    byte[] b = s.getBytes(StandardCharsets.UTF_8);
    System.arraycopy(b, 0, dst, 7, b.length);
    return b.length;
  }

  @Benchmark public int charAtLoop() {
    String s = this.s; byte[] dst = this.dst;
    int n = s.length(), j = 7, i = 0;
    for (; i < n; i++) { char c = s.charAt(i); if (c >= 0x80) break; dst[j++] = (byte) c; }
    return j;
  }

  @SuppressWarnings("deprecation")
  @Benchmark public int deprecatedGetBytesSwar() {
    String s = this.s; byte[] dst = this.dst;
    int n = s.length();
    s.getBytes(0, n, dst, 7);
    long acc = 0; int i = 7, end = 7 + n;
    for (; i + 8 <= end; i += 8) acc |= (long) LONGS.get(dst, i);
    for (; i < end; i++) acc |= dst[i];
    return (acc & 0x8080808080808080L) == 0 ? n : -1;
  }

  @SuppressWarnings("deprecation")
  @Benchmark public int deprecatedGetBytesSwarPlusCharAtOr() {
    String s = this.s; byte[] dst = this.dst;
    int n = s.length();
    s.getBytes(0, n, dst, 7);
    long acc = 0; int i = 7, end = 7 + n;
    for (; i + 8 <= end; i += 8) acc |= (long) LONGS.get(dst, i);
    int or = 0;
    for (int k = 0; k < n; k++) or |= s.charAt(k);
    return (acc & 0x8080808080808080L) == 0 && or < 0x80 ? n : -1;
  }

  @Benchmark public int getCharsNarrowLoop() {
    String s = this.s; byte[] dst = this.dst; char[] c = SCRATCH.get();
    int n = s.length();
    s.getChars(0, n, c, 0);
    int or = 0;
    for (int i = 0; i < n; i++) or |= c[i];
    if (or >= 0x80) return -1;
    for (int i = 0; i < n; i++) dst[7 + i] = (byte) c[i];
    return n;
  }

  @Benchmark public int getCharsMismatch() {
    String s = this.s; byte[] dst = this.dst; char[] c = this.chars; char[] m = this.masked;
    int n = s.length();
    s.getChars(0, n, c, 0);
    for (int i = 0; i < n; i++) m[i] = (char) (c[i] & 0x7F);
    int mm = Arrays.mismatch(c, 0, n, m, 0, n);
    if (mm >= 0) return -1;
    for (int i = 0; i < n; i++) dst[7 + i] = (byte) c[i];
    return n;
  }

  @Benchmark public int getCharsOnly() {
    String s = this.s; char[] c = this.chars;
    s.getChars(0, s.length(), c, 0);
    return c[3];
  }

  @Benchmark public int threadLocalGet() {
    return SCRATCH.get().length;
  }

  static final class Tl {
    final char[] chars = new char[4096];
    final byte[] bytes = new byte[4096];
    final java.nio.CharBuffer cb = java.nio.CharBuffer.wrap(chars);
    final java.nio.ByteBuffer bb = java.nio.ByteBuffer.wrap(bytes);
    final java.nio.charset.CharsetEncoder ascii = StandardCharsets.US_ASCII.newEncoder();
    final java.nio.charset.CharsetEncoder latin = StandardCharsets.ISO_8859_1.newEncoder();
  }
  static final ThreadLocal<Tl> TL = ThreadLocal.withInitial(Tl::new);

  @Benchmark public int asciiEncoderScratch() {
    Tl t = TL.get(); String s = this.s; int n = s.length();
    s.getChars(0, n, t.chars, 0);
    t.cb.clear().limit(n); t.bb.clear();
    t.ascii.reset(); t.ascii.encode(t.cb, t.bb, true);
    int w = t.bb.position();
    System.arraycopy(t.bytes, 0, dst, 7, w);
    return w;
  }

  @Benchmark public int asciiEncoderWrapDst() {
    Tl t = TL.get(); String s = this.s; int n = s.length();
    s.getChars(0, n, t.chars, 0);
    t.cb.clear().limit(n);
    java.nio.ByteBuffer out = java.nio.ByteBuffer.wrap(dst, 7, n);
    t.ascii.reset(); t.ascii.encode(t.cb, out, true);
    return out.position();
  }

  @Benchmark public int narrowOnly() {
    char[] c = this.chars; byte[] d = this.dst; int n = length;
    for (int i = 0; i < n; i++) d[i] = (byte) c[i];
    return d[5];
  }

  @Benchmark public int orReduceOnly() {
    char[] c = this.chars; int n = length; int or = 0;
    for (int i = 0; i < n; i++) or |= c[i];
    return or;
  }
}
