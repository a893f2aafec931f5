package dev.textwire.internal;

import java.nio.charset.StandardCharsets;

/**
 * Strict UTF-8 decoding through the JDK's own {@code new String(bytes, UTF_8)}, where that is faster
 * than ours: the JDK writes the String's array directly, where we decode into chars that the String
 * then copies. It replaces ill-formed bytes with U+FFFD, so a result without U+FFFD proves the input
 * well-formed, and the proof costs one vectorised {@code indexOf} (none at all for a Latin-1 result).
 * protobuf's {@code Utf8} decodes the same way.
 *
 * <p>Used only where measured to pay (issue 15, JMH, 512 chars): mostly-ASCII text on JDK 25 (321 ns
 * against our 420 ns, {@code new String} alone 369 ns; measured before UTF-8 got its own decode fast
 * section, which took about a tenth off our mostly-ASCII decoding). On JDK 17 it was even with ours on
 * mostly-ASCII and Russian text, and on both JDKs it was slower on CJK and emoji text (1,227 ns against
 * 828 on JDK 25), whose dense multi-byte sequences our loop decodes faster. So: JDK 25 and later
 * (versions between 17 and 25 were not measured and keep our decoder), and text whose bytes after the
 * ASCII prefix are mostly ASCII, counted eight bytes at a time; and not where the SIMD tier decodes
 * (JDK 25 and at least {@link VectorTier#MIN_ELEMENTS} bytes). The tier decodes mostly-ASCII text into
 * chars in about a quarter of the JDK's time, so that with the String's copy of them it is still 1.9
 * times as fast at 512 chars and 1.3-1.45 times at 65,536 (issue 16, BENCHMARKS.md).
 */
final class JdkUtf8Decode {
  private JdkUtf8Decode() {}

  private static final boolean JDK_LOOP_PAYS = Runtime.version().feature() >= 25;

  /**
   * Bytes after the ASCII prefix that decide the route. Counting the whole input cost CJK text, which
   * never takes the route, a tenth of its decoding time on JDK 25 (65,536 chars: 120 µs, 104 with this
   * sample), and mostly-ASCII text as much (49 µs, 44). Text whose start is not like the rest is decoded
   * by the other decoder, correctly, at most about 1.6 times as slowly (CJK through the JDK's).
   */
  static final int SAMPLE_BYTES = 256;

  /** True if the JDK's decoder is the faster way for {@code src[from, end)}, judged by its start. */
  static boolean pays(byte[] src, int from, int end) {
    // At most one byte in four above 7F: mostly ASCII, where the JDK's vectorised runs win (the
    // mostly-ASCII input has about one in eight; Cyrillic text half or more, CJK nearly all).
    int sampleEnd = end - from > SAMPLE_BYTES ? from + SAMPLE_BYTES : end;
    return JDK_LOOP_PAYS
        && VectorTier.codingKernelsFor(end - from) == null // where the tier decodes, it is faster
        && Swar.countHighBytes(src, from, sampleEnd) <= (sampleEnd - from) >>> 2;
  }

  /** The text of {@code src[begin, end)}, or null if the bytes are ill-formed or hold a real U+FFFD. */
  static String decodeIfWellFormed(byte[] src, int begin, int end) {
    String text = new String(src, begin, end - begin, StandardCharsets.UTF_8);
    return text.indexOf('\uFFFD') < 0 ? text : null;
  }
}
