package dev.textwire.bench;

import dev.textwire.Utf8;
import dev.textwire.buffer.LengthPrefix;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * The one choice in {@link LengthPrefix} made by measurement: when the varint width for a text's fewest
 * possible bytes (its char count) differs from the width for its most (three per char), the real width
 * is unknown before encoding. Two ways out, measured here on the lengths where it happens (43..127 chars,
 * 5,462..16,383 chars) and on text whose real length does need the wider prefix (cjk, emoji) or does not
 * (ascii, latin1):
 *
 * <ul>
 *   <li>{@code shift}: reserve the narrow width, encode once, and if the length needs the wide one move
 *       the encoded bytes along by one {@code arraycopy} ({@code LengthPrefix.VARINT.write}, as shipped);
 *   <li>{@code lengthFirst}: compute the exact UTF-8 length (a pass over the chars), write the prefix,
 *       then encode (what protobuf's {@code writeStringNoTag} does in this case).
 * </ul>
 *
 * <pre>
 * java -jar textwire-benchmarks/target/textwire-benchmarks.jar LengthPrefixStrategyBenchmark -prof gc
 * </pre>
 */
public class LengthPrefixStrategyBenchmark extends BenchBase {
  @Param({"ascii", "latin1", "cjk", "emoji", "mostly_ascii"})
  public String kind;

  @Param({"100", "8000"})
  public int length;

  private String text;
  private byte[] array;

  @Setup
  public void setUp() {
    Inputs input = Inputs.synthetic(kind, length);
    text = input.text();
    array = new byte[input.utf8().length + 16];
    int shifted = LengthPrefix.VARINT.write(text, array, 0);
    byte[] expected = java.util.Arrays.copyOf(array, shifted);
    int lengthFirst = lengthFirst();
    check(lengthFirst == shifted && java.util.Arrays.equals(expected, 0, shifted, array, 0, shifted), input,
        "the two strategies wrote different frames");
  }

  @Benchmark
  public int shift() {
    return LengthPrefix.VARINT.write(text, array, 0);
  }

  @Benchmark
  public int lengthFirst() {
    int byteCount = Utf8.encodedLength(text);
    int p = 0;
    int value = byteCount;
    while ((value & ~0x7F) != 0) {
      array[p++] = (byte) (value | 0x80);
      value >>>= 7;
    }
    array[p++] = (byte) value;
    return p + Utf8.encode(text, array, p);
  }
}
