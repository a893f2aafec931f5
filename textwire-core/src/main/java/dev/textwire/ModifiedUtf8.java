package dev.textwire;

import dev.textwire.internal.DataUtf;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.io.UTFDataFormatException;
import java.util.Objects;

/**
 * Java's modified UTF-8 with its length: the format of {@link DataOutput#writeUTF} and
 * {@link DataInput#readUTF}, and a long form for values past its 65,535-byte limit. For the bare
 * encoding, with no length (and its exact length, {@code encodedLength}), use
 * {@link TextCodecs#MODIFIED_UTF_8}.
 *
 * <p>{@link #writeUTF} writes exactly the bytes {@code DataOutputStream.writeUTF} writes, and refuses a
 * string over 65,535 bytes with the same exception and message, before writing anything. It reads the
 * text once (the JDK reads it twice, to count and then to encode) into per-thread space, and writes it
 * with one {@code write} call, allocating nothing once warm.
 *
 * <p>{@link #readUTF} reads every string {@code writeUTF} writes. It is stricter than
 * {@code DataInputStream.readUTF} about bytes no writer produces: a raw {@code 00}, an overlong form other
 * than {@code C0 80}, and 4-byte forms, which the JDK's reader accepts or misreads, are errors here, with
 * the byte offset (in the string's bytes) and the bytes in hex. Unpaired surrogates are read as they
 * were written.
 *
 * <p>The long form ({@link #writeLongUTF}, {@link #readLongUTF}) is an 8-byte big-endian length, then
 * the bytes: {@code ObjectOutputStream}'s layout for long strings. Its reader checks the length against
 * a limit the caller gives before reading or allocating anything, and then allocates only as the bytes
 * arrive.
 */
public final class ModifiedUtf8 {
  private ModifiedUtf8() {}

  /** The most bytes {@link #writeUTF} writes after its 2-byte length. */
  public static final int MAX_UTF_BYTES = 65535;

  /**
   * Writes {@code text} as {@code DataOutputStream.writeUTF} does: its byte count in 2 bytes, big-endian,
   * then its modified UTF-8.
   *
   * @throws UTFDataFormatException if the encoding is over 65,535 bytes; nothing was written
   */
  public static void writeUTF(DataOutput out, String text) throws IOException {
    Objects.requireNonNull(out, "out");
    DataUtf.writeShortForm(out, text);
  }

  /**
   * Reads a string written by {@code writeUTF}.
   *
   * @throws java.io.EOFException if the input ends first, saying whether it ended within the 2-byte
   *     length or after how many of the bytes it declares
   * @throws UTFDataFormatException if the bytes are not modified UTF-8; its cause is a
   *     {@link MalformedTextException} with the offset in the string's bytes
   */
  public static String readUTF(DataInput in) throws IOException {
    Objects.requireNonNull(in, "in");
    return DataUtf.read(in, DataUtf.readLength(in, 2));
  }

  /**
   * Writes {@code text}'s byte count in 8 bytes, big-endian, then its modified UTF-8: no size limit. The
   * count is taken first, then the text is encoded a window at a time.
   *
   * @throws java.util.ConcurrentModificationException if the text changed during the call, so that its
   *     bytes no longer match the count: before any byte the count does not cover is written, but a text
   *     longer than the 8 KiB window may already have been written in part, so the stream then holds
   *     an incomplete frame
   */
  public static void writeLongUTF(DataOutput out, CharSequence text) throws IOException {
    Objects.requireNonNull(out, "out");
    DataUtf.write(out, text, DataUtf.encodedLength(text), 8);
  }

  /**
   * Reads a string written by {@link #writeLongUTF}.
   *
   * @param maxBytes the longest encoding accepted, 0 or more; a longer declared length fails before
   *     anything more is read or allocated. Memory follows the bytes that actually arrive, so this is
   *     the caller's bound on what a declared length can make it allocate.
   * @throws IllegalArgumentException if {@code maxBytes} is negative; nothing is read
   * @throws UTFDataFormatException if the declared length is negative, above {@code maxBytes}, or above
   *     the longest modified UTF-8 any String has (2 * (2^31 - 1) bytes: at most two bytes per char of a
   *     Latin-1 string, three per char of a UTF-16 one, which holds half as many), checked before the
   *     text is read; as soon as the chars decoded so far, plus the fewest the remaining bytes can give,
   *     are more than a String holds (a length between 2^31 and that bound may or may not fit: 3 GiB of
   *     ASCII does not), before the string is built; or if the bytes are not modified UTF-8
   * @throws java.io.EOFException if the input ends first, saying whether it ended within the length or
   *     after how many of the declared bytes
   */
  public static String readLongUTF(DataInput in, long maxBytes) throws IOException {
    Objects.requireNonNull(in, "in");
    if (maxBytes < 0) {
      throw new IllegalArgumentException("maxBytes is " + maxBytes + "; it must be 0 or more");
    }
    long byteCount = DataUtf.readLength(in, 8);
    if (byteCount < 0 || byteCount > maxBytes) {
      throw new UTFDataFormatException(
          "declared length " + byteCount + " bytes is " + (byteCount < 0 ? "negative" : "above the limit of " + maxBytes));
    }
    if (byteCount > DataUtf.MAX_STRING_BYTES) {
      throw new UTFDataFormatException(
          "declared length " + byteCount + " bytes is more than any String's modified UTF-8 (at most "
              + DataUtf.MAX_STRING_BYTES + " bytes)");
    }
    return DataUtf.read(in, byteCount);
  }
}
