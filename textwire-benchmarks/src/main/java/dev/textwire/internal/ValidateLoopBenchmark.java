package dev.textwire.internal;

import static dev.textwire.internal.Utf8Bytes.isContinuation;
import static dev.textwire.internal.Utf8Bytes.isSecondOfFour;
import static dev.textwire.internal.Utf8Bytes.isSecondOfThree;

import dev.textwire.Utf8;
import dev.textwire.bench.BenchBase;
import dev.textwire.bench.Inputs;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * The scalar UTF-8 validation loop as it is and as it was, beside the public call and the peers' loops,
 * on short, mixed and dense text: the evidence behind the loop's shape (issue 15, docs/BENCHMARKS.md,
 * "Validation in one loop"). In this package, on the benchmarks' class path, to reach the package-private
 * loop.
 *
 * <pre>
 * java -jar textwire-benchmarks/target/textwire-benchmarks.jar ValidateLoopBenchmark
 * </pre>
 */
public class ValidateLoopBenchmark extends BenchBase {
  /** Synthetic {@code kind/length}, or a corpus file. */
  @Param({
    "latin1/16", "mostly_ascii/16", "cjk/16", "emoji/16", "latin1/512", "mostly_ascii/512", "cjk/512",
    "emoji/512", "mostly_ascii/65536", "cjk/65536", "en", "fr", "ru_lipsum", "ar_lipsum"
  })
  String source;

  byte[] bytes;
  int n;

  @Setup
  public void setUp() {
    bytes = Inputs.parse(source).utf8Copy();
    n = bytes.length;
    if (!publicCall() || !scalarLoop() || !blockThenSkip() || !formerLoop()
        || !sequencesInElse() || !twoByteRuns() || !wordByWord() || !guava() || !protobuf()) {
      throw new AssertionError("a validator rejected " + source);
    }
  }

  @Benchmark
  public boolean publicCall() {
    return Utf8.isValid(bytes, 0, n);
  }

  /**
   * The loop as it is (stop 42): one loop, an ASCII run in a word loop of its own that steps 8 bytes at a
   * time, a single ASCII byte between two sequences passed without it. Inlined into this benchmark
   * method C2 compiles it faster than a caller gets it; to
   * compare loops as callers get them, run with {@code -jvmArgsAppend "-Xms1g -Xmx1g
   * -XX:CompileCommand=dontinline,dev.textwire.internal.Utf8ToChars::validUpToScalar"} and the same for
   * each candidate's loop method (docs/BENCHMARKS.md, "Why the public Utf8.isValid is slower than the
   * bare loop").
   */
  @Benchmark
  public boolean scalarLoop() {
    return Utf8ToChars.validUpToScalar(bytes, 0, n) == n;
  }

  /**
   * A candidate close to the kept loop: an ASCII word stepped over unless the next three are ASCII too,
   * when {@code skipAscii} takes the run, but fewer than four words before the end are stepped one at a
   * time. On
   * JDK 17 16-char text took 1-3 ns more (latin1/16 12 ns against 11, mostly_ascii/16 16 against 13);
   * the kept loop leaves those last words to skipAscii as before.
   */
  @Benchmark
  public boolean blockThenSkip() {
    return blockThenSkipLoop(bytes, 0, n) == n;
  }

  static int blockThenSkipLoop(byte[] src, int sp, int sl) {
    while (true) {
      if (sp >= sl) {
        return sl;
      }
      int b1 = src[sp];
      if (b1 >= 0) {
        if (sp + 1 < sl && src[sp + 1] < 0) {
          sp++;
          continue;
        }
        if (sp <= sl - Long.BYTES) {
          long word = Swar.getLong(src, sp);
          if ((word & Swar.HIGH_BITS) != 0) {
            sp += Swar.firstHighByte(word);
          } else if (sp <= sl - 32
              && ((Swar.getLong(src, sp + 8) | Swar.getLong(src, sp + 16) | Swar.getLong(src, sp + 24))
                      & Swar.HIGH_BITS) == 0) {
            sp = Swar.skipAscii(src, sp + 32, sl);
          } else {
            sp += Long.BYTES;
          }
        } else {
          do {
            sp++;
          } while (sp < sl && src[sp] >= 0);
        }
        continue;
      }
      if (b1 < (byte) 0xE0) {
        if (b1 < (byte) 0xC2 || sp + 1 >= sl || !Utf8Bytes.isContinuation(src[sp + 1])) {
          return sp;
        }
        sp += 2;
      } else if (b1 <= (byte) 0xEF) {
        if (sp + 2 >= sl || !Utf8Bytes.isSecondOfThree(b1, src[sp + 1])
            || !Utf8Bytes.isContinuation(src[sp + 2])) {
          return sp;
        }
        sp += 3;
      } else if (b1 <= (byte) 0xF4) {
        if (sp + 3 >= sl
            || !Utf8Bytes.isSecondOfFour(b1, src[sp + 1])
            || !Utf8Bytes.isContinuation(src[sp + 2])
            || !Utf8Bytes.isContinuation(src[sp + 3])) {
          return sp;
        }
        sp += 4;
      } else {
        return sp;
      }
    }
  }

