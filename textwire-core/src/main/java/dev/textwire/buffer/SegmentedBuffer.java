package dev.textwire.buffer;

import dev.textwire.MalformedTextException;
import dev.textwire.TextCodec;
import dev.textwire.TextEncoder;
import dev.textwire.TextCodecs;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.GatheringByteChannel;
import java.nio.channels.WritableByteChannel;
import java.util.Arrays;
import java.util.Objects;

/**
 * A growable byte buffer made of fixed-size segments, with a {@code long} size. Growing allocates one new
 * segment and never copies what is already written, so writing stays linear however large the buffer
 * gets, past 2 GiB and beyond what a Java array can hold. Reading a byte by offset is O(1).
 *
 * <p>Text is encoded straight into the segments, a window at a time, by a resumable encoder; a character
 * whose bytes straddle two segments is split between them. {@link #clear()} keeps up to a bounded number
 * of segments for reuse, so a buffer that is cleared and refilled allocates nothing in steady state.
 *
 * <p>Bad input loses nothing: a text append that fails (an unpaired surrogate under the strict policy)
 * leaves the buffer as it was before the call; a range that does not exist or cannot fit an array is
 * refused with a message saying so, never a negative size.
 *
 * <p>Choosing a segment size: the 8 KiB default suits messages and buffers up to a few MiB. A buffer that
 * will grow to hundreds of MiB or more does better with segments of at least half the G1 region size
 * (for example {@code new SegmentedBuffer(4 << 20)}): G1 then allocates each segment straight into the old
 * generation instead of copying it there from the young one, which measured 1.3-1.9x faster per GiB
 * (docs/BENCHMARKS.md, "Growth").
 *
 * <p>Not thread-safe. {@link #outputStream()} is a drop-in for {@link java.io.ByteArrayOutputStream}.
 */
public final class SegmentedBuffer {
  /** 8 KiB: big enough that crossing a segment is rare, small enough that a short message wastes little. */
  public static final int DEFAULT_SEGMENT_SIZE = 8 * 1024;

  /** What {@link #clear()} keeps by default: 1 MiB of segments. */
  public static final long DEFAULT_MAX_RETAINED_BYTES = 1024 * 1024;

  /** The largest array the JVM reliably allocates (as in {@code ArrayList} and {@code StringBuilder}). */
  static final int MAX_ARRAY_LENGTH = Integer.MAX_VALUE - 8;

  private static final int MAX_SEGMENTS = MAX_ARRAY_LENGTH;
  private static final int GATHER_MAX = 1024; // Linux's IOV_MAX: the most a single writev takes

  private final int segmentShift;
  private final int segmentSize;
  private final int maxRetainedSegments;

  /** Allocated segments: {@code segments[0, allocated)} are non-null; those past the current are spare. */
  private byte[][] segments = new byte[8][];
  private int allocated;
  /** Lazily made ByteBuffer views of the segments, for gathering writes to a channel. */
  private ByteBuffer[] views;

  /**
   * The segment being written, and the write position in it. The size is
   * {@code (currentIndex << segmentShift) + position}; when empty, currentIndex is -1 and position is the
   * segment size, so the first write moves to segment 0 like any other full segment.
   */
  private byte[] current;
  private int currentIndex = -1;
  private int position;

  /** Room for the longest character any codec writes: a CESU-8 or modified UTF-8 pair, 6 bytes. */
  private final byte[] spill = new byte[6];
  private SegmentedOutputStream outputStream;

  /** A buffer of 8 KiB segments that keeps up to 1 MiB of them when cleared. */
  public SegmentedBuffer() {
    this(DEFAULT_SEGMENT_SIZE, DEFAULT_MAX_RETAINED_BYTES);
  }

  /** A buffer of {@code segmentSize}-byte segments that keeps up to 1 MiB of them when cleared. */
  public SegmentedBuffer(int segmentSize) {
    this(segmentSize, DEFAULT_MAX_RETAINED_BYTES);
  }

