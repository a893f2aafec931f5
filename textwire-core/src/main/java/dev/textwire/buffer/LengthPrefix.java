package dev.textwire.buffer;

import dev.textwire.BufferTooSmallException;
import dev.textwire.ErrorPolicy;
import dev.textwire.TextCodec;
import dev.textwire.TextCodecs;
import dev.textwire.MalformedTextException;
import dev.textwire.internal.Errors;
import dev.textwire.internal.CodecAccess;
import dev.textwire.internal.EncodeDriver;
import dev.textwire.internal.EncodeKernel;
import dev.textwire.internal.FrameScratch;
import dev.textwire.internal.Utf8Kernel;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ReadOnlyBufferException;
import java.util.Objects;

/**
 * A string with its byte length in front, in UTF-8 or any {@link TextCodec}: written in one pass, with no
 * temporary array and without encoding twice, and read back with the declared length checked before
 * anything is allocated. The methods without a codec use {@link TextCodecs#UTF_8}; those with one take
 * the encoding and its error policy from it.
 *
 * <p>Writing uses the codec's bounds: {@code n} chars take between {@code n} and {@code 3n} bytes in the
 * UTF-8 family, between {@code n/2} and {@code n} in a single-byte code page. When the prefix for both
 * bounds has the same width (always for the fixed widths; for a varint and UTF-8, any string of up to 42
 * chars, or of 5,462 to 5,461 * 3 chars, and so on) the prefix is reserved, the text is encoded after it
 * and the prefix is filled in. Otherwise, into an array, the narrowest width is reserved and the text is
 * moved along if the real length needs more; into a {@link SegmentedBuffer}, the length is computed first.
 *
 * <p>A text that changes while it is written (a {@code StringBuilder} another thread writes to) never
 * gives a frame whose prefix disagrees with its body. Where the frame is written in one pass, the prefix
 * is the length of the bytes that pass wrote. Where the length is counted first (a direct
 * {@code ByteBuffer}, and a {@link SegmentedBuffer} when the prefix width depends on the length), the
 * text is checked against that count and the call throws
 * {@link java.util.ConcurrentModificationException} instead, writing nothing past the declared frame
 * (and, into a segmented buffer, taking the frame back).
 *
 * <p>Reading checks, in order: that the prefix is well-formed, that the declared length is within the
 * caller's maximum, and that the bytes are all there; only then does it allocate the string. Errors say
 * what was wrong and at which byte offset.
 */
public enum LengthPrefix {
  /** protobuf's length-delimited field body: the byte length as a base-128 varint (1 to 5 bytes). */
  VARINT,
  /** Two bytes, big-endian (network order): at most 65,535 bytes of text. */
  FIXED16_BE,
  /** Two bytes, little-endian: at most 65,535 bytes of text. */
  FIXED16_LE,
  /** Four bytes, big-endian: at most 2^31 - 1 bytes of text. */
  FIXED32_BE,
  /** Four bytes, little-endian: at most 2^31 - 1 bytes of text. */
  FIXED32_LE,
  /**
   * A RESP bulk string, as Redis speaks it: {@code $<decimal length>\r\n<bytes>\r\n}. Reading also takes
   * RESP2's null bulk string, {@code $-1\r\n}, and returns {@code null} for it.
   */
  RESP_BULK;

  /** The largest byte length this prefix can state. */
  public int maxLength() {
    return this == FIXED16_BE || this == FIXED16_LE ? 0xFFFF : Integer.MAX_VALUE;
  }

  /** Bytes of the prefix in front of a text of {@code byteLength} bytes. */
  public int prefixLength(int byteLength) {
    switch (this) {
      case VARINT:
        return varintLength(byteLength);
      case FIXED16_BE:
      case FIXED16_LE:
        return 2;
      case FIXED32_BE:
      case FIXED32_LE:
        return 4;
      default:
        return 1 + decimalLength(byteLength) + 2; // $ digits \r \n
    }
  }

  /** Bytes after the text: 2 for RESP's {@code \r\n}, else 0. */
  public int trailerLength() {
    return trailer().length;
  }

  /** The bytes after the text, which every writer appends and the reader checks; never modified. */
  byte[] trailer() {
    return this == RESP_BULK ? CRLF : NO_BYTES;
  }

