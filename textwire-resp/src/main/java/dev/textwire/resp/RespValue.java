package dev.textwire.resp;

import dev.textwire.MalformedTextException;
import dev.textwire.TextCodec;
import dev.textwire.TextCodecs;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One RESP value as a small tree, for convenience: what a {@link RespReader} or a {@link RespConnection}
 * returns. Each accessor says which types it serves and throws {@link IllegalStateException} for the
 * others, naming the type it found.
 *
 * <p>A bulk string is kept as it arrived: as bytes, decoded by {@link #asString()} with the codec it was
 * read with (or by {@link #asString(TextCodec)} with any other), or, from a reader that decodes as it
 * reads, as the decoded text. Simple strings, errors and big numbers are text from the start.
 *
 * <p>Values are immutable. Two values are equal when they have the same type and content (a bulk string
 * kept as bytes equals one kept as text when the text encodes to the same bytes); attributes are not
 * compared.
 */
public final class RespValue {
  private static final RespValue NULL = new RespValue(RespType.NULL, 0, null, null, TextCodecs.UTF_8, null);

  private final RespType type;
  private final long number;
  /** byte[] or String (or the decoding failure) for strings, List for aggregates, Double for doubles. */
  private final Object payload;
  private final String format;
  private final TextCodec codec;
  private final RespValue attributes;

  private RespValue(RespType type, long number, Object payload, String format, TextCodec codec, RespValue attributes) {
    this.type = type;
    this.number = number;
    this.payload = payload;
    this.format = format;
    this.codec = codec;
    this.attributes = attributes;
  }

  // Factories, for replies a test or a server builds, and for the reader.

  public static RespValue simpleString(String text) {
    return new RespValue(RespType.SIMPLE_STRING, 0, Objects.requireNonNull(text), null, TextCodecs.UTF_8, null);
  }

  public static RespValue simpleError(String text) {
    return new RespValue(RespType.SIMPLE_ERROR, 0, Objects.requireNonNull(text), null, TextCodecs.UTF_8, null);
  }

  public static RespValue integer(long value) {
    return new RespValue(RespType.INTEGER, value, null, null, TextCodecs.UTF_8, null);
  }

  public static RespValue doubleValue(double value) {
    return new RespValue(RespType.DOUBLE, 0, value, null, TextCodecs.UTF_8, null);
  }

  public static RespValue booleanValue(boolean value) {
    return new RespValue(RespType.BOOLEAN, value ? 1 : 0, null, null, TextCodecs.UTF_8, null);
  }

  public static RespValue bigNumber(BigInteger value) {
    return new RespValue(RespType.BIG_NUMBER, 0, value.toString(), null, TextCodecs.UTF_8, null);
  }

  /** RESP3's null; {@link #nullOf(RespType)} gives RESP2's null bulk string and null array. */
  public static RespValue nullValue() {
    return NULL;
  }

  /** A null of {@link RespType#NULL}, {@link RespType#BULK_STRING} ({@code $-1}) or {@link RespType#ARRAY} ({@code *-1}). */
  public static RespValue nullOf(RespType type) {
    if (type == RespType.NULL) return NULL;
    if (type != RespType.BULK_STRING && type != RespType.ARRAY) {
      throw new IllegalArgumentException("RESP has no null " + type.description());
    }
    return new RespValue(type, 0, null, null, TextCodecs.UTF_8, null);
  }

  /** A bulk string of these bytes (not copied: do not change them). */
  public static RespValue bulkString(byte[] bytes) {
    return blob(RespType.BULK_STRING, bytes, null, TextCodecs.UTF_8);
  }

  /** A bulk string of this text, in UTF-8 on the wire. */
  public static RespValue bulkString(String text) {
    return blob(RespType.BULK_STRING, Objects.requireNonNull(text), null, TextCodecs.UTF_8);
  }

  public static RespValue bulkError(String text) {
    return blob(RespType.BULK_ERROR, Objects.requireNonNull(text), null, TextCodecs.UTF_8);
  }

  /** A verbatim string: a three-letter format ({@code txt}, {@code mkd}) and the text. */
  public static RespValue verbatimString(String format, String text) {
    if (format.length() != 3) throw new IllegalArgumentException("a verbatim format has 3 letters, not \"" + format + "\"");
    return blob(RespType.VERBATIM_STRING, Objects.requireNonNull(text), format, TextCodecs.UTF_8);
  }

  /** An array, set or push of these elements; or a map or an attribute of these keys and values, in turn. */
  public static RespValue aggregate(RespType type, List<RespValue> elements) {
    if (!type.isAggregate()) throw new IllegalArgumentException(type.description() + " is not an aggregate");
    if ((type == RespType.MAP || type == RespType.ATTRIBUTE) && elements.size() % 2 != 0) {
      throw new IllegalArgumentException(RespErrors.a(type.description()) + " needs keys and values in pairs, not "
          + elements.size() + " elements");
    }
    return new RespValue(type, 0, List.copyOf(elements), null, TextCodecs.UTF_8, null);
  }

  public static RespValue array(RespValue... elements) {
    return aggregate(RespType.ARRAY, Arrays.asList(elements));
  }

  static RespValue blob(RespType type, Object bytesOrText, String format, TextCodec codec) {
    return new RespValue(type, 0, bytesOrText, format, codec, null);
  }

  /** An aggregate from the reader, whose list nobody else holds. */
  static RespValue ownedAggregate(RespType type, List<RespValue> elements) {
    return new RespValue(type, 0, Collections.unmodifiableList(elements), null, TextCodecs.UTF_8, null);
  }

  /** This value with {@code attributes} (an {@link RespType#ATTRIBUTE} value) attached. */
  public RespValue withAttributes(RespValue attributes) {
    if (attributes != null && attributes.type != RespType.ATTRIBUTE) {
      throw new IllegalArgumentException("attributes are an attribute value, not " + RespErrors.a(attributes.type.description()));
    }
    return new RespValue(type, number, payload, format, codec, attributes);
  }

  // Accessors.

  public RespType type() {
    return type;
  }

  /** Whether this is a null: RESP3's {@code _}, or RESP2's {@code $-1} or {@code *-1}. */
  public boolean isNull() {
    return type == RespType.NULL || (payload == null && (type == RespType.BULK_STRING || type == RespType.ARRAY));
  }

  /** Whether this is an error reply: a simple error or a bulk error. */
  public boolean isError() {
    return type.isError();
  }

  /** The attributes sent before this value, or {@code null}. */
  public RespValue attributes() {
    return attributes;
  }

  /** An integer's value. */
  public long asLong() {
    expect(type == RespType.INTEGER, "an integer");
    return number;
  }

  /** A double's value, or an integer's. */
  public double asDouble() {
    if (type == RespType.INTEGER) return number;
    expect(type == RespType.DOUBLE, "a double");
    return (Double) payload;
  }

  public boolean asBoolean() {
    expect(type == RespType.BOOLEAN, "a boolean");
    return number != 0;
  }

  /** A big number's value, or an integer's. */
  public BigInteger asBigInteger() {
    if (type == RespType.INTEGER) return BigInteger.valueOf(number);
    expect(type == RespType.BIG_NUMBER, "a big number");
    return new BigInteger((String) payload);
  }

  /**
   * The text of a simple string, simple error, big number, bulk string, bulk error or verbatim string (a
   * verbatim string's without its format), decoded with the codec it was read with. A RESP2 null bulk
   * string gives {@code null}.
   *
   * @throws MalformedTextException if the bytes are not valid in that codec under its error policy
   */
  public String asString() {
    return asString(codec);
  }

  /** The text, decoded from this value's bytes with {@code codec} (for text values read as text: as read). */
  public String asString(TextCodec codec) {
    expectText();
    if (payload == null) return null;
    if (payload instanceof String) return (String) payload;
    if (payload instanceof MalformedTextException) throw rethrow((MalformedTextException) payload);
    return codec.decode((byte[]) payload);
  }

  /**
   * The bytes of a bulk string, bulk error, verbatim string (without its format), simple string, simple
   * error or big number: the bytes as they came (a copy), or, for a value read as text, the text in the
   * codec it was read with. A RESP2 null bulk string gives {@code null}.
   */
  public byte[] asBytes() {
    expectText();
    if (payload == null) return null;
    if (payload instanceof byte[]) return ((byte[]) payload).clone();
    if (payload instanceof MalformedTextException) throw rethrow((MalformedTextException) payload);
    return codec.encode((String) payload);
  }

  /** A verbatim string's format: {@code txt} or {@code mkd}. */
  public String verbatimFormat() {
    expect(type == RespType.VERBATIM_STRING, "a verbatim string");
    return format;
  }

  /**
   * The elements of an array, set or push; a map's or an attribute's keys and values in turn. A RESP2
   * null array gives {@code null}.
   */
  public List<RespValue> elements() {
    expect(type.isAggregate(), "an aggregate");
    @SuppressWarnings("unchecked")
    List<RespValue> elements = (List<RespValue>) payload;
    return elements;
  }

  /** How many elements {@link #elements()} has (a map's keys and values both counted). */
  public int size() {
    List<RespValue> elements = elements();
    return elements == null ? 0 : elements.size();
  }

  /** The element at {@code index} of an aggregate. */
  public RespValue get(int index) {
    return elements().get(index);
  }

  /**
   * A map's or an attribute's entries in wire order; also an array's, read as key, value, key, value, the
   * way RESP2 sends what RESP3 sends as a map ({@code HGETALL}, {@code CONFIG GET}).
   *
   * @throws IllegalStateException for an array with an odd number of elements, which is not a map
   */
  public Map<RespValue, RespValue> asMap() {
    expect(type == RespType.MAP || type == RespType.ATTRIBUTE || type == RespType.ARRAY, "a map (or an array of pairs)");
    List<RespValue> elements = elements();
    if (elements == null) return null;
    if (elements.size() % 2 != 0) {
      throw new IllegalStateException("an array of " + elements.size() + " elements is not a map: a map needs key, value pairs");
    }
    Map<RespValue, RespValue> map = new LinkedHashMap<>(elements.size());
    for (int i = 0; i < elements.size(); i += 2) map.put(elements.get(i), elements.get(i + 1));
    return map;
  }

  /** {@link #asMap()} with the keys as text: for the common maps whose keys are strings. */
  public Map<String, RespValue> asStringMap() {
    Map<RespValue, RespValue> map = asMap();
    if (map == null) return null;
    Map<String, RespValue> byText = new LinkedHashMap<>(map.size() * 2);
    map.forEach((key, value) -> byText.put(key.asString(), value));
    return byText;
  }

  private void expectText() {
    switch (type) {
      case SIMPLE_STRING:
      case SIMPLE_ERROR:
      case BIG_NUMBER:
      case BULK_STRING:
      case BULK_ERROR:
      case VERBATIM_STRING:
        return;
      default:
        expect(false, "a string");
    }
  }

  private void expect(boolean ok, String wanted) {
    if (!ok) throw new IllegalStateException("this value is " + RespErrors.a(type.description()) + ", not " + wanted);
  }

  private static MalformedTextException rethrow(MalformedTextException e) {
    // A fresh exception, so the stack trace shows where the text was asked for; the first failure is its cause.
    MalformedTextException copy = new MalformedTextException(e.getMessage(), e.reason(), e.byteOffset(), e.charIndex(),
        e.malformedLength(), e.isTruncated());
    copy.initCause(e);
    return copy;
  }

  /** The bytes a text value stands for, for equality. */
  private byte[] contentBytes() {
    if (payload instanceof byte[]) return (byte[]) payload;
    if (payload instanceof String) return codec.encode((String) payload);
    return null;
  }

  @Override
  public boolean equals(Object o) {
    if (this == o) return true;
    if (!(o instanceof RespValue)) return false;
    RespValue other = (RespValue) o;
    if (type != other.type || number != other.number || !Objects.equals(format, other.format)) return false;
    if (payload == null || other.payload == null) return payload == other.payload;
    if (payload instanceof List || payload instanceof Double) return payload.equals(other.payload);
    if (payload instanceof String && other.payload instanceof String) return payload.equals(other.payload);
    return Arrays.equals(contentBytes(), other.contentBytes());
  }

  @Override
  public int hashCode() {
    int hash = type.hashCode() * 31 + Long.hashCode(number);
    if (payload instanceof List || payload instanceof Double) return hash * 31 + payload.hashCode();
    byte[] bytes = contentBytes();
    return bytes == null ? hash : hash * 31 + Arrays.hashCode(bytes);
  }

  /** A readable form for logs and test failures: {@code "OK"}, {@code (integer) 42}, {@code [a, b]}. */
  @Override
  public String toString() {
    StringBuilder out = new StringBuilder();
    appendTo(out);
    return out.toString();
  }

  private void appendTo(StringBuilder out) {
    if (attributes != null) {
      attributes.appendTo(out);
      out.append(' ');
    }
    if (isNull()) {
      out.append(type == RespType.NULL ? "(null)" : "(null " + type.description() + ")");
      return;
    }
    switch (type) {
      case INTEGER:
        out.append("(integer) ").append(number);
        return;
      case DOUBLE:
        out.append("(double) ").append(payload);
        return;
      case BOOLEAN:
        out.append(number != 0 ? "(true)" : "(false)");
        return;
      case BIG_NUMBER:
        out.append("(big number) ").append(payload);
        return;
      case SIMPLE_ERROR:
      case BULK_ERROR:
        out.append("(error) ").append(payload instanceof byte[] ? lenient() : payload);
        return;
      case SIMPLE_STRING:
        out.append(payload);
        return;
      case BULK_STRING:
      case VERBATIM_STRING:
        out.append('"').append(payload instanceof MalformedTextException ? "(not valid text)" : lenient()).append('"');
        return;
      default:
        List<RespValue> elements = elements();
        boolean pairs = type == RespType.MAP || type == RespType.ATTRIBUTE;
        out.append(type == RespType.ARRAY ? "[" : type.description() + (pairs ? "{" : "["));
        for (int i = 0; i < elements.size(); i++) {
          if (i > 0) out.append(pairs && i % 2 == 1 ? "=" : ", ");
          elements.get(i).appendTo(out);
        }
        out.append(pairs ? "}" : "]");
    }
  }

  private String lenient() {
    if (payload instanceof String) return (String) payload;
    return new String((byte[]) payload, StandardCharsets.UTF_8);
  }

  /** A list sized for {@code count} elements without trusting it beyond what a small reply needs. */
  static List<RespValue> newElements(int count) {
    return new ArrayList<>(Math.min(count, 64));
  }
}
