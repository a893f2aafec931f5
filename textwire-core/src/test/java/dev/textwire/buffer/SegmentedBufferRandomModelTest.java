package dev.textwire.buffer;

import static dev.textwire.TestSupport.seedMessage;
import static dev.textwire.buffer.SegmentedBufferTestSupport.SEED;
import static dev.textwire.buffer.SegmentedBufferTestSupport.SEGMENT_SIZES;
import static dev.textwire.buffer.SegmentedBufferTestSupport.expectedUtf8;
import static dev.textwire.buffer.SegmentedBufferTestSupport.firstUnpairedSurrogate;
import static dev.textwire.buffer.SegmentedBufferTestSupport.randomText;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.textwire.ErrorPolicy;
import dev.textwire.Utf8;
import dev.textwire.MalformedTextException;
import dev.textwire.TestSupport;
import dev.textwire.TestSupport.NamedText;
import dev.textwire.buffer.SegmentedBufferTestSupport.PartialChannel;
import dev.textwire.buffer.SegmentedBufferTestSupport.PartialGatheringChannel;
import dev.textwire.buffer.SegmentedBufferTestSupport.RandomArguments;
import dev.textwire.buffer.SegmentedBufferTestSupport.ShortReads;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * SegmentedBuffer against a plain growable byte array: seeded random sequences of every operation, for
 * segment sizes from 1 byte (every write crosses segments, and more segments than one gathering write
 * takes) to 8 KiB (the default, where text mostly takes the one-shot encoder), and for each retention
 * bound. Every failure message names the seed; replay it with {@code -Dtextwire.test.seed=<seed>}.
 */
class SegmentedBufferRandomModelTest {
  /** Enough steps that every operation meets every buffer state (empty, boundary, mid-segment) many times. */
  private static final int STEPS = 1500;

  static Stream<Arguments> configurations() {
    List<Arguments> out = new ArrayList<>();
    for (int size : SEGMENT_SIZES) {
      // 0 keeps nothing; 3.5 segments rounds down to 3, so clear() must drop some of a larger buffer.
      for (long retained : new long[] {0, 3L * size + size / 2, SegmentedBuffer.DEFAULT_MAX_RETAINED_BYTES}) {
        out.add(Arguments.of(size, retained));
      }
    }
    return out.stream();
  }

  @ParameterizedTest(name = "segmentSize={0}, maxRetainedBytes={1}")
  @MethodSource("configurations")
  void randomOperationsAgreeWithTheModel(int segmentSize, long maxRetainedBytes, @TempDir Path dir)
      throws IOException {
    try (FileChannel file =
        FileChannel.open(
            dir.resolve("out.bin"),
            StandardOpenOption.CREATE,
            StandardOpenOption.READ,
            StandardOpenOption.WRITE)) {
      new Session(segmentSize, maxRetainedBytes, file).run(STEPS);
    }
  }

  /** One random run: a buffer, its model, and the step being done, for messages. */
  private static final class Session extends RandomArguments {
    final long maxRetainedBytes;
    final SegmentedBuffer buffer;
    final FileChannel file;
    int step;
    String op = "";

    Session(int segmentSize, long maxRetainedBytes, FileChannel file) {
      // A different stream per configuration, all from the one reported seed.
      super(segmentSize, new SplittableRandom(SEED ^ (segmentSize * 0x9E3779B97F4A7C15L) ^ (maxRetainedBytes * 31)));
      this.maxRetainedBytes = maxRetainedBytes;
      this.buffer = new SegmentedBuffer(segmentSize, maxRetainedBytes);
      this.file = file;
    }

    Supplier<String> where() {
      return () ->
          seedMessage(SEED) + ", segmentSize=" + segmentSize + ", maxRetainedBytes=" + maxRetainedBytes
              + ", step " + step + ": " + op;
    }

    void run(int steps) throws IOException {
      for (step = 0; step < steps; step++) {
        try {
          if (model.size > cap) {
            if (random.nextBoolean()) {
              truncate(random.nextInt(cap / 2));
            } else {
              clear();
            }
          } else {
            randomOperation();
          }
        } catch (RuntimeException e) {
          throw new AssertionError(where().get() + " threw " + e, e); // so the report says how to replay it
        }
        assertEquals(model.size, buffer.size(), where());
        assertTrue(buffer.allocatedBytes() >= buffer.size(), where());
        if (step % 25 == 0) {
          assertContents();
        }
      }
      assertContents();
    }

    void randomOperation() throws IOException {
      switch (random.nextInt(25)) {
        case 0, 1 -> writeByte();
        case 2, 3, 4 -> writeArray();
        case 5, 6 -> writeByteBuffer();
        case 7, 8, 9 -> writeText();
        case 10, 11 -> writeUtf8Range();
        case 12 -> get();
        case 13 -> set();
        case 14 -> truncate(randomOffset(true));
        case 15 -> {
          if (random.nextInt(3) == 0) {
            clear();
          } else {
            get();
          }
        }
        case 16 -> copyToArray();
        case 17 -> copyToByteBuffer();
        case 18 -> toByteArrayRange();
        case 19 -> writeToStream();
        case 20, 21 -> writeToChannel();
        case 22 -> readFromUntilEnd();
        case 23 -> readFromExactly();
        default -> writeThroughOutputStream();
      }
    }

