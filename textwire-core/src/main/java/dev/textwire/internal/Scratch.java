package dev.textwire.internal;

/**
 * Working space for the portable path: a chunk of chars copied out of the caller's text, its Latin-1
 * narrowing, room for one chunk's encoded bytes, the JDK encoders that run over the chunk
 * ({@link JdkEncoders}), and space for decoded text. Reused, so encoding
 * allocates nothing once warm.
 *
 * <p>Lent to one call at a time by a {@link Lender}: a platform thread keeps its own (a
 * {@code ThreadLocal} lookup costs a few nanoseconds and no locks; allocating a chunk per call costs
 * more than the work for short text), virtual threads share a small pool, so parked virtual threads keep
 * none. One is about 13 KiB, plus up to 48 KiB of decode space once a thread decodes texts of up to 16 Ki
 * chars. Short Strings ({@link ShortStrings}) and all-ASCII bytes never ask for one.
 */
final class Scratch extends Lender.Loanable {
  /** Chars per chunk: large enough to amortise the per-chunk calls, small enough to stay in L1. */
  static final int CHUNK_CHARS = 2048;

  /** Below this many chars, narrowing through the JDK encoder costs more than it saves. */
  static final int NARROW_MIN_CHARS = 48;

  /**
   * The longest run of chars above U+00FF, between two Latin-1 stretches of at least
   * {@link #NARROW_MIN_CHARS}, that the encoder and the exact length take on its own before narrowing
   * again (a ’ or a — in French or English text). A longer run ends the stretches, and the general loop
   * takes the rest of the chunk.
   */
  static final int STRETCH_RUN_MAX_CHARS = 16;

  /**
   * Where the run that starts at {@code chars[runStart]}, the char that ended a Latin-1 stretch, ends: at
   * the next Latin-1 char or at {@code count}, within {@link #STRETCH_RUN_MAX_CHARS} chars; -1 if the
   * chars after it stay above U+00FF for longer. The char at {@code runStart} is taken whatever it is
   * (the encoder's stretch can also end where too few chars are left to narrow). The one scan of the
   * encoder ({@link Utf8Kernel#encodeChunk}) and the exact length ({@link EncodeDriver}), so the two
   * split a chunk at the same places.
   */
  static int shortRunEnd(char[] chars, int runStart, int count) {
    int runEnd = runStart + 1;
    while (runEnd < count && chars[runEnd] > 0xFF && runEnd - runStart < STRETCH_RUN_MAX_CHARS) {
      runEnd++;
    }
    return runEnd == count || chars[runEnd] <= 0xFF ? runEnd : -1;
  }

  private static final Lender<Scratch> LENDER = new Lender<>(Scratch::new);

  final char[] chars = new char[CHUNK_CHARS];
  final byte[] latin1 = new byte[CHUNK_CHARS];
  /** One chunk's UTF-8 at its largest: three bytes per char. */
  final byte[] encoded = new byte[CHUNK_CHARS * 3];

  /**
   * A view of {@link #encoded} for the JDK encoders, so that a chunk encoded here (on its way to a direct
   * buffer) neither wraps anything nor displaces the cached view of the caller's last array: a thread
   * that alternated direct buffers and arrays used to wrap one of them again at every switch.
   */
  final java.nio.ByteBuffer encodedView = java.nio.ByteBuffer.wrap(encoded);

  /** The JDK's encoders over {@link #chars}, narrowing into {@link #latin1}. */
  final JdkEncoders jdk = new JdkEncoders(chars, latin1);

  /** Decoded text up to this many chars goes through reused space; longer text gets its own array. */
  static final int DECODE_MAX_CHARS = 16 * 1024;

  /** For decoding and validating, which run no caller code; see {@link #borrow()}. */
  final DecodeSpace decodeSpace = new DecodeSpace();

  /**
   * Scratch for this call alone: a caller's {@code CharSequence} can run any code in {@code charAt},
   * including another encode on the same thread, which must not overwrite the chunk the outer call is
   * working on, so a nested call gets other space. Pair with {@link #release()} in a finally block.
   */
  static Scratch acquire() {
    return LENDER.acquire();
  }

  void release() {
    LENDER.release(this);
  }

  /**
   * Scratch for work that runs no caller code (decoding, validating). Such work can run nested inside an
   * encode (from a caller's {@code charAt}) and then gets the same space on a platform thread, so it must
   * only use space an encode does not hold across a {@code charAt} call: {@link #decodeSpace}, and
   * {@link #encoded}, which an encode fills and empties between two chunk copies. Pair with
   * {@link #giveBack()} in a finally block.
   */
  static Scratch borrow() {
    return LENDER.borrow();
  }

  void giveBack() {
    LENDER.giveBack(this);
  }
}
