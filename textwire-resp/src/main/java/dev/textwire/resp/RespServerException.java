package dev.textwire.resp;

/**
 * An error reply from the server ({@code -ERR ...}, {@code -WRONGTYPE ...}, {@code -NOPROTO ...}, or a
 * RESP3 bulk error). The connection that received it stays usable: the reply was read in full.
 */
public class RespServerException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final transient RespValue reply;

  public RespServerException(RespValue reply) {
    super(reply.asString());
    this.reply = reply;
  }

  /** The error's code: its first word, by Redis's convention ({@code ERR}, {@code WRONGTYPE}, {@code NOAUTH}). */
  public String code() {
    String message = getMessage();
    int space = message.indexOf(' ');
    return space < 0 ? message : message.substring(0, space);
  }

  /** The error reply as it came. */
  public RespValue reply() {
    return reply;
  }
}
