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

  /** Slots in {@link #judged}: a power of two. */
  private static final int MEMO_SLOTS = 1 << 12;

  private final TextCodec codec;
  private final boolean utf8Family;
  private final boolean utf8;

  /**
   * The core's judgement of each kind of ill-formed sequence seen lately, so that a dense run of errors
   * (a binary file, Latin-1 read as UTF-8) does not pay for a decode that throws for each one, and each
   * bad byte of each excerpt again. A direct-mapped cache keyed by {@link #decidingEnd the bytes that
   * decide}; a collision only costs a decode. Each slot is one immutable object, as threads of
   * {@link ParallelCheck} share the decoder.
   */
  private final Judgement[] judged = new Judgement[MEMO_SLOTS];

  /**
   * What the core said about the ill-formed sequence that starts with the bytes {@code key}: the problem,
   * and whether more bytes could complete it.
   */
  private record Judgement(long key, int shape, Problem problem, boolean truncated) {}

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
    int keyEnd = utf8Family ? decidingEnd(bytes, at, probeEnd) : probeEnd;
    long key = 0;
    for (int i = at; i < keyEnd; i++) {
      key = key << 8 | (bytes[i] & 0xFF);
    }
    // The key's length, and whether it reaches the end of the probe (then no byte after it was seen).
    int shape = (keyEnd - at) << 1 | (keyEnd == probeEnd ? 1 : 0);
    // key * 31 + shape is distinct for each pair (a shape is below 31); the multiply spreads it.
    int slot = (int) ((key * 31 + shape) * 0x9E3779B97F4A7C15L >>> 52) & (MEMO_SLOTS - 1);
    Judgement judgement = judged[slot];
    if (judgement == null || judgement.key != key || judgement.shape != shape) {
      judgement = judge(bytes, at, probeEnd, key, shape);
      judged[slot] = judgement;
    }
    if (judgement.truncated && probeEnd == to && !endOfInput) {
      return null;
    }
    return judgement.problem;
  }

  /**
   * The end of the bytes from {@code at} that decide the core's answer in the UTF-8 family. A
   * continuation byte ({@code 10xxxxxx}) starts nothing: it alone. Otherwise the first byte and the
   * continuation bytes after it, as only they can extend a sequence, up to 4 bytes, the longest
   * sequence. Whether another byte follows them matters (the sequence is broken, not cut short), which
   * the key's shape says; which byte it is does not, as none but a continuation byte continues
   * anything. An encoded surrogate ({@code ED}) is judged with the sequence after it too (CESU-8 pairs
   * two of them), so its key is the next 6 bytes. {@code CodecDecoderMemoTest} checks all this against
   * the uncached answer.
   */
  static int decidingEnd(byte[] bytes, int at, int probeEnd) {
    if ((bytes[at] & 0xC0) == 0x80) {
      return at + 1;
    }
    if (bytes[at] == (byte) 0xED) {
      return Math.min(probeEnd, at + 6);
    }
    int end = at + 1;
    int limit = Math.min(probeEnd, at + 4);
    while (end < limit && (bytes[end] & 0xC0) == 0x80) {
      end++;
    }
    return end;
  }

  /** The core's answer: a strict decode of the probe, which fails at its first byte. */
  private Judgement judge(byte[] bytes, int at, int probeEnd, long key, int shape) {
    try {
      codec.decode(bytes, at, probeEnd - at);
    } catch (MalformedTextException e) {
      return new Judgement(key, shape, new Problem(e.malformedLength(), e.reason()), e.isTruncated());
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