  /**
   * @param segmentSize bytes per segment: a power of two from 1 to 2^30
   * @param maxRetainedBytes how many bytes of segments {@link #clear()} keeps for reuse (rounded down to
   *     whole segments; 0 keeps none)
   */
  public SegmentedBuffer(int segmentSize, long maxRetainedBytes) {
    if (segmentSize <= 0 || segmentSize > (1 << 30) || Integer.bitCount(segmentSize) != 1) {
      throw new IllegalArgumentException("segment size must be a power of two from 1 to 2^30, not " + segmentSize);
    }
    if (maxRetainedBytes < 0) {
      throw new IllegalArgumentException("maxRetainedBytes must not be negative, not " + maxRetainedBytes);
    }
    this.segmentSize = segmentSize;
    this.segmentShift = Integer.numberOfTrailingZeros(segmentSize);
    this.maxRetainedSegments = (int) Math.min(MAX_SEGMENTS, maxRetainedBytes / segmentSize);
    this.position = segmentSize;
  }

  /** Bytes written and not cleared. */
  public long size() {
    return ((long) currentIndex << segmentShift) + position;
  }

  public int segmentSize() {
    return segmentSize;
  }

  /** Bytes of segments allocated, in use or kept for reuse. */
  public long allocatedBytes() {
    return (long) allocated << segmentShift;
  }

  /** The byte at {@code index}, in O(1). */
  public byte get(long index) {
    Objects.checkIndex(index, size());
    return segments[(int) (index >>> segmentShift)][(int) index & (segmentSize - 1)];
  }

  /** Overwrites the byte at {@code index}, which must already be written (for back-filling headers). */
  public void set(long index, byte value) {
    Objects.checkIndex(index, size());
    segments[(int) (index >>> segmentShift)][(int) index & (segmentSize - 1)] = value;
  }

  /** Appends the low eight bits of {@code b}. */
  public void writeByte(int b) {
    if (position == segmentSize) {
      nextSegment();
    }
    current[position++] = (byte) b;
  }

  public void write(byte[] src) {
    write(src, 0, src.length);
  }

  public void write(byte[] src, int offset, int length) {
    Objects.checkFromIndexSize(offset, length, src.length);
    while (length > 0) {
      if (position == segmentSize) {
        nextSegment();
      }
      int count = Math.min(length, segmentSize - position);
      System.arraycopy(src, offset, current, position, count);
      position += count;
      offset += count;
      length -= count;
    }
  }

  /** Appends the buffer's remaining bytes and moves its position to its limit. */
  public void write(ByteBuffer src) {
    while (src.hasRemaining()) {
      if (position == segmentSize) {
        nextSegment();
      }
      int count = Math.min(src.remaining(), segmentSize - position);
      src.get(current, position, count);
      position += count;
    }
  }

  /**
   * Appends {@code text} in UTF-8, throwing at an unpaired surrogate: {@link #writeText(CharSequence,
   * TextCodec)} with {@link TextCodecs#UTF_8}.
   *
   * @return the bytes appended
   */
  public long writeText(CharSequence text) {
    return writeText(text, 0, text.length(), TextCodecs.UTF_8);
  }

  /**
   * Appends {@code text} in {@code codec}'s encoding, under its policy. All or nothing: if it throws, the
   * buffer is as it was.
   *
   * @return the bytes appended
   * @throws dev.textwire.MalformedTextException under STRICT, at the first char the codec cannot encode
   */
  public long writeText(CharSequence text, TextCodec codec) {
    return writeText(text, 0, text.length(), codec);
  }

  /** As {@link #writeText(CharSequence, TextCodec)}, for {@code text[beginIndex, endIndex)}. */
  public long writeText(CharSequence text, int beginIndex, int endIndex, TextCodec codec) {
    Objects.checkFromToIndex(beginIndex, endIndex, text.length());
    long worstCase = (long) (endIndex - beginIndex) * codec.maxBytesPerChar();
    if (worstCase == 0) {
      return 0;
    }
    if (position == segmentSize && worstCase <= segmentSize) {
      nextSegment();
    }
    if (worstCase <= segmentSize - position) {
      // Fits in this segment whatever the text is: the one-shot encoder (with its short-string path),
      // through the segment's own view. A strict error leaves the position where it was.
      ByteBuffer view = segmentView(currentIndex);
      view.limit(segmentSize).position(position);
      int written = codec.encode(text, beginIndex, endIndex, view);
      position += written;
      return written;
    }
    TextEncoder encoder = encoder(codec).reset(text, beginIndex, endIndex);
    long sizeBefore = size();
    try {
      return write(encoder);
    } catch (RuntimeException | Error e) {
      truncate(sizeBefore);
      throw e;
    }
  }

  // A few codecs' encoders, kept so that text appends allocate nothing once warm. Codecs are shared
  // constants, so identity finds them; a buffer that cycles through more codecs than this allocates.
  private final TextCodec[] encoderCodecs = new TextCodec[4];
  private final TextEncoder[] codecEncoders = new TextEncoder[4];
  private int nextEncoderSlot;

