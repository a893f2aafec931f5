package dev.textwire.bench;

import java.io.IOException;
import java.io.Reader;
import java.sql.Clob;
import java.sql.SQLException;
import java.util.SplittableRandom;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Reading one large Clob (15,728,640 chars, Derby's ClobAccessTest default) without changing it, every
 * implementation of {@link ClobImpl} side by side:
 *
 * <ul>
 *   <li>{@code length}: one {@code length()} (testLargeClobGetLength: is the length cached?);
 *   <li>{@code subStringRandom}: {@code getSubString(pos, 1000)} at a seeded random position, a different
 *       one each operation (4096 positions, cycled);
 *   <li>{@code readOneChar}: {@code getCharacterStream().read()}, one char per call
 *       (testFetchLargeClobOneByOneChar). The score is per char: an operation reads 65,536 chars from the
 *       same reader, which goes on where the last operation stopped and is reopened at the end of the
 *       value (once every 240 operations);
 *   <li>{@code readWhole}: the whole value through one new reader into an 8 K char[] (testFetchLargeClobs
 *       reads through a 16 K one); the score is for the whole 15 M chars.
 * </ul>
 *
 * Piece-by-piece getSubString is {@link ClobPieceBenchmark}; writes are {@link ClobWriteBenchmark},
 * {@link ClobTruncateBenchmark} and {@link ClobAppendBenchmark}.
 *
 * <pre>java -jar textwire-benchmarks/target/textwire-benchmarks.jar 'bench\.Clob' -prof gc</pre>
 */
public class ClobAccessBenchmark extends BenchBase {
  static final int SUBSTRING_CHARS = 1000;
  static final int READ_CHARS_PER_OP = 1 << 16;
  private static final int POSITION_COUNT = 4096;

  @Param({
    ClobImpl.TEXTWIRE, ClobImpl.TEXTWIRE_SPILLED, ClobImpl.DERBY_TABLE, ClobImpl.DERBY_CREATE, ClobImpl.H2,
    ClobImpl.SERIAL
  })
  public String impl;

  @Param({"alphabet", "mixed"})
  public String text;

  ClobImpl clobImpl;
  Clob clob;
  long length;
  long[] positions;
  int nextPosition;
  Reader oneCharReader;
  final char[] buffer = new char[8192];

  @Setup(Level.Trial)
  public void setUp() throws SQLException, IOException {
    String value = ClobTexts.build(text, ClobTexts.LARGE_CHARS);
    clobImpl = ClobImpl.open(impl);
    clob = clobImpl.large(value);
    ClobImpl.verify(clob, value, impl + "/" + text);
    length = value.length();
    SplittableRandom random = new SplittableRandom(14);
    positions = new long[POSITION_COUNT];
    for (int i = 0; i < POSITION_COUNT; i++) {
      positions[i] = 1 + random.nextLong(length - SUBSTRING_CHARS + 1);
    }
    oneCharReader = clob.getCharacterStream();
  }

  @TearDown(Level.Trial)
  public void tearDown() throws SQLException, IOException {
    oneCharReader.close();
    clobImpl.close();
  }

  @Benchmark
  public long length() throws SQLException {
    return clob.length();
  }

  @Benchmark
  public String subStringRandom() throws SQLException {
    long pos = positions[nextPosition];
    nextPosition = (nextPosition + 1) & (POSITION_COUNT - 1);
    return clob.getSubString(pos, SUBSTRING_CHARS);
  }

  @Benchmark
  @OperationsPerInvocation(READ_CHARS_PER_OP)
  public long readOneChar() throws SQLException, IOException {
    Reader reader = oneCharReader;
    long sum = 0;
    for (int i = 0; i < READ_CHARS_PER_OP; i++) {
      int c = reader.read();
      if (c < 0) {
        reader.close();
        reader = oneCharReader = clob.getCharacterStream();
        c = reader.read();
      }
      sum += c;
    }
    return sum;
  }

  @Benchmark
  public long readWhole() throws SQLException, IOException {
    long total = 0;
    char[] chars = buffer;
    try (Reader reader = clob.getCharacterStream()) {
      int n;
      while ((n = reader.read(chars, 0, chars.length)) != -1) {
        total += n;
      }
    }
    if (total != length) {
      throw new IllegalStateException(impl + " read " + total + " chars, expected " + length);
    }
    return total + chars[0];
  }
}
