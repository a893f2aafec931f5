package dev.textwire.resp;

/**
 * What a {@link RespParser} reports as it reads, value by value, in wire order: the streaming face of
 * the parser. It allocates nothing of its own; a handler keeps what it needs.
 *
 * <p>The bytes passed to {@link #line} and {@link #blobPart} are valid only during the call: they are
 * the caller's chunk (no copy) or the parser's own line buffer. An aggregate's elements arrive between
 * its {@link #aggregateStart} and {@link #aggregateEnd}; a map's and an attribute's as key, value, key,
 * value. An attribute comes before the value it describes, as on the wire.
 *
 * <p>A bulk string, bulk error or verbatim string arrives as {@link #blobStart} with its declared length,
 * then one or more {@link #blobPart}s whose lengths add up to it, the last with {@code last} set, and only
 * once the CR LF after the value has been checked. When the chunk held the whole value and its CR LF
 * there is exactly one part, of the whole length, straight from the chunk; when a chunk ended inside the
 * value or its CR LF, the last part may be empty. A verbatim string's parts include its three-letter
 * format and the colon, as on the wire.
 */
public interface RespHandler {
  /**
   * A simple string, a simple error or a big number: the bytes between the type byte and the CR LF. A big
   * number's bytes are an optional sign and at least one digit.
   */
  void line(RespType type, byte[] src, int offset, int length);

  /** An integer ({@code :}). */
  void integer(long value);

  /** A double ({@code ,}), including {@code inf}, {@code -inf} and {@code nan}. */
  void doubleValue(double value);

  /** A boolean ({@code #t} or {@code #f}). */
  void booleanValue(boolean value);

  /**
   * A null: {@link RespType#NULL} for RESP3's {@code _}, {@link RespType#BULK_STRING} for RESP2's
   * {@code $-1}, {@link RespType#ARRAY} for {@code *-1}.
   */
  void nullValue(RespType type);

  /** The start of a bulk string, bulk error or verbatim string of {@code byteLength} bytes. */
  void blobStart(RespType type, long byteLength);

  /** Some of the current blob's bytes; {@code last} on the part that completes it. */
  void blobPart(byte[] src, int offset, int length, boolean last);

  /**
   * The start of an array, map, set, attribute or push of {@code count} elements (pairs, for a map or an
   * attribute). {@code aggregateEnd} follows after them, at once when {@code count} is 0.
   */
  void aggregateStart(RespType type, int count);

  /** The end of the innermost open aggregate, of the given type. */
  void aggregateEnd(RespType type);
}