  private TextEncoder encoder(TextCodec codec) {
    for (int i = 0; i < encoderCodecs.length; i++) {
      if (encoderCodecs[i] == codec) {
        return codecEncoders[i];
      }
    }
    TextEncoder encoder = codec.newEncoder();
    int slot = nextEncoderSlot;
    nextEncoderSlot = (slot + 1) % encoderCodecs.length;
    encoderCodecs[slot] = codec;
    codecEncoders[slot] = encoder;
    return encoder;
  }


  /**
   * Appends everything {@code encoder} has left to encode from the input it was given (a text, or a piece
   * of a stream; a high surrogate it carries for the next piece stays with it).
   *
   * @return the bytes appended
   * @throws dev.textwire.MalformedTextException from the encoder; the bytes before the bad char stay
   */
  public long write(TextEncoder encoder) {
    long total = 0;
    while (encoder.hasRemaining()) {
      if (position == segmentSize) {
        nextSegment();
      }
      long before = encoder.bytesWritten();
      int written;
      try {
        // Through the segment's own ByteBuffer view, so the encoder's ASCII step wraps nothing.
        ByteBuffer view = segmentView(currentIndex);
        view.limit(segmentSize).position(position);
        written = encoder.encode(view);
      } catch (MalformedTextException e) {
        position += (int) (encoder.bytesWritten() - before); // the good bytes before the bad char stay
        throw e;
      }
      position += written;
      total += written;
      int room = segmentSize - position;
      if (room > 0 && encoder.hasRemaining()) {
        if (room >= spill.length) {
          break; // cannot happen: with 6 bytes of room an encoder always makes progress
        }
        // The next character straddles the end of this segment: encode it aside and copy it across.
        long spillStart = encoder.bytesWritten();
        int spilled;
        try {
          spilled = encoder.encode(spill, 0, spill.length);
        } catch (MalformedTextException e) {
          write(spill, 0, (int) (encoder.bytesWritten() - spillStart));
          throw e;
        }
        if (spilled == 0) {
          break;
        }
        write(spill, 0, spilled);
        total += spilled;
      }
    }
    return total;
  }

  /**
   * Appends everything {@code in} has until its end. When the stream ends exactly at the end of a
   * segment, the read that finds the end has already moved to a fresh segment: the buffer may hold one
   * empty segment more than its size needs (reused by the next writes, and by the next fill after
   * {@link #clear()}).
   *
   * @return the bytes read
   */
  public long readFrom(InputStream in) throws IOException {
    long total = 0;
    while (true) {
      if (position == segmentSize) {
        nextSegment();
      }
      int count = in.read(current, position, segmentSize - position);
      if (count < 0) {
        return total;
      }
      position += count;
      total += count;
    }
  }

  /**
   * Appends exactly {@code byteCount} bytes from {@code in}.
   *
   * @throws EOFException if the stream ends first; the bytes it did give are kept
   */
  public void readFrom(InputStream in, long byteCount) throws IOException {
    if (byteCount < 0) {
      throw new IllegalArgumentException("byteCount must not be negative, not " + byteCount);
    }
    long left = byteCount;
    while (left > 0) {
      if (position == segmentSize) {
        nextSegment();
      }
      int count = in.read(current, position, (int) Math.min(left, segmentSize - position));
      if (count < 0) {
        throw new EOFException(
            "stream ended after " + (byteCount - left) + " of the " + byteCount + " bytes asked for");
      }
      position += count;
      left -= count;
    }
  }

  /**
   * Writes all the bytes to {@code out}, segment by segment; the buffer is unchanged.
   *
   * @throws PartialWriteException if the stream throws: how many bytes went out before, the stream's
   *     exception as its cause
   */
  public void writeTo(OutputStream out) throws IOException {
    writeTo(out, 0, size());
  }

  /**
   * Writes {@code byteCount} bytes from {@code offset} to {@code out}; the buffer is unchanged.
   *
   * @throws PartialWriteException if the stream throws: how many of the bytes went out before (resume at
   *     {@code offset + bytesWritten()}), the stream's exception as its cause
   */
  public void writeTo(OutputStream out, long offset, long byteCount) throws IOException {
    checkRange(offset, byteCount);
    long written = 0;
    while (written < byteCount) {
      long at = offset + written;
      int within = (int) at & (segmentSize - 1);
      int count = (int) Math.min(byteCount - written, segmentSize - within);
      try {
        out.write(segments[(int) (at >>> segmentShift)], within, count);
      } catch (IOException e) {
        throw new PartialWriteException(written, byteCount, offset, e);
      }
      written += count;
    }
  }

