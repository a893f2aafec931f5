package dev.textwire.internal;

import dev.textwire.ErrorPolicy;
import dev.textwire.MalformedTextException;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.io.UTFDataFormatException;

/**
 * {@code writeUTF}'s format (a length, then modified UTF-8) to a {@code DataOutput} and from a
 * {@code DataInput}, through per-thread space, so a call allocates nothing but the String it returns (the
 * long form's reader also allocates as the bytes arrive). A thread that reads and writes long writeUTF
 * strings keeps up to about 340 KiB for them, as a {@code DataInputStream} or {@code DataOutputStream}
 * keeps arrays as large as its longest string.
 */
public final class DataUtf {
  private static final ThreadLocal<DataUtf> PER_THREAD = ThreadLocal.withInitial(DataUtf::new);

  /** Bytes per write to the caller's stream; a short string goes in one write, prefix included. */
  private static final int WINDOW_BYTES = 8192;

  /** Read windows up to this size are kept for the thread; writeUTF's strings are at most 65,535 bytes. */
  private static final int MAX_RETAINED_READ_BYTES = 65535;

  private final byte[] window = new byte[WINDOW_BYTES];
  private final ResumableEncoder encoder = new ResumableEncoder(Utf8Variant.MODIFIED_UTF_8);
  /**
   * Decode space kept up to writeUTF's whole range, as {@code DataInputStream} keeps its arrays: the
   * shared per-thread scratch stops at 16 K chars, and above that each read would allocate a temporary
   * array as large as the string (measured: three times the JDK's allocation at 20,000 CJK chars).
   */
  private final Scratch decodeSpace = new Scratch();
  private byte[] readWindow = new byte[256];
  private char[] readChars;
  private boolean inUse;

  private static DataUtf acquire() {
    DataUtf scratch = PER_THREAD.get();
    if (scratch.inUse) {
      return new DataUtf(); // the caller's stream called us back on the same thread
    }
    scratch.inUse = true;
    return scratch;
  }

  private void release() {
    inUse = false;
  }

  public static long encodedLength(CharSequence text) {
    return Utf8Encoding.encodedLengthAsLong(text, 0, text.length(), ErrorPolicy.STRICT, Utf8Variant.MODIFIED_UTF_8);
  }

  /** The room a writeUTF string can need: its 2-byte length and at most 65,535 bytes. */
  private static final int MAX_SHORT_FORM_BYTES = 2 + 65535;

  /** Grown on demand up to {@link #MAX_SHORT_FORM_BYTES}, for writeUTF strings beyond the window. */
  private byte[] shortFormBuffer;

  /**
   * {@code writeUTF}'s format in one pass over the text: encode after a 2-byte gap, then fill in the
   * length. Nothing is written when the text needs more than 65,535 bytes: it cannot fit in the room
   * given, whatever its chars, and the encoder says so.
   *
   * @throws UTFDataFormatException with {@code DataOutputStream.writeUTF}'s message, for over 65,535 bytes
   */
  public static void writeShortForm(DataOutput out, String text) throws IOException {
    DataUtf scratch = acquire();
    try {
      int length = text.length();
      int room = (int) Math.min(3L * length, MAX_SHORT_FORM_BYTES - 2); // 3 bytes per char at most
      byte[] buffer = scratch.window;
      if (2 + room > buffer.length) {
        byte[] grown = scratch.shortFormBuffer;
        if (grown == null || grown.length < 2 + room) {
          int doubled = grown == null ? 2 * buffer.length : 2 * grown.length;
          scratch.shortFormBuffer = new byte[Math.min(MAX_SHORT_FORM_BYTES, Math.max(2 + room, doubled))];
        }
        buffer = scratch.shortFormBuffer;
      }
      int written =
          Utf8Encoding.encodeWithin(
              text, 0, length, buffer, 2, 2 + room, ErrorPolicy.STRICT, null, Utf8Variant.MODIFIED_UTF_8);
      if (written < 0) {
        throw new UTFDataFormatException(tooLongMessage(text, encodedLength(text)));
      }
      buffer[0] = (byte) (written >>> 8);
      buffer[1] = (byte) written;
      out.write(buffer, 0, 2 + written);
    } finally {
      scratch.release();
    }
  }

