package dev.textwire.cli;

import dev.textwire.MalformedTextException;
import dev.textwire.TextCodec;

/**
 * The reason the core gives for each kind of ill-formed sequence seen lately, so that a dense run of
 * errors (a binary file, Latin-1 read as UTF-8) does not pay for a decode that throws for each one, and
 * each bad byte of each excerpt again. The codec's {@code validate} has already said how long the
 * sequence is; only the words are memoised.
 *
 * <p>The words depend on the bad bytes themselves and, for a one-byte sequence, on whether a
 * continuation byte ({@code 10xxxxxx}) follows and which ({@code E0 80} is an overlong encoding,
 * {@code E0 41} lacks a continuation byte); no other following byte changes them, in any codec. So the
 * key is those bytes: at most 5 (a CESU-8 pair's halves) and one more, in one {@code long}. A sequence
 * cut short by the end of the input is keyed by all of its bytes, and marked so (an excerpt that stops
 * before a bad sequence cuts the one before it often, in a dense run).
 * {@code CodecDecoderMemoTest} checks this against the uncached answer.
 */
final class ErrorReasons {
  /** Slots in {@link #memo}: a power of two. */
  private static final int SLOTS = 1 << 12;

  /** Enough bytes for a strict decode to judge the sequence at its first byte as it does in context. */
  private static final int PROBE_BYTES = 8;

  private final TextCodec codec;

  /**
   * A direct-mapped cache keyed by the deciding bytes; a collision only costs a decode. Each slot is one
   * immutable object, as threads of {@link ParallelCheck} share it.
   */
  private final Entry[] memo = new Entry[SLOTS];

  /** Decodes done (memo misses and sequences cut short by the end of the input), for a test; a plain counter, as threads that share the memo never read it. */
  private long judgements;

  private record Entry(long key, int shape, Problem problem) {}

  ErrorReasons(TextCodec strictCodec) {
    this.codec = strictCodec;
  }

  long judgements() {
    return judgements;
  }

  /**
   * The problem at {@code bytes[at]}: an ill-formed sequence of {@code byteCount} bytes, or with
   * {@code cutShort} the {@code byteCount} bytes up to {@code to}, the end of the input, that start one.
   */
  Problem problem(byte[] bytes, int at, int to, int byteCount, boolean cutShort) {
    int keyEnd = at + byteCount;
    if (!cutShort && byteCount == 1 && keyEnd < to && (bytes[keyEnd] & 0xC0) == 0x80) {
      keyEnd++;
    }
    int keyLength = keyEnd - at;
    if (keyLength > 7) {
      return uncached(bytes, at, to); // not a shape the core has today: no memo
    }
    long key = 0;
    for (int i = at; i < keyEnd; i++) {
      key = key << 8 | (bytes[i] & 0xFF);
    }
    int shape = keyLength << 1 | (cutShort ? 1 : 0);
    // key * 31 + shape is distinct for each pair (a shape is below 31); the multiply spreads it.
    int slot = (int) ((key * 31 + shape) * 0x9E3779B97F4A7C15L >>> 52) & (SLOTS - 1);
    Entry entry = memo[slot];
    if (entry == null || entry.key != key || entry.shape != shape) {
      entry = new Entry(key, shape, uncached(bytes, at, to));
      memo[slot] = entry;
    }
    return entry.problem;
  }

  /** The core's answer, uncached: a strict decode of a probe from {@code at}, which fails at its first byte. */
  Problem uncached(byte[] bytes, int at, int to) {
    judgements++;
    int probeEnd = Math.min(to, at + PROBE_BYTES);
    try {
      codec.decode(bytes, at, probeEnd - at);
    } catch (MalformedTextException e) {
      return new Problem(e.malformedLength(), e.reason());
    }
    throw new IllegalStateException(codec.name() + ": no error at " + at + " where validate found one");
  }
}
