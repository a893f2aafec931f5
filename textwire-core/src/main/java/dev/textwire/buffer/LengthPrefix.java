package dev.textwire.buffer;

import dev.textwire.BufferTooSmallException;
import dev.textwire.ErrorPolicy;
import dev.textwire.MalformedTextException;
import dev.textwire.Utf8;
import dev.textwire.internal.Utf8Decoding;
import dev.textwire.internal.Utf8Encoding;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ReadOnlyBufferException;
import java.util.Objects;

/**
 * A UTF-8 string with its byte length in front: written in one pass, with no temporary array and without
 * encoding twice, and read back with the declared length checked before anything is allocated.
 *
 * <p>Writing uses the bounds of UTF-8: {@code n} chars take between {@code n} and {@code 3n} bytes. When
 * the prefix for both bounds has the same width (always for the fixed widths; for a varint, any string of
 * up to 42 chars, or of 5,462 to 5,461 * 3 chars, and so on) the prefix is reserved, the text is encoded
 * after it and the prefix is filled in. Otherwise, into an array, the narrowest width is reserved and the
 * text is moved along if the real length needs more; into a {@link SegmentedBuffer}, the length is
 * computed first.
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
    return this == RESP_BULK ? 2 : 0;
  }

  /** Bytes of the whole frame for {@code text}: prefix, UTF-8, trailer. Strict. */
  public long frameLength(CharSequence text) {
    int length = Utf8.encodedLength(text);
    return (long) prefixLength(length) + length + trailerLength();
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
      int length = Utf8Encoding.encodeWithin(text, 0, chars, dst, offset + 1, dst.length, ErrorPolicy.STRICT, null);
      if (length >= 0) {
        dst[offset] = (byte) length;
        return length + 1;
      }
    }
    return write(text, 0, chars, ErrorPolicy.STRICT, dst, offset);
  }

  /** Up to this many chars a text takes at most 126 bytes, so its varint length is one byte. */
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
  public int write(CharSequence text, int beginIndex, int endIndex, ErrorPolicy policy, byte[] dst, int offset) {
    Objects.checkFromToIndex(beginIndex, endIndex, text.length());
    Objects.checkIndex(offset, dst.length + 1);
    Objects.requireNonNull(policy, "policy");
    int written = writeWithin(text, beginIndex, endIndex, policy, dst, offset, dst.length, null);
    if (written < 0) {
      long length = Utf8Encoding.encodedLengthAsLong(text, beginIndex, endIndex, policy);
      checkLength(length);
      throw new BufferTooSmallException(
          prefixLength((int) length) + length + trailerLength(), dst.length - offset);
    }
    return written;
  }

  /** Writes the frame at the buffer's position, strictly, and advances it. */
  public int write(CharSequence text, ByteBuffer dst) {
    return write(text, 0, text.length(), ErrorPolicy.STRICT, dst);
  }

  /**
   * Writes the frame at the buffer's position and advances it; on any error the position is unchanged.
   *
   * @return the bytes written
   */
  public int write(CharSequence text, int beginIndex, int endIndex, ErrorPolicy policy, ByteBuffer dst) {
    Objects.checkFromToIndex(beginIndex, endIndex, text.length());
    Objects.requireNonNull(policy, "policy");
    if (dst.isReadOnly()) {
      throw new ReadOnlyBufferException();
    }
    int position = dst.position();
    if (dst.hasArray()) {
      int base = dst.arrayOffset();
      int written =
          writeWithin(text, beginIndex, endIndex, policy, dst.array(), base + position, base + dst.limit(), dst);
      if (written >= 0) {
        dst.position(position + written);
        return written;
      }
    }
    // A direct buffer, or a frame that did not fit: the exact length first, then prefix, text, trailer.
    long length = Utf8Encoding.encodedLengthAsLong(text, beginIndex, endIndex, policy);
    checkLength(length);
    int frame = prefixLength((int) length) + (int) length + trailerLength();
    if (frame > dst.remaining()) {
      throw new BufferTooSmallException(frame, dst.remaining());
    }
    int width = prefixLength((int) length);
    for (int i = 0; i < width; i++) {
      dst.put(prefixByte((int) length, width, i));
    }
    Utf8Encoding.encode(text, beginIndex, endIndex, dst, policy);
    putTrailer(dst);
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
            Utf8Encoding.encodeWithin(
                text, 0, chars, window, position + 1, position + room, ErrorPolicy.STRICT, dst.windowView());
        window[position] = (byte) length; // it fits: room was checked for the worst case
        dst.advance(1 + length);
        return 1 + length;
      }
    }
    return write(text, 0, chars, ErrorPolicy.STRICT, dst);
  }

  /**
   * Appends the frame for {@code text[beginIndex, endIndex)}. All or nothing: on any error the buffer is
   * as it was.
   *
   * @return the bytes appended
   */
  public long write(CharSequence text, int beginIndex, int endIndex, ErrorPolicy policy, SegmentedBuffer dst) {
    Objects.checkFromToIndex(beginIndex, endIndex, text.length());
    Objects.requireNonNull(policy, "policy");
    int chars = endIndex - beginIndex;
    int width = reservedWidth(chars);
    int widestPrefix = widthForMaxLength(chars);
    long worstCase = widestPrefix + 3L * chars + trailerLength();
    int room = dst.windowRoom();
    if (worstCase <= room) {
      // The whole frame fits in the current segment: exactly as into an array.
      int written =
          writeWithin(
              text, beginIndex, endIndex, policy, dst.window(), dst.windowPosition(), dst.windowPosition() + room,
              dst.windowView());
      dst.advance(written);
      return written;
    }
    long start = dst.size();
    try {
      long length;
      if (width == widestPrefix) {
        for (int i = 0; i < width; i++) {
          dst.writeByte(0);
        }
        length = dst.writeUtf8(text, beginIndex, endIndex, policy);
        checkLength(length);
        for (int i = 0; i < width; i++) {
          dst.set(start + i, prefixByte((int) length, width, i));
        }
      } else {
        length = Utf8Encoding.encodedLengthAsLong(text, beginIndex, endIndex, policy);
        checkLength(length);
        int needed = prefixLength((int) length);
        for (int i = 0; i < needed; i++) {
          dst.writeByte(prefixByte((int) length, needed, i));
        }
        dst.writeUtf8(text, beginIndex, endIndex, policy);
      }
      if (this == RESP_BULK) {
        dst.writeByte('\r');
        dst.writeByte('\n');
      }
      return dst.size() - start;
    } catch (RuntimeException | Error e) {
      dst.truncate(start);
      throw e;
    }
  }

  /**
   * The frame into {@code dst[offset, limit)}.
   *
   * @return the bytes written, or -1 if the frame does not fit
   */
  private int writeWithin(
      CharSequence text, int begin, int end, ErrorPolicy policy, byte[] dst, int offset, int limit, ByteBuffer dstView) {
    int chars = end - begin;
    int width = reservedWidth(chars);
    int trailer = trailerLength();
    if (limit - offset < width + trailer) {
      return -1;
    }
    int textStart = offset + width;
    int length = Utf8Encoding.encodeWithin(text, begin, end, dst, textStart, limit - trailer, policy, dstView);
    if (length < 0) {
      return -1;
    }
    checkLength(length);
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
    if (trailer != 0) {
      dst[p] = '\r';
      dst[p + 1] = '\n';
    }
    return p + trailer - offset;
  }

  /** The prefix width reserved for {@code chars} chars: the width for the least bytes they can take. */
  private int reservedWidth(int chars) {
    return prefixLength(chars);
  }

  private int widthForMaxLength(int chars) {
    return prefixLength((int) Math.min(3L * chars, Integer.MAX_VALUE));
  }

  private void checkLength(long length) {
    if (length > maxLength()) {
      throw new IllegalArgumentException(
          "text of " + length + " UTF-8 bytes is too long for a " + this + " prefix (at most " + maxLength() + ")");
    }
  }

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

  /** Byte {@code i} of the {@code width}-byte prefix for {@code length}: for the slower paths. */
  private byte prefixByte(int length, int width, int i) {
    switch (this) {
      case VARINT:
        return (byte) (((length >>> (7 * i)) & 0x7F) | (i < width - 1 ? 0x80 : 0));
      case FIXED16_BE:
      case FIXED32_BE:
        return (byte) (length >>> (8 * (width - 1 - i)));
      case FIXED16_LE:
      case FIXED32_LE:
        return (byte) (length >>> (8 * i));
      default:
        if (i == 0) {
          return '$';
        }
        if (i >= width - 2) {
          return (byte) (i == width - 2 ? '\r' : '\n');
        }
        int value = length;
        for (int k = i; k < width - 3; k++) {
          value /= 10;
        }
        return (byte) ('0' + value % 10);
    }
  }

  private void putTrailer(ByteBuffer dst) {
    if (this == RESP_BULK) {
      dst.put((byte) '\r').put((byte) '\n');
    }
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
  // Reading

  /**
   * Length of the frame that starts at {@code src[offset]}: prefix, text and trailer, or -1 if
   * {@code src[offset, limit)} does not hold all of it yet. Use it to find where the next frame starts.
   *
   * @throws MalformedFrameException if the prefix (or RESP's trailer) is malformed, or declares more than
   *     {@code maxBytes}
   */
  public int frameLength(byte[] src, int offset, int limit, int maxBytes) {
    Objects.checkFromToIndex(offset, limit, src.length);
    long header = parseHeader(src, offset, limit, maxBytes, offset);
    if (header == INCOMPLETE) {
      return -1;
    }
    int width = headerWidth(header);
    int length = headerLength(header);
    long frame = (long) width + Math.max(length, 0) + (length < 0 ? 0 : trailerLength());
    if (frame > limit - offset) {
      return -1;
    }
    checkTrailer(src, offset + width + Math.max(length, 0), length, offset);
    return (int) frame;
  }

  /** The string in the frame at {@code src[offset]}, decoded strictly; see {@link #read(byte[], int, int, int, ErrorPolicy)}. */
  public String read(byte[] src, int offset, int limit, int maxBytes) {
    return read(src, offset, limit, maxBytes, ErrorPolicy.STRICT);
  }

  /**
   * The string in the frame at {@code src[offset]}; {@code null} for RESP's null bulk string.
   *
   * @throws MalformedFrameException if the prefix is malformed, declares more than {@code maxBytes}, or
   *     declares more bytes than {@code src[offset, limit)} holds ({@link MalformedFrameException#isTruncated()})
   * @throws MalformedTextException under STRICT, if the text is not UTF-8, with its offset in {@code src}
   */
  public String read(byte[] src, int offset, int limit, int maxBytes, ErrorPolicy policy) {
    Objects.checkFromToIndex(offset, limit, src.length);
    long header = completeHeader(src, offset, limit, maxBytes, 0);
    int length = headerLength(header);
    return length < 0 ? null : decode(src, offset + headerWidth(header), length, policy, 0);
  }

  private static String decode(byte[] src, int begin, int length, ErrorPolicy policy, long offsetBias) {
    return Utf8Decoding.decode(src, begin, begin + length, Objects.requireNonNull(policy, "policy"), offsetBias);
  }

  /**
   * The header of a frame that is all there, with its trailer checked; else an error saying why.
   * Errors report {@code index + offsetBias} for an index in {@code src}.
   */
  private long completeHeader(byte[] src, int offset, int limit, int maxBytes, long offsetBias) {
    long reported = offset + offsetBias;
    long header = parseHeader(src, offset, limit, maxBytes, reported);
    if (header == INCOMPLETE) {
      throw new MalformedFrameException(
          "the " + this + " prefix at byte offset " + reported + " is cut short by the end of the input", reported, true);
    }
    int length = headerLength(header);
    if (length >= 0) {
      int textStart = offset + headerWidth(header);
      long available = limit - textStart;
      if (length + (long) trailerLength() > available) {
        throw new MalformedFrameException(
            "the frame at byte offset " + reported + " declares " + length + " bytes of text"
                + (trailerLength() > 0 ? " and a 2-byte trailer" : "") + " but only " + available
                + " follow the prefix",
            reported,
            true);
      }
      checkTrailer(src, textStart + length, length, reported);
    }
    return header;
  }

  /** The string in the frame at the buffer's position, decoded strictly; the position moves past it. */
  public String read(ByteBuffer src, int maxBytes) {
    return read(src, maxBytes, ErrorPolicy.STRICT);
  }

  /**
   * The string in the frame at the buffer's position; the position moves past the frame (not on error).
   * Offsets in errors are indices in the buffer.
   */
  public String read(ByteBuffer src, int maxBytes, ErrorPolicy policy) {
    Objects.requireNonNull(policy, "policy");
    int position = src.position();
    if (src.hasArray()) {
      int base = src.arrayOffset();
      long header = completeHeader(src.array(), base + position, base + src.limit(), maxBytes, -base);
      int width = headerWidth(header);
      int length = headerLength(header);
      String text = length < 0 ? null : decode(src.array(), base + position + width, length, policy, -base);
      src.position(position + width + (length < 0 ? 0 : length + trailerLength()));
      return text;
    }
    // Direct: the header through a small copy (a RESP header is at most 13 bytes), then the text, whose
    // length is now checked against maxBytes and against what the buffer holds, into an array.
    byte[] head = new byte[Math.min(src.remaining(), MAX_HEADER_BYTES)];
    src.get(position, head);
    long header = parseHeader(head, 0, head.length, maxBytes, position);
    if (header == INCOMPLETE) {
      throw new MalformedFrameException(
          "the " + this + " prefix at byte offset " + position + " is cut short by the end of the input", position, true);
    }
    int width = headerWidth(header);
    int length = headerLength(header);
    if (length < 0) {
      src.position(position + width);
      return null;
    }
    int textStart = position + width;
    long available = src.limit() - textStart;
    if (length + (long) trailerLength() > available) {
      throw new MalformedFrameException(
          "the frame at byte offset " + position + " declares " + length + " bytes of text"
              + (trailerLength() > 0 ? " and a 2-byte trailer" : "") + " but only " + available
              + " follow the prefix",
          position,
          true);
    }
    if (this == RESP_BULK) {
      byte[] trailer = new byte[2];
      src.get(textStart + length, trailer);
      checkTrailer(trailer, 0, length, position);
    }
    byte[] body = new byte[length];
    src.get(textStart, body);
    String text = decode(body, 0, length, policy, textStart);
    src.position(textStart + length + trailerLength());
    return text;
  }

  /** The longest prefix any format here has: RESP's {@code $} + 10 digits + CR LF. */
  private static final int MAX_HEADER_BYTES = 13;

  /** Below this, a frame's text is read from a stream into an array of its declared size at once. */
  private static final int STREAM_TRUST_BYTES = 64 * 1024;

  /** Reads one frame from {@code in}, strictly; see {@link #read(InputStream, int, ErrorPolicy)}. */
  public String read(InputStream in, int maxBytes) throws IOException {
    return read(in, maxBytes, ErrorPolicy.STRICT);
  }

  /**
   * Reads one frame from {@code in}. The prefix is read a byte at a time (so nothing past the frame is
   * consumed), the declared length is checked against {@code maxBytes}, and only then is the text read
   * into an array of exactly that size. Offsets in errors count from the start of the frame.
   *
   * @throws EOFException if the stream ends inside the frame
   * @throws MalformedFrameException if the prefix is malformed or declares more than {@code maxBytes}
   */
  public String read(InputStream in, int maxBytes, ErrorPolicy policy) throws IOException {
    Objects.requireNonNull(policy, "policy");
    byte[] head = new byte[MAX_HEADER_BYTES];
    int count = 0;
    long header;
    while ((header = parseHeader(head, 0, count, maxBytes, 0)) == INCOMPLETE) {
      int b = in.read();
      if (b < 0) {
        throw new EOFException(
            count == 0
                ? "the stream ended before the frame"
                : "the stream ended inside the " + this + " prefix after " + count + " bytes");
      }
      head[count++] = (byte) b;
    }
    int width = headerWidth(header);
    int length = headerLength(header);
    if (length < 0) {
      return null;
    }
    byte[] body = readBody(in, length);
    if (this == RESP_BULK) {
      byte[] trailer = new byte[2];
      if (in.readNBytes(trailer, 0, 2) < 2) {
        throw new EOFException("the stream ended before the \\r\\n after the RESP bulk string's " + length + " bytes");
      }
      checkTrailer(trailer, 0, length, 0);
    }
    return decode(body, 0, length, policy, width);
  }

  /**
   * The declared {@code length} bytes from the stream. A length within {@link #STREAM_TRUST_BYTES} gets its
   * array at once; above that the array grows as the bytes arrive, so a peer that declares a large length
   * (within the caller's maximum) and then stops costs memory for what it sent, not for what it claimed.
   */
  private static byte[] readBody(InputStream in, int length) throws IOException {
    byte[] body = new byte[Math.min(length, STREAM_TRUST_BYTES)];
    int read = 0;
    while (true) {
      int count = in.readNBytes(body, read, body.length - read);
      read += count;
      if (read < body.length) {
        throw new EOFException(
            "the frame declares " + length + " bytes of text but the stream ended after " + read);
      }
      if (read == length) {
        return body;
      }
      body = java.util.Arrays.copyOf(body, (int) Math.min(length, 2L * body.length));
    }
  }

  private static final long INCOMPLETE = -1;

  private static int headerWidth(long header) {
    return (int) (header >>> 32);
  }

  /** The declared length, or -1 for RESP's null bulk string. */
  private static int headerLength(long header) {
    return (int) header;
  }

  /**
   * Parses the prefix at {@code src[offset, limit)}.
   *
   * @param reportedOffset the offset to report for {@code src[offset]}
   * @return the width in the high half and the declared length in the low half, or {@link #INCOMPLETE}
   */
  private long parseHeader(byte[] src, int offset, int limit, int maxBytes, long reportedOffset) {
    if (maxBytes < 0) {
      throw new IllegalArgumentException("maxBytes must not be negative, not " + maxBytes);
    }
    int available = limit - offset;
    long length;
    int width;
    switch (this) {
      case VARINT: {
        length = 0;
        width = 0;
        while (true) {
          if (width == available) {
            return INCOMPLETE;
          }
          int b = src[offset + width];
          length |= (long) (b & 0x7F) << (7 * width);
          width++;
          if (b >= 0) {
            break;
          }
          if (width == 5) {
            throw malformed("a varint length longer than 5 bytes", src, offset, 6, reportedOffset, available);
          }
        }
        if (length > Integer.MAX_VALUE) {
          throw malformed("a varint length of " + length + ", above 2^31-1", src, offset, width, reportedOffset, available);
        }
        break;
      }
      case FIXED16_BE:
      case FIXED16_LE:
        if (available < 2) {
          return INCOMPLETE;
        }
        width = 2;
        length =
            this == FIXED16_BE
                ? ((src[offset] & 0xFF) << 8) | (src[offset + 1] & 0xFF)
                : (src[offset] & 0xFF) | ((src[offset + 1] & 0xFF) << 8);
        break;
      case FIXED32_BE:
      case FIXED32_LE:
        if (available < 4) {
          return INCOMPLETE;
        }
        width = 4;
        if (this == FIXED32_BE) {
          length = ((src[offset] & 0xFFL) << 24) | ((src[offset + 1] & 0xFF) << 16)
              | ((src[offset + 2] & 0xFF) << 8) | (src[offset + 3] & 0xFF);
        } else {
          length = (src[offset] & 0xFF) | ((src[offset + 1] & 0xFF) << 8)
              | ((src[offset + 2] & 0xFF) << 16) | ((src[offset + 3] & 0xFFL) << 24);
        }
        if (length > Integer.MAX_VALUE) {
          throw malformed("a length of " + length + ", above 2^31-1", src, offset, 4, reportedOffset, available);
        }
        break;
      default:
        return parseRespHeader(src, offset, limit, maxBytes, reportedOffset);
    }
    checkMax(length, maxBytes, reportedOffset);
    return ((long) width << 32) | length;
  }

  private long parseRespHeader(byte[] src, int offset, int limit, int maxBytes, long reportedOffset) {
    int available = limit - offset;
    if (available == 0) {
      return INCOMPLETE;
    }
    if (src[offset] != '$') {
      throw malformed("expected '$' to start a RESP bulk string", src, offset, 1, reportedOffset, available);
    }
    int p = offset + 1;
    if (p < limit && src[p] == '-') {
      // RESP2's null bulk string: exactly $-1\r\n
      for (byte expected : new byte[] {'-', '1', '\r', '\n'}) {
        if (p == limit) {
          return INCOMPLETE;
        }
        if (src[p] != expected) {
          throw malformed("a negative length other than the null bulk string $-1", src, offset, p - offset + 1, reportedOffset, available);
        }
        p++;
      }
      return ((long) (p - offset) << 32) | 0xFFFFFFFFL;
    }
    long length = 0;
    int digits = 0;
    while (true) {
      if (p == limit) {
        return INCOMPLETE;
      }
      int b = src[p];
      if (b == '\r') {
        break;
      }
      if (b < '0' || b > '9') {
        throw malformed("expected a decimal digit or \\r in the RESP length", src, offset, p - offset + 1, reportedOffset, available);
      }
      if (digits == 1 && length == 0) {
        // As Redis: a length is "0" or starts with 1..9, so a header is never longer than 13 bytes.
        throw malformed("a RESP length with a leading zero", src, offset, p - offset + 1, reportedOffset, available);
      }
      length = length * 10 + (b - '0');
      digits++;
      if (length > Integer.MAX_VALUE) {
        throw malformed("a RESP length above 2^31-1", src, offset, p - offset + 1, reportedOffset, available);
      }
      p++;
    }
    if (digits == 0) {
      throw malformed("a RESP length with no digits", src, offset, p - offset + 1, reportedOffset, available);
    }
    p++;
    if (p == limit) {
      return INCOMPLETE;
    }
    if (src[p] != '\n') {
      throw malformed("expected \\n after \\r in the RESP length", src, offset, p - offset + 1, reportedOffset, available);
    }
    p++;
    checkMax(length, maxBytes, reportedOffset);
    return ((long) (p - offset) << 32) | length;
  }

  private void checkMax(long length, int maxBytes, long reportedOffset) {
    if (length > maxBytes) {
      throw new MalformedFrameException(
          "the frame at byte offset " + reportedOffset + " declares " + length
              + " bytes of text, above the maximum of " + maxBytes,
          reportedOffset,
          false);
    }
  }

  private void checkTrailer(byte[] src, int p, int length, long reportedFrameOffset) {
    if (this == RESP_BULK && length >= 0 && (src[p] != '\r' || src[p + 1] != '\n')) {
      throw new MalformedFrameException(
          String.format(
              "the RESP bulk string at byte offset %d does not end with \\r\\n after its %d bytes (found %02X %02X)",
              reportedFrameOffset, length, src[p] & 0xFF, src[p + 1] & 0xFF),
          reportedFrameOffset,
          false);
    }
  }

  private MalformedFrameException malformed(
      String what, byte[] src, int offset, int count, long reportedOffset, int available) {
    StringBuilder hex = new StringBuilder();
    for (int i = 0; i < Math.min(count, available); i++) {
      hex.append(i == 0 ? "" : " ").append(String.format("%02X", src[offset + i] & 0xFF));
    }
    return new MalformedFrameException(
        "malformed " + this + " prefix at byte offset " + reportedOffset + ": " + what + " (bytes " + hex + ")",
        reportedOffset,
        false);
  }
}