  /**
   * The loop kept from stop 36 to stop 41: at an ASCII byte, the word there either ends the run (its
   * first high byte) or, with the next three words ASCII too, hands the run to {@code skipAscii}, or is
   * stepped over, back to the top of the loop. The candidates measured against it at stops 41 and 42
   * (byte steps for short runs, the word loop without the single-byte step, with its first word peeled,
   * two words a step) are in commit 9355bd6; their figures are in docs/BENCHMARKS.md.
   */
  @Benchmark
  public boolean wordByWord() {
    return wordByWordLoop(bytes, 0, n) == n;
  }

  static int wordByWordLoop(byte[] src, int sp, int sl) {
    while (true) {
      if (sp >= sl) {
        return sl;
      }
      int b1 = src[sp];
      if (b1 >= 0) {
        if (sp + 1 < sl && src[sp + 1] < 0) {
          sp++;
          continue;
        }
        if (sp <= sl - Long.BYTES) {
          long word = Swar.getLong(src, sp);
          if ((word & Swar.HIGH_BITS) != 0) {
            sp += Swar.firstHighByte(word);
          } else if (sp > sl - 32) {
            sp = Swar.skipAscii(src, sp + Long.BYTES, sl);
          } else if (((Swar.getLong(src, sp + 8) | Swar.getLong(src, sp + 16) | Swar.getLong(src, sp + 24))
              & Swar.HIGH_BITS) == 0) {
            sp = Swar.skipAscii(src, sp + 32, sl);
          } else {
            sp += Long.BYTES;
          }
        } else {
          do {
            sp++;
          } while (sp < sl && src[sp] >= 0);
        }
        continue;
      }
      if (b1 < (byte) 0xE0) {
        if (b1 < (byte) 0xC2 || sp + 1 >= sl || !Utf8Bytes.isContinuation(src[sp + 1])) {
          return sp;
        }
        sp += 2;
      } else if (b1 <= (byte) 0xEF) {
        if (sp + 2 >= sl || !Utf8Bytes.isSecondOfThree(b1, src[sp + 1]) || !Utf8Bytes.isContinuation(src[sp + 2])) {
          return sp;
        }
        sp += 3;
      } else if (b1 <= (byte) 0xF4) {
        if (sp + 3 >= sl
            || !Utf8Bytes.isSecondOfFour(b1, src[sp + 1])
            || !Utf8Bytes.isContinuation(src[sp + 2])
            || !Utf8Bytes.isContinuation(src[sp + 3])) {
          return sp;
        }
        sp += 4;
      } else {
        return sp;
      }
    }
  }

  /** The loop as it was until this benchmark was written. */
  @Benchmark
  public boolean formerLoop() {
    return formerLoop(bytes, 0, n) == n;
  }

  /**
   * The loop as it is, but with the sequences tested in an {@code else} of the ASCII step, whose cases
   * all fall through to one back edge: as fast on short text, half the speed on the Russian lipsum
   * with JDK 17.
   */
  @Benchmark
  public boolean sequencesInElse() {
    return sequencesInElse(bytes, 0, n) == n;
  }