  private static final byte[] CRLF = {'\r', '\n'};
  private static final byte[] NO_BYTES = {};

  /** Bytes of the whole frame for {@code text}: prefix, UTF-8, trailer. Strict. */
  public long frameLength(CharSequence text) {
    return frameLength(text, TextCodecs.UTF_8);
  }

  /** Bytes of the whole frame for {@code text} in {@code codec}: prefix, text, trailer. */
  public long frameLength(CharSequence text, TextCodec codec) {
    return frameLength((long) codec.encodedLength(text));
  }

  /** Bytes of the whole frame for {@code byteLength} bytes of text (at most {@link #maxLength()}). */
  private long frameLength(long byteLength) {
    return (long) prefixLength((int) byteLength) + byteLength + trailerLength();
  }

  // ---------------------------------------------------------------------------------------------
  // Writing

  /** Writes the frame for {@code text} at {@code dst[offset]}, strictly; returns the bytes written. */
  public int write(CharSequence text, byte[] dst, int offset) {
    int chars = text.length();
    if (this == VARINT && chars <= ONE_BYTE_VARINT_MAX_CHARS && offset >= 0 && offset < dst.length) {
      // Short strings, the common case: the prefix is one byte whatever the text holds, so encode after
      // it and fill it in, with none of the general path's width bookkeeping (measured: about 10 ns of
      // a 16-char frame's 23-48 ns).
      int length = EncodeDriver.encodeWithin(UTF_8, text, 0, chars, dst, offset + 1, dst.length, ErrorPolicy.STRICT, null);
      if (length >= 0) {
        dst[offset] = (byte) length;
        return length + 1;
      }
    }
    return write(text, 0, chars, TextCodecs.UTF_8, dst, offset);
  }

  private static final EncodeKernel UTF_8 = Utf8Kernel.UTF_8;

  /** Up to this many chars a UTF-8 text takes at most 126 bytes, so its varint length is one byte. */
  private static final int ONE_BYTE_VARINT_MAX_CHARS = 127 / 3;

  /**
   * Writes the frame for {@code text[beginIndex, endIndex)} at {@code dst[offset]}.
   *
   * @return the bytes written
   * @throws BufferTooSmallException if the frame does not fit before {@code dst.length}; nothing is
   *     written past it
   * @throws IllegalArgumentException if the text is longer than {@link #maxLength()} bytes
   * @throws MalformedTextException under STRICT, at an unpaired surrogate
   */
  public int write(CharSequence text, int beginIndex, int endIndex, TextCodec codec, byte[] dst, int offset) {
    Objects.checkFromToIndex(beginIndex, endIndex, text.length());
    Objects.checkIndex(offset, dst.length + 1);
    EncodeKernel kernel = CodecAccess.encodeKernel(Objects.requireNonNull(codec, "codec"));
    ErrorPolicy policy = codec.policy();
    int written = writeWithin(kernel, text, beginIndex, endIndex, policy, dst, offset, dst.length, null);
    if (written < 0) {
      long length = EncodeDriver.encodedLengthAsLong(kernel, text, beginIndex, endIndex, policy);
      checkLength(length, kernel);
      throw Errors.checkTooSmall(
          new BufferTooSmallException(frameLength(length), dst.length - offset), kernel.encodingName());
    }
    return written;
  }

  /** Writes the frame at the buffer's position, strictly, and advances it. */
  public int write(CharSequence text, ByteBuffer dst) {
    return write(text, 0, text.length(), TextCodecs.UTF_8, dst);
  }

