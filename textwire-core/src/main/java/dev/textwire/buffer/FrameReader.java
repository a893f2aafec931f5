package dev.textwire.buffer;

import dev.textwire.TextCodec;
import dev.textwire.internal.CodecAccess;
import dev.textwire.internal.DecodeDriver;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Objects;

/**
 * Reading {@link LengthPrefix} frames: parse the prefix, check the declared length against the caller's
 * maximum and then against the bytes there, and only then allocate. Offsets in errors are indices in the
 * caller's array or buffer, or, for a stream, counted from the start of the frame.
 */
final class FrameReader {
  private FrameReader() {}

  static int frameLength(LengthPrefix prefix, byte[] src, int offset, int limit, int maxBytes) {
    Objects.checkFromToIndex(offset, limit, src.length);
    long header = parseHeader(prefix, src, offset, limit, maxBytes, offset);
    if (header == INCOMPLETE) {
      return -1;
    }
    int width = headerWidth(header);
    int length = headerLength(header);
    long frame = (long) width + Math.max(length, 0) + (length < 0 ? 0 : prefix.trailerLength());
    if (frame > limit - offset) {
      return -1;
    }
    checkTrailer(prefix, src, offset + width + Math.max(length, 0), length, offset);
    return (int) frame;
  }

  static String read(LengthPrefix prefix, byte[] src, int offset, int limit, int maxBytes, TextCodec codec) {
    Objects.checkFromToIndex(offset, limit, src.length);
    long header = completeHeader(prefix, src, offset, limit, maxBytes, 0);
    int length = headerLength(header);
    return length < 0 ? null : decode(src, offset + headerWidth(header), length, codec, 0);
  }

  static String read(LengthPrefix prefix, ByteBuffer src, int maxBytes, TextCodec codec) {
    Objects.requireNonNull(codec, "codec");
    int position = src.position();
    if (src.hasArray()) {
      int base = src.arrayOffset();
      long header = completeHeader(prefix, src.array(), base + position, base + src.limit(), maxBytes, -base);
      int width = headerWidth(header);
      int length = headerLength(header);
      String text = length < 0 ? null : decode(src.array(), base + position + width, length, codec, -base);
      src.position(position + width + (length < 0 ? 0 : length + prefix.trailerLength()));
      return text;
    }
    // Direct: the header through a small copy (a RESP header is at most 13 bytes), then the text, whose
    // length is now checked against maxBytes and against what the buffer holds, into an array.
    byte[] head = new byte[Math.min(src.remaining(), MAX_HEADER_BYTES)];
    src.get(position, head);
    long header = presentHeader(prefix, head, 0, head.length, maxBytes, position);
    int width = headerWidth(header);
    int length = headerLength(header);
    if (length < 0) {
      src.position(position + width);
      return null;
    }
    int textStart = position + width;
    checkFollows(prefix, length, src.limit() - textStart, position);
    if (prefix.trailerLength() > 0) {
      byte[] trailer = new byte[prefix.trailerLength()];
      src.get(textStart + length, trailer);
      checkTrailer(prefix, trailer, 0, length, position);
    }
    byte[] body = new byte[length];
    src.get(textStart, body);
    String text = decode(body, 0, length, codec, textStart);
    src.position(textStart + length + prefix.trailerLength());
    return text;
  }

  static String read(LengthPrefix prefix, InputStream in, int maxBytes, TextCodec codec) throws IOException {
    Objects.requireNonNull(codec, "codec");
    byte[] head = new byte[MAX_HEADER_BYTES];
    int count = 0;
    long header;
    while ((header = parseHeader(prefix, head, 0, count, maxBytes, 0)) == INCOMPLETE) {
      int b = in.read();
      if (b < 0) {
        throw new EOFException(
            count == 0
                ? "the stream ended before the frame"
                : "the stream ended inside the " + prefix + " prefix after " + count + " bytes");
      }
      head[count++] = (byte) b;
    }
    int width = headerWidth(header);
    int length = headerLength(header);
    if (length < 0) {
      return null;
    }
    byte[] body = readBody(in, length);
    if (prefix.trailerLength() > 0) {
      byte[] trailer = new byte[prefix.trailerLength()];
      if (in.readNBytes(trailer, 0, trailer.length) < trailer.length) {
        throw new EOFException("the stream ended before the \\r\\n after the RESP bulk string's " + length + " bytes");
      }
      checkTrailer(prefix, trailer, 0, length, 0);
    }
    return decode(body, 0, length, codec, width);
  }

