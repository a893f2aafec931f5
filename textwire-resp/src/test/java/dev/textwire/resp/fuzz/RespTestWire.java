package dev.textwire.resp.fuzz;

import java.util.Random;
import java.util.ArrayList;
import dev.textwire.resp.RespType;
import dev.textwire.resp.RespValue;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * A RESP3 serializer written for the tests from the specification, independent of {@code RespWriter}:
 * the oracle the parser's output is compared with. It writes a {@link RespValue} tree (attributes
 * first, as on the wire) and can note where each blob's payload sits in the stream.
 */
public final class RespTestWire {
  private RespTestWire() {}

  /** The stream offset and byte length of one blob's payload (a verbatim string's format included). */
  public record BlobSpan(long streamOffset, int byteLength) {}

  public static byte[] serialize(List<RespValue> values) {
    return serialize(values, null);
  }

  /** The values one after another; each blob's payload span goes to {@code spans} when it is not null. */
  public static byte[] serialize(List<RespValue> values, List<BlobSpan> spans) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (RespValue value : values) write(value, out, spans);
    return out.toByteArray();
  }

  public static void write(RespValue value, ByteArrayOutputStream out, List<BlobSpan> spans) {
    if (value.attributes() != null) write(value.attributes(), out, spans);
    RespType type = value.type();
    if (value.isNull()) {
      ascii(out, type == RespType.NULL ? "_\r\n" : type == RespType.ARRAY ? "*-1\r\n" : "$-1\r\n");
      return;
    }
    switch (type) {
      case SIMPLE_STRING:
      case SIMPLE_ERROR:
        out.write(type.marker());
        out.writeBytes(value.asBytes());
        ascii(out, "\r\n");
        return;
      case BIG_NUMBER:
        ascii(out, "(" + value.asString() + "\r\n");
        return;
      case INTEGER:
        ascii(out, ":" + value.asLong() + "\r\n");
        return;
      case BOOLEAN:
        ascii(out, value.asBoolean() ? "#t\r\n" : "#f\r\n");
        return;
      case DOUBLE:
        ascii(out, "," + doubleText(value.asDouble()) + "\r\n");
        return;
      case BULK_STRING:
      case BULK_ERROR: {
        byte[] bytes = value.asBytes();
        ascii(out, (char) type.marker() + Integer.toString(bytes.length) + "\r\n");
        if (spans != null) spans.add(new BlobSpan(out.size(), bytes.length));
        out.writeBytes(bytes);
        ascii(out, "\r\n");
        return;
      }
      case VERBATIM_STRING: {
        byte[] format = value.verbatimFormat().getBytes(StandardCharsets.ISO_8859_1);
        byte[] bytes = value.asBytes();
        ascii(out, "=" + (format.length + 1 + bytes.length) + "\r\n");
        if (spans != null) spans.add(new BlobSpan(out.size(), format.length + 1 + bytes.length));
        out.writeBytes(format);
        out.write(':');
        out.writeBytes(bytes);
        ascii(out, "\r\n");
        return;
      }
      default: {
        List<RespValue> elements = value.elements();
        boolean pairs = type == RespType.MAP || type == RespType.ATTRIBUTE;
        ascii(out, (char) type.marker() + Integer.toString(pairs ? elements.size() / 2 : elements.size()) + "\r\n");
        for (RespValue element : elements) write(element, out, spans);
      }
    }
  }

  /** Java's shortest round-tripping form, which RESP3's double grammar accepts, or inf, -inf, nan. */
  public static String doubleText(double value) {
    if (Double.isNaN(value)) return "nan";
    if (value == Double.POSITIVE_INFINITY) return "inf";
    if (value == Double.NEGATIVE_INFINITY) return "-inf";
    return Double.toString(value);
  }

  /** Equality that also compares attributes, at every level ({@link RespValue#equals} ignores them). */
  public static boolean deepEquals(RespValue a, RespValue b) {
    if (a == null || b == null) return a == b;
    if (!a.equals(b)) return false;
    if (!deepEquals(a.attributes(), b.attributes())) return false;
    if (a.type().isAggregate() && !a.isNull()) {
      List<RespValue> x = a.elements();
      List<RespValue> y = b.elements();
      for (int i = 0; i < x.size(); i++) {
        if (!deepEquals(x.get(i), y.get(i))) return false;
      }
    }
    return true;
  }

  public static boolean deepEquals(List<RespValue> a, List<RespValue> b) {
    if (a.size() != b.size()) return false;
    for (int i = 0; i < a.size(); i++) {
      if (!deepEquals(a.get(i), b.get(i))) return false;
    }
    return true;
  }

  private static void ascii(ByteArrayOutputStream out, String text) {
    out.writeBytes(text.getBytes(StandardCharsets.ISO_8859_1));
  }

  /** Cuts every {@code size} bytes, or at random sizes up to {@code size} when random is given. */
  public static int[] cuts(int total, int size, Random random) {
    List<Integer> cuts = new ArrayList<>();
    int at = 0;
    while (true) {
      at += random == null ? size : 1 + random.nextInt(size);
      if (at >= total) break;
      cuts.add(at);
    }
    return cuts.stream().mapToInt(Integer::intValue).toArray();
  }
}
