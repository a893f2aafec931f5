package dev.textwire.bench;

import java.io.IOException;
import java.sql.Clob;
import java.sql.SQLException;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Whether a read's cost grows with its position: {@code getSubString(pos, 1000)} near the start (char
 * 1,001), in the middle and near the end of the 15,728,640-char value, alternating between two positions
 * 100,000 chars apart so no implementation can serve it from a cache of the last piece. An index makes the
 * three rows equal; decoding or skipping from the start makes them grow with the position.
 *
 * <pre>java -jar textwire-benchmarks/target/textwire-benchmarks.jar 'ClobPosition' -prof gc</pre>
 */
public class ClobPositionBenchmark extends BenchBase {
  @Param({ClobImpl.TEXTWIRE, ClobImpl.TEXTWIRE_SPILLED, ClobImpl.DERBY_TABLE, ClobImpl.H2})
  public String impl;

  @Param({"alphabet", "mixed"})
  public String text;

  @Param({"start", "middle", "end"})
  public String where;

  ClobImpl clobImpl;
  Clob clob;
  long[] positions;
  int next;

  @Setup(Level.Trial)
  public void setUp() throws SQLException, IOException {
    String value = ClobTexts.build(text, ClobTexts.LARGE_CHARS);
    clobImpl = ClobImpl.open(impl);
    clob = clobImpl.large(value);
    ClobImpl.verify(clob, value, impl + "/" + text);
    long base;
    switch (where) {
      case "start":
        base = 1_001;
        break;
      case "middle":
        base = value.length() / 2;
        break;
      default:
        base = value.length() - 101_000;
    }
    positions = new long[] {base, base + 100_000};
  }

  @TearDown(Level.Trial)
  public void tearDown() throws SQLException, IOException {
    clobImpl.close();
  }

  @Benchmark
  public String subStringAt() throws SQLException {
    next ^= 1;
    return clob.getSubString(positions[next], 1000);
  }
}
