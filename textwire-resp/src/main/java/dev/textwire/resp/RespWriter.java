package dev.textwire.resp;

import dev.textwire.TextCodec;
import dev.textwire.TextCodecs;
import dev.textwire.buffer.SegmentedBuffer;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * Writes RESP: commands (arrays of bulk strings, as a client sends them) and, for servers, proxies and
 * tests, the RESP2 replies. Into a {@link SegmentedBuffer}, a {@code byte[]}, a heap or direct
 * {@link ByteBuffer}, or an {@link OutputStream}.
 *
 * <p>A text argument's length prefix is exact and written in the same pass as its bytes: no second
 * encode, no temporary array ({@link dev.textwire.buffer.LengthPrefix#RESP_BULK}). Text is UTF-8 by
 * default and throws at an unpaired surrogate; {@link #codec(TextCodec)} changes both. With
 * {@code Utf8.codec(ErrorPolicy.REPLACE_WITH_QUESTION_MARK)} the bytes are those Jedis sends
 * ({@code String.getBytes(UTF_8)} turns an unpaired surrogate into {@code ?}).
 *
 * <p>Each element is written whole or not at all: an element that fails (a text the codec refuses, a
 * {@code byte[]} or {@code ByteBuffer} too small, which is a {@link dev.textwire.BufferTooSmallException})
 * leaves the position where it was. {@link #command(Object...)} goes further and takes back the whole
 * command. Writing into a reused destination allocates nothing.
 *
 * <p>Into an {@code OutputStream}, bytes are staged in a segmented buffer of the writer's own and go out at
 * {@link #flush()}, in as few writes as its segments allow (a socket stream is best written in large
 * pieces). If the stream fails part way, the bytes it did not take stay staged for the next flush.
 *
 * <p>Not thread-safe: one writer per connection or thread.
 */
public final class RespWriter {
  private static final byte[] CRLF = {'\r', '\n'};

  private final RespTarget target;
  // The longest thing built here: a bulk string of Long.MIN_VALUE, $20\r\n + 20 digits + \r\n (27 bytes).
  private final byte[] header = new byte[32];
  private TextCodec codec = TextCodecs.UTF_8;

  private RespWriter(RespTarget target) {
    this.target = target;
  }

  /** A writer that appends to {@code dst}. */
  public static RespWriter to(SegmentedBuffer dst) {
    return new RespWriter(new RespTarget.ToSegments(Objects.requireNonNull(dst, "dst")));
  }

  /** A writer that fills {@code dst} from {@code offset}; {@link #position()} says how far it got. */
  public static RespWriter to(byte[] dst, int offset) {
    return new RespWriter(new RespTarget.ToArray(Objects.requireNonNull(dst, "dst"), offset));
  }

  /** A writer that puts into {@code dst} from its position, moving the position. */
  public static RespWriter to(ByteBuffer dst) {
    if (dst.isReadOnly()) throw new java.nio.ReadOnlyBufferException();
    return new RespWriter(new RespTarget.ToBuffer(dst));
  }

  /** A writer that stages its bytes and writes them to {@code out} at {@link #flush()}. */
  public static RespWriter to(OutputStream out) {
    return new RespWriter(new RespTarget.ToStream(Objects.requireNonNull(out, "out")));
  }

  /**
   * Points an array writer at a new destination, to reuse it without allocating.
   *
   * @throws IllegalStateException if this writer was not made by {@link #to(byte[], int)}
   */
  public RespWriter reset(byte[] dst, int offset) {
    if (!(target instanceof RespTarget.ToArray)) {
      throw new IllegalStateException("only a writer made for a byte[] can be pointed at another byte[]");
    }
    ((RespTarget.ToArray) target).reset(Objects.requireNonNull(dst, "dst"), offset);
    return this;
  }

  /**
   * Points a buffer writer at a new destination (or at the same one after {@code clear()}), to reuse it
   * without allocating; {@link #position()} counts from {@code dst}'s position now.
   *
   * @throws IllegalStateException if this writer was not made by {@link #to(ByteBuffer)}
   */
  public RespWriter reset(ByteBuffer dst) {
    if (!(target instanceof RespTarget.ToBuffer)) {
      throw new IllegalStateException("only a writer made for a ByteBuffer can be pointed at another ByteBuffer");
    }
    if (dst.isReadOnly()) throw new java.nio.ReadOnlyBufferException();
    ((RespTarget.ToBuffer) target).reset(dst);
    return this;
  }

  /** The encoding and error policy for text arguments from now on; UTF-8, strict, by default. */
  public RespWriter codec(TextCodec codec) {
    this.codec = Objects.requireNonNull(codec, "codec");
    return this;
  }

  public TextCodec codec() {
    return codec;
  }

  /**
   * Bytes written since the writer was made or {@linkplain #reset(byte[], int) reset}: into an array,
   * the offset after the last byte is the starting offset plus this.
   */
  public long position() {
    return target.position();
  }

  /**
   * Writes one command: an array of bulk strings, one per argument. An argument is a
   * {@link CharSequence} (in the writer's codec), a {@code byte[]} or a {@link ByteBuffer} (its remaining
   * bytes, not consumed), or a {@link Long}, {@link Integer}, {@link Short}, {@link Byte}, {@link Double}
   * or {@link Float} (in decimal, as Redis reads numbers). If any argument fails, nothing of the command is
   * left written.
   *
   * @throws IllegalArgumentException for an argument of another class, naming its index
   */
  public RespWriter command(Object... args) {
    long mark = target.position();
    try {
      array(args.length);
      for (int i = 0; i < args.length; i++) argument(args[i], i);
    } catch (RuntimeException e) {
      target.rewind(mark);
      throw e;
    }
    return this;
  }

  private void argument(Object arg, int index) {
    if (arg instanceof CharSequence) {
      bulk((CharSequence) arg);
    } else if (arg instanceof byte[]) {
      bulk((byte[]) arg);
    } else if (arg instanceof ByteBuffer) {
      bulk((ByteBuffer) arg);
    } else if (arg instanceof Long || arg instanceof Integer || arg instanceof Short || arg instanceof Byte) {
      bulk(((Number) arg).longValue());
    } else if (arg instanceof Double) {
      bulk((double) (Double) arg);
    } else if (arg instanceof Float) {
      floatArgument((Float) arg);
    } else {
      throw new IllegalArgumentException("argument " + index + " is "
          + (arg == null ? "null" : "a " + arg.getClass().getName())
          + "; a RESP argument is a CharSequence, a byte[], a ByteBuffer or a number");
    }
  }

  /** {@code *<count>\r\n}: an array header; the caller then writes {@code count} elements. */
  public RespWriter array(int count) {
    if (count < 0) throw new IllegalArgumentException("an array cannot have " + count + " elements");
    return header('*', count);
  }

  /** A bulk string of the whole text, in the writer's codec. */
  public RespWriter bulk(CharSequence text) {
    return bulk(text, 0, text.length());
  }

  /** A bulk string of {@code text[beginIndex, endIndex)}, in the writer's codec. */
  public RespWriter bulk(CharSequence text, int beginIndex, int endIndex) {
    Objects.checkFromToIndex(beginIndex, endIndex, text.length());
    target.putBulk(text, beginIndex, endIndex, codec);
    return this;
  }

  /** A bulk string of the bytes as they are (binary-safe). */
  public RespWriter bulk(byte[] src) {
    return bulk(src, 0, src.length);
  }

  /** A bulk string of {@code src[offset, offset + length)} as they are (binary-safe). */
  public RespWriter bulk(byte[] src, int offset, int length) {
    Objects.checkFromIndexSize(offset, length, src.length);
    int headerLength = lengthHeader('$', length);
    target.ensureRoom((long) headerLength + length + 2);
    target.put(header, 0, headerLength);
    target.put(src, offset, length);
    target.put(CRLF, 0, 2);
    return this;
  }

  /** A bulk string of {@code src}'s remaining bytes (binary-safe); {@code src}'s position does not move. */
  public RespWriter bulk(ByteBuffer src) {
    int length = src.remaining();
    int headerLength = lengthHeader('$', length);
    target.ensureRoom((long) headerLength + length + 2);
    target.put(header, 0, headerLength);
    target.put(src);
    target.put(CRLF, 0, 2);
    return this;
  }

  /** A bulk string of the number in decimal, as Redis reads integer arguments ({@code $2\r\n42\r\n}). */
  public RespWriter bulk(long value) {
    int digits = RespDecimal.length(value);
    int headerLength = lengthHeader('$', digits);
    RespDecimal.write(value, header, headerLength, digits);
    header[headerLength + digits] = '\r';
    header[headerLength + digits + 1] = '\n';
    putHeader(headerLength + digits + 2);
    return this;
  }

  /**
   * A bulk string of the number as Jedis and Lettuce write it: Java's {@link Double#toString} (which Redis
   * reads with {@code strtold}), {@code +inf} and {@code -inf} for the infinities. This is the one argument
   * that allocates (its decimal text).
   *
   * @throws IllegalArgumentException for NaN, which Redis refuses as a number
   */
  public RespWriter bulk(double value) {
    if (Double.isNaN(value)) throw new IllegalArgumentException("NaN is not a number Redis accepts");
    String text = value == Double.POSITIVE_INFINITY ? "+inf"
        : value == Double.NEGATIVE_INFINITY ? "-inf" : Double.toString(value);
    target.putBulk(text, 0, text.length(), TextCodecs.UTF_8);
    return this;
  }

  /** A float in its own shortest form: 0.1f is "0.1", not the double 0.10000000149011612. */
  private void floatArgument(float value) {
    if (Float.isNaN(value) || Float.isInfinite(value)) {
      bulk((double) value);
      return;
    }
    String text = Float.toString(value);
    target.putBulk(text, 0, text.length(), TextCodecs.UTF_8);
  }

  /** {@code +<text>\r\n}, a simple string (a status reply such as {@code OK}). */
  public RespWriter simpleString(CharSequence text) {
    return line('+', text);
  }

  /** {@code -<text>\r\n}, a simple error, such as {@code ERR unknown command}. */
  public RespWriter error(CharSequence text) {
    return line('-', text);
  }

  /** {@code :<value>\r\n}. */
  public RespWriter integer(long value) {
    int digits = RespDecimal.length(value);
    header[0] = ':';
    RespDecimal.write(value, header, 1, digits);
    header[1 + digits] = '\r';
    header[2 + digits] = '\n';
    putHeader(digits + 3);
    return this;
  }

  /** RESP2's null bulk string, {@code $-1\r\n}. */
  public RespWriter nullBulk() {
    return header('$', -1);
  }

  /** RESP2's null array, {@code *-1\r\n}. */
  public RespWriter nullArray() {
    return header('*', -1);
  }

  /** Writes the staged bytes to the output stream; nothing to do for the other destinations. */
  public void flush() throws IOException {
    target.flush();
  }

  private RespWriter line(char marker, CharSequence text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '\r' || c == '\n') {
        throw new IllegalArgumentException("a " + (marker == '+' ? "simple string" : "simple error")
            + " cannot hold a " + (c == '\r' ? "CR" : "LF") + " (char index " + i + "); send it as a bulk string");
      }
    }
    long mark = target.position();
    try {
      header[0] = (byte) marker;
      target.put(header, 0, 1);
      target.putText(text, 0, text.length(), codec);
      target.put(CRLF, 0, 2);
    } catch (RuntimeException e) {
      target.rewind(mark);
      throw e;
    }
    return this;
  }

  private RespWriter header(char marker, long count) {
    putHeader(lengthHeader(marker, count));
    return this;
  }

  private void putHeader(int length) {
    target.ensureRoom(length);
    target.put(header, 0, length);
  }

  /** {@code <marker><count>\r\n} into {@code header}; its length. */
  private int lengthHeader(char marker, long count) {
    header[0] = (byte) marker;
    int digits = RespDecimal.length(count);
    RespDecimal.write(count, header, 1, digits);
    header[1 + digits] = '\r';
    header[2 + digits] = '\n';
    return digits + 3;
  }
}
