package dev.textwire.resp;

import dev.textwire.BufferTooSmallException;
import dev.textwire.TextCodec;
import dev.textwire.buffer.LengthPrefix;
import dev.textwire.buffer.PartialWriteException;
import dev.textwire.buffer.SegmentedBuffer;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;

/**
 * Where a {@link RespWriter} puts bytes: one subclass per kind of destination, each a thin layer over
 * what core already does for it (a bulk string is always {@link LengthPrefix#RESP_BULK}, one pass, exact
 * prefix). Every put either writes all its bytes or none, so a writer can promise that an element that
 * failed left nothing behind.
 */
abstract class RespTarget {
  /** Bytes written so far, as a mark to rewind to. */
  abstract long position();

  /** Takes back everything written after {@code position}. */
  abstract void rewind(long position);

  abstract void put(byte[] src, int offset, int length);

  /** Puts {@code src[position, limit)} without moving {@code src}'s position. */
  abstract void put(ByteBuffer src);

  /** Puts the text's bytes in {@code codec}, nothing else. */
  abstract void putText(CharSequence text, int beginIndex, int endIndex, TextCodec codec);

  /** Puts {@code $<byte length>\r\n<bytes>\r\n}. */
  abstract void putBulk(CharSequence text, int beginIndex, int endIndex, TextCodec codec);

  /** Throws if {@code byteCount} more bytes cannot fit (fixed destinations only). */
  void ensureRoom(long byteCount) {}

  void flush() throws IOException {}

  static final class ToArray extends RespTarget {
    byte[] dst;
    int start;
    int pos;

    ToArray(byte[] dst, int offset) {
      reset(dst, offset);
    }

    void reset(byte[] dst, int offset) {
      if (offset < 0 || offset > dst.length) {
        throw new IndexOutOfBoundsException("offset " + offset + " out of an array of " + dst.length);
      }
      this.dst = dst;
      this.start = offset;
      this.pos = offset;
    }

    @Override
    long position() {
      return pos - start;
    }

    @Override
    void rewind(long position) {
      pos = start + (int) position;
    }

    @Override
    void ensureRoom(long byteCount) {
      if (byteCount > dst.length - pos) throw new BufferTooSmallException(byteCount, dst.length - pos);
    }

    @Override
    void put(byte[] src, int offset, int length) {
      ensureRoom(length);
      System.arraycopy(src, offset, dst, pos, length);
      pos += length;
    }

    @Override
    void put(ByteBuffer src) {
      int length = src.remaining();
      ensureRoom(length);
      src.get(src.position(), dst, pos, length);
      pos += length;
    }

    @Override
    void putText(CharSequence text, int beginIndex, int endIndex, TextCodec codec) {
      pos += codec.encode(text, beginIndex, endIndex, dst, pos);
    }

    @Override
    void putBulk(CharSequence text, int beginIndex, int endIndex, TextCodec codec) {
      pos += LengthPrefix.RESP_BULK.write(text, beginIndex, endIndex, codec, dst, pos);
    }
  }

  static final class ToBuffer extends RespTarget {
    ByteBuffer dst;
    int start;

    ToBuffer(ByteBuffer dst) {
      reset(dst);
    }

    void reset(ByteBuffer dst) {
      this.dst = dst;
      this.start = dst.position();
    }

    @Override
    long position() {
      return dst.position() - start;
    }

    @Override
    void rewind(long position) {
      dst.position(start + (int) position);
    }

    @Override
    void ensureRoom(long byteCount) {
      if (byteCount > dst.remaining()) throw new BufferTooSmallException(byteCount, dst.remaining());
    }

    @Override
    void put(byte[] src, int offset, int length) {
      ensureRoom(length);
      dst.put(src, offset, length);
    }

    @Override
    void put(ByteBuffer src) {
      int length = src.remaining();
      ensureRoom(length);
      dst.put(dst.position(), src, src.position(), length);
      dst.position(dst.position() + length);
    }

    @Override
    void putText(CharSequence text, int beginIndex, int endIndex, TextCodec codec) {
      codec.encode(text, beginIndex, endIndex, dst);
    }

    @Override
    void putBulk(CharSequence text, int beginIndex, int endIndex, TextCodec codec) {
      LengthPrefix.RESP_BULK.write(text, beginIndex, endIndex, codec, dst);
    }
  }

  /** A segmented buffer: grows as needed, so nothing is ever too small. */
  static class ToSegments extends RespTarget {
    final SegmentedBuffer dst;
    final long start;

    ToSegments(SegmentedBuffer dst) {
      this.dst = dst;
      this.start = dst.size();
    }

    @Override
    long position() {
      return dst.size() - start;
    }

    @Override
    void rewind(long position) {
      dst.truncate(start + position);
    }

    @Override
    void put(byte[] src, int offset, int length) {
      dst.write(src, offset, length);
    }

    @Override
    void put(ByteBuffer src) {
      int position = src.position();
      dst.write(src);
      src.position(position);
    }

    @Override
    void putText(CharSequence text, int beginIndex, int endIndex, TextCodec codec) {
      dst.writeText(text, beginIndex, endIndex, codec);
    }

    @Override
    void putBulk(CharSequence text, int beginIndex, int endIndex, TextCodec codec) {
      LengthPrefix.RESP_BULK.write(text, beginIndex, endIndex, codec, dst);
    }
  }

  /**
   * An output stream: the bytes are staged in a segmented buffer of the writer's own and go out, in as few
   * writes as the segments allow, at {@link #flush()}. A stream that fails keeps what it did not take.
   */
  static final class ToStream extends ToSegments {
    final OutputStream out;
    long sent;

    ToStream(OutputStream out) {
      super(new SegmentedBuffer());
      this.out = out;
    }

    @Override
    long position() {
      return sent + dst.size();
    }

    @Override
    void rewind(long position) {
      if (position < sent) throw new IllegalStateException("cannot take back bytes already written to the stream");
      dst.truncate(position - sent);
    }

    @Override
    void flush() throws IOException {
      long size = dst.size();
      try {
        dst.writeTo(out);
      } catch (PartialWriteException e) {
        // Keep only what the stream did not take, so a retried flush sends each byte once.
        dropFront(e.bytesWritten());
        throw e;
      }
      sent += size;
      dst.clear();
      out.flush();
    }

    private void dropFront(long byteCount) {
      byte[] rest = dst.toByteArray(byteCount, dst.size() - byteCount);
      dst.clear();
      dst.write(rest);
      sent += byteCount;
    }
  }
}
