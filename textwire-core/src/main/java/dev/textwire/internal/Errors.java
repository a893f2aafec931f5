package dev.textwire.internal;

import dev.textwire.BufferTooSmallException;
import dev.textwire.MalformedTextException;
import dev.textwire.UnmappableCharacterException;
import java.util.ConcurrentModificationException;

/** Builds the exceptions that say where and what. Only reached on the error path. */
public final class Errors {
  private Errors() {}

  /**
   * A text whose encoding no longer matches the length a first pass found: the caller's
   * {@code CharSequence} changed during the call (another thread, or a sequence that is not stable).
   *
   * @param countedBytes what the first pass counted (the length already written in front, or the size
   *     of the array made for it)
   * @param writtenBytes what the second pass wrote, or -1 if it did not fit in the counted length
   */
  public static ConcurrentModificationException textChanged(String encoding, long countedBytes, long writtenBytes) {
    return new ConcurrentModificationException(
        "the text changed while it was being encoded: its " + encoding + " length was counted as " + countedBytes
            + " bytes, then "
            + (writtenBytes < 0 ? "it no longer fit in them" : "encoding it wrote " + writtenBytes)
            + "; a CharSequence must not change during the call");
  }

  /**
   * What to throw for a {@link BufferTooSmallException}: itself, unless its figures say the text fits,
   * which means the text changed between the pass that did not fit and the pass that measured it.
   */
  public static RuntimeException checkTooSmall(BufferTooSmallException e, String encoding) {
    if (e.requiredBytes() > e.availableBytes()) {
      return e;
    }
    return new ConcurrentModificationException(
        "the text changed while it was being encoded: it did not fit in " + e.availableBytes() + " bytes, then its "
            + encoding + " length was counted as " + e.requiredBytes() + "; a CharSequence must not change during the call");
  }

  /** An unpaired surrogate met while encoding strictly. */
  public static MalformedTextException unpairedSurrogate(String encoding, char surrogate, long charIndex) {
    String which = Character.isHighSurrogate(surrogate) ? "high" : "low";
    String reason = String.format("unpaired %s surrogate U+%04X", which, (int) surrogate);
    return new MalformedTextException(
        String.format("cannot encode %s: %s at char index %d", encoding, reason, charIndex),
        reason,
        -1,
        charIndex,
        1,
        false);
  }

  /**
   * Ill-formed bytes met while decoding or validating strictly.
   *
   * @param bytes where they are
   * @param index the array index of the first bad byte
   * @param end the end of the input, for context and truncation
   * @param malformedLength the maximal subpart's length
   * @param truncated whether the input ends inside a sequence that more bytes could complete
   * @param reason what rule the bytes break, in plain words
   * @param reportedOffset the offset to report: the array index, or a stream offset
   */
  public static MalformedTextException malformed(
      String encoding,
      byte[] bytes,
      int index,
      int end,
      int malformedLength,
      boolean truncated,
      String reason,
      long reportedOffset) {
    StringBuilder message = new StringBuilder(96);
    message.append("invalid ").append(encoding).append(" at byte offset ").append(reportedOffset);
    message.append(": ").append(reason).append(" (bytes ");
    appendHex(message, bytes, index, index + malformedLength);
    message.append(')');
    if (!truncated && index + malformedLength < end) {
      // The byte that broke the sequence is often what the reader needs to see.
      message.append(", followed by ");
      appendHex(message, bytes, index + malformedLength, Math.min(end, index + malformedLength + 3));
    }
    return new MalformedTextException(message.toString(), reason, reportedOffset, -1, malformedLength, truncated);
  }

  static void appendHex(StringBuilder out, byte[] bytes, int begin, int end) {
    for (int i = begin; i < end; i++) {
      if (i > begin) {
        out.append(' ');
      }
      int b = bytes[i] & 0xFF;
      out.append(Character.toUpperCase(Character.forDigit(b >>> 4, 16)));
      out.append(Character.toUpperCase(Character.forDigit(b & 0xF, 16)));
    }
  }

  /**
   * A char (or a surrogate pair, {@code charCount} 2) that a code page has no byte for, met while
   * encoding strictly. Its message, which names the character, is built only if asked for.
   */
  public static UnmappableCharacterException unmappable(String encoding, int codePoint, long charIndex, int charCount) {
    return new UnmappableCharacterException(encoding, codePoint, charIndex, charCount);
  }
}
