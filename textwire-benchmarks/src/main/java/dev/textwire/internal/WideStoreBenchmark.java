package dev.textwire.internal;

import dev.textwire.ErrorPolicy;
import dev.textwire.bench.BenchBase;
import dev.textwire.bench.Inputs;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * Wider stores in the UTF-8 encode kernel's fast section, which writes one byte per store: a 2-byte
 * sequence as one 16-bit store and a 4-byte one as one 32-bit store, through a little-endian view of the
 * array (public API), and two shapes for 3-byte sequences. Measured here, over a {@code char[]}, they
 * gained on mixed text; through the public API they lost on other inputs, so the kernel keeps byte
 * stores (issue 15, docs/BENCHMARKS.md, "Wider stores in the encoder"). In this package, on the
 * benchmarks' class path, to reach the package-private kernel.
 *
 * <pre>
 * java -jar textwire-benchmarks/target/textwire-benchmarks.jar WideStoreBenchmark
 * </pre>
 */
public class WideStoreBenchmark extends BenchBase {
  @Param({"latin1", "mostly_ascii", "cjk", "emoji", "zh", "ru", "ru_lipsum"})
  String kind;

  @Param({"512"})
  int length;

  char[] chars;
  byte[] dst;

  private static final VarHandle SHORTS = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle INTS = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

  @Setup
  public void setUp() {
    chars = Inputs.of(kind, length).text().toCharArray();
    dst = new byte[3 * chars.length + 16];
    int byteCount = IndexPair.destination(kernel());
    byte[] expected = Arrays.copyOf(dst, byteCount);
    for (int variant = 0; variant < 4; variant++) {
      Arrays.fill(dst, (byte) 0);
      long progress =
          variant == 0
              ? byteStores()
              : variant == 1 ? twoAndFourWide() : variant == 2 ? threeAsShortAndByte() : threeAsOverlappingInt();
      if (IndexPair.destination(progress) != byteCount || !Arrays.equals(expected, Arrays.copyOf(dst, byteCount))) {
        throw new AssertionError("variant " + variant + " differs from the kernel on " + kind);
      }
    }
  }

  /** The kernel as it is, through its entry (the room check, the tier's test). */
  @Benchmark
  public long kernel() {
    return CharsToUtf8.encode(chars, 0, chars.length, dst, 0, dst.length, true, ErrorPolicy.STRICT, 0, Utf8Variant.UTF_8);
  }

  /** The kernel's fast section alone, as it is: one store per byte. */
  @Benchmark
  public long byteStores() {
    return CharsToUtf8.fastUtf8(chars, 0, chars.length, dst, 0);
  }

  /**
   * The shape measured through the public API: 2-byte and 4-byte sequences by one store each, 3-byte
   * ones by three byte stores.
   */
  @Benchmark
  public long twoAndFourWide() {
    char[] src = chars;
    byte[] out = dst;
    int sp = 0;
    int dp = 0;
    int safeEnd = src.length;
    while (sp < safeEnd) {
      char c = src[sp];
      if (c < 0x80) {
        out[dp++] = (byte) c;
        sp++;
        while (sp < safeEnd && (c = src[sp]) < 0x80) {
          out[dp++] = (byte) c;
          sp++;
        }
      } else if (c < 0x800) {
        dp = putTwoBytes(c, out, dp);
        sp++;
      } else if (!Character.isSurrogate(c)) {
        dp = CharsToUtf8.putThreeBytes(c, out, dp);
        sp++;
      } else if (Character.isHighSurrogate(c) && sp + 1 < safeEnd && Character.isLowSurrogate(src[sp + 1])) {
        dp = putFourBytes(Character.toCodePoint(c, src[sp + 1]), out, dp);
        sp += 2;
      } else {
        break;
      }
    }
    return IndexPair.of(sp, dp);
  }

  /** {@code c} below U+0800 as 110xxxxx 10xxxxxx in one store (first byte lowest). */
  static int putTwoBytes(char c, byte[] dst, int dp) {
    SHORTS.set(dst, dp, (short) (0x80C0 | (c >>> 6) | ((c & 0x3F) << 8)));
    return dp + 2;
  }

  /** A supplementary code point as 11110xxx 10xxxxxx 10xxxxxx 10xxxxxx in one store. */
  static int putFourBytes(int codePoint, byte[] dst, int dp) {
    INTS.set(
        dst,
        dp,
        0x808080F0
            | (codePoint >>> 18)
            | ((codePoint >>> 4) & 0x3F00) //   bits 12-17, to the second byte
            | ((codePoint << 10) & 0x3F0000) // bits 6-11, to the third
            | ((codePoint & 0x3F) << 24)); //   bits 0-5, to the fourth
    return dp + 4;
  }

  /** Lost: a 3-byte sequence as a 2-byte store and a byte store (CJK 0.72x on JDK 17, 0.94x on JDK 25). */
  @Benchmark
  public long threeAsShortAndByte() {
    return threeBytesBy(false);
  }

  /**
   * Lost: a 3-byte sequence as a 4-byte store whose spare byte the next char overwrites, where a next
   * char that is not a surrogate follows in the section (CJK 0.42x on JDK 17, 0.45x on JDK 25).
   */
  @Benchmark
  public long threeAsOverlappingInt() {
    return threeBytesBy(true);
  }

  private long threeBytesBy(boolean overlappingInt) {
    char[] src = chars;
    byte[] out = dst;
    int sp = 0;
    int dp = 0;
    int safeEnd = src.length;
    while (sp < safeEnd) {
      char c = src[sp];
      if (c < 0x80) {
        out[dp++] = (byte) c;
        sp++;
        while (sp < safeEnd && (c = src[sp]) < 0x80) {
          out[dp++] = (byte) c;
          sp++;
        }
      } else if (c < 0x800) {
        dp = putTwoBytes(c, out, dp);
        sp++;
      } else if (!Character.isSurrogate(c)) {
        int three = 0x8080E0 | (c >>> 12) | ((c << 2) & 0x3F00) | ((c & 0x3F) << 16);
        if (overlappingInt && sp + 1 < safeEnd && !Character.isSurrogate(src[sp + 1])) {
          INTS.set(out, dp, three);
        } else {
          SHORTS.set(out, dp, (short) three);
          out[dp + 2] = (byte) (three >>> 16);
        }
        dp += 3;
        sp++;
      } else if (Character.isHighSurrogate(c) && sp + 1 < safeEnd && Character.isLowSurrogate(src[sp + 1])) {
        dp = putFourBytes(Character.toCodePoint(c, src[sp + 1]), out, dp);
        sp += 2;
      } else {
        break;
      }
    }
    return IndexPair.of(sp, dp);
  }
}
