package dev.textwire.cli;

import dev.textwire.TextCodec;
import dev.textwire.TextCodecs;
import dev.textwire.TextDecoder;
import dev.textwire.TextValidation;

/**
 * {@link InputDecoder} over one of the core's strict codecs: errors are found by the codec's
 * {@link TextCodec#validate} and decoding goes through its public streaming {@link TextDecoder}, the same
 * way for every codec. {@link #validUpTo} and {@link #problemAt} are thread-safe ({@link ParallelCheck}'s
 * threads share them); {@link #decode} and {@link #byteCount} are not (one thread reads an input).
 */
final class CodecDecoder implements InputDecoder {
  private final TextCodec codec;
  private final boolean utf8Family;
  private final boolean utf8;
  private final ErrorReasons reasons;
  private final TextDecoder decoder;
  private char[] chars = new char[0];

  /**
   * @param utf8Family whether continuation bytes are {@code 10xxxxxx} and never start a character
   * @param utf8 whether the encoding is UTF-8 itself
   */
  CodecDecoder(TextCodec strictCodec, boolean utf8Family, boolean utf8) {
    this.codec = strictCodec;
    this.utf8Family = utf8Family;
    this.utf8 = utf8;
    this.reasons = new ErrorReasons(strictCodec);
    this.decoder = strictCodec.newDecoder();
  }

  @Override
  public int validUpTo(byte[] bytes, int from, int to) {
    return codec.validUpTo(bytes, from, to - from);
  }

  @Override
  public Problem problemAt(byte[] bytes, int at, int to, boolean endOfInput) {
    TextValidation validation = codec.validate(bytes, at, to - at);
    if (validation.isTruncated()) {
      // Cut short by the end of the bytes given: more input may complete it, or, at the end, the core
      // says how much of it is one bad sequence (a CESU-8 high surrogate may be, alone).
      return endOfInput ? reasons.problem(bytes, at, to, to - at, true) : null;
    }
    if (validation.isValid()) {
      throw new IllegalStateException(codec.name() + ": no error at " + at + " where validUpTo stopped");
    }
    return reasons.problem(bytes, at, to, validation.errorLength(), false);
  }

  /** How many ill-formed sequences had no reason in the memo yet, and were decoded to get one. */
  long judgements() {
    return reasons.judgements();
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
    int byteCount = to - from;
    if (chars.length < byteCount) {
      chars = new char[Math.max(byteCount, 2 * chars.length)]; // a byte is at most one char in these codecs
    }
    decoder.reset().feed(bytes, from, byteCount, true);
    int charCount = 0;
    while (decoder.hasRemaining()) {
      int written = decoder.decode(chars, charCount, chars.length - charCount);
      if (written == 0) {
        throw new IllegalStateException(codec.name() + ": no progress decoding " + byteCount + " bytes");
      }
      charCount += written;
    }
    return new String(chars, 0, charCount);
  }

  @Override
  public long byteCount(byte[] bytes, int from, int to, int charEnd) {
    decoder.reset().feed(bytes, from, to - from, true).skip(charEnd);
    return decoder.bytesConsumed();
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
  public int asciiAsIsFrom() {
    if (codec == TextCodecs.MODIFIED_UTF_8) {
      return 0x01;
    }
    return utf8Family || codec == TextCodecs.ISO_8859_1 ? 0x00 : 0x80;
  }

  @Override
  public boolean positionsFromBytes() {
    return utf8;
  }

}
