package dev.textwire.internal;

import dev.textwire.ErrorPolicy;
import dev.textwire.MalformedTextException;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UTFDataFormatException;

/**
 * {@code writeUTF}'s format (a length, then modified UTF-8) to a {@code DataOutput} and from a
 * {@code DataInput}, through reused space, so a call allocates nothing but the String it returns once
 * warm (the long form's reader also allocates as the bytes arrive). The space is lent by a {@link Lender}:
 * a platform thread's own, a small shared pool's on a virtual thread. It starts small and grows with the
 * strings: a thread that reads and writes long writeUTF strings keeps up to about 340 KiB for them, as a
 * {@code DataInputStream} or {@code DataOutputStream} keeps arrays as large as its longest string; one
 * that writes "hello" keeps a few hundred bytes.
 */
public final class DataUtf extends Lender.Loanable {
  private static final Utf8Kernel KERNEL = Utf8Kernel.MODIFIED_UTF_8;

  private static final Lender<DataUtf> LENDER = new Lender<>(DataUtf::new);

  /** Bytes per write to the caller's stream, and per read of the long form. */
  private static final int WINDOW_BYTES = 8192;

  /** The room a writeUTF string can need: its 2-byte length and at most 65,535 bytes. */
  private static final int MAX_SHORT_FORM_BYTES = 2 + 65535;

  /** Read windows up to this size are kept; writeUTF's strings are at most 65,535 bytes. */
  private static final int MAX_RETAINED_READ_BYTES = 65535;

  /**
   * The bytes on their way to or from the caller's stream, grown on demand up to
   * {@link #MAX_SHORT_FORM_BYTES}: a call either writes or reads, so one array serves both.
   */
  private byte[] bytes = new byte[64];

  private ResumableEncoder encoder;
  /**
   * Decode space kept up to writeUTF's whole range, as {@code DataInputStream} keeps its arrays: the
   * shared scratch stops at 16 K chars, and above that each read would allocate a temporary array as
   * large as the string (measured: three times the JDK's allocation at 20,000 CJK chars).
   */
  private final DecodeSpace decodeSpace = new DecodeSpace();
  private char[] readChars;

  /** {@link #bytes} with room for at least {@code count}, which is at most {@link #MAX_SHORT_FORM_BYTES}. */
  private byte[] bytes(int count) {
    if (bytes.length < count) {
      bytes = new byte[Math.max(count, Math.min(2 * bytes.length, MAX_SHORT_FORM_BYTES))];
    }
    return bytes;
  }

  public static long encodedLength(CharSequence text) {
    return EncodeDriver.encodedLengthAsLong(KERNEL, text, 0, text.length(), ErrorPolicy.STRICT);
  }

  /**
   * {@code writeUTF}'s format in one pass over the text: encode after a 2-byte gap, then fill in the
   * length. Nothing is written when the text needs more than 65,535 bytes: it cannot fit in the room
   * given, whatever its chars, and the encoder says so.
   *
   * @throws UTFDataFormatException with {@code DataOutputStream.writeUTF}'s message, for over 65,535 bytes
   */
  public static void writeShortForm(DataOutput out, String text) throws IOException {
    DataUtf scratch = LENDER.acquire();
    try {
      int length = text.length();
      int room = (int) Math.min(3L * length, MAX_SHORT_FORM_BYTES - 2); // 3 bytes per char at most
      byte[] buffer = scratch.bytes(2 + room);
      int written =
          EncodeDriver.encodeWithin(KERNEL, text, 0, length, buffer, 2, 2 + room, ErrorPolicy.STRICT, null);
      if (written < 0) {
        throw new UTFDataFormatException(tooLongMessage(text, encodedLength(text)));
      }
      buffer[0] = (byte) (written >>> 8);
      buffer[1] = (byte) written;
      out.write(buffer, 0, 2 + written);
    } finally {
      LENDER.release(scratch);
    }
  }

