package dev.textwire.bench;

import java.sql.SQLException;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

/**
 * ClobAccessTest's small Clobs: 15,000 Clobs holding {@code Integer.toString(1..15000)} (1 to 5 chars).
 * One operation goes through all 15,000: obtains each Clob, calls {@code length()} and
 * {@code getSubString(1, length)}, then {@code free()}. The score is for all 15,000 (as Derby's
 * testFetchSmallClobs times one pass).
 *
 * <p>"Obtains" is what each implementation's users do: {@code textwire} ({@code TextClob.builder()}, in
 * memory), {@code textwire-spilled} (spillThreshold(0): one temporary file per Clob, created and deleted),
 * {@code derby-create} ({@code createClob()} + {@code setString}) and {@code serial}
 * ({@code new SerialClob}) create it; {@code derby-table} and {@code h2} fetch it from a 15,000-row table
 * (inserted and committed once, in setup) with one query per operation, as Derby's test does.
 */
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class ClobSmallBenchmark extends BenchBase {
  static final int CLOB_COUNT = 15_000;

  @Param({
    ClobImpl.TEXTWIRE, ClobImpl.TEXTWIRE_SPILLED, ClobImpl.DERBY_TABLE, ClobImpl.DERBY_CREATE, ClobImpl.H2,
    ClobImpl.SERIAL
  })
  public String impl;

  ClobImpl clobImpl;
  ClobImpl.SmallClobs smallClobs;
  long expectedSum;

  @Setup(Level.Trial)
  public void setUp() throws SQLException {
    String[] contents = new String[CLOB_COUNT];
    for (int i = 0; i < CLOB_COUNT; i++) {
      contents[i] = Integer.toString(i + 1);
      expectedSum += contents[i].length() + contents[i].charAt(contents[i].length() - 1);
    }
    clobImpl = ClobImpl.open(impl);
    smallClobs = clobImpl.small(contents);
    long sum = smallClobs.run();
    ClobImpl.check(sum == expectedSum, impl, "small Clobs check sum " + sum + ", expected " + expectedSum);
  }

  @TearDown(Level.Trial)
  public void tearDown() throws SQLException {
    clobImpl.close();
  }

  @Benchmark
  public long smallClobs() throws SQLException {
    return smallClobs.run();
  }
}