  private static String decode(byte[] src, int begin, int length, TextCodec codec, long offsetBias) {
    return DecodeDriver.decode(
        CodecAccess.decodeKernel(Objects.requireNonNull(codec, "codec")), src, begin, begin + length, codec.policy(), offsetBias);
  }

  /**
   * The header of a frame that is all there, with its trailer checked; else an error saying why.
   * Errors report {@code index + offsetBias} for an index in {@code src}.
   */
  private static long completeHeader(LengthPrefix prefix, byte[] src, int offset, int limit, int maxBytes, long offsetBias) {
    long reported = offset + offsetBias;
    long header = presentHeader(prefix, src, offset, limit, maxBytes, reported);
    int length = headerLength(header);
    if (length >= 0) {
      int textStart = offset + headerWidth(header);
      checkFollows(prefix, length, limit - textStart, reported);
      checkTrailer(prefix, src, textStart + length, length, reported);
    }
    return header;
  }

  /** The header at {@code src[offset, limit)}, which must be all there: the input ends at {@code limit}. */
  private static long presentHeader(LengthPrefix prefix, byte[] src, int offset, int limit, int maxBytes, long reportedOffset) {
    long header = parseHeader(prefix, src, offset, limit, maxBytes, reportedOffset);
    if (header == INCOMPLETE) {
      throw new MalformedFrameException(
          "the " + prefix + " prefix at byte offset " + reportedOffset + " is cut short by the end of the input",
          reportedOffset,
          true);
    }
    return header;
  }

  /** Checks that the {@code available} bytes after the prefix hold the declared text and the trailer. */
  private static void checkFollows(LengthPrefix prefix, int length, long available, long reportedOffset) {
    if (length + (long) prefix.trailerLength() > available) {
      throw new MalformedFrameException(
          "the frame at byte offset " + reportedOffset + " declares " + length + " bytes of text"
              + (prefix.trailerLength() > 0 ? " and a " + prefix.trailerLength() + "-byte trailer" : "")
              + " but only " + available + " follow the prefix",
          reportedOffset,
          true);
    }
  }

  /** The longest prefix any format here has: RESP's {@code $} + 10 digits + CR LF, 13 bytes. */
  private static final int MAX_HEADER_BYTES = LengthPrefix.RESP_BULK.prefixLength(Integer.MAX_VALUE);

