package dev.textwire.resp;

import java.util.Objects;

/**
 * An incremental RESP2/RESP3 reply parser: give it bytes in chunks of any size, one byte at a time
 * included, and it reports each value to a {@link RespHandler} as soon as the value is complete, without
 * ever needing a reply in one array. It keeps no reference to a chunk after {@link #parse} returns: what a
 * chunk ends in the middle of (a header line, the rest of a bulk string) is either copied into a small
 * line buffer (headers and simple strings, bounded by {@link RespLimits#maxLineBytes()}) or passed on as a
 * part (bulk strings, never copied).
 *
 * <p>Every declaration is checked against the {@link RespLimits} when its header line is complete, before
 * the handler hears of it, so no handler is asked to reserve memory for a length the limits refuse.
 * Anything the RESP3 specification rules out is a {@link RespProtocolException} with the byte offset in
 * the whole stream: an unknown type byte, a length with a sign, a leading zero or anything but digits
 * ({@code $04}, {@code $-2}), a bulk string not followed by CR LF, a CR not followed by LF, a LF without a
 * CR, a boolean other than {@code t} or {@code f}, a double without its integral part ({@code ,.5}), a big
 * number with a dot, a verbatim string without its {@code xxx:} format, a non-empty null.
 *
 * <p>One parser reads one stream; it is not thread-safe. Memory: the aggregate stack (grown to the
 * deepest nesting seen) and the line buffer (grown to the longest split line seen), both small.
 */
public final class RespParser {
  // What the parser expects next.
  private static final int TYPE = 0;
  private static final int LINE = 1;
  private static final int LINE_LF = 2;
  private static final int BLOB = 3;
  private static final int BLOB_CR = 4;
  private static final int BLOB_LF = 5;
  private static final int FAILED = 6;

  /** A length, an integer, a boolean or a null never needs more: a sign and 19 digits, with room. */
  private static final int MAX_NUMBER_LINE = 24;

  private final RespLimits limits;

  private int state = TYPE;
  private long streamOffset;
  private boolean replyComplete;
  private RuntimeException failure;
  private long failureOffset;

  private RespType valueType;
  private long valueOffset;

  private byte[] lineBuffer;
  private int lineLength;

  private long blobRemaining;
  private long blobIndex;

  private RespType[] openTypes = new RespType[4];
  private long[] openRemaining = new long[4];
  private int depth;
  /** A top-level attribute has ended and the value it describes has not: the reply is not over. */
  private boolean attributeBeforeValue;

  /** A parser with the {@linkplain RespLimits#DEFAULT default limits}. */
  public RespParser() {
    this(RespLimits.DEFAULT);
  }

  public RespParser(RespLimits limits) {
    this.limits = Objects.requireNonNull(limits, "limits");
  }

  public RespLimits limits() {
    return limits;
  }

  /**
   * Reads from {@code src[offset, offset + length)} and reports what it finds to {@code handler}. Returns
   * how many bytes it consumed: all of them, unless a top-level reply ended first, in which case it stops
   * right after that reply (so that each reply can go to its own handler) and {@link #replyComplete()} is
   * true. Call again with the rest.
   *
   * @throws RespProtocolException if the bytes are not RESP or break a limit; the handler has heard of
   *     every value before the bad byte, and the parser refuses more input until {@link #reset()}, as it
   *     does after a handler throws
   */
  public int parse(byte[] src, int offset, int length, RespHandler handler) {
    Objects.checkFromIndexSize(offset, length, src.length);
    Objects.requireNonNull(handler, "handler");
    if (state == FAILED) {
      throw new IllegalStateException("the parser failed at byte offset " + failureOffset
          + " and cannot find the next reply; reset() it for a new stream", failure);
    }
    replyComplete = false;
    int end = offset + length;
    int pos = offset;
    // src[i] is at stream offset chunkBase + i.
    long chunkBase = streamOffset - offset;
    try {
      while (pos < end && !replyComplete) {
        switch (state) {
          case TYPE:
            pos = readType(src, pos, end, chunkBase);
            break;
          case LINE:
            pos = readLine(src, pos, end, chunkBase, handler);
            break;
          case LINE_LF:
            if (src[pos] != '\n') throw fail("CR not followed by LF", chunkBase + pos - 1, src, pos, end);
            pos++;
            lineDone(lineBuffer, 0, lineLength, handler);
            break;
          case BLOB:
            pos = readBlob(src, pos, end, chunkBase, handler);
            break;
          case BLOB_CR:
            if (src[pos] != '\r') throw fail("a bulk value is not followed by CR LF", chunkBase + pos, src, pos, end);
            pos++;
            state = BLOB_LF;
            break;
          case BLOB_LF:
            if (src[pos] != '\n') throw fail("CR not followed by LF", chunkBase + pos - 1, src, pos, end);
            pos++;
            state = TYPE;
            handler.blobPart(src, pos, 0, true);
            valueDone(handler);
            break;
          default:
            throw new AssertionError(state);
        }
      }
    } catch (RuntimeException e) {
      // Bad bytes, or a handler that threw: either way the parser cannot know where the next value starts.
      state = FAILED;
      failure = e;
      streamOffset = chunkBase + pos;
      failureOffset = e instanceof RespProtocolException ? ((RespProtocolException) e).byteOffset() : streamOffset;
      throw e;
    }
    streamOffset = chunkBase + pos;
    return pos - offset;
  }

