package dev.textwire.buffer;

import static dev.textwire.TestSupport.seedMessage;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.textwire.ErrorPolicy;
import dev.textwire.Utf8ReferenceEncoder;
import dev.textwire.MalformedTextException;
import dev.textwire.TestSupport;
import dev.textwire.TestSupport.NamedText;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.GatheringByteChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * SegmentedBuffer against a plain growable byte array: seeded random sequences of every operation, for
 * segment sizes from 1 byte (every write crosses segments, and more segments than one gathering write
 * takes) to 8 KiB (the default, where text mostly takes the one-shot encoder), and for each retention
 * bound. Then the error paths, one by one. Every failure message names the seed; replay it with
 * {@code -Dtextwire.test.seed=<seed>}.
 */
class SegmentedBufferModelTest {
  private static final long SEED = TestSupport.seed(0x5E6_B0FF_E12L);

  private static final int[] SEGMENT_SIZES = {1, 2, 4, 8, 64, 4096, 8192};

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
  private static final class Session {
    final int segmentSize;
    final long maxRetainedBytes;
    final SegmentedBuffer buffer;
    final ByteModel model = new ByteModel();
    final SplittableRandom random;
    final FileChannel file;
    /** Above this the run shrinks the buffer, so a 1-byte-segment run stays quick yet passes 1024 segments. */
    final int cap;
    int step;
    String op = "";