    // ---------------------------------------------------------------------------------------------
    // Appends

    void writeByte() {
      int b = random.nextInt(); // any int: only the low eight bits may land
      op = "writeByte(" + b + ")";
      buffer.writeByte(b);
      model.append((byte) b);
    }

    void writeArray() {
      int length = randomLength();
      int offset = random.nextInt(4);
      byte[] src = randomBytes(offset + length + random.nextInt(4));
      op = "write(byte[" + src.length + "], " + offset + ", " + length + ")";
      if (offset == 0 && length == src.length && random.nextBoolean()) {
        buffer.write(src);
      } else {
        buffer.write(src, offset, length);
      }
      model.append(src, offset, length);
    }

    void writeByteBuffer() {
      int length = randomLength();
      int before = random.nextInt(5);
      byte[] content = randomBytes(before + length + random.nextInt(5));
      ByteBuffer src = randomByteBuffer(content);
      src.position(before).limit(before + length);
      op = "write(" + src + ")";
      buffer.write(src);
      assertEquals(before + length, src.position(), where()); // all remaining consumed...
      assertEquals(before + length, src.limit(), where()); // ...and nothing past the limit
      model.append(content, before, length);
    }

    void writeText() {
      String text = randomText(random, randomTextLength(), random.nextInt(8) == 0);
      NamedText sequence = randomKind(text);
      op = "writeText(" + sequence + " of " + TestSupport.codePoints(text) + ")";
      appendText(text, 0, text.length(), ErrorPolicy.STRICT, () -> buffer.writeText(sequence.text()));
    }

    void writeUtf8Range() {
      String text = randomText(random, randomTextLength(), random.nextInt(8) == 0);
      int begin = random.nextInt(text.length() + 1);
      int end = begin + random.nextInt(text.length() - begin + 1);
      ErrorPolicy policy = ErrorPolicy.values()[random.nextInt(ErrorPolicy.values().length)];
      NamedText sequence = randomKind(text);
      op = "writeText(" + sequence + ", " + begin + ", " + end + ", " + policy + ") of " + TestSupport.codePoints(text);
      appendText(text, begin, end, policy, () -> buffer.writeText(sequence.text(), begin, end, Utf8.codec(policy)));
    }

    /** Appends to the model what the write should append, or checks it threw and changed nothing. */
    void appendText(String text, int begin, int end, ErrorPolicy policy, Supplier<Long> write) {
      int bad = firstUnpairedSurrogate(text, begin, end);
      if (policy == ErrorPolicy.STRICT && bad >= 0) {
        MalformedTextException e = assertThrows(MalformedTextException.class, write::get, where());
        assertEquals(bad, e.charIndex(), where());
        assertContents(); // all or nothing
        return;
      }
      byte[] expected = expectedUtf8(text.substring(begin, end), policy);
      assertEquals(expected.length, (long) write.get(), where());
      model.append(expected, 0, expected.length);
    }

    void readFromUntilEnd() throws IOException {
      byte[] data = randomBytes(randomLength());
      op = "readFrom(stream of " + data.length + ")";
      assertEquals(data.length, buffer.readFrom(new ShortReads(data, random.split())), where());
      model.append(data, 0, data.length);
    }

    void readFromExactly() throws IOException {
      int count = randomLength();
      byte[] data = randomBytes(count + random.nextInt(10));
      ShortReads in = new ShortReads(data, random.split());
      op = "readFrom(stream of " + data.length + ", " + count + ")";
      buffer.readFrom(in, count);
      assertEquals(data.length - count, in.available(), where()); // read no further than asked
      model.append(data, 0, count);
    }

    void writeThroughOutputStream() {
      SegmentedOutputStream out = buffer.outputStream();
      assertSame(out, buffer.outputStream(), where());
      byte[] data = randomBytes(randomLength());
      op = "outputStream().write(byte[" + data.length + "]) and write(int)";
      out.write(data, 0, data.length);
      out.write(0x1FF);
      model.append(data, 0, data.length);
      model.append((byte) 0xFF);
    }

    // ---------------------------------------------------------------------------------------------
    // Reads and edits in place

    void get() {
      if (model.size == 0) {
        op = "get(0) of an empty buffer";
        assertThrows(IndexOutOfBoundsException.class, () -> buffer.get(0), where());
        return;
      }
      long offset = randomOffset(false);
      op = "get(" + offset + ")";
      assertEquals(model.bytes[(int) offset], buffer.get(offset), where());
    }