  /**
   * Writes all the bytes to {@code channel}, as {@link #writeTo(WritableByteChannel, long, long)} from
   * offset 0: a blocking channel takes them all; a non-blocking one may take fewer.
   *
   * @return the bytes written
   */
  public long writeTo(WritableByteChannel channel) throws IOException {
    return writeTo(channel, 0, size());
  }

  /**
   * Writes {@code byteCount} bytes from {@code offset} to {@code channel}: a gathering write of the
   * segments themselves when the channel can gather, with no copy. The buffer is unchanged.
   *
   * <p>A blocking channel takes all the bytes. A write that takes none (a non-blocking channel whose
   * buffer is full) ends the call with the count so far, as {@link WritableByteChannel#write} does,
   * rather than offering the bytes again and again: resume at {@code offset + } the count when the
   * channel can take more.
   *
   * @return the bytes written: {@code byteCount}, or fewer when the channel took nothing in a write
   * @throws PartialWriteException if the channel throws: how many of the bytes went out before (resume at
   *     {@code offset + bytesWritten()}), the channel's exception as its cause
   */
  public long writeTo(WritableByteChannel channel, long offset, long byteCount) throws IOException {
    checkRange(offset, byteCount);
    if (byteCount == 0) {
      return 0;
    }
    int first = (int) (offset >>> segmentShift);
    long end = offset + byteCount;
    int last = (int) ((end - 1) >>> segmentShift);
    ByteBuffer[] buffers = views(first, last);
    for (int i = first; i <= last; i++) {
      int endWithin = i == last ? (int) (end - ((long) last << segmentShift)) : segmentSize;
      buffers[i].limit(endWithin).position(i == first ? (int) offset & (segmentSize - 1) : 0);
    }
    long written = 0;
    while (first <= last) {
      long count;
      try {
        count =
            channel instanceof GatheringByteChannel
                ? ((GatheringByteChannel) channel).write(buffers, first, Math.min(last - first + 1, GATHER_MAX))
                : channel.write(buffers[first]);
      } catch (IOException e) {
        throw new PartialWriteException(written, byteCount, offset, e);
      }
      if (count == 0) {
        break; // the channel is full: offering the bytes again would spin
      }
      written += count;
      while (first <= last && !buffers[first].hasRemaining()) {
        first++;
      }
    }
    return written;
  }

  /** The views of segments {@code first} to {@code last}, made if need be. */
  private ByteBuffer[] views(int first, int last) {
    for (int i = first; i <= last; i++) {
      segmentView(i);
    }
    return views;
  }

  /** A ByteBuffer over segment {@code index}, made once per segment and kept with it. */
  private ByteBuffer segmentView(int index) {
    if (views == null || views.length < segments.length) {
      views = views == null ? new ByteBuffer[segments.length] : Arrays.copyOf(views, segments.length);
    }
    ByteBuffer view = views[index];
    if (view == null || view.array() != segments[index]) {
      view = ByteBuffer.wrap(segments[index]);
      views[index] = view;
    }
    return view;
  }

  /** Copies {@code length} bytes from {@code offset} into {@code dst[dstOffset, dstOffset + length)}. */
  public void copyTo(long offset, byte[] dst, int dstOffset, int length) {
    Objects.checkFromIndexSize(dstOffset, length, dst.length);
    checkRange(offset, length);
    while (length > 0) {
      int index = (int) (offset >>> segmentShift);
      int within = (int) offset & (segmentSize - 1);
      int count = Math.min(length, segmentSize - within);
      System.arraycopy(segments[index], within, dst, dstOffset, count);
      offset += count;
      dstOffset += count;
      length -= count;
    }
  }

  /** Copies bytes from {@code offset} into {@code dst} until it is full, and advances its position. */
  public void copyTo(long offset, ByteBuffer dst) {
    long length = dst.remaining();
    checkRange(offset, length);
    while (dst.hasRemaining()) {
      int index = (int) (offset >>> segmentShift);
      int within = (int) offset & (segmentSize - 1);
      int count = Math.min(dst.remaining(), segmentSize - within);
      dst.put(segments[index], within, count);
      offset += count;
    }
  }

