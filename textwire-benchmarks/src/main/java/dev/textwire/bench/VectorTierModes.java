package dev.textwire.bench;

import dev.textwire.Acceleration;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * The vector tier's benchmarks (issue 16) run textwire twice in one JMH run: {@code textwireVector} in
 * forks started with {@code --add-modules jdk.incubator.vector}, {@code textwire} (the scalar kernels)
 * and the peers in forks without it. A fork in the wrong mode fails its trial, so a command line that
 * overrides the forks' options ({@code -jvmArgs}, {@code -jvmArgsAppend}) cannot pass one mode off as
 * the other.
 */
final class VectorTierModes {
  private VectorTierModes() {}

  static void check(BenchmarkParams params) {
    String method = params.getBenchmark().substring(params.getBenchmark().lastIndexOf('.') + 1);
    if (method.equals("textwireVector") && !Acceleration.vectorTier()) {
      throw new IllegalStateException("textwireVector ran without the vector tier: " + Acceleration.describe());
    }
    if (method.equals("textwire") && Acceleration.vectorTier()) {
      throw new IllegalStateException("textwire (scalar) ran with the vector tier on: " + Acceleration.describe());
    }
  }
}
