package dev.textwire.bench;

import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Settings every benchmark shares. The JMH annotations are inherited, so each benchmark class is one fork
 * with a fixed 1 GiB heap, average time in ns/op, and modest defaults of 3 x 1 s warmup and 5 x 1 s
 * measurement; all of them can be overridden on the command line ({@code -f -wi -i -w -r -jvmArgsAppend}).
 *
 * <p>Each operation has an abstract base holding its benchmark methods (textwire and its baselines side
 * by side, so one run compares them) and two concrete classes: {@code XxxBenchmark} over synthetic text
 * ({@code @Param kind} and {@code length}) and {@code XxxCorpusBenchmark} over real text
 * ({@code @Param corpus}). The concrete class's {@code @Setup} builds the {@link Inputs} and hands it to the
 * base, which prepares buffers and checks that every peer produces the same result before anything is
 * measured.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public abstract class BenchBase {
  /** Synthetic kinds, as in the {@code kind} parameter. */
  static final String[] KINDS = {"ascii", "latin1", "cjk", "emoji", "mostly_ascii"};

  /**
   * Fails the trial (JMH reports the exception and measures nothing) when a peer does not do the same work
   * as textwire: a benchmark that compares different outputs compares nothing.
   */
  static void check(boolean ok, Inputs input, String what) {
    if (!ok) {
      throw new IllegalStateException("sanity check failed for input " + input.name() + ": " + what);
    }
  }

  /** Checks that {@code actual[from, from + expected.length)} holds exactly {@code expected}. */
  static void checkBytes(byte[] expected, byte[] actual, int from, Inputs input, String who) {
    boolean same =
        actual.length >= from + expected.length
            && Arrays.equals(expected, 0, expected.length, actual, from, from + expected.length);
    check(same, input, who + " wrote different bytes than String.getBytes(UTF_8)");
  }
}
