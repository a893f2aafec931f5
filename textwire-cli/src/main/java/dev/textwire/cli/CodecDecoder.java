package dev.textwire.cli;

import dev.textwire.MalformedTextException;
import dev.textwire.TextCodec;
import dev.textwire.TextCodecs;

/** {@link InputDecoder} over one of the core's strict codecs. */
final class CodecDecoder implements InputDecoder {
  /**
   * Enough bytes to judge the sequence at an error: a maximal subpart is at most 3 bytes, and a CESU-8
   * high surrogate looks 3 bytes further for its low one.
   */
  private static final int PROBE_BYTES = 8;

  private final TextCodec codec;
  private final boolean utf8Family;
  private final boolean utf8;

  /**
   * @param utf8Family whether continuation bytes are {@code 10xxxxxx} and never start a character
   * @param utf8 whether the encoding is UTF-8 itself
   */
  CodecDecoder(TextCodec strictCodec, boolean utf8Family, boolean utf8) {
    this.codec = strictCodec;
    this.utf8Family = utf8Family;
    this.utf8 = utf8;
  }

  @Override
  public int validUpTo(byte[] bytes, int from, int to) {
    return codec.validUpTo(bytes, from, to - from);
  }

  @Override
  public Problem problemAt(byte[] bytes, int at, int to, boolean endOfInput) {
    int probeEnd = Math.min(to, at + PROBE_BYTES);
    try {
      codec.decode(bytes, at, probeEnd - at);
    } catch (MalformedTextException e) {
      if (e.isTruncated()) {
        if (probeEnd == to && !endOfInput) {
          return null;
        }
      }
      return new Problem(e.malformedLength(), e.reason());
    }
    throw new IllegalStateException(codec.name() + ": no error at " + at + " where validUpTo stopped");
  }

  @Override
  public int completeUpTo(byte[] bytes, int from, int valid) {
    // ED A0..AF xx: a high surrogate, in the one encoding where it may stand alone.
    if (codec == TextCodecs.MODIFIED_UTF_8
        && valid - from >= 3
        && bytes[valid - 3] == (byte) 0xED
        && (bytes[valid - 2] & 0xF0) == 0xA0) {
      return valid - 3;
    }
    return valid;
  }

  @Override
  public String decode(byte[] bytes, int from, int to) {
    return codec.decode(bytes, from, to - from);
  }

  @Override
  public long byteCount(String text, int charEnd) {
    return codec.encodedLength(text, 0, charEnd);
  }

  @Override
  public int charStartAtOrAfter(byte[] bytes, int index, int to, long streamOffset) {
    if (utf8Family) {
      while (index < to && (bytes[index] & 0xC0) == 0x80) {
        index++;
      }
    }
    return index;
  }

  @Override
  public boolean positionsFromBytes() {
    return utf8;
  }
}
