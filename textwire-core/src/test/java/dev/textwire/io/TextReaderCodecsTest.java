package dev.textwire.io;

import static dev.textwire.TestSupport.seedMessage;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.textwire.ErrorPolicy;
import dev.textwire.MalformedTextException;
import dev.textwire.TestSupport;
import dev.textwire.TextCodec;
import dev.textwire.io.CodecStreamSupport.PieceInputStream;
import dev.textwire.io.TextReaderTest.Result;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link TextReader} for every codec under every policy, its stream cut into pieces at every split point
 * (one or two cuts, and one byte at a time) for small inputs and at random for larger ones, read one char
 * at a time, in large reads and in random mixes. The model is the codec's one-shot {@link TextCodec#decode}
 * of all the bytes: the same chars under a replacing policy; under STRICT the chars of the valid prefix,
 * then a {@link MalformedStreamException} where the one-shot decoding fails, with the chars delivered.
 */
class TextReaderCodecsTest {
  static List<TextCodec> codecs() {
    return CodecStreamSupport.allCodecs();
  }

  /** How a test reads: one char at a time, in large reads, or a random mix of every kind of read. */
  enum Reads {
    ONE_CHAR,
    LARGE,
    RANDOM
  }

  /** What the one-shot codec makes of {@code bytes}: the chars, and under STRICT the first error. */
  record Model(String chars, MalformedTextException error) {
    static Model of(TextCodec codec, byte[] bytes) {
      try {
        return new Model(codec.decode(bytes), null);
      } catch (MalformedTextException e) {
        return new Model(codec.decode(bytes, 0, (int) e.byteOffset()), e);
      }
    }
  }

  /** Reads {@code bytes} through pieces ending at {@code ends} and compares with the model. */
  private static void check(TextCodec codec, byte[] bytes, int[] ends, int bufferSize, Reads reads, SplittableRandom random, Supplier<String> context) {
    Supplier<String> ctx = () -> context.get() + ", " + codec + ", buffer " + bufferSize + ", " + reads + ", pieces end at "
        + java.util.Arrays.toString(ends) + ": " + TestSupport.hex(bytes);
    Model model = Model.of(codec, bytes);
    TextReader reader = new TextReader(new PieceInputStream(bytes, ends), codec, bufferSize);
    Result result = read(reader, reads, random, ctx);
    assertEquals(TestSupport.codePoints(model.chars()), TestSupport.codePoints(result.chars()), ctx);
    assertEquals(model.chars().length(), reader.charsRead(), ctx);
    MalformedTextException expected = model.error();
    MalformedStreamException e = result.error();
    if (expected == null) {
      assertNull(e, ctx);
      return;
    }
    assertEquals(ErrorPolicy.STRICT, codec.policy(), ctx);
    if (e == null) {
      fail(ctx.get() + ": no error; the one-shot decoding fails at byte " + expected.byteOffset());
    }
    assertEquals(expected.byteOffset(), e.byteOffset(), () -> ctx.get() + ": byteOffset");
    assertEquals(model.chars().length(), e.charIndex(), () -> ctx.get() + ": charIndex = chars delivered");
    assertEquals(expected.malformedLength(), e.getInputLength(), () -> ctx.get() + ": malformed length");
    assertEquals(expected.isTruncated(), e.isTruncated(), () -> ctx.get() + ": isTruncated");
    assertInstanceOf(MalformedTextException.class, e.getCause(), ctx);
    // The reader stays before the bad bytes: reading again throws again, and delivers nothing.
    try {
      reader.read();
      fail(ctx.get() + ": a read after the error did not throw");
    } catch (MalformedStreamException again) {
      assertEquals(e.byteOffset(), again.byteOffset(), ctx);
      assertEquals(e.charIndex(), again.charIndex(), ctx);
    } catch (IOException other) {
      throw new AssertionError(ctx.get() + ": " + other, other);
    }
  }

  private static Result read(TextReader reader, Reads reads, SplittableRandom random, Supplier<String> ctx) {
    if (reads == Reads.RANDOM) {
      return TextReaderTest.readAll(reader, random, ctx);
    }
    StringBuilder sb = new StringBuilder();
    char[] cbuf = new char[1024];
    try {
      while (true) {
        if (reads == Reads.ONE_CHAR) {
          int c = reader.read();
          if (c < 0) {
            break;
          }
          sb.append((char) c);
        } else {
          int n = reader.read(cbuf, 0, cbuf.length);
          if (n < 0) {
            break;
          }
          assertTrue(n > 0, ctx);
          sb.append(cbuf, 0, n);
        }
        assertEquals(sb.length(), reader.charsRead(), ctx);
      }
    } catch (MalformedStreamException e) {
      return new Result(sb.toString(), e);
    } catch (IOException | RuntimeException e) {
      throw new AssertionError(ctx.get() + ": after " + sb.length() + " chars: " + e, e);
    }
    return new Result(sb.toString(), null);
  }

