package dev.textwire.clob.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.textwire.MalformedTextException;
import dev.textwire.Utf8;
import dev.textwire.buffer.SegmentedBuffer;
import dev.textwire.clob.TextClob;
import java.io.InputStream;
import java.sql.SQLException;
import java.util.HexFormat;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * Coverage-guided fuzzing of the one place a TextClob parses untrusted bytes: {@code buildFromUtf8} from
 * an array, from a stream that hands the bytes over in fuzzer-chosen pieces, and from a segmented buffer,
 * with tiny segments and a tiny spill threshold so every boundary is crossed. Each either holds exactly
 * the core's strict decoding of the bytes, or refuses them with SQLState 22021 whose cause is the core's
 * error at the same byte offset; never anything else, and all three agree.
 */
// One fuzz test class at a time: Jazzer keeps its last finding in a static field.
@ResourceLock("jazzer")
class ClobUtf8SourceFuzzTest {

  @FuzzTest(maxDuration = "30s")
  void buildFromUtf8(FuzzedDataProvider data) throws Exception {
    int pieceBytes = 1 + (data.consumeInt() & 0x1F);
    int segmentBytes = 8 + (data.consumeInt() & 0x3F);
    byte[] input = data.consumeRemainingAsBytes();
    String where = HexFormat.ofDelimiter(" ").formatHex(input);

    String expected = null;
    MalformedTextException expectedError = null;
    try {
      expected = Utf8.decode(input);
    } catch (MalformedTextException e) {
      expectedError = e;
    }
    TextClob.Builder builder = TextClob.builder().segmentBytes(segmentBytes).spillThreshold(64);
    SegmentedBuffer buffer = new SegmentedBuffer(16);
    buffer.write(input);
    check(expected, expectedError, () -> builder.buildFromUtf8(input, 0, input.length), where + " (array)");
    check(expected, expectedError, () -> builder.buildFromUtf8(new Trickle(input, pieceBytes)),
        where + " (stream, " + pieceBytes + "-byte pieces)");
    check(expected, expectedError, () -> builder.buildFromUtf8(buffer), where + " (segmented buffer)");
  }

  private interface Build {
    TextClob build() throws SQLException;
  }

  private static void check(String expected, MalformedTextException expectedError, Build build, String where)
      throws SQLException {
    TextClob clob;
    try {
      clob = build.build();
    } catch (SQLException e) {
      assertTrue(expectedError != null, where + ": refused well-formed UTF-8: " + e);
      assertEquals("22021", e.getSQLState(), where);
      MalformedTextException cause = assertInstanceOf(MalformedTextException.class, e.getCause(), where);
      assertEquals(expectedError.byteOffset(), cause.byteOffset(), where + ": " + e.getMessage());
      return;
    }
    try {
      assertTrue(expectedError == null, where + ": accepted malformed UTF-8 (" + expectedError + ")");
      assertEquals(expected.length(), clob.length(), where);
      assertEquals(expected, clob.getSubString(1, Integer.MAX_VALUE), where);
    } finally {
      clob.free();
    }
  }

  /** Hands the bytes over a few at a time, as a socket would. */
  private static final class Trickle extends InputStream {
    private final byte[] bytes;
    private final int pieceBytes;
    private int position;

    Trickle(byte[] bytes, int pieceBytes) {
      this.bytes = bytes;
      this.pieceBytes = pieceBytes;
    }

    @Override
    public int read() {
      return position < bytes.length ? bytes[position++] & 0xFF : -1;
    }

    @Override
    public int read(byte[] dst, int offset, int length) {
      if (position == bytes.length) {
        return -1;
      }
      int n = Math.min(Math.min(length, pieceBytes), bytes.length - position);
      System.arraycopy(bytes, position, dst, offset, n);
      position += n;
      return n;
    }
  }
}
