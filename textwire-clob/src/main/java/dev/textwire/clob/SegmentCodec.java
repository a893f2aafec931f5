package dev.textwire.clob;

import dev.textwire.MalformedTextException;
import dev.textwire.TextCodec;
import dev.textwire.TextCodecs;
import dev.textwire.TextDecoder;
import dev.textwire.TextEncoder;
import java.nio.CharBuffer;
import java.util.Arrays;

/**
 * Turns chars into segments and segments back into chars, with the core's resumable encoder and decoder:
 * the encoder fills a segment with as many whole characters as fit its byte budget, so a segment never
 * ends inside a UTF-8 sequence and never between the halves of a 4-byte one.
 *
 * <p>A Java string may hold an unpaired surrogate (a write can split a pair), which UTF-8 cannot carry.
 * The segment that holds one is written in modified UTF-8 instead, where a surrogate is a 3-byte sequence
 * of its own, and is flagged so it is read back with that codec. Every other segment stays plain UTF-8.
 * One instance per store: it owns a scratch segment and the codecs' state.
 */
final class SegmentCodec {
  private final int segmentBytes;
  private final boolean modifiedOnly;
  // Made on first use and sized to the text: a Clob of five chars should not carry 4 KiB of scratch
  // and four codec states (15,000 small Clobs is one of Derby's own workloads).
  private TextEncoder utf8Encoder;
  private TextEncoder modifiedEncoder;
  private TextDecoder utf8Decoder;
  private TextDecoder modifiedDecoder;
  private byte[] scratch = new byte[0];

  SegmentCodec(int segmentBytes, boolean modifiedOnly) {
    this.segmentBytes = segmentBytes;
    this.modifiedOnly = modifiedOnly;
  }

  private TextEncoder utf8Encoder() {
    if (utf8Encoder == null) {
      utf8Encoder = TextCodecs.UTF_8.newEncoder();
    }
    return utf8Encoder;
  }

  private TextEncoder modifiedEncoder() {
    if (modifiedEncoder == null) {
      modifiedEncoder = TextCodecs.MODIFIED_UTF_8.newEncoder();
    }
    return modifiedEncoder;
  }

  /** Room for one segment of this text: S bytes, or less when 3 bytes a char (the most) take less. */
  private void ensureScratch(int charCount) {
    int needed = (int) Math.min(segmentBytes, 3L * charCount);
    if (scratch.length < needed) {
      scratch = new byte[Math.max(needed, Math.min(segmentBytes, 2 * scratch.length))];
    }
  }

  /** Encodes {@code chars[0, charCount)} as rows added to {@code rows}, each with its own exact-size byte array. */
  void encode(char[] chars, int charCount, SegmentTable rows) {
    if (3L * charCount <= segmentBytes && encodeWhole(chars, charCount, rows)) {
      return;
    }
    ensureScratch(charCount);
    int charIndex = 0;
    while (charIndex < charCount) {
      int end = charCount;
      int written;
      int consumed;
      byte flags = 0;
      if (modifiedOnly) {
        written = fill(modifiedEncoder(), chars, charIndex, end);
        consumed = (int) modifiedEncoder.charsConsumed();
      } else {
        try {
          written = fill(utf8Encoder(), chars, charIndex, end);
          consumed = (int) utf8Encoder.charsConsumed();
        } catch (MalformedTextException e) {
          int lone = firstUnpairedSurrogate(chars, charIndex, charCount);
          if (lone > charIndex) {
            // The chars before the lone half stay UTF-8; the half starts the next segment.
            written = fill(utf8Encoder, chars, charIndex, lone);
            consumed = (int) utf8Encoder.charsConsumed();
          } else {
            written = fill(modifiedEncoder(), chars, charIndex, end);
            consumed = (int) modifiedEncoder.charsConsumed();
            flags = SegmentTable.MODIFIED;
          }
        }
      }
      if (consumed == 0) {
        throw new AssertionError("a segment of " + segmentBytes + " bytes took no char");
      }
      if (written == consumed) {
        flags |= SegmentTable.SINGLE_WIDTH;
      }
      rows.add(consumed, written, flags, Arrays.copyOf(scratch, written), -1);
      charIndex += consumed;
    }
  }

  /**
   * Text that fits one segment whatever its chars (3 bytes a char at most) skips the resumable encoder,
   * whose state is 13 KiB: the codec's one-shot encode uses per-thread scratch. False when the text
   * holds an unpaired surrogate; the general path then cuts it as usual.
   */
  private boolean encodeWhole(char[] chars, int charCount, SegmentTable rows) {
    TextCodec codec = modifiedOnly ? TextCodecs.MODIFIED_UTF_8 : TextCodecs.UTF_8;
    CharSequence text = CharBuffer.wrap(chars, 0, charCount);
    int byteCount;
    try {
      byteCount = codec.encodedLength(text);
    } catch (MalformedTextException loneSurrogate) {
      return false;
    }
    byte[] bytes = new byte[byteCount];
    codec.encode(text, bytes, 0);
    if (charCount > 0) {
      rows.add(charCount, byteCount, byteCount == charCount ? SegmentTable.SINGLE_WIDTH : 0, bytes, -1);
    }
    return true;
  }

  private int fill(TextEncoder encoder, char[] chars, int from, int to) {
    encoder.reset().feed(chars, from, to - from, true);
    return encoder.encode(scratch, 0, scratch.length);
  }

  private static int firstUnpairedSurrogate(char[] chars, int from, int to) {
    for (int i = from; i < to; i++) {
      char c = chars[i];
      if (Character.isHighSurrogate(c)) {
        if (i + 1 < to && Character.isLowSurrogate(chars[i + 1])) {
          i++;
        } else {
          return i;
        }
      } else if (Character.isLowSurrogate(c)) {
        return i;
      }
    }
    throw new AssertionError("the strict encoder refused text with no unpaired surrogate");
  }

  /** An ASCII segment's chars: byte i is char i. */
  static void widen(byte[] src, int srcOffset, char[] dst, int dstOffset, int charCount) {
    for (int i = 0; i < charCount; i++) {
      dst[dstOffset + i] = (char) (src[srcOffset + i] & 0xFF);
    }
  }

  /**
   * Decodes one segment's bytes into {@code dst[offset, offset + charCount)}.
   *
   * @throws MalformedTextException if the bytes are not what the store wrote (a spill file changed
   *     underneath); the caller turns it into an SQLException
   */
  void decode(byte[] bytes, int byteCount, byte flags, char[] dst, int offset, int charCount) {
    if ((flags & SegmentTable.SINGLE_WIDTH) != 0) {
      widen(bytes, 0, dst, offset, charCount);
      return;
    }
    TextDecoder decoder;
    if ((flags & SegmentTable.MODIFIED) != 0 || modifiedOnly) {
      if (modifiedDecoder == null) {
        modifiedDecoder = TextCodecs.MODIFIED_UTF_8.newDecoder();
      }
      decoder = modifiedDecoder;
    } else {
      if (utf8Decoder == null) {
        utf8Decoder = TextCodecs.UTF_8.newDecoder();
      }
      decoder = utf8Decoder;
    }
    decoder.reset().feed(bytes, 0, byteCount, true);
    int done = 0;
    while (done < charCount) {
      int read = decoder.decode(dst, offset + done, charCount - done);
      if (read == 0) {
        break;
      }
      done += read;
    }
    if (done != charCount || decoder.hasRemaining()) {
      throw new MalformedTextException(decoder.name() + " segment of " + byteCount + " bytes decoded to " + done
          + " chars; the store wrote " + charCount, decoder.bytesConsumed(), -1, 0, false);
    }
  }
}