  /** Whether the last {@link #parse} call ended at the end of a top-level reply. */
  public boolean replyComplete() {
    return replyComplete;
  }

  /** Whether the parser is between replies: nothing of a reply has been read and not yet completed. */
  public boolean atReplyBoundary() {
    return state == TYPE && depth == 0 && !attributeBeforeValue;
  }

  /** How many bytes the parser has consumed since it was made or reset. */
  public long bytesConsumed() {
    return streamOffset;
  }

  /** Forgets everything, a failure included, to read a new stream from its first byte. */
  public void reset() {
    state = TYPE;
    streamOffset = 0;
    replyComplete = false;
    failure = null;
    lineLength = 0;
    depth = 0;
    attributeBeforeValue = false;
    blobRemaining = 0;
  }

  private int readType(byte[] src, int pos, int end, long chunkBase) {
    RespType type = RespType.ofMarker(src[pos]);
    if (type == null) throw fail("an unknown type byte", chunkBase + pos, src, pos, Math.min(end, pos + 8));
    valueType = type;
    valueOffset = chunkBase + pos;
    lineLength = 0;
    state = LINE;
    return pos + 1;
  }

  /** A header or a simple value's line: straight from the chunk when the chunk holds all of it. */
  private int readLine(byte[] src, int pos, int end, long chunkBase, RespHandler handler) {
    // Scan no further than one byte past the limit: a chunk of megabytes without a CR is refused at once.
    int max = maxLine();
    int scanEnd = (int) Math.min(end, (long) pos + (max - lineLength) + 1);
    int i = pos;
    while (i < scanEnd && src[i] != '\r' && src[i] != '\n') i++;
    int lineEnd = i;
    if (lineLength + (lineEnd - pos) > max) throw lineTooLong(src, pos, end);
    if (i == end) {
      appendLine(src, pos, lineEnd - pos);
      return end;
    }
    if (src[i] == '\n') throw fail("LF without CR", chunkBase + i, src, i, end);
    if (i + 1 == end) {
      appendLine(src, pos, lineEnd - pos);
      state = LINE_LF;
      return end;
    }
    if (src[i + 1] != '\n') throw fail("CR not followed by LF", chunkBase + i, src, i, end);
    if (lineLength == 0) {
      lineDone(src, pos, lineEnd - pos, handler);
    } else {
      appendLine(src, pos, lineEnd - pos);
      lineDone(lineBuffer, 0, lineLength, handler);
    }
    return i + 2;
  }

  private int maxLine() {
    switch (valueType) {
      case SIMPLE_STRING:
      case SIMPLE_ERROR:
      case BIG_NUMBER:
      case DOUBLE:
        return limits.maxLineBytes();
      default:
        return MAX_NUMBER_LINE;
    }
  }

  private RespProtocolException lineTooLong(byte[] src, int pos, int end) {
    boolean number = maxLine() == MAX_NUMBER_LINE;
    String reason = number
        ? RespErrors.a(valueType.description()) + " header longer than " + MAX_NUMBER_LINE + " bytes"
        : RespErrors.a(valueType.description()) + " longer than the limit of " + limits.maxLineBytes() + " bytes";
    return fail(reason, valueOffset, src, pos, end);
  }

  private void appendLine(byte[] src, int offset, int length) {
    int needed = lineLength + length;
    if (lineBuffer == null || needed > lineBuffer.length) {
      long capacity = lineBuffer == null ? 64 : lineBuffer.length;
      while (capacity < needed) capacity *= 2;
      capacity = Math.min(capacity, Math.max(needed, Integer.MAX_VALUE - 8));
      byte[] grown = new byte[(int) capacity];
      if (lineBuffer != null) System.arraycopy(lineBuffer, 0, grown, 0, lineLength);
      lineBuffer = grown;
    }
    System.arraycopy(src, offset, lineBuffer, lineLength, length);
    lineLength = needed;
  }

