package dev.textwire.resp;

import dev.textwire.ErrorPolicy;
import dev.textwire.MalformedTextException;
import dev.textwire.TextCodec;
import dev.textwire.TextDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.List;

/**
 * Builds {@link RespValue} trees from a parser's events, for {@link RespReader}. Memory follows the bytes
 * that arrived, never a declared length alone: a bulk string split across chunks grows its array as its
 * parts come (doubling, up to the declared length), and an aggregate's list starts small.
 */
final class RespValueBuilder implements RespHandler {
  static final int MAX_ARRAY_LENGTH = Integer.MAX_VALUE - 8;

  private final TextCodec codec;
  private final boolean decodeText;
  private final ArrayDeque<RespValue> completed = new ArrayDeque<>();

  /** Open aggregates, innermost last. */
  private final ArrayDeque<Open> open = new ArrayDeque<>();
  /** An attribute waiting for the value it describes. */
  private RespValue pendingAttributes;

  private RespType blobType;
  private byte[] blob;
  private int blobLength;
  private long blobDeclared;
  private TextDecoder decoder;
  private StringBuilder decoded;
  private String wholeText;
  private MalformedTextException decodeFailure;

  RespValueBuilder(TextCodec codec, boolean decodeText) {
    this.codec = codec;
    this.decodeText = decodeText;
  }

  private static final class Open {
    final RespType type;
    final List<RespValue> elements;
    final RespValue attributes;

    Open(RespType type, int count, RespValue attributes) {
      this.type = type;
      this.elements = RespValue.newElements(pairsOrElements(type, count));
      this.attributes = attributes;
    }

    private static int pairsOrElements(RespType type, int count) {
      return type == RespType.MAP || type == RespType.ATTRIBUTE ? (int) Math.min(2L * count, MAX_ARRAY_LENGTH) : count;
    }
  }

  RespValue poll() {
    return completed.poll();
  }

  int available() {
    return completed.size();
  }

  void reset() {
    completed.clear();
    open.clear();
    pendingAttributes = null;
    blob = null;
    decoded = null;
    decodeFailure = null;
  }

  @Override
  public void line(RespType type, byte[] src, int offset, int length) {
    Object text;
    if (type == RespType.BIG_NUMBER) {
      text = new String(src, offset, length, StandardCharsets.ISO_8859_1);
    } else if (type == RespType.SIMPLE_ERROR) {
      // Error text is for people, and Redis echoes the command's bytes in it ("unknown command 'X\xC3'"):
      // replaced, never refused, so an error reply is always an error and never a decoding failure.
      text = codec.withPolicy(ErrorPolicy.REPLACE).decode(src, offset, length);
    } else {
      try {
        text = codec.decode(src, offset, length);
      } catch (MalformedTextException e) {
        // Kept as bytes: asBytes() has them, asString() throws this again, equality compares them.
        text = Arrays.copyOfRange(src, offset, offset + length);
      }
    }
    add(RespValue.blob(type, text, null, codec));
  }

  @Override
  public void integer(long value) {
    add(RespValue.integer(value));
  }

  @Override
  public void doubleValue(double value) {
    add(RespValue.doubleValue(value));
  }

  @Override
  public void booleanValue(boolean value) {
    add(RespValue.booleanValue(value));
  }

  @Override
  public void nullValue(RespType type) {
    add(RespValue.nullOf(type));
  }

  @Override
  public void blobStart(RespType type, long byteLength) {
    blobType = type;
    blobDeclared = byteLength;
    blobLength = 0;
    blob = null;
    decodeFailure = null;
    decoded = null;
  }

  @Override
  public void blobPart(byte[] src, int offset, int length, boolean last) {
    boolean whole = last && blob == null && decoded == null && length == blobDeclared;
    if (streamsText(blobType)) {
      textPart(src, offset, length, last, whole);
    } else if (whole) {
      blob = Arrays.copyOfRange(src, offset, offset + length);
      blobLength = length;
    } else {
      bytesPart(src, offset, length);
    }
    if (last) blobDone();
  }