  /**
   * Writes the frame at the buffer's position and advances it; on any error the position is unchanged,
   * but bytes between the position and the limit may have been overwritten. Into a direct buffer (or a
   * heap buffer too small for the one-pass write) the length is counted first and the text encoded into
   * exactly that many bytes after the prefix, so a text that changes during the call cannot spill past
   * the frame it declared.
   *
   * @return the bytes written
   * @throws BufferTooSmallException if the frame does not fit in {@code dst.remaining()}
   * @throws java.util.ConcurrentModificationException if the text changed during the call, so that its
   *     bytes no longer match the length counted for the prefix
   */
  public int write(CharSequence text, int beginIndex, int endIndex, TextCodec codec, ByteBuffer dst) {
    Objects.checkFromToIndex(beginIndex, endIndex, text.length());
    EncodeKernel kernel = CodecAccess.encodeKernel(Objects.requireNonNull(codec, "codec"));
    ErrorPolicy policy = codec.policy();
    if (dst.isReadOnly()) {
      throw new ReadOnlyBufferException();
    }
    int position = dst.position();
    if (dst.hasArray()) {
      int base = dst.arrayOffset();
      int written =
          writeWithin(kernel, text, beginIndex, endIndex, policy, dst.array(), base + position, base + dst.limit(), dst);
      if (written >= 0) {
        dst.position(position + written);
        return written;
      }
    }
    // A direct buffer, or a frame that did not fit: the exact length first, then prefix, text, trailer.
    long length = EncodeDriver.encodedLengthAsLong(kernel, text, beginIndex, endIndex, policy);
    checkLength(length, kernel);
    long frameBytes = frameLength(length); // a long: near 2^31 bytes of text, an int sum would wrap
    if (frameBytes > dst.remaining()) {
      throw new BufferTooSmallException(frameBytes, dst.remaining());
    }
    int frame = (int) frameBytes;
    int width = prefixLength((int) length);
    int limit = dst.limit();
    int textStart = position + width;
    try {
      // The text goes into exactly the bytes the prefix declares: a text that changed since it was
      // counted cannot spill past them, and is caught by the count.
      dst.position(textStart).limit(textStart + (int) length);
      int written;
      try {
        written = EncodeDriver.encode(kernel, text, beginIndex, endIndex, dst, policy);
      } catch (BufferTooSmallException e) {
        written = -1;
      }
      if (written != length) {
        throw Errors.textChanged(kernel.encodingName(), length, written);
      }
    } catch (RuntimeException | Error e) {
      dst.limit(limit).position(position);
      throw e;
    }
    dst.limit(limit);
    FrameScratch scratch = FrameScratch.acquire();
    try {
      dst.put(position, prefix((int) length, width, scratch), 0, width);
    } finally {
      scratch.release();
    }
    dst.put(trailer());
    return frame;
  }

  /** Appends the frame for {@code text}, strictly; returns the bytes appended. */
  public long write(CharSequence text, SegmentedBuffer dst) {
    int chars = text.length();
    if (this == VARINT && chars <= ONE_BYTE_VARINT_MAX_CHARS) {
      // As for arrays: a one-byte prefix whatever the text holds, straight into the current segment.
      int room = dst.windowRoom();
      if (1 + 3 * chars <= room) {
        byte[] window = dst.window();
        int position = dst.windowPosition();
        int length =
            EncodeDriver.encodeWithin(
                UTF_8, text, 0, chars, window, position + 1, position + room, ErrorPolicy.STRICT, dst.windowView());
        window[position] = (byte) length; // it fits: room was checked for the worst case
        dst.advance(1 + length);
        return 1 + length;
      }
    }
    return write(text, 0, chars, TextCodecs.UTF_8, dst);
  }

