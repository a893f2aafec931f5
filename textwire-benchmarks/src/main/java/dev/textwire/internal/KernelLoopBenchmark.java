package dev.textwire.internal;

import dev.textwire.ErrorPolicy;
import dev.textwire.Utf8;
import dev.textwire.bench.BenchBase;
import dev.textwire.bench.Inputs;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * The UTF-8 kernels over long inputs: the exact-length loop as it is and as it was, beside the loop
 * forms peers use, and the encode and decode kernels beside a candidate that lost. The evidence behind
 * the kernels' shapes (issue 15, docs/BENCHMARKS.md). In this package, on the benchmarks' class path,
 * to reach the package-private kernels.
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
  @Param({"mostly_ascii", "ru", "ar", "cjk", "zh", "emoji", "emoji_lipsum"})
  String kind;

  @Param({"65536"})
  int length;

  String text;
  char[] chars;
  byte[] dst;
  byte[] utf8;
  char[] decoded;
  char[] scratch = new char[2048];

  @Setup
  public void setUp() {
    text = Inputs.of(kind, length).text();
    chars = text.toCharArray();
    dst = new byte[3 * chars.length + 16];
    utf8 = text.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    decoded = new char[utf8.length];
  }

  /** The decode kernel as it is: UTF-8's fast section of its own (the shared one: 1.3 times slower). */
  @Benchmark
  public long decodeLoop() {
    return Utf8ToChars.decode(utf8, 0, utf8.length, decoded, 0, decoded.length, true, ErrorPolicy.STRICT, 0, Utf8Variant.UTF_8);
  }

  /**
   * The encode kernel as it is: for UTF-8 a fast section of its own (an ASCII run loop, one step per
   * other char, branchy). The shared loop that reads the variant's rules measured 7-20% slower here.
   */
  @Benchmark
  public long encodeLoop() {
    return CharsToUtf8.encode(
        chars, 0, chars.length, dst, 0, dst.length, true, ErrorPolicy.STRICT, 0, Utf8Variant.UTF_8);
  }

  /**
   * A candidate that lost: below U+0800 one or two bytes with no branch between them (both bytes are
   * stored; the second is overwritten by the next char's when the first was ASCII). Measured 1.5 to 5
   * times slower than {@link #encodeLoop} (Russian 536 us against 318): each store's address waits on
   * the previous char's length, where the branchy loop's stores do not.
   */
  @Benchmark
  public int encodeBranchFree() {
    char[] src = chars;
    byte[] out = dst;
    int sl = src.length;
    int dp = 0;
    int sp = 0;
    int last = sl - 1; // the last char goes the careful way, so the spare byte never lands past the end
    while (sp < last) {
      char c = src[sp];
      if (c < 0x800) {
        int two = (0x7F - c) >>> 31;
        int lead = c ^ ((c ^ (0xC0 | (c >>> 6))) & -two);
        out[dp] = (byte) lead;
        out[dp + 1] = (byte) (0x80 | (c & 0x3F));
        dp += 1 + two;
        sp++;
      } else if (!Character.isSurrogate(c)) {
        dp = CharsToUtf8.putThreeBytes(c, out, dp);
        sp++;
      } else {
        dp = CharsToUtf8.putFourBytes(Character.toCodePoint(c, src[sp + 1]), out, dp);
        sp += 2;
      }
    }
    if (sp < sl) {
      char c = src[sp];
      if (c < 0x80) {
        out[dp++] = (byte) c;
      } else if (c < 0x800) {
        out[dp++] = (byte) (0xC0 | (c >>> 6));
        out[dp++] = (byte) (0x80 | (c & 0x3F));
      } else {
        dp = CharsToUtf8.putThreeBytes(c, out, dp);
      }
    }
    return dp;
  }

  /**
   * The kernel as it is: UTF-8's own loop; a surrogate leaves it, and a run of well-formed pairs is then
   * counted two chars a step. Counting one pair per exit took 30-57 us on emoji text, the run 7-14 us.
   */
  @Benchmark
  public long utf8Loop() {
    return CharsToUtf8.encodedLength(chars, 0, chars.length, ErrorPolicy.STRICT, 0, Utf8Variant.UTF_8);
  }

  /**
   * A candidate that lost: a surrogate of a well-formed pair counted in the loop (one extra byte each,
   * as a pair is 2 chars and 4 bytes), checked against its neighbour so the index still steps by one.
   * Measured 4 times slower than {@link #utf8Loop} on emoji (53 us against 14) and no faster on CJK.
   */
  @Benchmark
  public long pairsInLoop() {
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
        } else if (c < 0xDC00 ? i + 1 < end && Character.isLowSurrogate(src[i + 1])
            : i > begin && Character.isHighSurrogate(src[i - 1])) {
          extra += 1;
        } else {
          break;
        }
      }
      if (i >= end) {
        return end + (long) extra;
      }
      extra += 2;
      i++;
    }
  }

  /**
   * protobuf's and Guava's shape over the String itself with charAt, so with no chunk copy: as fast as
   * {@link #utf8Loop} on CJK, which then pays only {@link #chunkCopy} more.
   */
  @Benchmark
  public long stringCharAt() {
    String s = text;
    int end = s.length();
    int i = 0;
    long extra = 0;
    for (; i < end; i++) {
      char c = s.charAt(i);
      if (c < 0x800) {
        extra += (0x7F - c) >>> 31;
      } else {
        extra += 2;
        if (Character.isSurrogate(c) && Character.isHighSurrogate(c) && i + 1 < end
            && Character.isLowSurrogate(s.charAt(i + 1))) {
          i++;
        }
      }
    }
    return end + extra;
  }

  /** The chunk copy alone, 2,048 chars at a time: what the public call pays beside its loop. */
  @Benchmark
  public char[] chunkCopy() {
    char[] dst = decoded;
    String s = text;
    int end = s.length();
    for (int i = 0; i < end; i += 2048) {
      s.getChars(i, Math.min(end, i + 2048), dst, 0);
    }
    return dst;
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

  /**
   * The kernel as the public call runs it: over the first chars of a 2,048-char array (the scratch's
   * size), so the loop's bound is not the array's length.
   */
  @Benchmark
  public long utf8LoopInScratch() {
    int count = Math.min(chars.length, scratch.length);
    System.arraycopy(chars, 0, scratch, 0, count);
    return CharsToUtf8.encodedLength(scratch, 0, count, ErrorPolicy.STRICT, 0, Utf8Variant.UTF_8);
  }

  /** As {@link #utf8LoopInScratch}, through the kernel interface the public call uses. */
  @Benchmark
  public long kernelInScratch() {
    int count = Math.min(chars.length, scratch.length);
    System.arraycopy(chars, 0, scratch, 0, count);
    EncodeKernel kernel = Utf8Kernel.UTF_8;
    return kernel.chunkLength(scratch, 0, count, ErrorPolicy.STRICT, 0);
  }

  /** As {@link #kernelInScratch}, in the thread's own scratch, acquired and released as the public call does. */
  @Benchmark
  public long kernelInThreadScratch() {
    Scratch s = Scratch.acquire();
    try {
      int count = CharAccess.fill(text, 0, text.length(), s.chars);
      EncodeKernel kernel = Utf8Kernel.UTF_8;
      return kernel.chunkLength(s.chars, 0, count, ErrorPolicy.STRICT, 0);
    } finally {
      s.release();
    }
  }

  /** As {@link #kernelInThreadScratch}, inside a loop over chunks as the public call has. */
  @Benchmark
  public long kernelInChunkLoop() {
    Scratch s = Scratch.acquire();
    try {
      long length = 0;
      EncodeKernel kernel = Utf8Kernel.UTF_8;
      for (int i = 0, end = text.length(); i < end; ) {
        int count = CharAccess.fill(text, i, end, s.chars);
        length += kernel.chunkLength(s.chars, 0, count, ErrorPolicy.STRICT, i);
        i += count;
      }
      return length;
    } finally {
      s.release();
    }
  }

  /** Bisecting {@link #driverCall}: {@link #kernelInChunkLoop} plus the driver's narrowing test. */
  @Benchmark
  public long chunkLoopWithNarrowingTest() {
    Scratch s = Scratch.acquire();
    try {
      long length = 0;
      EncodeKernel kernel = Utf8Kernel.UTF_8;
      for (int i = 0, end = text.length(); i < end; ) {
        int count = CharAccess.fill(text, i, end, s.chars);
        int narrowed = kernel.encodesLatin1() && count >= Scratch.NARROW_MIN_CHARS && s.chars[0] <= 0xFF
            ? s.jdk.narrowLatin1(0, count) : 0;
        long chunk = narrowed == 0 ? 0 : kernel.latin1Length(s.latin1, 0, narrowed);
        length += narrowed == count ? chunk : chunk + kernel.chunkLength(s.chars, narrowed, count, ErrorPolicy.STRICT, i);
        i += count;
      }
      return length;
    } finally {
      s.release();
    }
  }

  /** Bisecting {@link #driverCall}: {@link #kernelInChunkLoop} plus the driver's String checks first. */
  @Benchmark
  public long chunkLoopWithStringChecks() {
    EncodeKernel kernel = Utf8Kernel.UTF_8;
    String string = text;
    byte[] latin1 = kernel.encodesLatin1() ? StringInternals.latin1Bytes(string) : null;
    if (latin1 != null) {
      return kernel.latin1Length(latin1, 0, string.length());
    }
    if (string.length() <= ShortStrings.MAX_CHARS) {
      int length = kernel.shortLength(string, 0, string.length());
      if (length >= 0) {
        return length;
      }
    }
    Scratch s = Scratch.acquire();
    try {
      long length = 0;
      for (int i = 0, end = text.length(); i < end; ) {
        int count = CharAccess.fill(text, i, end, s.chars);
        length += kernel.chunkLength(s.chars, 0, count, ErrorPolicy.STRICT, i);
        i += count;
      }
      return length;
    } finally {
      s.release();
    }
  }

  /** A kernel the JIT cannot take for a constant, as in the driver, which gets it as an argument. */
  EncodeKernel kernelField = Utf8Kernel.UTF_8;

  /** Bisecting {@link #driverCall}: {@link #kernelInChunkLoop} with a kernel that is not a constant. */
  @Benchmark
  public long chunkLoopWithKernelField() {
    Scratch s = Scratch.acquire();
    try {
      long length = 0;
      EncodeKernel kernel = kernelField;
      for (int i = 0, end = text.length(); i < end; ) {
        int count = CharAccess.fill(text, i, end, s.chars);
        length += kernel.chunkLength(s.chars, 0, count, ErrorPolicy.STRICT, i);
        i += count;
      }
      return length;
    } finally {
      s.release();
    }
  }

  /** The driver the public call goes through, called directly. */
  @Benchmark
  public long driverCall() {
    return EncodeDriver.encodedLengthAsLong(Utf8Kernel.UTF_8, text, 0, text.length(), ErrorPolicy.STRICT);
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
