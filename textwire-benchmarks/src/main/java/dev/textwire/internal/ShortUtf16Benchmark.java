package dev.textwire.internal;

import dev.textwire.ErrorPolicy;
import dev.textwire.Utf8;
import dev.textwire.bench.BenchBase;
import dev.textwire.bench.Inputs;
import java.nio.charset.StandardCharsets;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * Short Strings stored as UTF-16, by each route the library has for them: the public call; its short
 * path's choice ({@link ShortStrings#encode}); {@code codePointAt} ({@link ShortUtf16}, what that
 * choice takes on JDK 18 and later since stop 49; a copy by {@code getChars} before); {@code charAt}
 * (what it takes on JDK 17); and the chunked path (what such Strings took on JDK 18 and later before
 * stop 45). Which of these a run shows as fastest depends on whether C2 inlined
 * {@code StringUTF16.charAt} and {@code StringUTF16.codePointAt} in that fork (see {@link ShortStrings}
 * and {@link ShortUtf16}; {@code -XX:CompileCommand=dontinline,...} shows the case where it did not).
 * {@link #driver} and {@link #driverWithin} bisect the public call from the short path;
 * {@code -p kind=mostly_ascii} (a UTF-16 String that starts with ASCII) is where they differ most (stop
 * 46, docs/BENCHMARKS.md).
 *
 * <pre>
 * java -jar textwire-benchmarks/target/textwire-benchmarks.jar ShortUtf16Benchmark -prof gc
 * </pre>
 */
public class ShortUtf16Benchmark extends BenchBase {
  @Param({"cjk", "emoji"})
  String kind;

  @Param({"16"})
  int length;

  String text;
  byte[] dst;

  @Setup
  public void setUp() {
    text = Inputs.synthetic(kind, length).text();
    dst = new byte[3 * length + 16];
    int n = text.getBytes(StandardCharsets.UTF_8).length;
    if (publicApi() != n || driver() != n || driverWithin() != n || shortPath() != n || codePoint() != n
        || charAt() != n || chunked() != n
        || publicLength() != n || codePointLength() != n || charAtLength() != n) {
      throw new AssertionError("a route disagrees on " + kind);
    }
  }

  @Benchmark
  public int publicApi() {
    return Utf8.encode(text, dst, 0);
  }

  /** What the public call does below its checks (the short path, then the driver), called directly. */
  @Benchmark
  public int driver() {
    int written = EncodeDriver.encodeShort(Utf8Kernel.UTF_8, text, 0, text.length(), dst, 0, dst.length);
    return written >= 0
        ? written
        : EncodeDriver.encode(Utf8Kernel.UTF_8, text, 0, text.length(), dst, 0, ErrorPolicy.STRICT);
  }

  /** The driver's body, without its error check (bisecting {@link #driver}). */
  @Benchmark
  public int driverWithin() {
    return EncodeDriver.encodeWithin(Utf8Kernel.UTF_8, text, 0, text.length(), dst, 0, dst.length, ErrorPolicy.STRICT, null);
  }

  @Benchmark
  public int shortPath() {
    return ShortStrings.encode(text, 0, text.length(), dst, 0, dst.length, Utf8Variant.UTF_8);
  }

  @Benchmark
  public int codePoint() {
    return ShortUtf16.encodeUtf8(text, 0, text.length(), dst, 0, dst.length);
  }

  @Benchmark
  public int charAt() {
    return ShortStrings.encodeByCharAt(text, 0, text.length(), dst, 0, dst.length, Utf8Variant.UTF_8);
  }

  @Benchmark
  public int chunked() {
    Scratch scratch = Scratch.acquire();
    try {
      int count = CharAccess.fill(text, 0, text.length(), scratch.chars);
      return IndexPair.destination(
          Utf8Kernel.UTF_8.encodeChunk(scratch, 0, count, dst, 0, dst.length, true, ErrorPolicy.STRICT, 0, null));
    } finally {
      scratch.release();
    }
  }

  @Benchmark
  public long publicLength() {
    return Utf8.encodedLength(text);
  }

  @Benchmark
  public int codePointLength() {
    return ShortUtf16.utf8Length(text, 0, text.length());
  }

  @Benchmark
  public int charAtLength() {
    return ShortStrings.lengthByCharAt(text, 0, text.length(), Utf8Variant.UTF_8);
  }
}
