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
 * One large Clob read piece by piece, a new {@code getSubString} per piece of {@code pieceChars} (10, 1,000
 * and 32,676, ClobAccessTest's MAX_BSIZE), every implementation of {@link ClobImpl} side by side:
 *
 * <ul>
 *   <li>{@code forward}: consecutive pieces from the start to the end, then from the start again
 *       (testFetchLargeClobPieceByPiece; the last piece is shorter when pieceChars does not divide the
 *       length);
 *   <li>{@code backward}: consecutive pieces from the end to the start, then from the end again. Unlike
 *       testFetchLargeClobPieceByPieceBackwards, which stays inside one 8 K window (Derby's internal
 *       buffer), this walks the whole value.
 * </ul>
 *
 * Derby's test reads the whole value in one go; here an operation is 16 calls, going on from where the
 * previous operation stopped, so an operation stays measurable at 10-char pieces (1.5 M calls for the
 * whole value) as well as for the implementations that pay a skip from the start for each call (H2 in
 * both directions, Derby going backward: up to 0.3 s per call at 32,676 chars). The score is per
 * getSubString call ({@code @OperationsPerInvocation(16)}, B/op too): multiply by
 * 15,728,640 / pieceChars for the whole value.
 *
 * <p>Both walks start at the middle of the value. A slow implementation covers only a stretch of it in a
 * run, and where that stretch lies matters when a call's cost grows with its position (a skip from the
 * start): the middle's cost is then the average over a whole read. For an implementation that keeps a
 * cursor, where the walk starts does not matter.
 */
public class ClobPieceBenchmark extends BenchBase {
  static final int PIECES_PER_OP = 16;

  @Param({
    ClobImpl.TEXTWIRE, ClobImpl.TEXTWIRE_SPILLED, ClobImpl.DERBY_TABLE, ClobImpl.DERBY_CREATE, ClobImpl.H2,
    ClobImpl.SERIAL
  })
  public String impl;

  @Param({"alphabet", "mixed"})
  public String text;

  @Param({"10", "1000", "32676"})
  public int pieceChars;

  ClobImpl clobImpl;
  Clob clob;
  long length;
  /** 1-based position of the next forward piece. */
  long forwardPos;
  /** 1-based position one past the end of the next backward piece. */
  long backwardEnd;

  @Setup(Level.Trial)
  public void setUp() throws SQLException, IOException {
    String value = ClobTexts.build(text, ClobTexts.LARGE_CHARS);
    clobImpl = ClobImpl.open(impl);
    clob = clobImpl.large(value);
    ClobImpl.verify(clob, value, impl + "/" + text);
    length = value.length();
    forwardPos = length / 2 + 1;
    backwardEnd = length / 2 + 1;
    // The piece backward reads first (and forward last, at 10 chars): verify checked other windows.
    String last = clob.getSubString(length - pieceChars + 1, pieceChars);
    ClobImpl.check(last.equals(value.substring(value.length() - pieceChars)), impl, "last piece");
  }

  @TearDown(Level.Trial)
  public void tearDown() throws SQLException {
    clobImpl.close();
  }

  @Benchmark
  @OperationsPerInvocation(PIECES_PER_OP)
  public long forward() throws SQLException {
    long sum = 0;
    long pos = forwardPos;
    for (int i = 0; i < PIECES_PER_OP; i++) {
      int chars = (int) Math.min(pieceChars, length - pos + 1);
      String piece = clob.getSubString(pos, chars);
      sum += piece.charAt(piece.length() - 1);
      pos += chars;
      if (pos > length) {
        pos = 1;
      }
    }
    forwardPos = pos;
    return sum;
  }

  @Benchmark
  @OperationsPerInvocation(PIECES_PER_OP)
  public long backward() throws SQLException {
    long sum = 0;
    long end = backwardEnd;
    for (int i = 0; i < PIECES_PER_OP; i++) {
      long pos = Math.max(1, end - pieceChars);
      String piece = clob.getSubString(pos, (int) (end - pos));
      sum += piece.charAt(0);
      end = pos == 1 ? length + 1 : pos;
    }
    backwardEnd = end;
    return sum;
  }
}
