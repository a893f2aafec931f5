package dev.textwire.buffer;

import static java.nio.charset.StandardCharsets.UTF_8;

import dev.textwire.ErrorPolicy;
import dev.textwire.TestSupport;
import dev.textwire.TestSupport.NamedText;
import dev.textwire.Utf8ReferenceEncoder;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.GatheringByteChannel;
import java.nio.channels.WritableByteChannel;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;

/**
 * Shared helpers for the SegmentedBuffer tests: the one reported seed, segment sizes, random text and
 * its expected bytes, the byte-array model, the random arguments of a model run, and test doubles for
 * short reads and partial channel writes. Every failure message names the seed; replay it with {@code
 * -Dtextwire.test.seed=<seed>}.
 */
final class SegmentedBufferTestSupport {
  private SegmentedBufferTestSupport() {}

  static final long SEED = TestSupport.seed(0x5E6_B0FF_E12L);

  static final int[] SEGMENT_SIZES = {1, 2, 4, 8, 64, 4096, 8192};

  // -----------------------------------------------------------------------------------------------
  // Random arguments of a model run

  /**
   * The random draws of one model run: lengths, offsets and ranges, often next to a segment boundary of
   * the buffer that {@link #model} mirrors.
   */
  abstract static class RandomArguments {
    final int segmentSize;
    final ByteModel model = new ByteModel();
    final SplittableRandom random;
    /** Above this the run shrinks the buffer, so a 1-byte-segment run stays quick yet passes 1024 segments. */
    final int cap;

    RandomArguments(int segmentSize, SplittableRandom random) {
      this.segmentSize = segmentSize;
      this.random = random;
      this.cap = Math.max(6000, 8 * segmentSize);
    }

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
