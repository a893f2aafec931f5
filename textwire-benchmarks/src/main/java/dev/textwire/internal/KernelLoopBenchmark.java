package dev.textwire.internal;

import dev.textwire.ErrorPolicy;
import dev.textwire.Utf8;
import dev.textwire.bench.BenchBase;
import dev.textwire.bench.Inputs;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * The exact-length loop, as it is and as it was, beside the loop forms peers use: the
 * evidence behind {@code CharsToUtf8.encodedLength}'s shape (issue 15). In this package, on the
 * benchmarks' class path, to reach the package-private kernels.
 *
 * <pre>
 * java -jar textwire-benchmarks/target/textwire-benchmarks.jar KernelLoopBenchmark
 * </pre>
 */
public class KernelLoopBenchmark extends BenchBase {
  /**
   * Synthetic kinds at {@code length} chars, or a whole corpus file. Short inputs flatter branchy loops:
   * repeated call after call, 512 chars of the same pattern are learnt by the branch predictor, which
   * real text of any length is not, so the loops are compared on 65,536 chars and whole files.
   */
  @Param({"mostly_ascii", "ru", "ar", "cjk"})
  String kind;

  @Param({"65536"})
  int length;

  String text;
  char[] chars;

  @Setup
  public void setUp() {
    text = Inputs.of(kind, length).text();
    chars = text.toCharArray();
  }

  /** The kernel as it is: UTF-8's own loop, a surrogate counted outside it. */
  @Benchmark
  public long utf8Loop() {
    return CharsToUtf8.encodedLength(chars, 0, chars.length, ErrorPolicy.STRICT, 0, Utf8Variant.UTF_8);
  }

  /** The kernel as it was: one loop for every variant, and a second loop after the first surrogate. */
  @Benchmark
  public long variantGenericLoop() {
    return variantGeneric(chars, 0, chars.length, ErrorPolicy.STRICT, 0, Utf8Variant.UTF_8);
  }

  /** Netty's branch-free form, (0x7F - c) >>> 31, over the same chars. */
  @Benchmark
  public long branchFreeLoop() {
    char[] src = chars;
    int end = src.length;
    int extra = 0;
    int i = 0;
    while (true) {
      for (; i < end; i++) {
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
      extra += 2;
      i += Character.isHighSurrogate(src[i]) && i + 1 < end && Character.isLowSurrogate(src[i + 1]) ? 2 : 1;
    }
  }

  /** Alternating runs: below U+0800 branch-free, from U+0800 on branchy, each run in its own loop. */
  @Benchmark
  public long alternatingRuns() {
    char[] src = chars;
    int end = src.length;
    long extra = 0;
    int i = 0;
    while (i < end) {
      for (; i < end; i++) {
        char c = src[i];
        if (c >= 0x800) {
          break;
        }
        extra += (0x7F - c) >>> 31;
      }
      for (; i < end; i++) {
        char c = src[i];
        if (c < 0x800) {
          break;
        }
        if (!Character.isSurrogate(c)) {
          extra += 2;
        } else {
          extra += 2;
          if (Character.isHighSurrogate(c) && i + 1 < end && Character.isLowSurrogate(src[i + 1])) {
            i++;
          }
        }
      }
    }
    return end + extra;
  }

  /** protobuf's shape: an ASCII loop, then branch-free below U+0800, then a general loop to the end. */
  @Benchmark
  public long protobufShape() {
    char[] src = chars;
    int end = src.length;
    int i = 0;
    while (i < end && src[i] < 0x80) {
      i++;
    }
    long extra = 0;
    for (; i < end; i++) {
      char c = src[i];
      if (c >= 0x800) {
        break;
      }
      extra += (0x7F - c) >>> 31;
    }
    for (; i < end; i++) {
      char c = src[i];
      if (c < 0x800) {
        extra += (0x7F - c) >>> 31;
      } else {
        extra += 2;
        if (Character.isSurrogate(c) && Character.isHighSurrogate(c) && i + 1 < end
            && Character.isLowSurrogate(src[i + 1])) {
          i++;
        }
      }
    }
    return end + extra;
  }

  /** The whole public call, scratch and chunk copy included. */
  @Benchmark
  public long publicCall() {
    return Utf8.encodedLength(text);
  }

  private static long variantGeneric(
      char[] src, int begin, int end, ErrorPolicy policy, long charIndexBias, Utf8Variant variant) {
    int low = variant.asciiLow;
    long extra = 0;
    int i = begin;
    for (; i < end; i++) {
      char c = src[i];
      if (c >= 0x80) {
        if (c < 0x800) {
          extra += 1;
        } else if (!Character.isSurrogate(c)) {
          extra += 2;
        } else {
          break;
        }
      } else if (c < low) {
        extra += 1;
      }
    }
    for (; i < end; i++) {
      char c = src[i];
      if (c < 0x80) {
        if (c < low) {
          extra += 1;
        }
        continue;
      }
      if (c < 0x800) {
        extra += 1;
      } else if (!Character.isSurrogate(c) || variant.loneSurrogatesAllowed) {
        extra += 2;
      } else if (Character.isHighSurrogate(c) && i + 1 < end && Character.isLowSurrogate(src[i + 1])) {
        extra += variant.pairLength() - 2;
        i++;
      } else {
        extra += CharsToUtf8.replacementLength(policy, c, i + charIndexBias, variant) - 1;
      }
    }
    return (end - begin) + extra;
  }
}
