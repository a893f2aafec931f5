package dev.textwire.bench;

import dev.textwire.ErrorPolicy;
import dev.textwire.MalformedTextException;
import dev.textwire.TextCodec;
import dev.textwire.TextCodecs;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The cost of a strict unmappable-character error to code that catches it and goes on: a 16-char text
 * with one char IBM500 has no byte for, encoded strictly into a reused array, the error caught.
 *
 * <ul>
 *   <li>{@code catchAndContinue}: reads only {@code charIndex()}, as a caller that skips the char does.
 *   <li>{@code catchAndReadMessage}: also reads {@code getMessage()}, which names the character
 *       ({@code Character.getName}, microseconds): the cost every error paid when the message was built
 *       in the constructor.
 *   <li>{@code replaceNoError}: the same text under REPLACE, no exception: the encoding's own cost.
 * </ul>
 *
 * <pre>java -jar textwire-benchmarks/target/textwire-benchmarks.jar UnmappableErrorBenchmark -prof gc</pre>
 */
@State(Scope.Thread)
public class UnmappableErrorBenchmark extends BenchBase {
  String text;
  TextCodec strict;
  TextCodec replace;
  byte[] dst;

  @Setup
  public void setup() {
    text = "0123456\u0100789abcdef"; // U+0100 LATIN CAPITAL LETTER A WITH MACRON is not in IBM500
    strict = TextCodecs.IBM500;
    replace = TextCodecs.IBM500.withPolicy(ErrorPolicy.REPLACE);
    dst = new byte[64];
    try {
      strict.encode(text, dst, 0);
      throw new IllegalStateException("sanity check failed: the text must not encode strictly");
    } catch (MalformedTextException e) {
      if (e.charIndex() != 7 || !e.getMessage().contains("LATIN CAPITAL LETTER A WITH MACRON")) {
        throw new IllegalStateException("sanity check failed: " + e.getMessage());
      }
    }
  }

  @Benchmark
  public long catchAndContinue() {
    try {
      return strict.encode(text, dst, 0);
    } catch (MalformedTextException e) {
      return e.charIndex();
    }
  }

  @Benchmark
  public long catchAndReadMessage() {
    try {
      return strict.encode(text, dst, 0);
    } catch (MalformedTextException e) {
      return e.getMessage().length();
    }
  }

  @Benchmark
  public int replaceNoError() {
    return replace.encode(text, dst, 0);
  }
}
