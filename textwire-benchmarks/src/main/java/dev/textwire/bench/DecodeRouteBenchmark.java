package dev.textwire.bench;

import dev.textwire.Utf8;
import java.nio.charset.StandardCharsets;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * Strict decoding through the JDK's {@code new String(bytes, UTF_8)} and a U+FFFD check (protobuf's way)
 * against textwire's decoder, per kind of text and length. From issue 15 to its stop 37 textwire took that
 * route itself for mostly-ASCII text on JDK 25, chosen on 512 chars; measured at more lengths it lost more
 * often than it won, and was removed (docs/BENCHMARKS.md).
 */
public class DecodeRouteBenchmark extends BenchBase {
  @Param({"mostly_ascii", "cjk", "emoji", "ru"})
  String kind;

  /** Chars of synthetic text; the corpus file ({@code ru}) is read whole. */
  @Param({"512"})
  int length;

  byte[] bytes;

  @Setup
  public void setUp() {
    bytes = Inputs.of(kind, length).utf8();
  }

  @Benchmark
  public String textwire() {
    return Utf8.decode(bytes);
  }

  @Benchmark
  public String jdkNewString() {
    return new String(bytes, StandardCharsets.UTF_8);
  }

  @Benchmark
  public String jdkNewStringChecked() {
    String text = new String(bytes, StandardCharsets.UTF_8);
    return text.indexOf('\uFFFD') < 0 ? text : null;
  }
}