  /**
   * Writes a big-endian length of {@code prefixBytes} (2 or 8) holding {@code byteCount}, then the text in
   * modified UTF-8, in as few writes as the window allows. Checks what it encodes against
   * {@code byteCount} before each write, and throws {@code ConcurrentModificationException} rather than
   * write bytes the length does not cover. A text that fits the window is written whole or not at all;
   * a longer one may already have sent earlier windows (a stream cannot take them back), so the frame on
   * the stream is then incomplete.
   */
  public static void write(DataOutput out, CharSequence text, long byteCount, int prefixBytes) throws IOException {
    DataUtf scratch = LENDER.acquire();
    try {
      int length = text.length();
      boolean fits = (long) length * 3 <= WINDOW_BYTES - prefixBytes;
      byte[] window = scratch.bytes(fits ? prefixBytes + 3 * length : WINDOW_BYTES);
      for (int i = 0; i < prefixBytes; i++) {
        window[i] = (byte) (byteCount >>> (8 * (prefixBytes - 1 - i)));
      }
      if (fits) {
        // Fits whatever the chars are: the one-shot path, with its short-string lane.
        int written =
            EncodeDriver.encodeWithin(
                KERNEL, text, 0, length, window, prefixBytes, window.length, ErrorPolicy.STRICT, null);
        if (written != byteCount) {
          throw Errors.textChanged(KERNEL.encodingName(), byteCount, written); // nothing written
        }
        out.write(window, 0, prefixBytes + written);
        return;
      }
      if (scratch.encoder == null) {
        scratch.encoder = new ResumableEncoder(KERNEL);
      }
      ResumableEncoder encoder = scratch.encoder;
      encoder.reset(text, 0, length, ErrorPolicy.STRICT);
      int filled = prefixBytes;
      try {
        while (encoder.hasRemaining()) {
          filled += encoder.encode(window, filled, WINDOW_BYTES);
          long total = encoder.bytesWritten();
          if (total > byteCount || (total != byteCount && !encoder.hasRemaining())) {
            // The text changed since it was counted: stop before writing bytes the length does not cover.
            throw Errors.textChanged(KERNEL.encodingName(), byteCount, total);
          }
          out.write(window, 0, filled);
          filled = 0;
        }
      } finally {
        encoder.reset(ErrorPolicy.STRICT); // hold no reference to the caller's text
      }
    } finally {
      LENDER.release(scratch);
    }
  }

  /**
   * Reads {@code byteCount} bytes of modified UTF-8 from {@code in} and decodes them strictly. The caller
   * has checked {@code byteCount} against its limit and against {@link #MAX_STRING_BYTES}.
   *
   * @throws EOFException naming the declared length and where the input ended
   */
  public static String read(DataInput in, long byteCount) throws IOException {
    DataUtf scratch = LENDER.acquire();
    try {
      if (byteCount <= MAX_RETAINED_READ_BYTES) {
        int count = (int) byteCount;
        byte[] bytes = scratch.bytes(count);
        readBody(in, bytes, 0, count, 0, byteCount);
        try {
          return DecodeDriver.decode(
              KERNEL, bytes, 0, count, ErrorPolicy.STRICT, 0, scratch.decodeSpace, MAX_RETAINED_READ_BYTES);
        } catch (MalformedTextException e) {
          throw malformedData(e);
        }
      }
      return readLong(in, byteCount, scratch);
    } finally {
      LENDER.release(scratch);
    }
  }

  /**
   * The longest modified UTF-8 any String has: at most 2 bytes per char in a Latin-1 string (of up to
   * 2^31 - 1 chars), 3 bytes per char in a UTF-16 one (whose chars take 2 bytes each in an array of
   * under 2^31 bytes). A longer declared length cannot be a String, whatever the bytes.
   */
  public static final long MAX_STRING_BYTES = 2L * Integer.MAX_VALUE;

  /**
   * The most chars a String (and a StringBuilder on its way to one) can hold: the JDK's arrays stop a few
   * elements short of 2^31, and a string with a char above U+00FF takes two bytes per char.
   */
  static final int MAX_LATIN1_CHARS = Integer.MAX_VALUE - 8;

  /** A long string a window at a time, so memory grows only as the bytes actually arrive. */
  private static String readLong(DataInput in, long byteCount, DataUtf scratch) throws IOException {
    return readLong(in, byteCount, scratch, MAX_LATIN1_CHARS);
  }

