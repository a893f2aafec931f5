package dev.textwire.internal;

import java.lang.ref.WeakReference;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.StandardCharsets;

/**
 * Working space for the portable path: a chunk of chars copied out of the caller's text, its Latin-1
 * narrowing, room for one chunk's encoded bytes, and space for decoded text. Reused, so encoding
 * allocates nothing once warm.
 *
 * <p>Lent to one call at a time by a {@link Lender}: a platform thread keeps its own (a
 * {@code ThreadLocal} lookup costs a few nanoseconds and no locks; allocating a chunk per call costs
 * more than the work for short text), virtual threads share a small pool, so parked virtual threads keep
 * none. One is about 13 KiB, plus up to 48 KiB of decode space once a thread decodes texts of up to 16 Ki
 * chars. Short Strings ({@link ShortStrings}) and all-ASCII bytes never ask for one.
 *
 * <p>Why the JDK's Latin-1 encoder: narrowing chars to bytes and stopping at the first char above
 * U+00FF is exactly its intrinsic ({@code encodeISOArray}), which the JIT vectorises; a loop of ours
 * doing the same is not vectorised on JDK 17. Its buffers are wrapped once here, so calls allocate
 * nothing.
 */
final class Scratch extends Lender.Loanable {
  /** Chars per chunk: large enough to amortise the per-chunk calls, small enough to stay in L1. */
  static final int CHUNK_CHARS = 2048;

  /** Below this many chars, narrowing through the JDK encoder costs more than it saves. */
  static final int NARROW_MIN_CHARS = 48;

  private static final Lender<Scratch> LENDER = new Lender<>(Scratch::new);

  final char[] chars = new char[CHUNK_CHARS];
  final byte[] latin1 = new byte[CHUNK_CHARS];
  /** One chunk's UTF-8 at its largest: three bytes per char. */
  final byte[] encoded = new byte[CHUNK_CHARS * 3];

  private final CharBuffer charView = CharBuffer.wrap(chars);
  private final ByteBuffer latin1View = ByteBuffer.wrap(latin1);
  private final CharsetEncoder latin1Encoder = StandardCharsets.ISO_8859_1.newEncoder();
  private final CharsetEncoder asciiEncoder = StandardCharsets.US_ASCII.newEncoder();

  /**
   * A ByteBuffer over the caller's last destination array, so the ASCII encoder can write into it
   * without a wrapper per call. Weakly held: we must not keep a caller's array alive. A caller who
   * encodes into the same array call after call allocates nothing; a new array costs one wrapper.
   */
  private WeakReference<ByteBuffer> targetView = new WeakReference<>(null);

  /**
   * Encodes the ASCII prefix of {@code chars[begin, end)} into {@code dst[dp, dl)} with the JDK's
   * US-ASCII encoder, whose loop is a vectorised intrinsic on JDK 17 and later.
   *
   * @param dstView a heap ByteBuffer over all of {@code dst} (array offset 0) that the caller already has,
   *     or null: a SegmentedBuffer keeps one per segment, so writing into a new segment wraps nothing.
   *     Its position and limit are restored before returning.
   * @return how many chars (and bytes) were encoded
   */
  int encodeAsciiPrefix(int begin, int end, byte[] dst, int dp, int dl, ByteBuffer dstView) {
    return encodePrefix(asciiEncoder, begin, end, dst, dp, dl, dstView);
  }

  /**
   * As {@link #encodeAsciiPrefix}, up to the first char above U+00FF, with the JDK's ISO-8859-1 encoder
   * (its {@code encodeISOArray} intrinsic): ISO-8859-1 encoding straight into the caller's array.
   */
  int encodeLatin1Prefix(int begin, int end, byte[] dst, int dp, int dl, ByteBuffer dstView) {
    return encodePrefix(latin1Encoder, begin, end, dst, dp, dl, dstView);
  }

  private int encodePrefix(
      CharsetEncoder encoder, int begin, int end, byte[] dst, int dp, int dl, ByteBuffer dstView) {
    ByteBuffer view;
    int savedPosition = -1;
    int savedLimit = -1;
    if (dstView != null && dstView.array() == dst && dstView.arrayOffset() == 0) {
      view = dstView;
      savedPosition = view.position();
      savedLimit = view.limit();
    } else {
      view = targetView.get();
      if (view == null || view.array() != dst) {
        view = ByteBuffer.wrap(dst);
        targetView = new WeakReference<>(view);
      }
    }
    try {
      view.limit(dl).position(dp);
      charView.limit(end).position(begin);
      encoder.reset();
      encoder.encode(charView, view, true); // stops at the first char it cannot map, or a full target
      return charView.position() - begin;
    } finally {
      if (savedLimit >= 0) {
        view.limit(savedLimit).position(savedPosition);
      }
    }
  }

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

  /**
   * Narrows {@code chars[begin, end)} into {@code latin1[0, ...)} up to the first char above U+00FF.
   *
   * @return how many chars were narrowed
   */
  int narrowLatin1(int begin, int end) {
    charView.limit(end).position(begin);
    latin1View.clear();
    latin1Encoder.reset();
    latin1Encoder.encode(charView, latin1View, true); // stops with "unmappable" at a wider char
    return charView.position() - begin;
  }
}