  private void bytesPart(byte[] src, int offset, int length) {
    int needed = blobLength + length;
    if (blob == null || needed > blob.length) {
      // Grow with what arrived, not with what was declared: a declaration alone reserves nothing.
      long capacity = Math.max(needed, Math.min(blobDeclared, Math.max(8192, (blob == null ? 0 : 2L * blob.length))));
      blob = Arrays.copyOf(blob == null ? new byte[0] : blob, (int) capacity);
    }
    System.arraycopy(src, offset, blob, blobLength, length);
    blobLength = needed;
  }

  /** Decodes as the parts come, with a streaming decoder, so a split value never exists as bytes. */
  private void textPart(byte[] src, int offset, int length, boolean last, boolean whole) {
    if (decodeFailure != null) return;
    try {
      if (whole) {
        wholeText = codec.decode(src, offset, length);
        return;
      }
      if (decoded == null) {
        // The first part of a split value: only now is the streaming decoder needed (a value whole in its
        // chunk, the common case, is decoded in one call above).
        decoded = new StringBuilder((int) Math.min(blobDeclared, 8192));
        if (decoder == null) decoder = codec.newDecoder();
        decoder.reset();
      }
      decoder.feed(src, offset, length, last);
      decoder.decode(decoded, Integer.MAX_VALUE);
    } catch (MalformedTextException e) {
      // The stream stays in step: the value carries the failure and throws it when its text is asked for.
      decodeFailure = e;
    }
  }

  private void blobDone() {
    Object payload;
    String format = null;
    if (decodeFailure != null) {
      payload = decodeFailure;
    } else if (wholeText != null) {
      payload = wholeText;
    } else if (decoded != null) {
      payload = decoded.toString();
    } else {
      byte[] bytes = blob == null ? new byte[0] : blob;
      int from = 0;
      if (blobType == RespType.VERBATIM_STRING) {
        format = new String(bytes, 0, 3, StandardCharsets.ISO_8859_1);
        from = 4;
      }
      payload = from == 0 && bytes.length == blobLength ? bytes : Arrays.copyOfRange(bytes, from, blobLength);
      if (blobType == RespType.BULK_ERROR) {
        payload = codec.withPolicy(ErrorPolicy.REPLACE).decode((byte[]) payload);
      } else if (decodeText) {
        payload = decodeOrFailure((byte[]) payload);
      }
    }
    blob = null;
    decoded = null;
    wholeText = null;
    decodeFailure = null;
    add(RespValue.blob(blobType, payload, format, codec));
  }

  /**
   * Whether a blob of this type is decoded part by part: bulk strings, in text mode. A verbatim string's
   * format is three bytes, not three chars, so it is gathered and decoded after them; error text is
   * decoded leniently, whole.
   */
  private boolean streamsText(RespType type) {
    return decodeText && type == RespType.BULK_STRING;
  }

  private Object decodeOrFailure(byte[] bytes) {
    try {
      return codec.decode(bytes);
    } catch (MalformedTextException e) {
      return e;
    }
  }

  @Override
  public void aggregateStart(RespType type, int count) {
    // An aggregate takes the attributes before it; so does an attribute, which adds its own to them at its
    // end, so that two attributes in a row both describe the value after them, not a key inside the second.
    open.addLast(new Open(type, count, takeAttributes()));
  }

  @Override
  public void aggregateEnd(RespType type) {
    Open done = open.removeLast();
    if (type == RespType.ATTRIBUTE) {
      List<RespValue> entries = done.elements;
      if (done.attributes != null) {
        entries = new java.util.ArrayList<>(done.attributes.elements());
        entries.addAll(done.elements);
      }
      pendingAttributes = RespValue.ownedAggregate(RespType.ATTRIBUTE, entries);
      return;
    }
    RespValue value = RespValue.ownedAggregate(done.type, done.elements);
    place(done.attributes == null ? value : value.withAttributes(done.attributes));
  }

  private void add(RespValue value) {
    RespValue attributes = takeAttributes();
    place(attributes == null ? value : value.withAttributes(attributes));
  }

  private void place(RespValue value) {
    if (open.isEmpty()) {
      completed.add(value);
    } else {
      open.peekLast().elements.add(value);
    }
  }

  private RespValue takeAttributes() {
    RespValue attributes = pendingAttributes;
    pendingAttributes = null;
    return attributes;
  }
}