    Session(int segmentSize, long maxRetainedBytes, FileChannel file) {
      this.segmentSize = segmentSize;
      this.maxRetainedBytes = maxRetainedBytes;
      this.buffer = new SegmentedBuffer(segmentSize, maxRetainedBytes);
      this.file = file;
      // A different stream per configuration, all from the one reported seed.
      this.random = new SplittableRandom(SEED ^ (segmentSize * 0x9E3779B97F4A7C15L) ^ (maxRetainedBytes * 31));
      this.cap = Math.max(6000, 8 * segmentSize);
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
        case 7, 8, 9 -> writeUtf8();
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

    void writeUtf8() {
      String text = randomText(random, randomTextLength(), random.nextInt(8) == 0);
      NamedText sequence = randomKind(text);
      op = "writeUtf8(" + sequence + " of " + TestSupport.codePoints(text) + ")";
      appendText(text, 0, text.length(), ErrorPolicy.STRICT, () -> buffer.writeUtf8(sequence.text()));
    }

    void writeUtf8Range() {
      String text = randomText(random, randomTextLength(), random.nextInt(8) == 0);
      int begin = random.nextInt(text.length() + 1);
      int end = begin + random.nextInt(text.length() - begin + 1);
      ErrorPolicy policy = ErrorPolicy.values()[random.nextInt(ErrorPolicy.values().length)];
      NamedText sequence = randomKind(text);
      op = "writeUtf8(" + sequence + ", " + begin + ", " + end + ", " + policy + ") of " + TestSupport.codePoints(text);
      appendText(text, begin, end, policy, () -> buffer.writeUtf8(sequence.text(), begin, end, policy));
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

    // ---------------------------------------------------------------------------------------------
    // Random arguments

    /** Lengths that are tiny, around a segment or two, or exactly to the end of the current segment (± 2). */
    int randomLength() {
      switch (random.nextInt(4)) {
        case 0:
          return random.nextInt(8);
        case 1:
          return random.nextInt(65);
        case 2:
          return random.nextInt(Math.min(2 * segmentSize + 8, 20_000));
        default:
          int toBoundary = segmentSize - model.size % segmentSize;
          return Math.max(0, toBoundary + random.nextInt(-2, 3));
      }
    }

    /** Chars: short enough for the one-shot encoder path, or long enough to cross several segments. */
    int randomTextLength() {
      return switch (random.nextInt(3)) {
        case 0 -> random.nextInt(8);
        case 1 -> random.nextInt(100);
        default -> random.nextInt(Math.min(cap / 3, 3 * segmentSize + 16));
      };
    }

    /** An offset in the buffer, often next to a segment boundary; {@code inclusive} allows size(). */
    long randomOffset(boolean inclusive) {
      int bound = inclusive ? model.size + 1 : model.size;
      if (random.nextBoolean() && model.size > segmentSize) {
        int boundary = segmentSize * random.nextInt(1, model.size / segmentSize + 1);
        return Math.max(0, Math.min(bound - 1, boundary + random.nextInt(-1, 2)));
      }
      return random.nextInt(bound);
    }

    /** {offset, length} inside the buffer, including empty ranges and ranges that end at size(). */
    int[] randomRange() {
      int offset = (int) randomOffset(true);
      int length =
          random.nextInt(4) == 0 ? model.size - offset : random.nextInt(model.size - offset + 1);
      return new int[] {offset, length};
    }

    byte[] randomBytes(int length) {
      byte[] out = new byte[length];
      for (int i = 0; i < length; i++) {
        out[i] = (byte) random.nextInt(256);
      }
      return out;
    }

    /** Heap (plain or a slice with an array offset) or direct, holding {@code content} from index 0. */
    ByteBuffer randomByteBuffer(byte[] content) {
      return switch (random.nextInt(3)) {
        case 0 -> ByteBuffer.wrap(content.clone());
        case 1 -> {
          byte[] padded = new byte[content.length + 3];
          System.arraycopy(content, 0, padded, 3, content.length);
          yield ByteBuffer.wrap(padded, 3, content.length).slice();
        }
        default -> ByteBuffer.allocateDirect(content.length).put(content).clear();
      };
    }

    NamedText randomKind(String text) {
      List<NamedText> kinds = TestSupport.charSequences(text);
      return kinds.get(random.nextInt(kinds.size()));
    }
  }

  // -----------------------------------------------------------------------------------------------
  // Errors

  @Test
  void getAndSetOutsideTheBufferThrow() {
    SegmentedBuffer buffer = new SegmentedBuffer(4);
    assertThrows(IndexOutOfBoundsException.class, () -> buffer.get(0), "empty buffer");
    buffer.write(new byte[10]);
    for (long index : new long[] {-1, 10, 11, 12, Long.MAX_VALUE, Long.MIN_VALUE, 1L << 32}) {
      assertThrows(IndexOutOfBoundsException.class, () -> buffer.get(index), "get(" + index + ")");
      assertThrows(IndexOutOfBoundsException.class, () -> buffer.set(index, (byte) 1), "set(" + index + ")");
    }
    // Bytes past a truncation are still in the segment, but no longer the buffer's.
    buffer.truncate(5);
    assertThrows(IndexOutOfBoundsException.class, () -> buffer.get(5));
    assertThrows(IndexOutOfBoundsException.class, () -> buffer.set(7, (byte) 1));
    buffer.clear();
    assertThrows(IndexOutOfBoundsException.class, () -> buffer.get(0), "after clear()");
    assertEquals(0, buffer.size());
  }

  /** Ranges that do not fit: past the end, negative, and so large that offset + length overflows. */
  static Stream<Arguments> rangesOutside() {
    return Stream.of(
        Arguments.of(990L, 37L),
        Arguments.of(1000L, 1L),
        Arguments.of(1001L, 0L),
        Arguments.of(-1L, 5L),
        Arguments.of(5L, -1L),
        Arguments.of(Long.MAX_VALUE, 2L),
        Arguments.of(3L, Long.MAX_VALUE));
  }

  @ParameterizedTest(name = "offset={0}, length={1}")
  @MethodSource("rangesOutside")
  void rangesOutsideTheBufferAreRefusedWithAMessage(long offset, long length) {
    SegmentedBuffer buffer = new SegmentedBuffer(64);
    byte[] content = new byte[1000];
    new SplittableRandom(SEED).nextBytes(content);
    buffer.write(content);
    ByteArrayOutputStream out = new ByteArrayOutputStream();

    List<Executable> calls = new ArrayList<>();
    calls.add(() -> buffer.toByteArray(offset, length));
    calls.add(() -> buffer.writeTo(out, offset, length));
    if (length >= 0 && length <= 1000) {
      // Within the destination, so what fails is the buffer's range, not the array's.
      calls.add(() -> buffer.copyTo(offset, new byte[(int) length], 0, (int) length));
      calls.add(() -> buffer.copyTo(offset, ByteBuffer.allocate((int) length)));
    }
    for (Executable call : calls) {
      IndexOutOfBoundsException e = assertThrows(IndexOutOfBoundsException.class, call);
      String message = String.valueOf(e.getMessage());
      for (long number : new long[] {offset, length, 1000}) {
        assertTrue(message.contains(String.valueOf(number)), "message should name " + number + ": " + message);
      }
    }
    assertEquals(0, out.size(), "nothing written before the range was refused");
    assertArrayEquals(content, buffer.toByteArray());
  }

  @Test
  void copyToADestinationTooSmallIsRefused() {
    SegmentedBuffer buffer = new SegmentedBuffer(8);
    buffer.write(new byte[100]);
    assertThrows(IndexOutOfBoundsException.class, () -> buffer.copyTo(0, new byte[10], 5, 6));
    assertThrows(IndexOutOfBoundsException.class, () -> buffer.copyTo(0, new byte[10], -1, 2));
    assertThrows(IndexOutOfBoundsException.class, () -> buffer.copyTo(0, new byte[10], 0, -1));
  }

  @ParameterizedTest(name = "segmentSize={0}")
  @ValueSource(ints = {1, 8, 64, 8192})
  void readFromAStreamThatEndsEarlyKeepsWhatArrived(int segmentSize) throws IOException {
    SplittableRandom random = new SplittableRandom(SEED);
    byte[] prefix = {1, 2, 3};
    byte[] data = new byte[100];
    random.nextBytes(data);
    SegmentedBuffer buffer = new SegmentedBuffer(segmentSize);
    buffer.write(prefix);

    EOFException e =
        assertThrows(EOFException.class, () -> buffer.readFrom(new ShortReads(data, random), 150), seedMessage(SEED));
    assertTrue(String.valueOf(e.getMessage()).contains("100"), "says how many arrived: " + e.getMessage());
    assertEquals(103, buffer.size(), seedMessage(SEED));
    assertArrayEquals(TestSupport.concat(prefix, data), buffer.toByteArray(), seedMessage(SEED));

    // Still usable, and the next bytes follow the ones that arrived.
    buffer.readFrom(new ByteArrayInputStream(new byte[] {9}), 1);
    assertEquals(9, buffer.get(103));
  }

  @Test
  void readFromZeroOrANegativeCount() throws IOException {
    SegmentedBuffer buffer = new SegmentedBuffer(8);
    ByteArrayInputStream in = new ByteArrayInputStream(new byte[5]);
    buffer.readFrom(in, 0);
    assertEquals(5, in.available(), "asked for nothing, read nothing");
    assertThrows(IllegalArgumentException.class, () -> buffer.readFrom(in, -1));
    assertEquals(0, buffer.size());
  }

  @ParameterizedTest(name = "segmentSize={0}")
  @ValueSource(ints = {0, -1, -8, 3, 6, 12, 100, 3 << 20, (1 << 30) + 1, (1 << 30) + (1 << 29), Integer.MIN_VALUE, Integer.MAX_VALUE})
  void constructorRejectsASegmentSizeThatIsNotAPowerOfTwoUpTo2To30(int segmentSize) {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> new SegmentedBuffer(segmentSize, 1024));
    assertTrue(e.getMessage().contains(String.valueOf(segmentSize)), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> new SegmentedBuffer(segmentSize));
  }

