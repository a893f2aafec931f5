package dev.textwire.bench;

import dev.textwire.ModifiedUtf8;
import dev.textwire.TextCodecs;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.Arrays;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * {@code writeUTF}/{@code readUTF}: textwire's {@link ModifiedUtf8} against {@code DataOutputStream} and
 * {@code DataInputStream}, over streams that cost next to nothing, for every synthetic kind.
 *
 * <p>Lengths are 16, 512 and <b>20000</b> chars, not 65536: writeUTF refuses more than 65,535 bytes, and
 * 65536 chars are over that in every kind (even ASCII, by one byte). 20000 chars take at most 60,000 bytes
 * in any kind (3 bytes per char at most; an emoji is two 3-byte surrogates), so the large case is the same
 * number of chars for every kind and still well past textwire's 8 KiB write window (several writes per
 * string) and the JDK's growth of its internal arrays.
 *
 * <ul>
 *   <li>{@code textwireWriteUTF}: {@code ModifiedUtf8.writeUTF(out, text)}, {@code out} a
 *       {@code DataOutputStream} over a reused {@link ResettableSink} (a fixed array, reset each
 *       operation).
 *   <li>{@code jdkWriteUTF}: {@code out.writeUTF(text)} on the same kind of stream (its internal array is
 *       reused once grown).
 *   <li>{@code textwireEncode}: {@code TextCodecs.MODIFIED_UTF_8.encode(text, dst, 0)} into a reused
 *       {@code byte[]}: the bare encoding, no length and no stream, for how much the stream costs.
 *   <li>{@code textwireReadUTF}: {@code ModifiedUtf8.readUTF(in)}, {@code in} a {@code DataInputStream}
 *       over a {@link ResettableSource} holding writeUTF's bytes, rewound each operation (an unsynchronized
 *       {@code ByteArrayInputStream}, so neither reader pays for locks).
 *   <li>{@code jdkReadUTF}: {@code in.readUTF()} over the same.
 * </ul>
 *
 * Expected allocation ({@code -prof gc}): 0 B/op for both writers and {@code textwireEncode}; both readers
 * allocate the String they return, and for text that is not all Latin-1 also the JDK's failed Latin-1
 * attempt in {@code new String(char[])} (one byte per char). textwire's reader keeps its decode space
 * per thread up to writeUTF's whole range, as a {@code DataInputStream} keeps its arrays; the first
 * version of this benchmark caught it allocating a temporary {@code char[]} above 16,384 bytes (3x the
 * JDK's B/op at 20000 CJK chars). Setup checks that both writers write the same bytes, that they are the
 * 2-byte length and then {@code textwireEncode}'s bytes, and that both readers give back the text, twice.
 *
 * <pre>java -jar textwire-benchmarks/target/textwire-benchmarks.jar ModifiedUtf8Benchmark -p length=512 -prof gc</pre>
 */
@State(Scope.Thread)
public class ModifiedUtf8Benchmark extends BenchBase {
  @Param({"ascii", "latin1", "cjk", "emoji", "mostly_ascii"})
  public String kind;

  @Param({"16", "512", "20000"})
  public int length;

  Inputs input;
  String text;
  byte[] dst;
  ResettableSink sink;
  DataOutputStream out;
  ResettableSource source;
  DataInputStream in;

  @Setup(Level.Trial)
  public void setUp() throws IOException {
    input = Inputs.synthetic(kind, length);
    text = input.text();
    int capacity = 3 * text.length() + 2;
    check(capacity <= ModifiedUtf8.MAX_UTF_BYTES + 2, input, "over writeUTF's 65,535 bytes: use a shorter length");
    dst = new byte[capacity];
    sink = new ResettableSink(capacity);
    out = new DataOutputStream(sink);

    out.writeUTF(text);
    byte[] written = sink.toByteArray();
    source = new ResettableSource(written);
    in = new DataInputStream(source);
    verify(written);
  }

  private void verify(byte[] jdkBytes) throws IOException {
    byte[] reference = CodecFamily.withUtfLength(CodecFamily.modifiedUtf8Reference(text));
    check(Arrays.equals(reference, jdkBytes), input, "DataOutputStream.writeUTF differs from the reference");
    int n = jdkBytes.length - 2;
    for (int round = 0; round < 2; round++) {
      textwireWriteUTF();
      check(Arrays.equals(jdkBytes, sink.toByteArray()), input, "ModifiedUtf8.writeUTF wrote different bytes than writeUTF");
      jdkWriteUTF();
      check(Arrays.equals(jdkBytes, sink.toByteArray()), input, "DataOutputStream.writeUTF not repeatable");

      Arrays.fill(dst, (byte) 0);
      check(textwireEncode() == n, input, "MODIFIED_UTF_8.encode count");
      check(Arrays.equals(jdkBytes, 2, jdkBytes.length, dst, 0, n), input, "MODIFIED_UTF_8.encode bytes");

      check(text.equals(textwireReadUTF()) && source.available() == 0, input, "ModifiedUtf8.readUTF");
      check(text.equals(jdkReadUTF()) && source.available() == 0, input, "DataInputStream.readUTF");
    }
  }

  @Benchmark
  public int textwireWriteUTF() throws IOException {
    sink.reset();
    ModifiedUtf8.writeUTF(out, text);
    return sink.size();
  }

  @Benchmark
  public int jdkWriteUTF() throws IOException {
    sink.reset();
    out.writeUTF(text);
    return sink.size();
  }

  @Benchmark
  public int textwireEncode() {
    return TextCodecs.MODIFIED_UTF_8.encode(text, dst, 0);
  }

  @Benchmark
  public String textwireReadUTF() throws IOException {
    source.reset();
    return ModifiedUtf8.readUTF(in);
  }

  @Benchmark
  public String jdkReadUTF() throws IOException {
    source.reset();
    return in.readUTF();
  }
}