  /**
   * As above; {@code maxLatin1Chars} is the longest String, half as many chars once one is above U+00FF.
   * Up to 4 GiB of bytes may be a String, or may not (ASCII past 2^31 - 9 bytes is not): so each window
   * checks that the chars so far, and the fewest the rest can give (3 bytes a char), still fit, and says so
   * before the builder runs out of room ({@code OutOfMemoryError}: array size exceeds the VM's limit).
   */
  static String readLong(DataInput in, long byteCount, DataUtf scratch, int maxLatin1Chars) throws IOException {
    int maxChars = maxLatin1Chars;
    byte[] window = scratch.bytes(WINDOW_BYTES);
    if (scratch.readChars == null) {
      scratch.readChars = new char[WINDOW_BYTES];
    }
    char[] chars = scratch.readChars;
    StringBuilder text = new StringBuilder((int) Math.min(byteCount, 1 << 16));
    long remaining = byteCount;
    int carried = 0; // bytes of a sequence cut by the previous window, moved to its start
    long windowOffset = 0; // offset of window[0] in the string's bytes
    while (remaining > 0 || carried > 0) {
      int count = (int) Math.min(remaining, WINDOW_BYTES - carried);
      readBody(in, window, carried, count, byteCount - remaining, byteCount);
      remaining -= count;
      int filled = carried + count;
      long progress;
      try {
        progress =
            KERNEL.decode(window, 0, filled, chars, 0, chars.length, remaining == 0, ErrorPolicy.STRICT, windowOffset);
      } catch (MalformedTextException e) {
        throw malformedData(e);
      }
      int used = IndexPair.source(progress);
      int produced = IndexPair.destination(progress);
      if (maxChars == maxLatin1Chars && anyAboveLatin1(chars, produced)) {
        maxChars = maxLatin1Chars / 2;
      }
      long fewestChars = text.length() + (long) produced + (remaining + filled - used + 2) / 3;
      if (fewestChars > maxChars) {
        throw new UTFDataFormatException(
            "modified UTF-8 string too long for a String: its length says "
                + byteCount
                + " bytes, and after "
                + (windowOffset + used)
                + " of them it already needs at least "
                + fewestChars
                + " chars, more than a String holds ("
                + maxChars
                + ")");
      }
      text.append(chars, 0, produced);
      carried = filled - used;
      System.arraycopy(window, used, window, 0, carried);
      windowOffset += used;
      if (remaining == 0 && used == 0 && carried > 0) {
        break; // cannot happen: at the end of input the decoder takes every byte
      }
    }
    return text.toString();
  }

  private static boolean anyAboveLatin1(char[] chars, int count) {
    for (int i = 0; i < count; i++) {
      if (chars[i] > 0xFF) {
        return true;
      }
    }
    return false;
  }

  /**
   * Reads bytes {@code [bodyOffset, bodyOffset + count)} of a string's {@code byteCount} bytes into
   * {@code dst[offset, offset + count)}. From an {@code InputStream} (a {@code DataInputStream}, an
   * {@code ObjectInputStream}) it reads as {@code readFully} does, but counts, so input that ends early
   * is reported to the byte; other inputs say which bytes they were reading.
   */
  private static void readBody(DataInput in, byte[] dst, int offset, int count, long bodyOffset, long byteCount)
      throws IOException {
    if (in instanceof InputStream) {
      InputStream stream = (InputStream) in;
      for (int n = 0; n < count; ) {
        int read = stream.read(dst, offset + n, count - n);
        if (read < 0) {
          throw cutShort(byteCount, "after " + (bodyOffset + n) + " of them", null);
        }
        n += read;
      }
      return;
    }
    try {
      in.readFully(dst, offset, count);
    } catch (EOFException e) {
      throw cutShort(
          byteCount, "within bytes " + bodyOffset + " to " + (bodyOffset + count - 1) + " of them", e);
    }
  }

  private static EOFException cutShort(long byteCount, String where, EOFException cause) {
    EOFException e =
        new EOFException(
            "modified UTF-8 string cut short: its length says " + byteCount + " bytes, the input ended " + where);
    if (cause != null) {
      e.initCause(cause);
    }
    return e;
  }

  /**
   * Reads a string's length of {@code prefixBytes} (2, unsigned, or 8), big-endian.
   *
   * @throws EOFException saying the input ended within the length
   */
  public static long readLength(DataInput in, int prefixBytes) throws IOException {
    try {
      return prefixBytes == 2 ? in.readUnsignedShort() : in.readLong();
    } catch (EOFException e) {
      EOFException named =
          new EOFException(
              "input ended within the " + prefixBytes + "-byte length of a "
                  + (prefixBytes == 2 ? "" : "long ") + "modified UTF-8 string");
      named.initCause(e);
      throw named;
    }
  }

  private static UTFDataFormatException malformedData(MalformedTextException e) {
    UTFDataFormatException error = new UTFDataFormatException(e.getMessage() + " (offset in the string's bytes)");
    error.initCause(e);
    return error;
  }

  /** {@code DataOutputStream.writeUTF}'s message for a string over 65,535 bytes, word for word. */
  public static String tooLongMessage(String text, long byteCount) {
    int length = text.length();
    return "encoded string (" + text.substring(0, 8) + "..." + text.substring(length - 8, length)
        + ") too long: " + byteCount + " bytes";
  }
}
