package dev.textwire.internal;

import java.lang.ref.WeakReference;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.StandardCharsets;

/**
 * The JDK's US-ASCII and ISO-8859-1 encoders run over a {@link Scratch}'s chunk of chars. Narrowing chars
 * to bytes and stopping at the first char out of range is exactly their intrinsic
 * ({@code encodeISOArray}), which the JIT vectorises; a loop of ours doing the same is not vectorised on
 * JDK 17. Their buffers are wrapped once here, so calls allocate nothing.
 */
final class JdkEncoders {
  private final CharBuffer charView;
  private final ByteBuffer latin1View;
  private final CharsetEncoder latin1Encoder = StandardCharsets.ISO_8859_1.newEncoder();
  private final CharsetEncoder asciiEncoder = StandardCharsets.US_ASCII.newEncoder();

  /**
   * A ByteBuffer over the caller's last destination array, so the ASCII encoder can write into it
   * without a wrapper per call. Weakly held: we must not keep a caller's array alive. A caller who
   * encodes into the same array call after call allocates nothing; a new array costs one wrapper.
   */
  private WeakReference<ByteBuffer> targetView = new WeakReference<>(null);

  JdkEncoders(char[] chars, byte[] latin1) {
    this.charView = CharBuffer.wrap(chars);
    this.latin1View = ByteBuffer.wrap(latin1);
  }

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
   * As {@link #encodeAsciiPrefix}, up to the first char above U+00FF, with the JDK's ISO-8859-1 encoder:
   * ISO-8859-1 encoding straight into the caller's array.
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

  /**
   * Narrows {@code chars[begin, end)} into the scratch's {@code latin1[0, ...)} up to the first char above
   * U+00FF.
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