    void set() {
      if (model.size == 0) {
        op = "set(0) of an empty buffer";
        assertThrows(IndexOutOfBoundsException.class, () -> buffer.set(0, (byte) 1), where());
        return;
      }
      long offset = randomOffset(false);
      byte value = (byte) random.nextInt(256);
      op = "set(" + offset + ", " + value + ")";
      buffer.set(offset, value);
      model.bytes[(int) offset] = value;
      assertEquals(value, buffer.get(offset), where());
      if (random.nextInt(4) == 0) {
        assertContents(); // and no other byte moved
      }
    }

    void truncate(long newSize) {
      op = "truncate(" + newSize + ")";
      long allocated = buffer.allocatedBytes();
      buffer.truncate(newSize);
      model.size = (int) newSize;
      assertEquals(allocated, buffer.allocatedBytes(), where()); // the segments stay for the next writes
      assertContents();
    }

    void clear() {
      op = "clear()";
      long allocated = buffer.allocatedBytes();
      buffer.clear();
      model.size = 0;
      long bound = maxRetainedBytes / segmentSize * segmentSize;
      assertEquals(Math.min(allocated, bound), buffer.allocatedBytes(), where());
      assertEquals(0, buffer.toByteArray().length, where());
    }

    void copyToArray() {
      int[] range = randomRange();
      int dstOffset = random.nextInt(4);
      byte[] dst = randomBytes(dstOffset + range[1] + random.nextInt(4));
      byte[] expected = dst.clone();
      System.arraycopy(model.bytes, range[0], expected, dstOffset, range[1]);
      op = "copyTo(" + range[0] + ", byte[" + dst.length + "], " + dstOffset + ", " + range[1] + ")";
      buffer.copyTo(range[0], dst, dstOffset, range[1]);
      assertArrayEquals(expected, dst, where()); // the range filled, the rest of dst untouched
    }

    void copyToByteBuffer() {
      int[] range = randomRange();
      int before = random.nextInt(4);
      byte[] initial = randomBytes(before + range[1] + random.nextInt(4));
      ByteBuffer dst = randomByteBuffer(initial);
      dst.position(before).limit(before + range[1]);
      byte[] expected = initial.clone();
      System.arraycopy(model.bytes, range[0], expected, before, range[1]);
      op = "copyTo(" + range[0] + ", " + dst + ")";
      buffer.copyTo(range[0], dst);
      assertEquals(before + range[1], dst.position(), where());
      byte[] actual = new byte[initial.length];
      dst.duplicate().clear().get(0, actual);
      assertArrayEquals(expected, actual, where());
    }

    void toByteArrayRange() {
      int[] range = randomRange();
      op = "toByteArray(" + range[0] + ", " + range[1] + ")";
      assertArrayEquals(model.copy(range[0], range[1]), buffer.toByteArray(range[0], range[1]), where());
    }

    void writeToStream() throws IOException {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      if (random.nextBoolean()) {
        op = "writeTo(OutputStream)";
        buffer.writeTo(out);
        assertArrayEquals(model.copy(0, model.size), out.toByteArray(), where());
      } else {
        int[] range = randomRange();
        op = "writeTo(OutputStream, " + range[0] + ", " + range[1] + ")";
        buffer.writeTo(out, range[0], range[1]);
        assertArrayEquals(model.copy(range[0], range[1]), out.toByteArray(), where());
      }
    }

    void writeToChannel() throws IOException {
      byte[] written;
      switch (random.nextInt(4)) {
        case 0 -> {
          op = "writeTo(FileChannel)";
          file.truncate(0).position(0);
          assertEquals(model.size, buffer.writeTo(file), where());
          written = new byte[(int) file.size()];
          ByteBuffer readBack = ByteBuffer.wrap(written);
          while (readBack.hasRemaining() && file.read(readBack, readBack.position()) >= 0) {}
        }
        case 1 -> {
          op = "writeTo(gathering channel with partial writes)";
          PartialGatheringChannel channel = new PartialGatheringChannel(random.split());
          assertEquals(model.size, buffer.writeTo(channel), where());
          written = channel.out.toByteArray();
        }
        case 2 -> {
          op = "writeTo(Channels.newChannel(ByteArrayOutputStream))";
          ByteArrayOutputStream out = new ByteArrayOutputStream();
          WritableByteChannel channel = Channels.newChannel(out);
          assertEquals(model.size, buffer.writeTo(channel), where());
          written = out.toByteArray();
        }
        default -> {
          op = "writeTo(plain channel with partial writes)";
          PartialChannel channel = new PartialChannel(random.split());
          assertEquals(model.size, buffer.writeTo(channel), where());
          written = channel.out.toByteArray();
        }
      }
      assertArrayEquals(model.copy(0, model.size), written, where());
    }

    void assertContents() {
      byte[] expected = model.copy(0, model.size);
      assertArrayEquals(expected, buffer.toByteArray(), where());
      for (int i = 0; i < 8 && model.size > 0; i++) {
        int offset = random.nextInt(model.size);
        assertEquals(expected[offset], buffer.get(offset), where());
      }
    }
  }
}
