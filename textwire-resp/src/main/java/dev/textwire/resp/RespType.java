package dev.textwire.resp;

/** The kinds of RESP2 and RESP3 values, each with the byte that starts it on the wire. */
public enum RespType {
  SIMPLE_STRING('+'),
  SIMPLE_ERROR('-'),
  INTEGER(':'),
  BULK_STRING('$'),
  ARRAY('*'),
  NULL('_'),
  BOOLEAN('#'),
  DOUBLE(','),
  BIG_NUMBER('('),
  BULK_ERROR('!'),
  VERBATIM_STRING('='),
  MAP('%'),
  SET('~'),
  ATTRIBUTE('|'),
  PUSH('>');

  private static final RespType[] BY_MARKER = new RespType[128];

  static {
    for (RespType type : values()) BY_MARKER[type.marker] = type;
  }

  private final byte marker;

  RespType(char marker) {
    this.marker = (byte) marker;
  }

  /** The byte that starts a value of this type on the wire. */
  public byte marker() {
    return marker;
  }

  /** Whether values of this type hold other values (arrays, maps, sets, attributes and pushes). */
  public boolean isAggregate() {
    return this == ARRAY || this == MAP || this == SET || this == ATTRIBUTE || this == PUSH;
  }

  /** Whether this type is an error reply (a simple error or a bulk error). */
  public boolean isError() {
    return this == SIMPLE_ERROR || this == BULK_ERROR;
  }

  /** The type in words, for messages: "bulk string", "simple error". */
  public String description() {
    return name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ');
  }

  /** The type a marker byte starts, or {@code null} if RESP3 has none. */
  public static RespType ofMarker(byte marker) {
    return marker >= 0 ? BY_MARKER[marker] : null;
  }
}
