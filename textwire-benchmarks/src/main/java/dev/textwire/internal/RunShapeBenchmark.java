package dev.textwire.internal;

import dev.textwire.bench.BenchBase;
import dev.textwire.bench.Inputs;
import java.util.Arrays;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * The encoder's fast section ({@link CharsToUtf8#fastUtf8}) beside other shapes of its runs of one width,
 * and beside Netty's loop copied over the String and over a char[]: which source shape gives C2 the
 * fewest instructions per char. On CJK text the loop is bound by how many instructions the core can
 * issue (perfasm: about 23 per char for Netty's, 25-26 for ours, 4-5 a cycle), so every instruction the
 * compiler adds shows in the time. Measured (issue 15, stop 44; docs/BENCHMARKS.md): {@link #pairs3}
 * took cjk/65,536 from 60.3 to 56.6 us on JDK 25 but to 82.2 on JDK 17, and lost the Chinese article on
 * both, so the kernel keeps one char a step. (2-byte runs two chars a step as well lost the Russian and
 * Arabic articles on both JDKs; that candidate is in commit 53e7b8a.)
 *
 * <pre>
 * java -jar textwire-benchmarks/target/textwire-benchmarks.jar RunShapeBenchmark -p kind=cjk -p length=65536
 * </pre>
 */
public class RunShapeBenchmark extends BenchBase {
  @Param({"cjk", "zh", "ru", "ar", "mostly_ascii"})
  String kind;

  @Param({"65536"})
  int length;

  String text;
  char[] chars;
  byte[] dst;

  @Setup
  public void setUp() {
    text = Inputs.of(kind, length).text();
    chars = text.toCharArray();
    dst = new byte[3 * chars.length + 16];
    long expected = current();
    byte[] bytes = Arrays.copyOf(dst, IndexPair.destination(expected));
    for (int variant = 0; variant < 3; variant++) {
      Arrays.fill(dst, (byte) 0);
      long progress = variant == 0 ? pairs3() : variant == 1 ? nettyString() : nettyChars();
      int written = variant == 0 ? IndexPair.destination(progress) : (int) progress;
      if (written != bytes.length || !Arrays.equals(bytes, Arrays.copyOf(dst, written))) {
        throw new AssertionError("variant " + variant + " differs from the kernel on " + kind);
      }
    }
  }

  /** The fast section as shipped. */
  @Benchmark
  public long current() {
    return CharsToUtf8.fastUtf8(chars, 0, chars.length, dst, 0);
  }

  /** Runs of 3-byte chars two chars a step; 2-byte runs as shipped. */
  @Benchmark
  public long pairs3() {
    return pairs3Loop(chars, 0, chars.length, dst, 0);
  }

  /** Netty's {@code safeArrayWriteUtf8}, copied: one loop for every width, over the String. */
  @Benchmark
  public long nettyString() {
    return nettyLoop(text, dst);
  }

  /** The same over the char[]. */
  @Benchmark
  public long nettyChars() {
    return nettyLoop(chars, dst);
  }

  static long pairs3Loop(char[] src, int sp, int safeEnd, byte[] dst, int dp) {
    while (sp < safeEnd) {
      char c = src[sp];
      if (c < 0x80) {
        dst[dp++] = (byte) c;
        sp++;
        while (sp < safeEnd && (c = src[sp]) < 0x80) {
          dst[dp++] = (byte) c;
          sp++;
        }
      } else if (c < 0x800) {
        dst[dp] = (byte) (0xC0 | (c >>> 6));
        dst[dp + 1] = (byte) (0x80 | (c & 0x3F));
        dp += 2;
        sp++;
        while (sp < safeEnd && (c = src[sp]) >= 0x80 && c < 0x800) {
          dst[dp++] = (byte) (0xC0 | (c >>> 6));
          dst[dp++] = (byte) (0x80 | (c & 0x3F));
          sp++;
        }
      } else if (!Character.isSurrogate(c)) {
        dp = CharsToUtf8.putThreeBytes(c, dst, dp);
        sp++;
        for (int last = safeEnd - 1; sp < last; sp += 2) {
          char c0 = src[sp];
          char c1 = src[sp + 1];
          if (c0 < 0x800 || Character.isSurrogate(c0) || c1 < 0x800 || Character.isSurrogate(c1)) {
            break;
          }
          dst[dp] = (byte) (0xE0 | (c0 >>> 12));
          dst[dp + 1] = (byte) (0x80 | ((c0 >>> 6) & 0x3F));
          dst[dp + 2] = (byte) (0x80 | (c0 & 0x3F));
          dst[dp + 3] = (byte) (0xE0 | (c1 >>> 12));
          dst[dp + 4] = (byte) (0x80 | ((c1 >>> 6) & 0x3F));
          dst[dp + 5] = (byte) (0x80 | (c1 & 0x3F));
          dp += 6;
        }
      } else if (Character.isHighSurrogate(c) && sp + 1 < safeEnd && Character.isLowSurrogate(src[sp + 1])) {
        dp = CharsToUtf8.putFourBytes(Character.toCodePoint(c, src[sp + 1]), dst, dp);
        sp += 2;
      } else {
        break;
      }
    }
    return IndexPair.of(sp, dp);
  }

  private static long nettyLoop(CharSequence seq, byte[] buffer) {
    int writerIndex = 0;
    for (int i = 0, end = seq.length(); i < end; i++) {
      char c = seq.charAt(i);
      if (c < 0x80) {
        buffer[writerIndex++] = (byte) c;
      } else if (c < 0x800) {
        buffer[writerIndex++] = (byte) (0xc0 | (c >> 6));
        buffer[writerIndex++] = (byte) (0x80 | (c & 0x3f));
      } else if (Character.isSurrogate(c)) {
        char c2 = seq.charAt(++i);
        int codePoint = Character.toCodePoint(c, c2);
        buffer[writerIndex++] = (byte) (0xf0 | (codePoint >> 18));
        buffer[writerIndex++] = (byte) (0x80 | ((codePoint >> 12) & 0x3f));
        buffer[writerIndex++] = (byte) (0x80 | ((codePoint >> 6) & 0x3f));
        buffer[writerIndex++] = (byte) (0x80 | (codePoint & 0x3f));
      } else {
        buffer[writerIndex++] = (byte) (0xe0 | (c >> 12));
        buffer[writerIndex++] = (byte) (0x80 | ((c >> 6) & 0x3f));
        buffer[writerIndex++] = (byte) (0x80 | (c & 0x3f));
      }
    }
    return writerIndex;
  }

  private static long nettyLoop(char[] seq, byte[] buffer) {
    int writerIndex = 0;
    for (int i = 0, end = seq.length; i < end; i++) {
      char c = seq[i];
      if (c < 0x80) {
        buffer[writerIndex++] = (byte) c;
      } else if (c < 0x800) {
        buffer[writerIndex++] = (byte) (0xc0 | (c >> 6));
        buffer[writerIndex++] = (byte) (0x80 | (c & 0x3f));
      } else if (Character.isSurrogate(c)) {
        char c2 = seq[++i];
        int codePoint = Character.toCodePoint(c, c2);
        buffer[writerIndex++] = (byte) (0xf0 | (codePoint >> 18));
        buffer[writerIndex++] = (byte) (0x80 | ((codePoint >> 12) & 0x3f));
        buffer[writerIndex++] = (byte) (0x80 | ((codePoint >> 6) & 0x3f));
        buffer[writerIndex++] = (byte) (0x80 | (codePoint & 0x3f));
      } else {
        buffer[writerIndex++] = (byte) (0xe0 | (c >> 12));
        buffer[writerIndex++] = (byte) (0x80 | ((c >> 6) & 0x3f));
        buffer[writerIndex++] = (byte) (0x80 | (c & 0x3f));
      }
    }
    return writerIndex;
  }
}