  /** A complete line of {@code valueType}, without its CR LF. */
  private void lineDone(byte[] line, int offset, int length, RespHandler handler) {
    lineLength = 0;
    state = TYPE;
    switch (valueType) {
      case SIMPLE_STRING:
      case SIMPLE_ERROR:
        handler.line(valueType, line, offset, length);
        valueDone(handler);
        return;
      case BIG_NUMBER:
        checkBigNumber(line, offset, length);
        handler.line(valueType, line, offset, length);
        valueDone(handler);
        return;
      case INTEGER:
        handler.integer(parseInteger(line, offset, length));
        valueDone(handler);
        return;
      case DOUBLE:
        handler.doubleValue(parseDouble(line, offset, length));
        valueDone(handler);
        return;
      case BOOLEAN:
        if (length != 1 || (line[offset] != 't' && line[offset] != 'f')) {
          throw lineError("a boolean that is not t or f", line, offset, length);
        }
        handler.booleanValue(line[offset] == 't');
        valueDone(handler);
        return;
      case NULL:
        if (length != 0) throw lineError("a null with content", line, offset, length);
        handler.nullValue(RespType.NULL);
        valueDone(handler);
        return;
      case BULK_STRING:
      case BULK_ERROR:
      case VERBATIM_STRING:
        blobHeader(parseLength(line, offset, length), line, offset, length, handler);
        return;
      default:
        aggregateHeader(parseLength(line, offset, length), line, offset, length, handler);
    }
  }

  private void blobHeader(long byteLength, byte[] line, int offset, int length, RespHandler handler) {
    if (byteLength < 0) {
      handler.nullValue(RespType.BULK_STRING);
      valueDone(handler);
      return;
    }
    if (byteLength > limits.maxBulkBytes()) {
      throw lineError(RespErrors.a(valueType.description()) + " of " + byteLength + " bytes, above the limit of "
          + limits.maxBulkBytes(), line, offset, length);
    }
    if (valueType == RespType.VERBATIM_STRING && byteLength < 4) {
      throw lineError("a verbatim string shorter than its 4-byte format prefix", line, offset, length);
    }
    handler.blobStart(valueType, byteLength);
    blobRemaining = byteLength;
    blobIndex = 0;
    state = BLOB;
  }

  private int readBlob(byte[] src, int pos, int end, long chunkBase, RespHandler handler) {
    int available = end - pos;
    boolean whole = blobRemaining <= available;
    int n = whole ? (int) blobRemaining : available;
    if (valueType == RespType.VERBATIM_STRING) checkVerbatimFormat(src, pos, n, end, chunkBase);
    if (whole && n + 2 <= available) {
      // The CR LF is in this chunk too: check it before the handler sees a complete value.
      int crlf = pos + n;
      if (src[crlf] != '\r') throw fail("a bulk value is not followed by CR LF", chunkBase + crlf, src, crlf, end);
      if (src[crlf + 1] != '\n') throw fail("CR not followed by LF", chunkBase + crlf, src, crlf, end);
      handler.blobPart(src, pos, n, true);
      blobRemaining = 0;
      state = TYPE;
      valueDone(handler);
      return crlf + 2;
    }
    // The CR LF is not in this chunk: the value is complete only once it has come, with an empty last part.
    if (n > 0 || !whole) handler.blobPart(src, pos, n, false);
    blobRemaining -= n;
    blobIndex += n;
    if (whole) state = BLOB_CR;
    return pos + n;
  }

  /** A verbatim string starts with three bytes of format and a colon ({@code txt:}). */
  private void checkVerbatimFormat(byte[] src, int pos, int n, int end, long chunkBase) {
    long colonIndex = 3 - blobIndex;
    if (colonIndex >= 0 && colonIndex < n && src[pos + (int) colonIndex] != ':') {
      int at = pos + (int) colonIndex;
      throw fail("a verbatim string without the colon after its 3-byte format", chunkBase + at, src, at, end);
    }
  }

