package dev.textwire.bench;

import dev.textwire.clob.TextClob;
import java.sql.SQLException;
import java.util.SplittableRandom;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

/**
 * How the segment size S (the index's granularity) trades read cost against write cost and index size,
 * for choosing TextClob's default: a random 1,000-char getSubString, a 1,000-char forward walk, and a
 * one-char setString in the middle (alternating 'Ж' and 'a', so the width changes every time), on the
 * 15,728,640-char values of the other Clob benchmarks, in memory.
 *
 * <pre>java -jar textwire-benchmarks/target/textwire-benchmarks.jar 'ClobSegmentSize' -prof gc</pre>
 */
public class ClobSegmentSizeBenchmark extends BenchBase {
  private static final int POSITION_COUNT = 4096;

  @Param({"1024", "2048", "4096", "8192", "16384"})
  public int segmentBytes;

  @Param({"alphabet", "mixed"})
  public String text;

  TextClob clob;
  long[] positions;
  int nextPosition;
  long walkPosition;
  long middle;
  boolean flip;

  @Setup(Level.Trial)
  public void setUp() throws SQLException {
    String value = ClobTexts.build(text, ClobTexts.LARGE_CHARS);
    clob = TextClob.builder().segmentBytes(segmentBytes).spillThreshold(Long.MAX_VALUE).build(value);
    SplittableRandom random = new SplittableRandom(14);
    positions = new long[POSITION_COUNT];
    for (int i = 0; i < POSITION_COUNT; i++) {
      positions[i] = 1 + random.nextLong(value.length() - 1000 + 1);
    }
    middle = ClobTexts.middleA(value);
    walkPosition = 1;
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    clob.free();
  }

  @Benchmark
  public String subStringRandom() throws SQLException {
    long pos = positions[nextPosition];
    nextPosition = (nextPosition + 1) & (POSITION_COUNT - 1);
    return clob.getSubString(pos, 1000);
  }

  @Benchmark
  public String forward1000() throws SQLException {
    String piece = clob.getSubString(walkPosition, 1000);
    walkPosition += 1000;
    if (walkPosition > ClobTexts.LARGE_CHARS - 1000) {
      walkPosition = 1;
    }
    return piece;
  }

  @Benchmark
  public int setStringMiddle() throws SQLException {
    flip = !flip;
    return clob.setString(middle, flip ? "Ж" : "a");
  }
}
