package dev.textwire.internal;

import dev.textwire.bench.BenchBase;
import dev.textwire.bench.Inputs;
import java.nio.charset.StandardCharsets;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The decoding kernels below the String: the vector tier's kernel alone, the whole UTF-8 decode loop
 * (with the tier) and the scalar loop, each into a reused char[]; and the JDK's {@code new String} for
 * scale. Shows how much of a decode to String is the kernel and how much the String around it.
 */
@State(Scope.Thread)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g", "--add-modules", "jdk.incubator.vector"})
public class VectorDecodeKernelBenchmark extends BenchBase {
  /** A corpus file, or {@code kind/length} for generated text. */
  @Param({"ru_lipsum", "ar_lipsum", "ru", "mostly_ascii/65536"})
  public String source;

  byte[] bytes;
  char[] chars;
  int charCount;

  @Setup
  public void setUp() {
    bytes = Inputs.parse(source).utf8Copy();
    chars = new char[bytes.length];
    charCount = IndexPair.destination(decodeLoop());
  }

  @Benchmark
  public long vectorKernel() {
    return VectorTier.CODING_KERNELS.decodeUtf8(bytes, 0, bytes.length, chars, 0, chars.length);
  }

  @Benchmark
  public long decodeLoop() {
    return decodeInto(chars);
  }

  private long decodeInto(char[] dst) {
    return Utf8ToChars.decode(bytes, 0, bytes.length, dst, 0, dst.length, true, dev.textwire.ErrorPolicy.STRICT, 0, Utf8Variant.UTF_8);
  }

  /** The loop into the reused char[], then a String of its chars: what the tier's decode to String costs. */
  @Benchmark
  public String decodeLoopToString() {
    long progress = decodeLoop();
    return new String(chars, 0, IndexPair.destination(progress));
  }

  /** As {@link #decodeLoopToString}, into a new char[] each time: text too long for the reused space. */
  @Benchmark
  public String decodeLoopFreshToString() {
    char[] fresh = new char[bytes.length];
    return new String(fresh, 0, IndexPair.destination(decodeInto(fresh)));
  }

  /** The String constructor alone, from the decoded chars. */
  @Benchmark
  public String stringOfChars() {
    return new String(chars, 0, charCount);
  }

  @Benchmark
  public String jdkNewString() {
    return new String(bytes, StandardCharsets.UTF_8);
  }
}