  /** Below this, a frame's text is read from a stream into an array of its declared size at once. */
  private static final int STREAM_TRUST_BYTES = 64 * 1024;

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
      body = Arrays.copyOf(body, (int) Math.min(length, 2L * body.length));
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
  private static long parseHeader(LengthPrefix prefix, byte[] src, int offset, int limit, int maxBytes, long reportedOffset) {
    if (maxBytes < 0) {
      throw new IllegalArgumentException("maxBytes must not be negative, not " + maxBytes);
    }
    int available = limit - offset;
    long length;
    int width;
    switch (prefix) {
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
            throw malformed(prefix, "a varint length longer than 5 bytes", src, offset, 6, reportedOffset, available);
          }
        }
        if (length > Integer.MAX_VALUE) {
          throw malformed(prefix, "a varint length of " + length + ", above 2^31-1", src, offset, width, reportedOffset, available);
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
            prefix == LengthPrefix.FIXED16_BE
                ? ((src[offset] & 0xFF) << 8) | (src[offset + 1] & 0xFF)
                : (src[offset] & 0xFF) | ((src[offset + 1] & 0xFF) << 8);
        break;
      case FIXED32_BE:
      case FIXED32_LE:
        if (available < 4) {
          return INCOMPLETE;
        }
        width = 4;
        if (prefix == LengthPrefix.FIXED32_BE) {
          length = ((src[offset] & 0xFFL) << 24) | ((src[offset + 1] & 0xFF) << 16)
              | ((src[offset + 2] & 0xFF) << 8) | (src[offset + 3] & 0xFF);
        } else {
          length = (src[offset] & 0xFF) | ((src[offset + 1] & 0xFF) << 8)
              | ((src[offset + 2] & 0xFF) << 16) | ((src[offset + 3] & 0xFFL) << 24);
        }
        if (length > Integer.MAX_VALUE) {
          throw malformed(prefix, "a length of " + length + ", above 2^31-1", src, offset, 4, reportedOffset, available);
        }
        break;
      default:
        return parseRespHeader(prefix, src, offset, limit, maxBytes, reportedOffset);
    }
    checkMax(prefix, length, maxBytes, reportedOffset);
    return ((long) width << 32) | length;
  }

  private static long parseRespHeader(LengthPrefix prefix, byte[] src, int offset, int limit, int maxBytes, long reportedOffset) {
    int available = limit - offset;
    if (available == 0) {
      return INCOMPLETE;
    }
    if (src[offset] != '$') {
      throw malformed(prefix, "expected '$' to start a RESP bulk string", src, offset, 1, reportedOffset, available);
    }
    int p = offset + 1;
    if (p < limit && src[p] == '-') {
      // RESP2's null bulk string: exactly $-1\r\n
      for (byte expected : new byte[] {'-', '1', '\r', '\n'}) {
        if (p == limit) {
          return INCOMPLETE;
        }
        if (src[p] != expected) {
          throw malformed(prefix, "a negative length other than the null bulk string $-1", src, offset, p - offset + 1, reportedOffset, available);
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
        throw malformed(prefix, "expected a decimal digit or \\r in the RESP length", src, offset, p - offset + 1, reportedOffset, available);
      }
      if (digits == 1 && length == 0) {
        // As Redis: a length is "0" or starts with 1..9, so a header is never longer than 13 bytes.
        throw malformed(prefix, "a RESP length with a leading zero", src, offset, p - offset + 1, reportedOffset, available);
      }
      length = length * 10 + (b - '0');
      digits++;
      if (length > Integer.MAX_VALUE) {
        throw malformed(prefix, "a RESP length above 2^31-1", src, offset, p - offset + 1, reportedOffset, available);
      }
      p++;
    }
    if (digits == 0) {
      throw malformed(prefix, "a RESP length with no digits", src, offset, p - offset + 1, reportedOffset, available);
    }
    p++;
    if (p == limit) {
      return INCOMPLETE;
    }
    if (src[p] != '\n') {
      throw malformed(prefix, "expected \\n after \\r in the RESP length", src, offset, p - offset + 1, reportedOffset, available);
    }
    p++;
    checkMax(prefix, length, maxBytes, reportedOffset);
    return ((long) (p - offset) << 32) | length;
  }

  private static void checkMax(LengthPrefix prefix, long length, int maxBytes, long reportedOffset) {
    if (length > maxBytes) {
      throw new MalformedFrameException(
          "the frame at byte offset " + reportedOffset + " declares " + length
              + " bytes of text, above the maximum of " + maxBytes,
          reportedOffset,
          false);
    }
  }

  /** The one check of a trailer; only RESP has one, hence the message. */
  private static void checkTrailer(LengthPrefix prefix, byte[] src, int p, int length, long reportedFrameOffset) {
    byte[] trailer = prefix.trailer();
    if (length >= 0 && trailer.length > 0 && !Arrays.equals(src, p, p + trailer.length, trailer, 0, trailer.length)) {
      throw new MalformedFrameException(
          String.format(
              "the RESP bulk string at byte offset %d does not end with \\r\\n after its %d bytes (found %02X %02X)",
              reportedFrameOffset, length, src[p] & 0xFF, src[p + 1] & 0xFF),
          reportedFrameOffset,
          false);
    }
  }

  private static MalformedFrameException malformed(LengthPrefix prefix,
      String what, byte[] src, int offset, int count, long reportedOffset, int available) {
    StringBuilder hex = new StringBuilder();
    for (int i = 0; i < Math.min(count, available); i++) {
      hex.append(i == 0 ? "" : " ").append(String.format("%02X", src[offset + i] & 0xFF));
    }
    return new MalformedFrameException(
        "malformed " + prefix + " prefix at byte offset " + reportedOffset + ": " + what + " (bytes " + hex + ")",
        reportedOffset,
        false);
  }
}
