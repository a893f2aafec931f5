package dev.textwire.resp;

import dev.textwire.buffer.MalformedFrameException;

/**
 * Bytes that are not RESP, or that declare more than the {@link RespLimits} allow. The message says what
 * was wrong, at which byte offset in the whole stream (counted from the first byte the parser was given),
 * and shows the offending bytes in hex. After one, the stream's framing is lost: the parser refuses more
 * input until it is {@linkplain RespParser#reset() reset}, and a {@link RespConnection} closes.
 */
public class RespProtocolException extends MalformedFrameException {
  private static final long serialVersionUID = 1L;

  private final String reason;

  public RespProtocolException(String reason, long byteOffset, String message) {
    super(message, byteOffset, false);
    this.reason = reason;
  }

  /** The reason alone, without the offset and the bytes: "unknown type byte", "leading zero in a length". */
  public String reason() {
    return reason;
  }
}