  /** Small inputs: the edge texts in this codec, and short random bytes. */
  private static List<byte[]> smallInputs(TextCodec codec, SplittableRandom random) {
    List<byte[]> inputs = new ArrayList<>();
    TextCodec replacing = codec.withPolicy(ErrorPolicy.REPLACE);
    for (String text : CodecStreamSupport.EDGE_TEXTS) {
      inputs.add(replacing.encode(text));
    }
    for (int i = 0; i < 40; i++) {
      inputs.add(CodecStreamSupport.randomBytes(codec, random, 1 + random.nextInt(12)));
    }
    return inputs;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("codecs")
  void smallInputsCutAtEverySplitPoint(TextCodec codec) {
    long seed = TestSupport.seed(0xC0DEC_2EADL);
    SplittableRandom random = new SplittableRandom(seed);
    List<byte[]> inputs = smallInputs(codec, random);
    for (int i = 0; i < inputs.size(); i++) {
      byte[] bytes = inputs.get(i);
      int n = i;
      Supplier<String> ctx = () -> "input " + n + ", " + seedMessage(seed);
      for (int[] ends : CodecStreamSupport.cutsUpToTwo(bytes.length)) {
        for (Reads reads : Reads.values()) {
          check(codec, bytes, ends, TextReader.DEFAULT_BUFFER_SIZE, reads, random, ctx);
        }
      }
      int[] alone = CodecStreamSupport.everyItemAlone(bytes.length);
      for (Reads reads : Reads.values()) {
        check(codec, bytes, alone, TextReader.DEFAULT_BUFFER_SIZE, reads, random, ctx);
        check(codec, bytes, new int[] {bytes.length}, 1, reads, random, ctx); // a one-byte buffer
      }
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("codecs")
  void largerInputsCutAtRandom(TextCodec codec) {
    long seed = TestSupport.seed(0xC0DEC_1A26EL);
    SplittableRandom random = new SplittableRandom(seed);
    int[] bufferSizes = {1, 3, 7, 64, TextReader.DEFAULT_BUFFER_SIZE};
    for (int t = 0; t < 120; t++) {
      int length = random.nextInt(8) == 0 ? random.nextInt(20_000) : random.nextInt(400);
      byte[] bytes = CodecStreamSupport.randomBytes(codec, random, length);
      int maxPiece = new int[] {1, 3, 16, 300, 1 << 16}[random.nextInt(5)];
      int[] ends = CodecStreamSupport.randomCuts(random, bytes.length, maxPiece);
      int bufferSize = bufferSizes[random.nextInt(bufferSizes.length)];
      Reads reads = Reads.values()[random.nextInt(Reads.values().length)];
      int n = t;
      check(codec, bytes, ends, bufferSize, reads, random, () -> "input " + n + " (" + bytes.length + " bytes), " + seedMessage(seed));
    }
  }

  /**
   * Bytes that arrive a few at a time, read only while {@link TextReader#ready()} says a read will not
   * block (the stream fails the test on a read that would), with stream reads that fail now and then:
   * every char once, in order, and a strict error where the model has it.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("codecs")
  void readyOverPacedStreamsWithFailingReads(TextCodec codec) {
    long seed = TestSupport.seed(0xC0DEC_7EADL);
    SplittableRandom random = new SplittableRandom(seed);
    int readsOnReady = 0;
    for (int t = 0; t < 150; t++) {
      int length = random.nextInt(5) == 0 ? random.nextInt(3000) : random.nextInt(40);
      byte[] bytes = CodecStreamSupport.randomBytes(codec, random, length);
      int bufferSize = new int[] {1, 4, 7, TextReader.DEFAULT_BUFFER_SIZE}[random.nextInt(4)];
      long firstFailure = 1 + random.nextInt(1 + bytes.length / 2);
      int outage = 1 + random.nextInt(3);
      int n = t;
      Supplier<String> ctx = () -> "input " + n + " (" + bytes.length + " bytes), " + codec + ", buffer " + bufferSize
          + ", reads " + firstFailure + "+" + outage + " fail, " + seedMessage(seed);
      Model model = Model.of(codec, bytes);
      PacedInputStream stream = new PacedInputStream(bytes, random, firstFailure, outage);
      TextReader reader = new TextReader(stream, codec, bufferSize);
      StringBuilder sb = new StringBuilder();
      char[] cbuf = new char[16];
      MalformedStreamException error = null;
      boolean end = false;
      while (!end && error == null) {
        stream.release(random.nextInt(4) == 0 ? 1 + random.nextInt(40) : random.nextInt(4));
        try {
          while (!end && (stream.allReleased() || reader.ready())) {
            readsOnReady += stream.allReleased() ? 0 : 1;
            int count;
            if (random.nextBoolean()) {
              int c = reader.read();
              count = c < 0 ? -1 : 1;
              cbuf[0] = (char) c;
            } else {
              count = reader.read(cbuf, 0, 1 + random.nextInt(cbuf.length));
            }
            if (count < 0) {
              end = true;
            } else {
              sb.append(cbuf, 0, count);
            }
          }
        } catch (MalformedStreamException e) {
          error = e;
        } catch (IOException e) {
          // the stream failed: the next round reads on
        }
      }
      assertEquals(TestSupport.codePoints(model.chars()), TestSupport.codePoints(sb.toString()), () -> ctx.get() + ": every char once, in order");
      long expectedOffset = model.error() == null ? -1 : model.error().byteOffset();
      assertEquals(expectedOffset, error == null ? -1 : error.byteOffset(), ctx);
      if (error != null) {
        assertEquals(sb.length(), error.charIndex(), ctx);
      }
    }
    assertTrue(readsOnReady > 1000, "ready() was seldom true: " + readsOnReady);
  }
}
