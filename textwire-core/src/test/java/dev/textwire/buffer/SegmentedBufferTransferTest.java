package dev.textwire.buffer;

import static dev.textwire.TestSupport.seedMessage;
import static dev.textwire.buffer.SegmentedBufferTestSupport.SEED;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.textwire.buffer.SegmentedBufferTestSupport.PartialGatheringChannel;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * SegmentedBuffer written to channels and streams: more segments than one gathering write takes,
 * partial writes, writes after the segment table shrank, and an empty buffer. Every failure message
 * names the seed; replay it with {@code -Dtextwire.test.seed=<seed>}.
 */
class SegmentedBufferTransferTest {
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
    assertEquals(0, buffer.writeText(""));
    assertEquals(0, buffer.size());
    // An empty text at a segment boundary must not move the size either.
    buffer.write(new byte[16]);
    assertEquals(0, buffer.writeText(new StringBuilder()));
    assertEquals(16, buffer.size());
  }
}
