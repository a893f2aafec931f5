package dev.textwire.bench;

import dev.textwire.clob.TextClob;
import java.sql.SQLException;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

/**
 * TextClob's {@code length()} at 1 K, 15 M and 3 billion chars of the a..z alphabet: the length is kept,
 * so the three should be the same (and 0 B/op). textwire only: no peer here holds 3 G chars in a 1 GiB heap.
 *
 * <p>1 K and 15 M are in memory; 3 G is spilled ({@code spillThreshold(0)}) and built once per trial by
 * appending 1 M-char pieces, which writes 3 GB to java.io.tmpdir (the file goes when the trial ends) and
 * takes a while before the first warm-up iteration.
 */
public class ClobLengthBenchmark extends BenchBase {
  /** A piece of whole alphabets (26 * 40,330 chars), so appended pieces continue the a..z cycle. */
  private static final int APPEND_PIECE_CHARS = 26 * 40_330;

  @Param({"1024", "15728640", "3000000000"})
  public long chars;

  TextClob clob;

  @Setup(Level.Trial)
  public void setUp() throws SQLException {
    if (chars <= ClobTexts.LARGE_CHARS) {
      String value = ClobTexts.alphabet((int) chars);
      clob = TextClob.builder().spillThreshold(ClobImpl.IN_MEMORY_SPILL_THRESHOLD).build(value);
      ClobImpl.check(!clob.isSpilled(), "textwire", chars + " chars are in memory");
    } else {
      String piece = ClobTexts.alphabet(APPEND_PIECE_CHARS);
      clob = TextClob.builder().spillThreshold(0).build();
      long length = 0;
      while (length < chars) {
        int pieceChars = (int) Math.min(APPEND_PIECE_CHARS, chars - length);
        clob.setString(length + 1, piece, 0, pieceChars);
        length += pieceChars;
      }
      ClobImpl.check(clob.isSpilled(), "textwire", chars + " chars are spilled");
      String end = clob.getSubString(chars - 25, 26);
      long firstIndex = chars - 26;
      ClobImpl.check(end.charAt(0) == (char) ('a' + firstIndex % 26), "textwire", "the last 26 chars: " + end);
    }
    ClobImpl.check(clob.length() == chars, "textwire", "length() is " + clob.length() + ", expected " + chars);
  }

  @TearDown(Level.Trial)
  public void tearDown() throws SQLException {
    clob.close();
  }

  @Benchmark
  public long length() throws SQLException {
    return clob.length();
  }
}