  /**
   * Appends the frame for {@code text[beginIndex, endIndex)}. All or nothing: on any error the buffer is
   * as it was.
   *
   * @return the bytes appended
   * @throws java.util.ConcurrentModificationException if the text changed during the call, so that its
   *     bytes no longer match the length counted for the prefix (only where the length is counted first)
   */
  public long write(CharSequence text, int beginIndex, int endIndex, TextCodec codec, SegmentedBuffer dst) {
    Objects.checkFromToIndex(beginIndex, endIndex, text.length());
    EncodeKernel kernel = CodecAccess.encodeKernel(Objects.requireNonNull(codec, "codec"));
    ErrorPolicy policy = codec.policy();
    int chars = endIndex - beginIndex;
    int width = reservedWidth(chars, kernel);
    int widestPrefix = widthForMaxLength(chars, kernel);
    long worstCase = widestPrefix + (long) kernel.maxBytesPerChar() * chars + trailerLength();
    int room = dst.windowRoom();
    if (worstCase <= room) {
      // The whole frame fits in the current segment: exactly as into an array.
      int written =
          writeWithin(
              kernel, text, beginIndex, endIndex, policy, dst.window(), dst.windowPosition(), dst.windowPosition() + room,
              dst.windowView());
      dst.advance(written);
      return written;
    }
    long start = dst.size();
    FrameScratch scratch = FrameScratch.acquire();
    try {
      long length;
      if (width == widestPrefix) {
        for (int i = 0; i < width; i++) {
          dst.writeByte(0); // filled in once the text's length is known
        }
        length = dst.writeText(text, beginIndex, endIndex, codec);
        checkLength(length, kernel);
        byte[] prefix = prefix((int) length, width, scratch);
        for (int i = 0; i < width; i++) {
          dst.set(start + i, prefix[i]);
        }
      } else {
        length = EncodeDriver.encodedLengthAsLong(kernel, text, beginIndex, endIndex, policy);
        checkLength(length, kernel);
        int needed = prefixLength((int) length);
        dst.write(prefix((int) length, needed, scratch), 0, needed);
        long written = dst.writeText(text, beginIndex, endIndex, codec);
        if (written != length) {
          throw Errors.textChanged(kernel.encodingName(), length, written); // and the frame is taken back below
        }
      }
      dst.write(trailer());
      return dst.size() - start;
    } catch (RuntimeException | Error e) {
      dst.truncate(start);
      throw e;
    } finally {
      scratch.release();
    }
  }

  /**
   * The frame into {@code dst[offset, limit)}.
   *
   * @return the bytes written, or -1 if the frame does not fit
   */
  private int writeWithin(
      EncodeKernel kernel,
      CharSequence text,
      int begin,
      int end,
      ErrorPolicy policy,
      byte[] dst,
      int offset,
      int limit,
      ByteBuffer dstView) {
    int chars = end - begin;
    int width = reservedWidth(chars, kernel);
    int trailer = trailerLength(); // a count; trailer() gives the bytes
    if (limit - offset < width + trailer) {
      return -1;
    }
    int textStart = offset + width;
    int length = EncodeDriver.encodeWithin(kernel, text, begin, end, dst, textStart, limit - trailer, policy, dstView);
    if (length < 0) {
      return -1;
    }
    checkLength(length, kernel);
    int needed = prefixLength(length);
    if (needed != width) {
      // Only a varint or a RESP length can be wider than reserved: move the text along to make room.
      int shift = needed - width;
      if (limit - trailer - (textStart + length) < shift) {
        return -1;
      }
      System.arraycopy(dst, textStart, dst, textStart + shift, length);
      textStart += shift;
    }
    putPrefix(dst, offset, length, needed);
    int p = textStart + length;
    System.arraycopy(trailer(), 0, dst, p, trailer);
    return p + trailer - offset;
  }

  /** The prefix width reserved for {@code chars} chars: the width for the least bytes they can take. */
  private int reservedWidth(int chars, EncodeKernel kernel) {
    return prefixLength((int) kernel.minEncodedLength(chars));
  }

  private int widthForMaxLength(int chars, EncodeKernel kernel) {
    return prefixLength((int) Math.min((long) kernel.maxBytesPerChar() * chars, Integer.MAX_VALUE));
  }

  private void checkLength(long length, EncodeKernel kernel) {
    if (length > maxLength()) {
      throw new IllegalArgumentException(
          "text of " + length + " " + kernel.encodingName() + " bytes is too long for a " + this + " prefix (at most "
              + maxLength() + ")");
    }
  }

  /**
   * The one place each format's prefix bytes are written: the {@code width}-byte prefix for
   * {@code length} at {@code dst[p]}.
   */
  private void putPrefix(byte[] dst, int p, int length, int width) {
    switch (this) {
      case VARINT:
        for (int i = 0; i < width - 1; i++) {
          dst[p++] = (byte) (length | 0x80);
          length >>>= 7;
        }
        dst[p] = (byte) length;
        return;
      case FIXED16_BE:
        dst[p] = (byte) (length >>> 8);
        dst[p + 1] = (byte) length;
        return;
      case FIXED16_LE:
        dst[p] = (byte) length;
        dst[p + 1] = (byte) (length >>> 8);
        return;
      case FIXED32_BE:
        dst[p] = (byte) (length >>> 24);
        dst[p + 1] = (byte) (length >>> 16);
        dst[p + 2] = (byte) (length >>> 8);
        dst[p + 3] = (byte) length;
        return;
      case FIXED32_LE:
        dst[p] = (byte) length;
        dst[p + 1] = (byte) (length >>> 8);
        dst[p + 2] = (byte) (length >>> 16);
        dst[p + 3] = (byte) (length >>> 24);
        return;
      default:
        dst[p] = '$';
        int last = p + width - 3; // the last digit
        do {
          dst[last--] = (byte) ('0' + length % 10);
          length /= 10;
        } while (length != 0);
        dst[p + width - 2] = '\r';
        dst[p + width - 1] = '\n';
    }
  }