  /**
   * A copy of all the bytes.
   *
   * @throws IllegalStateException if there are more than a Java array can hold (2^31 - 9)
   */
  public byte[] toByteArray() {
    long size = size();
    if (size > MAX_ARRAY_LENGTH) {
      throw new IllegalStateException(
          "the buffer holds " + size + " bytes, more than a Java array can hold (" + MAX_ARRAY_LENGTH
              + "); use writeTo, or toByteArray(offset, length) for a part");
    }
    return toByteArray(0, size);
  }

  /**
   * A copy of {@code length} bytes from {@code offset}.
   *
   * @throws IllegalArgumentException if {@code length} is more than a Java array can hold
   * @throws IndexOutOfBoundsException if the range is not inside the buffer
   */
  public byte[] toByteArray(long offset, long length) {
    checkRange(offset, length);
    if (length > MAX_ARRAY_LENGTH) {
      throw new IllegalArgumentException(
          "cannot copy " + length + " bytes into one array: a Java array holds at most " + MAX_ARRAY_LENGTH);
    }
    byte[] copy = new byte[(int) length];
    copyTo(offset, copy, 0, (int) length);
    return copy;
  }

  private void checkRange(long offset, long length) {
    long size = size();
    if (offset < 0 || length < 0 || offset > size - length) {
      throw new IndexOutOfBoundsException(
          "range of " + length + " bytes from offset " + offset + " is outside the buffer's " + size + " bytes");
    }
  }

  /**
   * Empties the buffer, keeping up to the retained bound of segments for the next writes and letting the
   * rest go to the garbage collector.
   */
  public void clear() {
    int keep = Math.min(allocated, maxRetainedSegments);
    for (int i = keep; i < allocated; i++) {
      segments[i] = null;
      if (views != null && i < views.length) { // the views table only grows when a channel write needs it
        views[i] = null;
      }
    }
    allocated = keep;
    if (segments.length > 64 && segments.length > 4 * keep) {
      // The table of a huge buffer would outlive its segments otherwise.
      segments = Arrays.copyOf(segments, Math.max(8, 2 * keep));
      views = null;
    }
    current = null;
    currentIndex = -1;
    position = segmentSize;
  }

  /** Drops the bytes from {@code newSize} on; the segments stay for the next writes. */
  public void truncate(long newSize) {
    long size = size();
    if (newSize < 0 || newSize > size) {
      throw new IndexOutOfBoundsException("cannot truncate " + size + " bytes to " + newSize);
    }
    if (newSize == 0) {
      current = null;
      currentIndex = -1;
      position = segmentSize;
      return;
    }
    currentIndex = (int) ((newSize - 1) >>> segmentShift);
    position = (int) (newSize - ((long) currentIndex << segmentShift));
    current = segments[currentIndex];
  }

  /** An {@code OutputStream} that appends to this buffer, with {@code ByteArrayOutputStream}'s methods. */
  public SegmentedOutputStream outputStream() {
    if (outputStream == null) {
      outputStream = new SegmentedOutputStream(this);
    }
    return outputStream;
  }

  // The writable window, for encoders in this package that write straight into the segments.

  /** Room in the current segment, moving to a fresh one first if it is full; at least 1. */
  int windowRoom() {
    if (position == segmentSize) {
      nextSegment();
    }
    return segmentSize - position;
  }

  byte[] window() {
    return current;
  }

  /** A ByteBuffer over the whole current segment; its position and limit mean nothing. */
  ByteBuffer windowView() {
    return segmentView(currentIndex);
  }

  int windowPosition() {
    return position;
  }

  void advance(int byteCount) {
    position += byteCount;
  }

  private void nextSegment() {
    int index = currentIndex + 1;
    if (index == segments.length) {
      if (index == MAX_SEGMENTS) {
        throw new IllegalStateException(
            "the buffer is full: " + MAX_SEGMENTS + " segments of " + segmentSize + " bytes");
      }
      segments = Arrays.copyOf(segments, (int) Math.min(MAX_SEGMENTS, 2L * segments.length));
    }
    byte[] segment = segments[index];
    if (segment == null) {
      segment = new byte[segmentSize];
      segments[index] = segment;
      allocated = index + 1;
    }
    current = segment;
    currentIndex = index;
    position = 0;
  }

  @Override
  public String toString() {
    return "SegmentedBuffer[size=" + size() + ", segmentSize=" + segmentSize + ", allocated=" + allocated + "]";
  }
}
