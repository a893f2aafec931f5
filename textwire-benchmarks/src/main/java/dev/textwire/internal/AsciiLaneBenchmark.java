package dev.textwire.internal;

import dev.textwire.Utf8;
import dev.textwire.bench.BenchBase;
import dev.textwire.bench.Inputs;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.StandardCharsets;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * Where the time of a portable-path ASCII encode goes (issue 15), piece by piece, beside the ways the
 * JDK's vectorised ASCII intrinsic can be reached from public API. Without {@code --add-opens} a String's
 * chars can only be read by copying them ({@code getChars}, itself vectorised), and then narrowed by a
 * JDK encoder: two passes whatever one does. Run with {@code -prof gc}: the US-ASCII encoder with fresh
 * wrappers allocates them (its loop is too big to inline, so they escape).
 *
 * <pre>
 * java -jar textwire-benchmarks/target/textwire-benchmarks.jar AsciiLaneBenchmark -prof gc
 * </pre>
 */
public class AsciiLaneBenchmark extends BenchBase {
  @Param({"512"})
  int length;

  String text;
  byte[] dst;
  char[] ownChars;
  CharsetEncoder utf8 = StandardCharsets.UTF_8.newEncoder();
  CharsetEncoder ascii = StandardCharsets.US_ASCII.newEncoder();
  CharBuffer reusedChars;
  ByteBuffer reusedDst;
  private static final ThreadLocal<char[]> CHARS = ThreadLocal.withInitial(() -> new char[Scratch.CHUNK_CHARS]);

  @Setup
  public void setUp() {
    text = Inputs.of("ascii", length).text();
    dst = new byte[3 * length + 16];
    ownChars = new char[Scratch.CHUNK_CHARS];
    reusedChars = CharBuffer.wrap(ownChars);
    reusedDst = ByteBuffer.wrap(dst);
  }

  /** The floor of the first pass: the chars copied into the caller's own array. */
  @Benchmark
  public char getCharsOwnArray() {
    text.getChars(0, length, ownChars, 0);
    return ownChars[length - 1];
  }

  /** The same into an array found through a ThreadLocal. */
  @Benchmark
  public char getCharsThreadLocal() {
    char[] chars = CHARS.get();
    text.getChars(0, length, chars, 0);
    return chars[length - 1];
  }

  /** The Lender alone: acquire and release. */
  @Benchmark
  public int lenderOnly() {
    Scratch scratch = Scratch.acquire();
    try {
      return scratch.chars.length;
    } finally {
      scratch.release();
    }
  }

  /** The Lender, then getChars straight into the scratch chars (no CharAccess). */
  @Benchmark
  public char lenderAndGetChars() {
    Scratch scratch = Scratch.acquire();
    try {
      text.getChars(0, length, scratch.chars, 0);
      return scratch.chars[length - 1];
    } finally {
      scratch.release();
    }
  }

  /** textwire's first pass: scratch lent by the Lender, chunk copied by CharAccess. */
  @Benchmark
  public int acquireAndFill() {
    Scratch scratch = Scratch.acquire();
    try {
      return CharAccess.fill(text, 0, length, scratch.chars);
    } finally {
      scratch.release();
    }
  }

  /** textwire's ASCII lane alone: the first pass, then the prefix through JdkEncoders into dst. */
  @Benchmark
  public int acquireFillAndPrefix() {
    Scratch scratch = Scratch.acquire();
    try {
      int count = CharAccess.fill(text, 0, length, scratch.chars);
      return scratch.jdk.encodeAsciiPrefix(0, count, dst, 0, dst.length, null);
    } finally {
      scratch.release();
    }
  }

  /** The whole public call. */
  @Benchmark
  public int textwire() {
    return Utf8.encode(text, dst, 0);
  }

  /**
   * The peer that wins: the UTF-8 encoder over fresh wrappers, inlined whole (so the wrappers cost
   * nothing). It goes on through non-ASCII chars at its own scalar speed, so it is only this fast on
   * text known to be ASCII, which takes a third pass to know.
   */
  @Benchmark
  public int jdkUtf8FreshWrappers() {
    text.getChars(0, length, ownChars, 0);
    ByteBuffer out = ByteBuffer.wrap(dst);
    utf8.reset();
    utf8.encode(CharBuffer.wrap(ownChars, 0, length), out, true);
    return out.position();
  }

  /** The encoder that stops at the first non-ASCII char, over fresh wrappers: they escape and allocate. */
  @Benchmark
  public int jdkAsciiFreshWrappers() {
    text.getChars(0, length, ownChars, 0);
    ByteBuffer out = ByteBuffer.wrap(dst);
    ascii.reset();
    ascii.encode(CharBuffer.wrap(ownChars, 0, length), out, true);
    return out.position();
  }

  /** The same encoder over wrappers kept and repositioned, as textwire does: no allocation. */
  @Benchmark
  public int jdkAsciiReusedWrappers() {
    text.getChars(0, length, ownChars, 0);
    reusedChars.limit(length).position(0);
    reusedDst.limit(dst.length).position(0);
    ascii.reset();
    ascii.encode(reusedChars, reusedDst, true);
    return reusedDst.position();
  }

  /**
   * Candidate: scratch and chunk as textwire, then the UTF-8 encoder over fresh wrappers (inlined whole).
   * 28.3 ns on JDK 17 and 36.2 on JDK 25 against 37.6 and 37.0 for the lane as shipped (stop 44), but it
   * does not stop at the first non-ASCII char, so it cannot be the lane as it is.
   */
  @Benchmark
  public int acquireFillAndUtf8Fresh() {
    Scratch scratch = Scratch.acquire();
    try {
      int count = CharAccess.fill(text, 0, length, scratch.chars);
      ByteBuffer out = ByteBuffer.wrap(dst, 0, dst.length);
      CharBuffer in = CharBuffer.wrap(scratch.chars, 0, count);
      utf8.reset();
      utf8.encode(in, out, false);
      return out.position() == in.position() ? out.position() : -1;
    } finally {
      scratch.release();
    }
  }

  /** Knowing "all ASCII" from the chars with a plain loop: not vectorised by C2 (an OR reduction). */
  @Benchmark
  public int orOfChars() {
    char[] chars = ownChars;
    int bits = 0;
    for (int i = 0; i < length; i++) {
      bits |= chars[i];
    }
    return bits;
  }
}