  @ParameterizedTest(name = "segmentSize={0}")
  @ValueSource(ints = {1, 2, 1024, 1 << 30})
  void constructorAcceptsPowersOfTwoUpTo2To30(int segmentSize) {
    SegmentedBuffer buffer = new SegmentedBuffer(segmentSize, 0);
    assertEquals(segmentSize, buffer.segmentSize());
    assertEquals(0, buffer.size());
    assertEquals(0, buffer.allocatedBytes(), "nothing allocated before the first write");
  }

  @Test
  void constructorRejectsANegativeMaxRetainedBytes() {
    for (long bad : new long[] {-1, -4096, Long.MIN_VALUE}) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> new SegmentedBuffer(64, bad), "" + bad);
      assertTrue(e.getMessage().contains(String.valueOf(bad)), e.getMessage());
    }
    new SegmentedBuffer(64, 0);
    new SegmentedBuffer(64, Long.MAX_VALUE);
  }

  // -----------------------------------------------------------------------------------------------
  // Unpaired surrogates: strict is all or nothing, the replacements are the documented bytes

  /** Where the unpaired surrogate goes in a long text that spans several segments. */
  enum Placement {
    FIRST,
    SECOND,
    /** The first char that starts two segment boundaries into the text: earlier segments already written. */
    AFTER_SEGMENT_BOUNDARY,
    /** A high surrogate as the very last char. */
    LAST,
    /** The range ends with a high surrogate; the low half after it is outside the range. */
    HIGH_AT_RANGE_END_BEFORE_LOW,
    /** The range starts with a low surrogate; the high half before it is outside the range. */
    LOW_AT_RANGE_START_AFTER_HIGH,
    /** A 10-char text: for large segments it takes the one-shot path, not the resumable encoder. */
    SHORT_TEXT
  }

  static Stream<Arguments> surrogateCases() {
    List<Arguments> out = new ArrayList<>();
    for (int size : SEGMENT_SIZES) {
      for (Placement placement : Placement.values()) {
        out.add(Arguments.of(size, placement));
      }
    }
    return out.stream();
  }

  @ParameterizedTest(name = "segmentSize={0}, {1}")
  @MethodSource("surrogateCases")
  void unpairedSurrogate(int segmentSize, Placement placement) {
    SplittableRandom random = new SplittableRandom(SEED ^ segmentSize ^ placement.ordinal());
    byte[] prefix = new byte[5]; // so the text starts mid-segment (or segments in, for tiny ones)
    random.nextBytes(prefix);
    String base = mixedText(random, placement == Placement.SHORT_TEXT ? 9 : Math.max(300, 3 * segmentSize));

    // The whole string handed to writeUtf8, the range of it to encode, and where the bad char is.
    String pad = "<<<";
    String text;
    int bad;
    int begin = pad.length();
    switch (placement) {
      case FIRST -> {
        text = pad + '\uDC01' + base + ">>";
        bad = begin;
      }
      case SECOND -> {
        text = pad + 'a' + '\uD801' + base + ">>";
        bad = begin + 1;
      }
      case AFTER_SEGMENT_BOUNDARY -> {
        long target = (prefix.length / segmentSize + 2L) * segmentSize - prefix.length;
        int at = charIndexAtByteOffset(base, target);
        assertTrue(at < base.length(), "text too short to cross two segment boundaries");
        text = pad + base.substring(0, at) + '\uD802' + base.substring(at) + ">>";
        bad = begin + at;
      }
      case LAST -> {
        text = pad + base + '\uDBFF' + ">>";
        bad = begin + base.length();
      }
      case HIGH_AT_RANGE_END_BEFORE_LOW -> {
        text = pad + base + '\uD83D' + '\uDE00' + ">>";
        bad = begin + base.length();
      }
      case LOW_AT_RANGE_START_AFTER_HIGH -> {
        text = "<<\uD83D\uDE00" + base + ">>";
        bad = begin;
      }
      default -> {
        int at = charIndexAtByteOffset(base, 4); // a code point boundary, so the low half has no high before it
        text = pad + base.substring(0, at) + '\uDFFF' + base.substring(at) + ">>";
        bad = begin + at;
      }
    }
    int end = placement == Placement.HIGH_AT_RANGE_END_BEFORE_LOW ? bad + 1 : text.length() - 2;
    String range = text.substring(begin, end);
    assertEquals(bad - begin, firstUnpairedSurrogate(range, 0, range.length()), "the case is built as meant");

    for (NamedText kind : TestSupport.charSequences(text)) {
      String where = seedMessage(SEED) + ", segmentSize=" + segmentSize + ", " + placement + ", " + kind;
      SegmentedBuffer buffer = new SegmentedBuffer(segmentSize);
      buffer.write(prefix);

      MalformedTextException e =
          assertThrows(
              MalformedTextException.class,
              () -> buffer.writeUtf8(kind.text(), begin, end, ErrorPolicy.STRICT),
              where);
      assertEquals(bad, e.charIndex(), where + ": the index in the caller's text");
      assertEquals(1, e.malformedLength(), where);
      assertEquals(prefix.length, buffer.size(), where);
      assertArrayEquals(prefix, buffer.toByteArray(), where + ": the buffer as before the call");
      // Usable afterwards: the next bytes go straight after the prefix.
      buffer.writeUtf8("ok");
      assertArrayEquals(TestSupport.concat(prefix, "ok".getBytes(UTF_8)), buffer.toByteArray(), where);

      // Where the replacement goes: after the UTF-8 of the good chars before the bad one.
      int at = prefix.length + range.substring(0, bad - begin).getBytes(UTF_8).length;

      buffer.truncate(prefix.length);
      long written = buffer.writeUtf8(kind.text(), begin, end, ErrorPolicy.REPLACE);
      byte[] expected = TestSupport.concat(prefix, expectedUtf8(range, ErrorPolicy.REPLACE));
      assertEquals(expected.length - prefix.length, written, where);
      assertArrayEquals(expected, buffer.toByteArray(), where + ": REPLACE");
      assertEquals("EF BF BD", TestSupport.hex(buffer.toByteArray(at, 3)), where + ": REPLACE writes U+FFFD");

      buffer.truncate(prefix.length);
      written = buffer.writeUtf8(kind.text(), begin, end, ErrorPolicy.REPLACE_WITH_QUESTION_MARK);
      expected = TestSupport.concat(prefix, range.getBytes(UTF_8)); // the JDK writes '?'
      assertEquals(expected.length - prefix.length, written, where);
      assertArrayEquals(expected, buffer.toByteArray(), where + ": REPLACE_WITH_QUESTION_MARK");
      assertEquals(0x3F, buffer.get(at), where + ": REPLACE_WITH_QUESTION_MARK writes '?'");
    }
  }

  /** ASCII, Latin-1, CJK and emoji mixed char by char, so characters of every length straddle segments. */
  static String mixedText(SplittableRandom random, int chars) {
    StringBuilder sb = new StringBuilder(chars + 1);
    while (sb.length() < chars) {
      switch (random.nextInt(4)) {
        case 0 -> sb.append((char) random.nextInt(0x20, 0x7F));
        case 1 -> sb.append((char) random.nextInt(0xA0, 0x100));
        case 2 -> sb.append((char) random.nextInt(0x4E00, 0xA000));
        default -> sb.appendCodePoint(random.nextInt(0x1F300, 0x1FA00));
      }
    }
    return sb.toString();
  }

  /** The first code point boundary in {@code text} whose UTF-8 offset is at least {@code byteOffset}. */
  static int charIndexAtByteOffset(String text, long byteOffset) {
    long bytes = 0;
    int i = 0;
    while (i < text.length() && bytes < byteOffset) {
      int codePoint = text.codePointAt(i);
      bytes += new String(Character.toChars(codePoint)).getBytes(UTF_8).length;
      i += Character.charCount(codePoint);
    }
    return i;
  }

  // -----------------------------------------------------------------------------------------------
  // Retention and reuse

  static Stream<Arguments> retentionCases() {
    return Stream.of(
        Arguments.of(64, 0L),
        Arguments.of(64, 200L), // 3 segments and a bit: rounded down to 3
        Arguments.of(64, 64L * 5),
        Arguments.of(64, 64L * 1000),
        Arguments.of(1, 3L),
        Arguments.of(8192, 20_000L),
        Arguments.of(4096, SegmentedBuffer.DEFAULT_MAX_RETAINED_BYTES));
  }

  @ParameterizedTest(name = "segmentSize={0}, maxRetainedBytes={1}")
  @MethodSource("retentionCases")
  void clearKeepsAtMostTheRetainedBytesAndARefillReusesThem(int segmentSize, long maxRetainedBytes) {
    SegmentedBuffer buffer = new SegmentedBuffer(segmentSize, maxRetainedBytes);
    long retainedSegments = maxRetainedBytes / segmentSize;
    // Several segments, and more than the bound keeps, plus a partial one.
    int length = (int) Math.min(8_000_000, segmentSize * Math.max(20, retainedSegments + 5) + 7);
    byte[] content = new byte[length];
    new SplittableRandom(SEED).nextBytes(content);
    buffer.write(content);
    long allocated = buffer.allocatedBytes();
    assertTrue(allocated >= length, "allocated " + allocated + " for " + length);

    buffer.clear();
    long bound = retainedSegments * segmentSize;
    assertTrue(buffer.allocatedBytes() <= bound, "kept " + buffer.allocatedBytes() + ", bound " + bound);
    assertEquals(Math.min(allocated, bound), buffer.allocatedBytes(), "keeps what the bound allows");
    assertEquals(0, buffer.size());

    buffer.write(content);
    assertEquals(allocated, buffer.allocatedBytes(), "the refill allocates only what clear() let go");
    assertArrayEquals(content, buffer.toByteArray(), seedMessage(SEED));
  }

  @ParameterizedTest(name = "segmentSize={0}")
  @ValueSource(ints = {1, 64, 8192})
  void aClearedAndRefilledBufferAllocatesNothing(int segmentSize) throws IOException {
    SplittableRandom random = new SplittableRandom(SEED);
    SegmentedBuffer buffer = new SegmentedBuffer(segmentSize); // 1 MiB retained: all of what follows
    int most = Math.max(5000, 10 * segmentSize + 3);
    byte[] content = new byte[most];
    random.nextBytes(content);
    buffer.write(content);
    // One full cycle by every route first: reaching the steady state may take a segment more than the
    // first fill did (readFrom asks a fresh segment for its last read, to see the end of the stream).
    buffer.clear();
    buffer.readFrom(new ByteArrayInputStream(content));
    long allocated = buffer.allocatedBytes();

    for (int cycle = 0; cycle < 100; cycle++) {
      String where = seedMessage(SEED) + ", cycle " + cycle;
      if (cycle % 2 == 0) {
        buffer.clear();
      } else {
        buffer.outputStream().reset(); // the ByteArrayOutputStream way to say the same
      }
      assertEquals(allocated, buffer.allocatedBytes(), where + ": after clear");
      // Refill by different routes, to at most the first size.
      int length = cycle == 99 ? most : random.nextInt(most + 1);
      switch (cycle % 3) {
        case 0 -> buffer.write(content, 0, length);
        case 1 -> buffer.readFrom(new ShortReads(Arrays.copyOf(content, length), random.split()));
        default -> buffer.write(ByteBuffer.wrap(content, 0, length));
      }
      assertEquals(allocated, buffer.allocatedBytes(), where + ": after refilling " + length + " bytes");
      assertArrayEquals(Arrays.copyOf(content, length), buffer.toByteArray(), where);
    }
  }

  enum Refill {
    WRITE_ARRAY,
    WRITE_BYTE_BUFFER,
    WRITE_BYTES_ONE_BY_ONE,
    WRITE_UTF8,
    READ_FROM_STREAM,
    READ_FROM_STREAM_EXACTLY
  }

  static Stream<Arguments> refillCases() {
    List<Arguments> out = new ArrayList<>();
    for (int length : new int[] {4 * 64, 4 * 64 + 1, 4 * 64 - 1}) {
      for (Refill refill : Refill.values()) {
        out.add(Arguments.of(length, refill));
      }
    }
    return out.stream();
  }

  /**
   * Refilling a cleared buffer to the size it had must not need more segments than it had, whichever
   * way the bytes come, including a length that ends exactly at a segment boundary.
   */
  @ParameterizedTest(name = "{0} bytes by {1}")
  @MethodSource("refillCases")
  void refillingToTheSameSizeAllocatesNoMore(int length, Refill refill) throws IOException {
    SegmentedBuffer buffer = new SegmentedBuffer(64);
    byte[] content = new byte[length];
    SplittableRandom random = new SplittableRandom(SEED);
    for (int i = 0; i < length; i++) {
      content[i] = (byte) random.nextInt('a', 'z' + 1); // ASCII, so writeUtf8 of it writes the same bytes
    }
    buffer.write(content);
    long allocated = buffer.allocatedBytes();
    buffer.clear();

    switch (refill) {
      case WRITE_ARRAY -> buffer.write(content);
      case WRITE_BYTE_BUFFER -> buffer.write(ByteBuffer.wrap(content));
      case WRITE_BYTES_ONE_BY_ONE -> {
        for (byte b : content) {
          buffer.writeByte(b);
        }
      }
      case WRITE_UTF8 -> buffer.writeUtf8(new String(content, UTF_8));
      case READ_FROM_STREAM -> buffer.readFrom(new ByteArrayInputStream(content));
      default -> buffer.readFrom(new ByteArrayInputStream(content), length);
    }
    assertArrayEquals(content, buffer.toByteArray(), seedMessage(SEED));
    if (refill == Refill.READ_FROM_STREAM && length % 64 == 0) {
      // A stream's end is only known by reading it: the read that finds it has already moved to a fresh
      // segment (documented on readFrom). One segment more, once; a second refill needs nothing new.
      assertEquals(allocated + 64, buffer.allocatedBytes(), "readFrom at an exact segment boundary");
      allocated = buffer.allocatedBytes();
      buffer.clear();
      buffer.readFrom(new ByteArrayInputStream(content));
      assertArrayEquals(content, buffer.toByteArray(), seedMessage(SEED));
    }
    assertEquals(
        allocated,
        buffer.allocatedBytes(),
        "a first fill of " + length + " bytes allocated " + allocated + "; the refill by " + refill + " should reuse them");
  }

  @Test
  void outputStreamIsOneInstanceOverThisBuffer() {
    SegmentedBuffer buffer = new SegmentedBuffer();
    SegmentedOutputStream out = buffer.outputStream();
    assertSame(out, buffer.outputStream());
    assertSame(buffer, out.buffer());
    out.write('x');
    assertEquals('x', buffer.get(0));
  }

  // -----------------------------------------------------------------------------------------------
  // Channels: more segments than one gathering write takes, and after the segment table shrank

  @ParameterizedTest(name = "maxRetainedBytes={0}")
  @ValueSource(longs = {0, 100, SegmentedBuffer.DEFAULT_MAX_RETAINED_BYTES})
  void gatheringWritesOfThousandsOfSegments(long maxRetainedBytes, @TempDir Path dir) throws IOException {
    SplittableRandom random = new SplittableRandom(SEED);
    SegmentedBuffer buffer = new SegmentedBuffer(1, maxRetainedBytes);
    Path path = dir.resolve("out.bin");
    for (int length : new int[] {5000, 3000, 1025, 1024, 0, 4097}) {
      // clear() between rounds: with little retained, a table of thousands of segments is cut back.
      buffer.clear();
      byte[] content = new byte[length];
      random.nextBytes(content);
      buffer.write(content);
      String where = seedMessage(SEED) + ", " + length + " one-byte segments";

      try (FileChannel file =
          FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
        assertEquals(length, buffer.writeTo(file), where);
      }
      assertArrayEquals(content, Files.readAllBytes(path), where + ": FileChannel");

      PartialGatheringChannel channel = new PartialGatheringChannel(random.split());
      assertEquals(length, buffer.writeTo(channel), where);
      assertArrayEquals(content, channel.out.toByteArray(), where + ": partial gathering writes");
    }
  }

  /**
   * A channel write makes views of the segments; the buffer then grows past that many segments; clear()
   * must still let the extra segments go (the random runs found this one).
   */
  @ParameterizedTest(name = "segmentSize={0}, maxRetainedBytes={1}")
  @MethodSource("clearAfterGrowthCases")
  void clearAfterAChannelWriteAndFurtherGrowth(int segmentSize, long maxRetainedBytes) throws IOException {
    SegmentedBuffer buffer = new SegmentedBuffer(segmentSize, maxRetainedBytes);
    int retained = (int) (maxRetainedBytes / segmentSize);
    byte[] first = new byte[Math.max(8, retained) * segmentSize];
    buffer.write(first);
    buffer.writeTo(Channels.newChannel(OutputStream.nullOutputStream()));
    buffer.write(new byte[first.length + 1]); // more segments than there were views of

    buffer.clear();
    assertEquals(0, buffer.size());
    assertEquals((long) retained * segmentSize, buffer.allocatedBytes());
    buffer.write(new byte[] {1, 2, 3});
    assertArrayEquals(new byte[] {1, 2, 3}, buffer.toByteArray());
  }

  static Stream<Arguments> clearAfterGrowthCases() {
    return Stream.of(
        Arguments.of(64, 0L),
        Arguments.of(1, 3L),
        Arguments.of(SegmentedBuffer.DEFAULT_SEGMENT_SIZE, SegmentedBuffer.DEFAULT_MAX_RETAINED_BYTES));
  }

  @Test
  void anEmptyBufferWritesAndCopiesNothing() throws IOException {
    SegmentedBuffer buffer = new SegmentedBuffer(16);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    assertEquals(0, buffer.writeTo(Channels.newChannel(out)));
    assertEquals(0, buffer.writeTo(new PartialGatheringChannel(new SplittableRandom(SEED))));
    buffer.writeTo(out);
    buffer.writeTo(out, 0, 0);
    assertEquals(0, out.size());
    assertEquals(0, buffer.toByteArray().length);
    assertEquals(0, buffer.toByteArray(0, 0).length);
    assertEquals(0, buffer.writeUtf8(""));
    assertEquals(0, buffer.size());
    // An empty text at a segment boundary must not move the size either.
    buffer.write(new byte[16]);
    assertEquals(0, buffer.writeUtf8(new StringBuilder()));
    assertEquals(16, buffer.size());
  }

  // -----------------------------------------------------------------------------------------------
  // Text: generation and the expected bytes

  /**
   * About {@code length} chars of one flavour (ASCII, Latin-1, CJK, emoji pairs or a mix), with one
   * unpaired surrogate at a random place when {@code withUnpaired}.
   */
  static String randomText(SplittableRandom random, int length, boolean withUnpaired) {
    StringBuilder sb = new StringBuilder(length + 2);
    int flavour = random.nextInt(5);
    while (sb.length() < length) {
      int kind = flavour == 4 ? random.nextInt(4) : flavour;
      switch (kind) {
        case 0 -> sb.append((char) random.nextInt(0x20, 0x7F));
        case 1 -> sb.append((char) random.nextInt(0x20, 0x100)); // a String of these stays Latin-1 inside
        case 2 -> sb.append((char) random.nextInt(0x4E00, 0xA000));
        default -> sb.appendCodePoint(random.nextInt(0x1F300, 0x1FA00));
      }
    }
    if (withUnpaired) {
      int at = random.nextInt(sb.length() + 1);
      if (at < sb.length() && Character.isLowSurrogate(sb.charAt(at))) {
        at--; // at a code point boundary, so whichever half goes in has no partner next to it
      }
      sb.insert(at, (char) random.nextInt(0xD800, 0xE000));
    }
    return sb.toString();
  }

  /** Index in {@code text} of the first surrogate in {@code [begin, end)} without its other half there, or -1. */
  static int firstUnpairedSurrogate(CharSequence text, int begin, int end) {
    return Utf8ReferenceEncoder.firstUnpairedSurrogate(text, begin, end);
  }

  /** The JDK's UTF-8 of {@code text}, except that REPLACE writes U+FFFD where the JDK writes '?'. */
  static byte[] expectedUtf8(String text, ErrorPolicy policy) {
    if (policy != ErrorPolicy.REPLACE) {
      return text.getBytes(UTF_8);
    }
    StringBuilder sb = new StringBuilder(text);
    for (int bad; (bad = firstUnpairedSurrogate(sb, 0, sb.length())) >= 0; ) {
      sb.setCharAt(bad, '\uFFFD');
    }
    return sb.toString().getBytes(UTF_8);
  }

  // -----------------------------------------------------------------------------------------------
  // Test doubles

  /** The reference: a byte array and a size. */
  static final class ByteModel {
    byte[] bytes = new byte[64];
    int size;

    void append(byte b) {
      ensure(1);
      bytes[size++] = b;
    }

    void append(byte[] src, int offset, int length) {
      ensure(length);
      System.arraycopy(src, offset, bytes, size, length);
      size += length;
    }

    byte[] copy(int offset, int length) {
      Objects.checkFromIndexSize(offset, length, size);
      return Arrays.copyOfRange(bytes, offset, offset + length);
    }

    private void ensure(int more) {
      if (size + more > bytes.length) {
        bytes = Arrays.copyOf(bytes, Math.max(2 * bytes.length, size + more));
      }
    }
  }

  /** An input stream that gives at most a few random bytes per read, as a socket may. */
  static final class ShortReads extends InputStream {
    private final byte[] data;
    private final SplittableRandom random;
    private int position;

    ShortReads(byte[] data, SplittableRandom random) {
      this.data = data;
      this.random = random;
    }

    @Override
    public int read() {
      return position < data.length ? data[position++] & 0xFF : -1;
    }

    @Override
    public int read(byte[] b, int off, int len) {
      Objects.checkFromIndexSize(off, len, b.length);
      if (len == 0) {
        return 0;
      }
      if (position == data.length) {
        return -1;
      }
      int count = Math.min(Math.min(len, data.length - position), 1 + random.nextInt(random.nextBoolean() ? 7 : 300));
      System.arraycopy(data, position, b, off, count);
      position += count;
      return count;
    }

    @Override
    public int available() {
      return data.length - position;
    }
  }

  /**
   * A channel that takes a random part of what it is offered each call (at least a byte), as a socket
   * may, so a write must resume where the last one stopped. Not gathering: the buffer must write it one
   * buffer at a time.
   */
  static class PartialChannel implements WritableByteChannel {
    final ByteArrayOutputStream out = new ByteArrayOutputStream();
    final SplittableRandom random;

    PartialChannel(SplittableRandom random) {
      this.random = random;
    }

    @Override
    public int write(ByteBuffer src) {
      return take(src, 1 + random.nextInt(random.nextBoolean() ? 5 : 20_000));
    }

    int take(ByteBuffer src, long budget) {
      int count = (int) Math.min(src.remaining(), budget);
      byte[] bytes = new byte[count];
      src.get(bytes);
      out.writeBytes(bytes);
      return count;
    }

    @Override
    public boolean isOpen() {
      return true;
    }

    @Override
    public void close() {}
  }

  /** As {@link PartialChannel}, gathering: a random part of the buffers it is offered, in order. */
  static final class PartialGatheringChannel extends PartialChannel implements GatheringByteChannel {
    PartialGatheringChannel(SplittableRandom random) {
      super(random);
    }

    @Override
    public long write(ByteBuffer[] srcs, int offset, int length) {
      Objects.checkFromIndexSize(offset, length, srcs.length);
      long budget = 1 + random.nextInt(random.nextBoolean() ? 5 : 40_000);
      long total = 0;
      for (int i = offset; i < offset + length && total < budget; i++) {
        total += take(srcs[i], budget - total);
      }
      return total;
    }

    @Override
    public long write(ByteBuffer[] srcs) {
      return write(srcs, 0, srcs.length);
    }
  }
}
