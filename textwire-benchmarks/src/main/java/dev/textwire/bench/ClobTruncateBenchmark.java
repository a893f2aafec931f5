package dev.textwire.bench;

import java.io.IOException;
import java.sql.Clob;
import java.sql.SQLException;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

/**
 * {@code truncate(length - 1)} on a large Clob (15,728,640 chars). The score is per truncate call.
 *
 * <p>How the Clob is put back: an invocation makes 16 calls, each removing the last char
 * ({@code @OperationsPerInvocation(16)}; the length is tracked in a local, not asked for); an untimed
 * {@code @Setup(Level.Invocation)} then appends the 16 removed chars back with one setString, so every
 * invocation starts from the same 15,728,640 chars. Batching 16 calls per invocation keeps JMH's
 * per-invocation timestamps (tens of ns) small against one call, and the restore is a single short write
 * for every implementation that can grow. SerialClob cannot grow: for {@code serial} the restore builds a
 * new SerialClob from the text (about 10 ms, untimed; its truncate copies the whole array anyway).
 * JMH's gc profiler counts the restore's allocation in B/op (it measures the whole iteration's thread
 * allocation): a few bytes per call for most, about 2 MB per call for {@code serial}.
 *
 * <p>Not {@code h2}: its Clobs are read-only. The setup rewrites the last char once so that Derby's table
 * Clob has made its temporary copy before anything is timed (see {@link ClobWriteBenchmark}).
 */
public class ClobTruncateBenchmark extends BenchBase {
  static final int TRUNCATES_PER_OP = 16;

  @Param({
    ClobImpl.TEXTWIRE, ClobImpl.TEXTWIRE_SPILLED, ClobImpl.DERBY_TABLE, ClobImpl.DERBY_CREATE, ClobImpl.SERIAL
  })
  public String impl;

  @Param({"alphabet", "mixed"})
  public String text;

  String value;
  String removedTail;
  ClobImpl clobImpl;
  Clob clob;
  long fullLength;
  boolean truncated;

  @Setup(Level.Trial)
  public void setUp() throws SQLException, IOException {
    value = ClobTexts.build(text, ClobTexts.LARGE_CHARS);
    fullLength = value.length();
    removedTail = value.substring(value.length() - TRUNCATES_PER_OP);
    clobImpl = ClobImpl.open(impl);
    clob = clobImpl.large(value);
    clob.setString(fullLength, value.substring(value.length() - 1));
    ClobImpl.verify(clob, value, impl + "/" + text);
  }

  @Setup(Level.Invocation)
  public void restore() throws SQLException {
    if (!truncated) {
      return;
    }
    if (clobImpl.canGrow()) {
      clob.setString(fullLength - TRUNCATES_PER_OP + 1, removedTail);
    } else {
      clob = clobImpl.create(value);
    }
    truncated = false;
  }

  @TearDown(Level.Trial)
  public void tearDown() throws SQLException, IOException {
    // The last invocation's truncates were real, and the restores put back exactly the text.
    ClobImpl.check(clob.length() == fullLength - TRUNCATES_PER_OP, impl, "length after the last truncates");
    truncated = true;
    restore();
    ClobImpl.verify(clob, value, impl + "/" + text + " after restore");
    clobImpl.close();
  }

  @Benchmark
  @OperationsPerInvocation(TRUNCATES_PER_OP)
  public long truncate() throws SQLException {
    long length = fullLength;
    for (int i = 0; i < TRUNCATES_PER_OP; i++) {
      clob.truncate(--length);
    }
    truncated = true;
    return length;
  }
}