  /**
   * Writes a big-endian length of {@code prefixBytes} (2 or 8) holding {@code byteCount}, then the text in
   * modified UTF-8, in as few writes as the window allows. Checks what it encodes against
   * {@code byteCount} before each write, and throws {@code ConcurrentModificationException} rather than
   * write bytes the length does not cover, or end the text short of it.
   */
  public static void write(DataOutput out, CharSequence text, long byteCount, int prefixBytes) throws IOException {
    DataUtf scratch = acquire();
    try {
      byte[] window = scratch.window;
      for (int i = 0; i < prefixBytes; i++) {
        window[i] = (byte) (byteCount >>> (8 * (prefixBytes - 1 - i)));
      }
      int length = text.length();
      if ((long) length * 3 <= WINDOW_BYTES - prefixBytes) {
        // Fits whatever the chars are: the one-shot path, with its short-string lane.
        int written =
            Utf8Encoding.encodeWithin(
                text, 0, length, window, prefixBytes, WINDOW_BYTES, ErrorPolicy.STRICT, null, Utf8Variant.MODIFIED_UTF_8);
        if (written != byteCount) {
          throw Errors.textChanged(Utf8Variant.MODIFIED_UTF_8.displayName, byteCount, written); // nothing written
        }
        out.write(window, 0, prefixBytes + written);
        return;
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
            throw Errors.textChanged(Utf8Variant.MODIFIED_UTF_8.displayName, byteCount, total);
          }
          out.write(window, 0, filled);
          filled = 0;
        }
      } finally {
        encoder.reset(ErrorPolicy.STRICT); // hold no reference to the caller's text
      }
    } finally {
      scratch.release();
    }
  }

  /** Reads {@code byteCount} bytes of modified UTF-8 from {@code in} and decodes them strictly. */
  public static String read(DataInput in, long byteCount) throws IOException {
    DataUtf scratch = acquire();
    try {
      if (byteCount <= MAX_RETAINED_READ_BYTES) {
        int count = (int) byteCount;
        if (scratch.readWindow.length < count) {
          scratch.readWindow = new byte[Math.max(count, Math.min(2 * scratch.readWindow.length, MAX_RETAINED_READ_BYTES))];
        }
        byte[] bytes = scratch.readWindow;
        in.readFully(bytes, 0, count);
        try {
          return Utf8Decoding.decode(
              bytes, 0, count, ErrorPolicy.STRICT, 0, Utf8Variant.MODIFIED_UTF_8, scratch.decodeSpace,
              MAX_RETAINED_READ_BYTES);
        } catch (MalformedTextException e) {
          throw malformedData(e);
        }
      }
      return readLong(in, byteCount, scratch);
    } finally {
      scratch.release();
    }
  }

  /** A long string a window at a time, so memory grows only as the bytes actually arrive. */
  private static String readLong(DataInput in, long byteCount, DataUtf scratch) throws IOException {
    byte[] window = scratch.window;
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
      in.readFully(window, carried, count);
      remaining -= count;
      int filled = carried + count;
      long progress;
      try {
        progress =
            Utf8Decoding.decodeChunk(
                window, 0, filled, chars, 0, chars.length, remaining == 0, ErrorPolicy.STRICT, windowOffset,
                Utf8Variant.MODIFIED_UTF_8);
      } catch (MalformedTextException e) {
        throw malformedData(e);
      }
      int used = Progress.source(progress);
      text.append(chars, 0, Progress.destination(progress));
      carried = filled - used;
      System.arraycopy(window, used, window, 0, carried);
      windowOffset += used;
      if (remaining == 0 && used == 0 && carried > 0) {
        break; // cannot happen: at the end of input the decoder takes every byte
      }
    }
    return text.toString();
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
