package dev.textwire.resp;

/** Builds the exceptions that say what and where. Only reached on the error path. */
final class RespErrors {
  private RespErrors() {}

  /** "invalid RESP at byte offset 12: a leading zero in a length (bytes 24 30 34)". */
  static RespProtocolException protocol(String reason, long streamOffset, byte[] bytes, int from, int to) {
    String message = "invalid RESP at byte offset " + streamOffset + ": " + reason;
    if (to > from) message += " (bytes " + hex(bytes, from, to) + ")";
    return new RespProtocolException(reason, streamOffset, message);
  }

  /** "a bulk string", "an array". */
  static String a(String noun) {
    return ("aeiou".indexOf(noun.charAt(0)) >= 0 ? "an " : "a ") + noun;
  }

  static String hex(byte[] bytes, int from, int to) {
    StringBuilder out = new StringBuilder((to - from) * 3);
    for (int i = from; i < to; i++) {
      if (i > from) out.append(' ');
      out.append(Character.toUpperCase(Character.forDigit((bytes[i] >> 4) & 0xF, 16)));
      out.append(Character.toUpperCase(Character.forDigit(bytes[i] & 0xF, 16)));
    }
    return out.toString();
  }
}
