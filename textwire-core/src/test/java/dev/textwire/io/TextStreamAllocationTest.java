package dev.textwire.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.textwire.ErrorPolicy;
import dev.textwire.Management;
import dev.textwire.TextCodec;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link TextReader} and {@link TextWriter} allocate nothing per call, in every encoding: once warm, a
 * thousand reads (of one char, of many, and {@code ready()}) and writes (of every kind, pairs split across
 * calls, write(int) of ASCII and of other chars) allocate no more than the allocation counter's noise.
 */
class TextStreamAllocationTest {
  /** What the thread allocation counter may add by itself. */
  private static final long NOISE_BYTES = 256;

  static List<TextCodec> codecs() {
    return CodecStreamSupport.STRICT_CODECS.stream().map(c -> c.withPolicy(ErrorPolicy.REPLACE)).toList();
  }

  /** An InputStream that gives the same bytes over and over, a few at a time, and says some are available. */
  private static final class Repeating extends InputStream {
    private final byte[] bytes;
    private int position;

    Repeating(byte[] bytes) {
      this.bytes = bytes;
    }

    @Override
    public int read() {
      int b = bytes[position] & 0xFF;
      position = (position + 1) % bytes.length;
      return b;
    }

    @Override
    public int read(byte[] b, int off, int len) {
      int count = Math.min(Math.min(len, 7), bytes.length - position);
      System.arraycopy(bytes, position, b, off, count);
      position = (position + count) % bytes.length;
      return count;
    }

    @Override
    public int available() {
      return 3;
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("codecs")
  void readsAllocateNothing(TextCodec codec) throws IOException {
    assumeTrue(Management.countsThreadAllocation(), "this JVM does not count allocation per thread");
    byte[] bytes = codec.encode("hé€😀 \uD800 x\u0000y ÿ\u0100 " + "abc".repeat(10));
    TextReader reader = new TextReader(new Repeating(bytes), codec, 16);
    char[] cbuf = new char[5];
    readRounds(reader, cbuf, 1000); // warm-up
    long id = Thread.currentThread().getId();
    long start = Management.threadAllocatedBytes(id);
    readRounds(reader, cbuf, 1000);
    long allocated = Management.threadAllocatedBytes(id) - start;
    assertTrue(allocated <= NOISE_BYTES, () -> codec + ": 1,000 rounds of reads allocated " + allocated + " bytes");
  }

  private static void readRounds(TextReader reader, char[] cbuf, int rounds) throws IOException {
    for (int r = 0; r < rounds; r++) {
      reader.ready();
      assertTrue(reader.read() >= 0);
      assertTrue(reader.read(cbuf, 0, 1 + r % cbuf.length) > 0);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("codecs")
  void writesAllocateNothing(TextCodec codec) throws IOException {
    assumeTrue(Management.countsThreadAllocation(), "this JVM does not count allocation per thread");
    TextWriter writer = new TextWriter(OutputStream.nullOutputStream(), codec, 64);
    char[] chars = "pair: \uD83D\uDE00, lone: \uDC00, é€ÿ\u0100".toCharArray();
    StringBuilder builder = new StringBuilder("a builder of chars \uD83D");
    writeRounds(writer, chars, builder, 1000); // warm-up
    long id = Thread.currentThread().getId();
    long start = Management.threadAllocatedBytes(id);
    writeRounds(writer, chars, builder, 1000);
    long allocated = Management.threadAllocatedBytes(id) - start;
    assertTrue(allocated <= NOISE_BYTES, () -> codec + ": 1,000 rounds of writes allocated " + allocated + " bytes");
    assertEquals(2000L * (1 + chars.length + 5 + builder.length() + 1 + 3), writer.charsWritten());
  }

  private static void writeRounds(TextWriter writer, char[] chars, StringBuilder builder, int rounds) throws IOException {
    for (int r = 0; r < rounds; r++) {
      writer.write('a');
      writer.write(chars, 0, chars.length);
      writer.write("hello", 0, 5);
      writer.append(builder); // ends with a high surrogate: the next call pairs it
      writer.write(0xDE00);
      writer.append("\u00E9x\u0000", 0, 3);
    }
  }
}