  private void aggregateHeader(long count, byte[] line, int offset, int length, RespHandler handler) {
    if (count < 0) {
      if (valueType != RespType.ARRAY) throw lineError("a negative count", line, offset, length);
      handler.nullValue(RespType.ARRAY);
      valueDone(handler);
      return;
    }
    if (count > limits.maxAggregateCount()) {
      throw lineError(RespErrors.a(valueType.description()) + " of " + count + (pairs(valueType) ? " pairs" : " elements")
          + ", above the limit of " + limits.maxAggregateCount(), line, offset, length);
    }
    if (depth == limits.maxDepth()) {
      throw lineError("an aggregate nested deeper than the limit of " + limits.maxDepth() + " levels", line, offset,
          length);
    }
    RespType type = valueType;
    handler.aggregateStart(type, (int) count);
    if (count == 0) {
      handler.aggregateEnd(type);
      // An attribute describes the value after it; it is not a value of its own.
      if (type != RespType.ATTRIBUTE) valueDone(handler);
      else if (depth == 0) attributeBeforeValue = true;
      return;
    }
    if (depth == openTypes.length) {
      openTypes = java.util.Arrays.copyOf(openTypes, depth * 2);
      openRemaining = java.util.Arrays.copyOf(openRemaining, depth * 2);
    }
    openTypes[depth] = type;
    openRemaining[depth] = pairs(type) ? count * 2 : count;
    depth++;
  }

  /** A value is complete: count it in its aggregate, close what it completes, and see if the reply ended. */
  private void valueDone(RespHandler handler) {
    while (depth > 0) {
      if (--openRemaining[depth - 1] > 0) return;
      RespType type = openTypes[--depth];
      handler.aggregateEnd(type);
      if (type == RespType.ATTRIBUTE) {
        attributeBeforeValue = depth == 0;
        return;
      }
    }
    attributeBeforeValue = false;
    replyComplete = true;
  }

  private static boolean pairs(RespType type) {
    return type == RespType.MAP || type == RespType.ATTRIBUTE;
  }

  /** A count or a length: digits with no sign and no leading zero, or {@code -1} where RESP2 has nulls. */
  private long parseLength(byte[] line, int offset, int length) {
    if (length == 0) throw lineError("an empty length", line, offset, length);
    if (line[offset] == '-') {
      boolean nullable = valueType == RespType.BULK_STRING || valueType == RespType.ARRAY;
      if (nullable && length == 2 && line[offset + 1] == '1') return -1;
      throw lineError(nullable ? "a negative length other than -1" : "a negative length", line, offset, length);
    }
    if (line[offset] == '0' && length > 1) throw lineError("a leading zero in a length", line, offset, length);
    long value = 0;
    for (int i = offset; i < offset + length; i++) {
      int digit = line[i] - '0';
      if (digit < 0 || digit > 9) throw lineError("a length that is not a decimal number", line, offset, length);
      if (value > (Long.MAX_VALUE - digit) / 10) {
        throw lineError("a length above 2^63-1", line, offset, length);
      }
      value = value * 10 + digit;
    }
    return value;
  }

  private long parseInteger(byte[] line, int offset, int length) {
    int i = offset;
    int end = offset + length;
    boolean negative = false;
    if (i < end && (line[i] == '-' || line[i] == '+')) negative = line[i++] == '-';
    if (i == end) throw lineError("an integer without digits", line, offset, length);
    // Accumulated as a negative number, whose range reaches Long.MIN_VALUE.
    long value = 0;
    for (; i < end; i++) {
      int digit = line[i] - '0';
      if (digit < 0 || digit > 9) throw lineError("an integer that is not a decimal number", line, offset, length);
      if (value < (Long.MIN_VALUE + digit) / 10) throw lineError("an integer out of the 64-bit range", line, offset, length);
      value = value * 10 - digit;
    }
    if (!negative && value == Long.MIN_VALUE) throw lineError("an integer out of the 64-bit range", line, offset, length);
    return negative ? value : -value;
  }

  private void checkBigNumber(byte[] line, int offset, int length) {
    int i = offset;
    int end = offset + length;
    if (i < end && (line[i] == '-' || line[i] == '+')) i++;
    if (i == end) throw lineError("a big number without digits", line, offset, length);
    for (; i < end; i++) {
      if (line[i] < '0' || line[i] > '9') throw lineError("a big number with a byte that is not a digit", line, offset, length);
    }
  }

  private double parseDouble(byte[] line, int offset, int length) {
    if (!RespDoubles.isWellFormed(line, offset, length)) {
      throw lineError("a double that is not [+|-]digits[.digits][e[+|-]digits], inf, -inf or nan", line, offset, length);
    }
    return RespDoubles.parse(line, offset, length);
  }

  private RespProtocolException lineError(String reason, byte[] line, int offset, int length) {
    byte[] shown = new byte[Math.min(length, 32) + 1];
    shown[0] = valueType.marker();
    System.arraycopy(line, offset, shown, 1, shown.length - 1);
    return fail(reason, valueOffset, shown, 0, shown.length);
  }

  private static RespProtocolException fail(String reason, long streamOffset, byte[] bytes, int from, int to) {
    return RespErrors.protocol(reason, streamOffset, bytes, from, Math.min(to, from + 32));
  }
}
