package dev.textwire.bench;

import dev.textwire.Utf8;
import java.nio.charset.StandardCharsets;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * Strict decoding through the JDK's {@code new String(bytes, UTF_8)} and a U+FFFD check (protobuf's way)
 * against textwire's decoder, per kind of text: the measurement behind {@code JdkUtf8Decode}'s choice
 * (issue 15). On JDK 25 and later textwire takes that route itself for mostly-ASCII text, so there its
 * own figure and the route's are the same.
 */
public class DecodeRouteBenchmark extends BenchBase {
  @Param({"mostly_ascii", "cjk", "emoji", "ru"})
  String kind;

  byte[] bytes;

  @Setup
  public void setUp() {
    bytes = Inputs.of(kind, 512).utf8();
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
