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
 * {@code setString} of one char in the middle of a large Clob (15,728,640 chars), at the first 'a' after
 * the middle:
 *
 * <ul>
 *   <li>{@code setStringSameWidth}: 'b' over 'a' (one UTF-8 byte over one);
 *   <li>{@code setStringWidthChange}: 'Ж' over 'a' (two UTF-8 bytes over one).
 * </ul>
 *
 * Each operation writes the other of its two chars ('b' then 'a' then 'b'..., 'Ж' then 'a'...), so every
 * write is a real change, and in the second every write changes the stored byte width (one to two, then
 * two to one), with no reset between operations.
 *
 * <p>Not {@code h2}: H2's Clobs are read-only (setString throws), so the impl parameter leaves it out.
 * The setup writes the 'a' that is already there once before measuring: a Clob read from Derby's table
 * makes its temporary copy (15 M chars) on the first write, and that one-off copy is not what the rows
 * measure (ClobAccessTest's "Modified" tests also modify once before timing the reads).
 */
public class ClobWriteBenchmark extends BenchBase {
  @Param({
    ClobImpl.TEXTWIRE, ClobImpl.TEXTWIRE_SPILLED, ClobImpl.DERBY_TABLE, ClobImpl.DERBY_CREATE, ClobImpl.SERIAL
  })
  public String impl;

  @Param({"alphabet", "mixed"})
  public String text;

  ClobImpl clobImpl;
  Clob clob;
  long middle;
  boolean writeOther;

  @Setup(Level.Trial)
  public void setUp() throws SQLException, IOException {
    String value = ClobTexts.build(text, ClobTexts.LARGE_CHARS);
    clobImpl = ClobImpl.open(impl);
    clob = clobImpl.large(value);
    middle = ClobTexts.middleA(value);
    clob.setString(middle, "a");
    ClobImpl.verify(clob, value, impl + "/" + text);
  }

  @TearDown(Level.Trial)
  public void tearDown() throws SQLException {
    clobImpl.close();
  }

  @Benchmark
  public int setStringSameWidth() throws SQLException {
    writeOther = !writeOther;
    return clob.setString(middle, writeOther ? "b" : "a");
  }

  @Benchmark
  public int setStringWidthChange() throws SQLException {
    writeOther = !writeOther;
    return clob.setString(middle, writeOther ? "Ж" : "a");
  }
}
