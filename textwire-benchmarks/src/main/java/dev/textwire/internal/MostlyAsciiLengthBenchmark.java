package dev.textwire.internal;

import dev.textwire.ErrorPolicy;
import dev.textwire.bench.BenchBase;
import dev.textwire.bench.Inputs;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * Why Okio counts mostly-ASCII text faster than textwire on JDK 25, and the loops tried to do the same
 * (issue 15, docs/BENCHMARKS.md "Mostly-ASCII exact length on JDK 25"). Every candidate lost somewhere;
 * they stay as the evidence. {@link #utf8Loop} is the kernel as it is. In this package, on the
 * benchmarks' class path, to reach the package-private kernel.
 *
 * <pre>
 * java -jar textwire-benchmarks/target/textwire-benchmarks.jar MostlyAsciiLengthBenchmark \
 *   -p kind=ascii,mostly_ascii,cjk,emoji -p length=512,65536
 * </pre>
 */
public class MostlyAsciiLengthBenchmark extends BenchBase {
  /** Synthetic kinds at {@code length} chars, or a whole corpus file (length then ignored). */
  @Param({"mostly_ascii", "cjk", "ru"})
  String kind;

  @Param({"512", "65536"})
  int length;

  String text;
  char[] chars;

  @Setup
  public void setUp() {
    text = Inputs.of(kind, length).text();
    chars = text.toCharArray();
    long expected = utf8Loop();
    long[] results = {
      okioPeer(), okioShapeOverChars(), isolatedPairsInLoop(), asciiRunsBlock16(), asciiRunsBlock32(),
      asciiRunsBlock64(), adaptiveWindows(), adaptiveWindows128(), noExitCount()
    };
    for (long result : results) {
      if (result != expected) {
        throw new IllegalStateException(kind + ": a candidate counted " + result + ", the kernel " + expected);
      }
    }
  }

  /** The kernel as it is (CharsToUtf8's UTF-8 length loop). */
  @Benchmark
  public long utf8Loop() {
    return CharsToUtf8.encodedLength(chars, 0, chars.length, ErrorPolicy.STRICT, 0, Utf8Variant.UTF_8);
  }

  /**
   * The peer itself: Okio over the String. On JDK 25 C2 may split the loop's hot back edge (the ASCII
   * branch) into an inner loop of three instructions a char (load, compare, branch), which is why Okio
   * can be fast on mostly-ASCII text; whether it does varies between forks of one run (mostly_ascii/512:
   * 171-180 ns in one fork, 654-675 in the other) and between benchmarks (65,536 chars: 110 us here,
   * 21-23 us in EncodedLengthBenchmark the same morning).
   */
  @Benchmark
  public long okioPeer() {
    return okio.Utf8.size(text, 0, text.length());
  }

  /**
   * Okio's branchy shape (a step per char, a pair in one step) over the same chars. Lost: 337 ns on
   * mostly_ascii/512 and 75 us on 65,536, against the kernel's 234 and 32 (JDK 25).
   */
  @Benchmark
  public long okioShapeOverChars() {
    char[] src = chars;
    int end = src.length;
    long length = 0;
    int i = 0;
    while (i < end) {
      char c = src[i];
      if (c < 0x80) {
        length++;
        i++;
      } else if (c < 0x800) {
        length += 2;
        i++;
      } else if (c < 0xD800 || c > 0xDFFF) {
        length += 3;
        i++;
      } else {
        int low = i + 1 < end ? src[i + 1] : 0;
        if (c > 0xDBFF || low < 0xDC00 || low > 0xDFFF) {
          length++;
          i++;
        } else {
          length += 4;
          i += 2;
        }
      }
    }
    return length;
  }

  /**
   * A candidate: a surrogate pair standing alone is counted in the loop (one extra byte per surrogate,
   * checked against its neighbour, so the index still steps by one); a pair followed by another pair
   * leaves the loop, and the run is counted two chars a step as in {@link #utf8Loop}. Mostly-ASCII text
   * then never leaves the loop for its scattered pairs; emoji text leaves it once per run. Lost: 364 ns
   * on mostly_ascii/512 and 72 us on 65,536, against 234 and 32 (JDK 25): the pair test in the loop
   * costs every char more than the exits it saves.
   */
  @Benchmark
  public long isolatedPairsInLoop() {
    char[] src = chars;
    int begin = 0;
    int end = src.length;
    int extra = 0;
    int i = begin;
    while (true) {
      for (; i < end; i++) {
        char c = src[i];
        if (c < 0x800) {
          extra += (0x7F - c) >>> 31;
        } else if (!Character.isSurrogate(c)) {
          extra += 2;
        } else if (c < 0xDC00
            ? i + 1 < end && Character.isLowSurrogate(src[i + 1])
                && (i + 2 >= end || !Character.isHighSurrogate(src[i + 2]))
            : i > begin && Character.isHighSurrogate(src[i - 1])) {
          extra += 1;
        } else {
          break;
        }
      }
      if (i >= end) {
        return end + (long) extra;
      }
      int j = i;
      for (int last = end - 1; j < last; j += 2) {
        if ((((src[j] & 0xFC00) ^ 0xD800) | ((src[j + 1] & 0xFC00) ^ 0xDC00)) != 0) {
          break;
        }
      }
      if (j == i) { // a lone surrogate: an error in the kernel; counted as a 3-byte char here
        extra += 2;
        i++;
      } else {
        extra += j - i;
        i = j;
      }
    }
  }

  /**
   * A candidate: an ASCII run loop (load, compare, branch: what C2 makes of Okio's loop on JDK 25, where
   * it splits the hot ASCII back edge into an inner loop) before each block of {@code blockChars} chars
   * of the branch-free loop. Text that is mostly ASCII spends most chars in the run loop; text that is
   * not leaves it at once and pays one branch per block. Lost: after a non-ASCII char the block counts
   * the next chars the slow way, and mostly-ASCII text has one every 20 chars or so, so mostly_ascii
   * gained at most 15% (JDK 25, 512 chars: 185-197 ns against 224) and nothing at 65,536, while CJK
   * lost 10-45% (233-301 ns against 208) and Russian up to 30% with small blocks.
   */
  @Benchmark
  public long asciiRunsBlock16() {
    return asciiRunsThenBlocks(chars, 16);
  }

  @Benchmark
  public long asciiRunsBlock32() {
    return asciiRunsThenBlocks(chars, 32);
  }

  @Benchmark
  public long asciiRunsBlock64() {
    return asciiRunsThenBlocks(chars, 64);
  }

  private static long asciiRunsThenBlocks(char[] src, int blockChars) {
    int end = src.length;
    int extra = 0;
    int i = 0;
    while (true) {
      for (; i < end; i++) {
        if (src[i] >= 0x80) {
          break;
        }
      }
      int blockEnd = end - i > blockChars ? i + blockChars : end;
      for (; i < blockEnd; i++) {
        char c = src[i];
        if (c < 0x800) {
          extra += (0x7F - c) >>> 31;
        } else if (!Character.isSurrogate(c)) {
          extra += 2;
        } else {
          break;
        }
      }
      if (i >= end) {
        return end + (long) extra;
      }
      if (i < blockEnd) {
        int j = i;
        for (int last = end - 1; j < last; j += 2) {
          if ((((src[j] & 0xFC00) ^ 0xD800) | ((src[j + 1] & 0xFC00) ^ 0xDC00)) != 0) {
            break;
          }
        }
        if (j == i) { // a lone surrogate: an error in the kernel; counted as a 3-byte char here
          extra += 2;
          i++;
        } else {
          extra += j - i;
          i = j;
        }
      }
    }
  }

  /**
   * A candidate: no exit and no branch, so that C2 may vectorise it: each char adds [c >= 0x80] +
   * [c >= 0x800] - [surrogate], which is exact for well-formed text (a pair: 2 + 2). Pairing is not
   * checked here (the kernel would check it only where the surrogate count is not zero). Lost: C2 did not
   * vectorise it on either JDK (a char load widened to an int sum), and as scalar code it is 2.2-2.8x
   * the kernel: cjk/512 575 ns against 235 (JDK 17) and 505 against 216 (JDK 25), mostly_ascii/65,536
   * 74-82 us against 32-33, the Russian file 361-411 us against 146-155 (stop 30, 1 fork x 3 x 300 ms).
   */
  @Benchmark
  public long noExitCount() {
    char[] src = chars;
    int end = src.length;
    int extra = 0;
    for (int i = 0; i < end; i++) {
      int c = src[i];
      extra += ((0x7F - c) >>> 31) + ((0x7FF - c) >>> 31) - ((((c >>> 11) ^ 0x1B) - 1) >>> 31);
    }
    return end + (long) extra;
  }

  /**
   * A candidate: the loop chosen per window by the text of the window before. In ASCII mode an ASCII run
   * loop, and a non-ASCII char is one step; in block mode the branch-free loop. A window whose extra
   * bytes are at most an eighth of its chars is counted the ASCII way next. Lost everywhere but pure
   * ASCII (JDK 25): mostly_ascii/512 298 and 411 ns against 236, Russian 180-189 us against 136. The
   * one-char steps, branchy, cost more than Okio's do when C2 compiles them.
   */
  @Benchmark
  public long adaptiveWindows() {
    return adaptive(chars, 64, 256);
  }

  @Benchmark
  public long adaptiveWindows128() {
    return adaptive(chars, 128, 512);
  }

  private static long adaptive(char[] src, int asciiWindow, int blockWindow) {
    int end = src.length;
    int extra = 0;
    int i = 0;
    boolean asciiMode = true;
    while (i < end) {
      int before = extra;
      if (asciiMode) {
        int windowEnd = end - i > asciiWindow ? i + asciiWindow : end;
        while (true) {
          for (; i < windowEnd; i++) {
            if (src[i] >= 0x80) {
              break;
            }
          }
          if (i >= windowEnd) {
            break;
          }
          char c = src[i];
          if (c < 0x800) {
            extra += 1;
            i++;
          } else if (!Character.isSurrogate(c)) {
            extra += 2;
            i++;
          } else if (Character.isHighSurrogate(c) && i + 1 < end && Character.isLowSurrogate(src[i + 1])) {
            extra += 2;
            i += 2;
          } else { // a lone surrogate: an error in the kernel; counted as a 3-byte char here
            extra += 2;
            i++;
          }
        }
        asciiMode = extra - before <= asciiWindow >>> 3;
      } else {
        int windowEnd = end - i > blockWindow ? i + blockWindow : end;
        while (true) {
          for (; i < windowEnd; i++) {
            char c = src[i];
            if (c < 0x800) {
              extra += (0x7F - c) >>> 31;
            } else if (!Character.isSurrogate(c)) {
              extra += 2;
            } else {
              break;
            }
          }
          if (i >= windowEnd) {
            break;
          }
          int j = i;
          for (int last = end - 1; j < last; j += 2) {
            if ((((src[j] & 0xFC00) ^ 0xD800) | ((src[j + 1] & 0xFC00) ^ 0xDC00)) != 0) {
              break;
            }
          }
          if (j == i) {
            extra += 2;
            i++;
          } else {
            extra += j - i;
            i = j;
          }
        }
        asciiMode = extra - before <= blockWindow >>> 3;
      }
    }
    return end + (long) extra;
  }
}