  /** The {@code width}-byte prefix for {@code length} at the start of lent space: for the slower paths. */
  private byte[] prefix(int length, int width, FrameScratch scratch) {
    putPrefix(scratch.bytes, 0, length, width);
    return scratch.bytes;
  }

  static int varintLength(int value) {
    // 1 + floor(log128(value)), with 0 taking one byte: the same formula as protobuf's computeUInt32Size
    int bits = 32 - Integer.numberOfLeadingZeros(value | 1);
    return (bits + 6) / 7;
  }

  static int decimalLength(int value) {
    int digits = 1;
    for (long bound = 10; bound <= value; bound *= 10) {
      digits++;
    }
    return digits;
  }

  // ---------------------------------------------------------------------------------------------
  // Reading: the parsing and its checks are in FrameReader.

  /**
   * Length of the frame that starts at {@code src[offset]}: prefix, text and trailer, or -1 if
   * {@code src[offset, limit)} does not hold all of it yet. Use it to find where the next frame starts.
   *
   * @throws MalformedFrameException if the prefix (or RESP's trailer) is malformed, or declares more than
   *     {@code maxBytes}
   */
  public int frameLength(byte[] src, int offset, int limit, int maxBytes) {
    return FrameReader.frameLength(this, src, offset, limit, maxBytes);
  }

  /** The string in the frame at {@code src[offset]}, decoded strictly; see {@link #read(byte[], int, int, int, TextCodec)}. */
  public String read(byte[] src, int offset, int limit, int maxBytes) {
    return read(src, offset, limit, maxBytes, TextCodecs.UTF_8);
  }

  /**
   * The string in the frame at {@code src[offset]}; {@code null} for RESP's null bulk string.
   *
   * @throws MalformedFrameException if the prefix is malformed, declares more than {@code maxBytes}, or
   *     declares more bytes than {@code src[offset, limit)} holds ({@link MalformedFrameException#isTruncated()})
   * @throws MalformedTextException under a strict codec, if the text is ill-formed, with its offset in {@code src}
   */
  public String read(byte[] src, int offset, int limit, int maxBytes, TextCodec codec) {
    return FrameReader.read(this, src, offset, limit, maxBytes, codec);
  }

  /** The string in the frame at the buffer's position, decoded strictly; the position moves past it. */
  public String read(ByteBuffer src, int maxBytes) {
    return read(src, maxBytes, TextCodecs.UTF_8);
  }

  /**
   * The string in the frame at the buffer's position; the position moves past the frame (not on error).
   * Offsets in errors are indices in the buffer.
   */
  public String read(ByteBuffer src, int maxBytes, TextCodec codec) {
    return FrameReader.read(this, src, maxBytes, codec);
  }

  /** Reads one frame from {@code in}, strictly; see {@link #read(InputStream, int, TextCodec)}. */
  public String read(InputStream in, int maxBytes) throws IOException {
    return read(in, maxBytes, TextCodecs.UTF_8);
  }

  /**
   * Reads one frame from {@code in}. The prefix is read a byte at a time (so nothing past the frame is
   * consumed), the declared length is checked against {@code maxBytes}, and only then is the text read:
   * into an array of the declared size up to 64 KiB, growing as the bytes arrive above that. Offsets in
   * errors count from the start of the frame.
   *
   * @throws EOFException if the stream ends inside the frame
   * @throws MalformedFrameException if the prefix is malformed or declares more than {@code maxBytes}
   */
  public String read(InputStream in, int maxBytes, TextCodec codec) throws IOException {
    return FrameReader.read(this, in, maxBytes, codec);
  }
}
