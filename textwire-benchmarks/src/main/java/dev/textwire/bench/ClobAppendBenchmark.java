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
 * Appending one char ({@code setString(length + 1, "x")}) to a large Clob (15,728,640 chars), as
 * ClobAccessTest's "Modified" tests do before reading. The score is per append call.
 *
 * <p>How the Clob is put back: an invocation makes 16 appends ({@code @OperationsPerInvocation(16)}; the
 * length is tracked in a local, not asked for); an untimed {@code @Setup(Level.Invocation)} truncates
 * back to 15,728,640 chars, so the Clob does not grow by millions of chars over a run. JMH's gc profiler
 * counts that restore's allocation in B/op too (it measures the whole iteration's thread allocation).
 *
 * <p>Only the implementations that can grow: not {@code h2} (read-only Clobs) and not {@code serial}
 * (JDK 17's SerialClob refuses to write past its end: "Invalid position in Clob object set"). JDK 25's
 * SerialClob grows; on 25, add it with
 * {@code -p impl=textwire,textwire-spilled,derby-table,derby-create,serial}.
 */
public class ClobAppendBenchmark extends BenchBase {
  static final int APPENDS_PER_OP = 16;

  @Param({ClobImpl.TEXTWIRE, ClobImpl.TEXTWIRE_SPILLED, ClobImpl.DERBY_TABLE, ClobImpl.DERBY_CREATE})
  public String impl;

  @Param({"alphabet", "mixed"})
  public String text;

  String value;
  ClobImpl clobImpl;
  Clob clob;
  long fullLength;
  boolean appended;

  @Setup(Level.Trial)
  public void setUp() throws SQLException, IOException {
    value = ClobTexts.build(text, ClobTexts.LARGE_CHARS);
    fullLength = value.length();
    clobImpl = ClobImpl.open(impl);
    clob = clobImpl.large(value);
    // Derby's table Clob makes its temporary copy on the first write: not part of what is measured.
    clob.setString(fullLength, value.substring(value.length() - 1));
    ClobImpl.verify(clob, value, impl + "/" + text);
  }

  @Setup(Level.Invocation)
  public void restore() throws SQLException {
    if (appended) {
      clob.truncate(fullLength);
      appended = false;
    }
  }

  @TearDown(Level.Trial)
  public void tearDown() throws SQLException, IOException {
    long expected = fullLength + (appended ? APPENDS_PER_OP : 0);
    ClobImpl.check(clob.length() == expected, impl, "length after the last appends");
    if (appended) {
      String tail = clob.getSubString(fullLength + 1, APPENDS_PER_OP);
      ClobImpl.check(tail.equals("x".repeat(APPENDS_PER_OP)), impl, "the appended chars");
    }
    restore();
    ClobImpl.verify(clob, value, impl + "/" + text + " after restore");
    clobImpl.close();
  }

  @Benchmark
  @OperationsPerInvocation(APPENDS_PER_OP)
  public long append() throws SQLException {
    long length = fullLength;
    for (int i = 0; i < APPENDS_PER_OP; i++) {
      clob.setString(++length, "x");
    }
    appended = true;
    return length;
  }
}