  static int sequencesInElse(byte[] src, int sp, int sl) {
    while (true) {
      if (sp >= sl) {
        return sl;
      }
      int b1 = src[sp];
      if (b1 >= 0) {
        if (sp + 1 < sl && src[sp + 1] < 0) {
          sp++;
        } else if (sp <= sl - Long.BYTES) {
          long word = Swar.getLong(src, sp);
          if ((word & Swar.HIGH_BITS) != 0) {
            sp += Swar.firstHighByte(word);
          } else {
            sp = Swar.skipAscii(src, sp + Long.BYTES, sl);
          }
        } else {
          do {
            sp++;
          } while (sp < sl && src[sp] >= 0);
        }
      } else if (b1 < (byte) 0xE0) {
        if (b1 < (byte) 0xC2 || sp + 1 >= sl || !isContinuation(src[sp + 1])) {
          return sp;
        }
        sp += 2;
      } else if (b1 <= (byte) 0xEF) {
        if (sp + 2 >= sl || !isSecondOfThree(b1, src[sp + 1]) || !isContinuation(src[sp + 2])) {
          return sp;
        }
        sp += 3;
      } else if (b1 <= (byte) 0xF4) {
        if (sp + 3 >= sl
            || !isSecondOfFour(b1, src[sp + 1])
            || !isContinuation(src[sp + 2])
            || !isContinuation(src[sp + 3])) {
          return sp;
        }
        sp += 4;
      } else {
        return sp;
      }
    }
  }

  /**
   * The loop as it is, with a loop of its own for a run of 2-byte sequences: 18% faster on the Russian
   * lipsum with JDK 25, 2.4 times slower with JDK 17, so not taken.
   */
  @Benchmark
  public boolean twoByteRuns() {
    return twoByteRuns(bytes, 0, n) == n;
  }

  static int twoByteRuns(byte[] src, int sp, int sl) {
    while (true) {
      if (sp >= sl) {
        return sl;
      }
      int b1 = src[sp];
      if (b1 >= 0) {
        if (sp + 1 < sl && src[sp + 1] < 0) {
          sp++;
          continue;
        }
        if (sp <= sl - Long.BYTES) {
          long word = Swar.getLong(src, sp);
          if ((word & Swar.HIGH_BITS) != 0) {
            sp += Swar.firstHighByte(word);
          } else {
            sp = Swar.skipAscii(src, sp + Long.BYTES, sl);
          }
        } else {
          do {
            sp++;
          } while (sp < sl && src[sp] >= 0);
        }
        continue;
      }
      if (b1 < (byte) 0xE0) {
        do {
          if (b1 < (byte) 0xC2 || sp + 1 >= sl || !isContinuation(src[sp + 1])) {
            return sp;
          }
          sp += 2;
        } while (sp < sl && (b1 = src[sp]) < (byte) 0xE0);
      } else if (b1 <= (byte) 0xEF) {
        if (sp + 2 >= sl || !isSecondOfThree(b1, src[sp + 1]) || !isContinuation(src[sp + 2])) {
          return sp;
        }
        sp += 3;
      } else if (b1 <= (byte) 0xF4) {
        if (sp + 3 >= sl
            || !isSecondOfFour(b1, src[sp + 1])
            || !isContinuation(src[sp + 2])
            || !isContinuation(src[sp + 3])) {
          return sp;
        }
        sp += 4;
      } else {
        return sp;
      }
    }
  }

  @Benchmark
  public boolean guava() {
    return com.google.common.base.Utf8.isWellFormed(bytes, 0, n);
  }

  @Benchmark
  public boolean protobuf() {
    return com.google.protobuf.Internal.isValidUtf8(bytes);
  }

  /**
   * The former loop: ASCII a word at a time in {@link Swar#skipAscii}, then a nested loop over non-ASCII
   * sequences that passed one ASCII byte in place and handed two or more back to the word loop.
   */
  static int formerLoop(byte[] src, int sp, int sl) {
    while (true) {
      sp = Swar.skipAscii(src, sp, sl);
      while (true) {
        if (sp >= sl) {
          return sl;
        }
        int b1 = src[sp];
        if (b1 >= 0) {
          if (sp + 1 < sl && src[sp + 1] < 0) {
            sp++;
            continue;
          }
          break;
        }
        if (b1 < (byte) 0xE0) {
          if (b1 < (byte) 0xC2 || sp + 1 >= sl || !isContinuation(src[sp + 1])) {
            return sp;
          }
          sp += 2;
        } else if (b1 <= (byte) 0xEF) {
          if (sp + 2 >= sl || !isSecondOfThree(b1, src[sp + 1]) || !isContinuation(src[sp + 2])) {
            return sp;
          }
          sp += 3;
        } else if (b1 >= (byte) 0xF0 && b1 <= (byte) 0xF4) {
          if (sp + 3 >= sl
              || !isSecondOfFour(b1, src[sp + 1])
              || !isContinuation(src[sp + 2])
              || !isContinuation(src[sp + 3])) {
            return sp;
          }
          sp += 4;
        } else {
          return sp;
        }
      }
    }
  }
}
