package dev.textwire.bench;

import static java.nio.charset.StandardCharsets.UTF_8;

import com.google.protobuf.ByteString;
import com.google.protobuf.Internal;
import com.google.protobuf.UnsafeByteOperations;
import dev.textwire.Utf8;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.util.Arrays;
import org.openjdk.jmh.annotations.Benchmark;

/**
 * Is this byte[] well-formed UTF-8? textwire and its baselines, on valid input (the common case, and the
 * one where every byte must be looked at). Concrete classes: {@link ValidateBenchmark} (synthetic) and
 * {@link ValidateCorpusBenchmark} (corpus files).
 */
public abstract class ValidateBase extends BenchBase {
  Inputs input;
  byte[] bytes;
  int n;
  /**
   * protobuf's zero-copy view of the bytes, made once: {@code ByteString} caches its hash code but not
   * the result of {@code isValidUtf8()} (checked in protobuf-java 4.28.3), so every call validates again.
   */
  ByteString byteString;
  CharsetDecoder jdkDecoder;
  /** Scratch output for the JDK decoder, one char per byte: the JDK cannot validate without decoding. */
  CharBuffer jdkScratch;

  /** Called by the concrete class's {@code @Setup}: all validators must accept, and reject a broken copy. */
  void prepare(Inputs in) {
    input = in;
    bytes = in.utf8Copy();
    n = bytes.length;
    byteString = UnsafeByteOperations.unsafeWrap(bytes);
    jdkDecoder =
        UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    jdkScratch = CharBuffer.allocate(Math.max(n, 1));

    check(textwire(), input, "textwire isValid");
    check(guava(), input, "guava isWellFormed");
    check(protobuf(), input, "protobuf Internal.isValidUtf8");
    check(protobufByteString(), input, "protobuf ByteString.isValidUtf8");
    check(jdkDecoder(), input, "CharsetDecoder REPORT");

    // A stray continuation byte in the middle, and a cut-off sequence at the end: every validator must
    // say no, or it is not validating.
    byte[] saved = bytes;
    try {
      byte[] broken = Arrays.copyOf(saved, n + 1);
      int lead = n / 2;
      while ((broken[lead] & 0xC0) == 0x80) {
        lead++; // a continuation byte overwritten with 0x80 could still be valid: find a lead byte
      }
      broken[lead] = (byte) 0x80;
      broken[n] = (byte) 0xE2;
      bytes = broken;
      n = broken.length;
      byteString = UnsafeByteOperations.unsafeWrap(broken);
      jdkScratch = CharBuffer.allocate(n);
      check(!textwire(), input, "textwire isValid accepted broken bytes");
      check(!guava(), input, "guava accepted broken bytes");
      check(!protobuf(), input, "protobuf accepted broken bytes");
      check(!protobufByteString(), input, "protobuf ByteString accepted broken bytes");
      check(!jdkDecoder(), input, "CharsetDecoder accepted broken bytes");
    } finally {
      bytes = saved;
      n = saved.length;
      byteString = UnsafeByteOperations.unsafeWrap(saved);
      jdkScratch = CharBuffer.allocate(Math.max(n, 1));
    }
  }

  @Benchmark
  public boolean textwire() {
    return Utf8.isValid(bytes, 0, n);
  }

  @Benchmark
  public boolean guava() {
    return com.google.common.base.Utf8.isWellFormed(bytes, 0, n);
  }

  /**
   * protobuf's validator: {@code com.google.protobuf.Utf8.isValidUtf8(byte[])} is package-private, and
   * {@code Internal.isValidUtf8(byte[])} is its public face (a direct call).
   */
  @Benchmark
  public boolean protobuf() {
    return Internal.isValidUtf8(bytes);
  }

  @Benchmark
  public boolean protobufByteString() {
    return byteString.isValidUtf8();
  }

  /**
   * The JDK baseline: a reused REPORT decoder into a reused scratch CharBuffer, so nothing but the
   * ByteBuffer wrapper is allocated per operation; the cheapest way to ask the JDK. (A
   * {@code new String(bytes, UTF_8)} does not validate: it replaces.)
   */
  @Benchmark
  public boolean jdkDecoder() {
    jdkDecoder.reset();
    jdkScratch.clear();
    CoderResult result = jdkDecoder.decode(ByteBuffer.wrap(bytes, 0, n), jdkScratch, true);
    return result.isUnderflow() && jdkDecoder.flush(jdkScratch).isUnderflow();
  }
}
