package dev.textwire.cli;

import dev.textwire.MalformedTextException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * UTF-16LE or UTF-16BE, encoded by the JDK. The only char it cannot encode is an unpaired surrogate,
 * which only modified UTF-8 input can hold: an error when strict, U+FFFD when replacing.
 */
final class Utf16Encoder implements OutputEncoder {
  private final CharsetEncoder encoder;
  private final String name;

  Utf16Encoder(boolean bigEndian, boolean replace) {
    this.name = bigEndian ? "UTF-16BE" : "UTF-16LE";
    CodingErrorAction action = replace ? CodingErrorAction.REPLACE : CodingErrorAction.REPORT;
    CharsetEncoder e = (bigEndian ? StandardCharsets.UTF_16BE : StandardCharsets.UTF_16LE).newEncoder();
    if (replace) {
      e.replaceWith(bigEndian ? new byte[] {(byte) 0xFF, (byte) 0xFD} : new byte[] {(byte) 0xFD, (byte) 0xFF});
    }
    this.encoder = e.onMalformedInput(action).onUnmappableCharacter(action);
  }

  @Override
  public int maxBytesPerChar() {
    return 2;
  }

  @Override
  public int encode(String text, int from, int to, byte[] out) {
    CharBuffer in = CharBuffer.wrap(text, from, to);
    ByteBuffer dst = ByteBuffer.wrap(out);
    encoder.reset();
    CoderResult result = encoder.encode(in, dst, true);
    if (result.isUnderflow()) {
      result = encoder.flush(dst);
    }
    if (result.isError()) {
      int charIndex = in.position();
      char c = text.charAt(charIndex);
      String which = Character.isHighSurrogate(c) ? "high" : "low";
      String reason = String.format(Locale.ROOT, "unpaired %s surrogate U+%04X", which, (int) c);
      throw new MalformedTextException(
          "cannot encode " + name + ": " + reason + " at char index " + charIndex, reason, -1, charIndex, 1, false);
    }
    if (result.isOverflow()) {
      throw new IllegalStateException("output buffer sized too small for " + (to - from) + " chars");
    }
    return dst.position();
  }
}
