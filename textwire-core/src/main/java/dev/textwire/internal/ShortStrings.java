package dev.textwire.internal;

import java.nio.ByteBuffer;

/**
 * Short Strings straight from {@code charAt}, with no scratch and no chunk: for a handful of chars the
 * per-call cost of the chunked path (a ThreadLocal, {@code getChars}, bookkeeping: about 20 ns measured)
 * is more than the work, and a thread that only encodes short Strings never needs scratch at all. Only
 * well-formed text that fits is handled here (room for less than three bytes a char costs a length pass
 * first); anything else (an unpaired surrogate, a destination too small) answers -1 and the general path
 * starts over, so policies, errors and partial writes live in one place.
 *
 * <p>On JDK 18 and later only Strings that start with a Latin-1 char are read by {@code charAt} here
 * ({@link #readByCharAt}). A String that starts above U+00FF is stored as UTF-16, and
 * {@code String.charAt} reaches its chars through a call to {@code StringUTF16.charAt} that C2 inlines
 * only if at least 0.85% of the calls of {@code String.charAt} it profiled were on UTF-16 Strings
 * ({@code MinInlineFrequencyRatio}, JDK-8273712, "low call site frequency" in {@code -XX:+PrintInlining});
 * the profile is the whole JVM's, and in a program that handles mostly Latin-1 text the share is
 * usually lower: each char is a call.
 * Measured on JDK 25 (issue 15, stop 44): 16 CJK chars took 55-57 ns against 18 in 2 of 8 benchmark
 * forks; with the call kept out of line in every fork, 48-66 ns for 16 CJK or emoji chars and 1.2 us for
 * the length of 512 CJK chars (155 ns inlined), where Netty and protobuf, reading by {@code charAt} too,
 * took 47-57 ns and 0.8-1.1 us. Such Strings of up to {@link #MAX_CHARS} chars are read by
 * {@code String.codePointAt} ({@link ShortUtf16}), whose profile other code rarely shares; longer ones
 * take the chunked path. The read of the first char, which picks the route, is by
 * {@code codePointBefore} for the same reason ({@link #readByCharAt}). JDK 17 inlines the call whatever
 * the share (no fork of 9 refused it), so there they stay on {@code charAt}.
 */
final class ShortStrings {
  private ShortStrings() {}

  /** Up to this many chars a String takes this path. */
  static final int MAX_CHARS = 32;

  /**
   * Up to this many chars, the exact UTF-8 length of a String that does not start with a Latin-1 char is
   * counted here too on JDK 17 (see {@link #counts}). Measured there (EncodedLengthBenchmark, 3
   * forks, issue 15), against the chunked path: CJK 512 chars 217 ns against 288, 1,024 chars 424 against
   * 570, emoji 512 chars 151 against 177; at 2,048 still 842 against 993, but JDK 25 lost there. Text that
   * starts with a Latin-1 char is left to the chunked path, whose JDK intrinsic narrows ASCII and Latin-1
   * runs at vector speed.
   */
  static final int MAX_LENGTH_CHARS = 1024;

  /**
   * True where C2 inlines {@code StringUTF16.charAt} into {@code String.charAt}'s callers however rarely
   * the JVM's profile saw a UTF-16 String: before JDK 18 (see the class comment).
   */
  static final boolean UTF16_BY_CHAR_AT = Runtime.version().feature() < 18;

  /**
   * True if {@code text[begin, end)} is encoded by a kernel's short path (this class, or
   * {@link ShortUtf16} for what this class does not read by {@code charAt}): at most {@link #MAX_CHARS}
   * chars.
   */
  static boolean encodes(int begin, int end) {
    return end - begin <= MAX_CHARS;
  }

  /**
   * True if this class reads {@code text[begin, end)}, a String of at most {@link #MAX_CHARS} chars, by
   * {@code charAt}: on JDK 17 always, on JDK 18 and later if it is empty or starts with a Latin-1 char
   * (see the class comment). Otherwise the String goes to {@link ShortUtf16}.
   */
  static boolean readByCharAt(String text, int begin, int end) {
    // codePointBefore(begin + 1) is above U+00FF exactly when charAt(begin) is (at a low surrogate it
    // returns the char or the pair's code point), and its profile is this method's own (in java.base only
    // special casing and the ICU normaliser call it), so its UTF-16 branch is a call only where UTF-16
    // Strings are under 0.85% of the short Strings that reach this test. By charAt, the one call on a
    // UTF-16 String is left out of line where the whole program's charAt profile is mostly Latin-1, as in
    // a JMH fork counting 16 CJK chars on JDK 25 ("low call site frequency"; the out-of-line
    // StringUTF16.charAt had 6% of the samples; issue 15, stop 50). What the change saved there was
    // within this machine's noise (docs/BENCHMARKS.md, stop 50).
    return UTF16_BY_CHAR_AT || begin == end || text.codePointBefore(begin + 1) <= 0xFF;
  }

  /**
   * True if the exact length of {@code text[begin, end)} is counted by a kernel's short path: as
   * {@link #encodes}, and on JDK 17 also up to {@link #MAX_LENGTH_CHARS} chars that start above Latin-1,
   * unless the vector tier would count them (from a chunk it takes about a third of the time on 512 CJK
   * chars, stop 40).
   */
  static boolean counts(String text, int begin, int end) {
    if (end - begin <= MAX_CHARS) {
      return true;
    }
    return UTF16_BY_CHAR_AT
        && end - begin <= MAX_LENGTH_CHARS
        && text.charAt(begin) > 0xFF
        && VectorTier.scanKernelsFor(end - begin) == null;
  }

  /**
   * Encoded length of {@code text[begin, end)}, or -1 if it holds a surrogate the variant does not
   * encode as it is (an unpaired one in UTF-8 or CESU-8), or if the variant is not UTF-8 and the String
   * is longer than {@link #MAX_CHARS}. A String not read by {@code charAt} ({@link #readByCharAt}) is
   * counted by {@link ShortUtf16}.
   */
  static int encodedLength(String text, int begin, int end, Utf8Variant variant) {
    if (end - begin > MAX_CHARS) {
      // CESU-8 and modified UTF-8 are measured here on short Strings only
      return variant == Utf8Variant.UTF_8 ? utf8LengthOfRuns(text, begin, end) : -1;
    }
    if (!readByCharAt(text, begin, end)) {
      return variant == Utf8Variant.UTF_8
          ? ShortUtf16.utf8Length(text, begin, end)
          : ShortUtf16.variantLength(text, begin, end, variant);
    }
    return lengthByCharAt(text, begin, end, variant);
  }

  /** {@link #encodedLength} of a short String by {@code charAt}, whatever {@link #readByCharAt} says. */
  static int lengthByCharAt(String text, int begin, int end, Utf8Variant variant) {
    if (variant == Utf8Variant.UTF_8) {
      return utf8Length(text, begin, end);
    }
    int low = variant.asciiLow;
    int length = end - begin;
    for (int i = begin; i < end; i++) {
      char c = text.charAt(i);
      if (c >= 0x80 || c < low) {
        if (c < 0x800) {
          length += 1;
        } else if (!Character.isSurrogate(c) || variant.loneSurrogatesAllowed) {
          length += 2;
        } else if (Character.isHighSurrogate(c) && i + 1 < end && Character.isLowSurrogate(text.charAt(i + 1))) {
          length += variant.pairLength() - 2;
          i++;
        } else {
          return -1;
        }
      }
    }
    return length;
  }

  /**
   * Encodes {@code text[begin, end)} into {@code dst[dp, dl)}; returns the bytes written, or -1 if the
   * text holds an unpaired surrogate the variant refuses, or does not fit (bytes may have been written;
   * the caller starts over), or if the String is not read by {@code charAt} and is longer than
   * {@link #MAX_CHARS} (the {@code charAt} loops take any length; {@link ShortUtf16}'s encoders, which
   * take the others, are bounded as this path is).
   */
  static int encode(String text, int begin, int end, byte[] dst, int dp, int dl, Utf8Variant variant) {
    if (!readByCharAt(text, begin, end)) {
      return variant == Utf8Variant.UTF_8
          ? ShortUtf16.encodeUtf8(text, begin, end, dst, dp, dl)
          : ShortUtf16.encodeVariant(text, begin, end, dst, dp, dl, variant);
    }
    return encodeByCharAt(text, begin, end, dst, dp, dl, variant);
  }

  /** {@link #encode} by {@code charAt}, whatever {@link #readByCharAt} says. */
  static int encodeByCharAt(String text, int begin, int end, byte[] dst, int dp, int dl, Utf8Variant variant) {
    if (variant == Utf8Variant.UTF_8) {
      return encodeUtf8(text, begin, end, dst, dp, dl);
    }
    if (dl - dp < 3 * (end - begin)) {
      // Room for less than the worst case, as when encoding into an array of the exact length: a length
      // pass over so few chars costs less than the general path's scratch, and then no check is needed.
      int length = lengthByCharAt(text, begin, end, variant);
      if (length < 0 || length > dl - dp) {
        return -1;
      }
    }
    int low = variant.asciiLow;
    int start = dp;
    for (int i = begin; i < end; i++) {
      char c = text.charAt(i);
      if (c < 0x80 && c >= low) {
        dst[dp++] = (byte) c;
      } else if (c < 0x800) {
        dst[dp++] = (byte) (0xC0 | (c >>> 6)); //         110xxxxx (C0 80 for U+0000)
        dst[dp++] = (byte) (0x80 | (c & 0x3F)); //        10xxxxxx
      } else if (!Character.isSurrogate(c) || variant.loneSurrogatesAllowed) {
        dp = CharsToUtf8.putThreeBytes(c, dst, dp);
      } else if (Character.isHighSurrogate(c) && i + 1 < end && Character.isLowSurrogate(text.charAt(i + 1))) {
        // A pair: 4 or 6 bytes for 2 chars, so the 3-per-char room check above still covers it.
        dp = CharsToUtf8.putPair(variant, c, text.charAt(++i), dst, dp);
      } else {
        return -1;
      }
    }
    return dp - start;
  }

  // UTF-8 on its own, with no variant in the loops, as in CharsToUtf8. Measured (EncodeBenchmark and
  // EncodedLengthBenchmark at 16 chars, JDK 17, two interleaved runs each, issue 15): length of ASCII
  // 6.4-6.7 -> 4.7-4.8 ns, of mostly-ASCII 8.0-8.4 -> 6.6-6.8; encode of ASCII 10.6-11.0 -> 9.1-9.4,
  // of emoji 21.4-21.7 -> 18.9-19.5; CJK even; mostly-ASCII encode moved between runs (14-28 ns after,
  // 21-23 before).

  // ASCII first, then U+0800..U+D7FF (CJK, most of the BMP) by one comparison: C2 folds c >= 0x800 and
  // c < 0xD800 into one unsigned test, (c - 0x800) < 0xD000, as it does in Guava's loop; written as
  // c >= 0x80 around the rest and !isSurrogate(c), each CJK char took three comparisons (perfasm, JDK 17).
  // Measured (issue 15, stop 53, 16 chars, both builds in one JVM with ClassesAB, both orders): JDK 17
  // CJK about 10% less time (0.70x -> 0.78x Guava in Interleaved), emoji and mostly-ASCII unchanged;
  // JDK 25 ASCII and mostly-ASCII unchanged.
  private static int utf8Length(String text, int begin, int end) {
    int length = end - begin;
    for (int i = begin; i < end; i++) {
      char c = text.charAt(i);
      if (c < 0x80) {
        continue;
      }
      if (c < 0x800) {
        length += 1;
      } else if (c < Character.MIN_SURROGATE || c > Character.MAX_SURROGATE) {
        length += 2;
      } else if (Character.isHighSurrogate(c) && i + 1 < end && Character.isLowSurrogate(text.charAt(i + 1))) {
        length += 2;
        i++;
      } else {
        return -1;
      }
    }
    return length;
  }

  /**
   * {@link #utf8Length} for Strings of up to {@link #MAX_LENGTH_CHARS} chars: the loop of
   * {@code CharsToUtf8}'s UTF-8 length over the String instead of a chunk copied out of it. Branch-free
   * below U+0800, and a run of well-formed pairs counted two chars a step, outside the loop. On 16 chars
   * the branchy loop above stays: this one measured twice its time on ASCII and Latin-1 text on JDK 25
   * (17.7 ns against 7.9), though faster on CJK and emoji (11-12 against 13-14).
   */
  private static int utf8LengthOfRuns(String text, int begin, int end) {
    int length = end - begin; // at most MAX_LENGTH_CHARS, so no int overflow below
    int i = begin;
    while (true) {
      int extra = 0;
      for (; i < end; i++) {
        char c = text.charAt(i);
        if (c < 0x800) {
          extra += (0x7F - c) >>> 31;
        } else if (!Character.isSurrogate(c)) {
          extra += 2;
        } else {
          break;
        }
      }
      length += extra;
      if (i >= end) {
        return length;
      }
      int pairsEnd = i;
      for (int last = end - 1; pairsEnd < last; pairsEnd += 2) {
        if ((((text.charAt(pairsEnd) & 0xFC00) ^ 0xD800) | ((text.charAt(pairsEnd + 1) & 0xFC00) ^ 0xDC00)) != 0) {
          break;
        }
      }
      if (pairsEnd == i) {
        return -1; // an unpaired surrogate: the general path applies the policy
      }
      length += pairsEnd - i; // a pair is 2 chars and 4 bytes: one byte more than one per char
      i = pairsEnd;
    }
  }

  private static int encodeUtf8(String text, int begin, int end, byte[] dst, int dp, int dl) {
    if (dl - dp < 3 * (end - begin)) {
      int length = utf8Length(text, begin, end);
      if (length < 0 || length > dl - dp) {
        return -1;
      }
    }
    int start = dp;
    for (int i = begin; i < end; i++) {
      char c = text.charAt(i);
      if (c < 0x80) {
        dst[dp++] = (byte) c;
      } else if (c < 0x800) {
        dst[dp++] = (byte) (0xC0 | (c >>> 6));
        dst[dp++] = (byte) (0x80 | (c & 0x3F));
      } else if (!Character.isSurrogate(c)) {
        dp = CharsToUtf8.putThreeBytes(c, dst, dp);
      } else if (Character.isHighSurrogate(c) && i + 1 < end && Character.isLowSurrogate(text.charAt(i + 1))) {
        dp = CharsToUtf8.putFourBytes(Character.toCodePoint(c, text.charAt(++i)), dst, dp);
      } else {
        return -1;
      }
    }
    return dp - start;
  }

  /**
   * The class of a writable direct buffer (sliced, duplicated and writable mapped ones share it; read-only
   * ones are another class, refused before this path). In a holder, so that only a program that encodes
   * into direct buffers pays for it.
   */
  static final class DirectBuffer {
    private DirectBuffer() {}

    static final Class<?> CLASS = directBufferClass();

    private static Class<?> directBufferClass() {
      // On JDK 17, put(int, byte) goes through JDK methods whose signatures name a class the JDK loads
      // late (ScopedMemoryAccess.Scope), and C2 does not inline a callee whose signature names a class
      // not yet loaded: a method compiled before that class was loaded made a call per byte for the rest
      // of the run (16 ASCII chars: 68-69 ns against 17 in 3 of 5 JDK 17 forks, "unloaded signature
      // classes" in -XX:+PrintInlining). Listing Buffer's declared methods, public reflection that
      // touches no member, loads the classes their signatures name; this runs when the first short
      // String goes into a direct buffer, before anything that puts is compiled. Once: 0.1-0.7 ms.
      try {
        java.nio.Buffer.class.getDeclaredMethods();
      } catch (VirtualMachineError e) {
        throw e;
      } catch (Throwable ignored) {
        // only a hint to the JIT (a security manager or a native image may refuse it): without it the
        // code is slower in some runs, never wrong
      }
      return ByteBuffer.allocateDirect(0).getClass();
    }
  }

  /**
   * {@link #encodeUtf8} into a direct buffer's {@code [dp, dl)} by absolute puts, which the JIT compiles
   * to plain stores; -1 also for a buffer of another class. The general path would encode into scratch
   * and copy it in (measured 31-51 ns for 16 chars against 10-32 ns into an array; issue 15).
   *
   * <p>The class test is what makes the puts plain stores in every compilation: after
   * {@code getClass() == DirectBuffer.CLASS} C2 knows the exact class and binds {@code put} statically.
   * Without it {@code put} is inlined only where C2 has a type profile of the call; compiled without
   * one (a method first compiled at tier 2, as at start-up when C2's queue is long) each byte is a
   * virtual call. With {@code -XX:-UseTypeProfile}, which makes every compilation so, 16 ASCII chars
   * took 58-92 ns on JDK 17, and 22-23 ns with the test. (JDK 17 has a second way to lose the inlining;
   * see {@link DirectBuffer}.)
   */
  static int encodeUtf8(String text, int begin, int end, ByteBuffer dst, int dp, int dl) {
    if (dst.getClass() != DirectBuffer.CLASS) {
      return -1;
    }
    return readByCharAt(text, begin, end)
        ? encodeUtf8ByCharAt(text, begin, end, dst, dp, dl)
        : ShortUtf16.encodeUtf8(text, begin, end, dst, dp, dl);
  }

  /**
   * {@link #encodeUtf8(String, int, int, ByteBuffer, int, int)} by {@code charAt}, on a buffer of that
   * class: one- and two-byte chars by absolute puts, and from the first wider char on, the rest encoded by
   * the array loop into a staging array and put in one bulk copy ({@link ShortCopies#stageUtf8}). On JDK
   * 17 each absolute put goes through the buffer's scope checks, so four puts for a pair and three for a
   * CJK char cost more than the copy. Measured, 16 chars, ns, a put per byte against this
   * (DirectShortBenchmark, 2-3 forks, issue 15, stop 45), JDK 17: CJK 34-39 against 29.5, emoji 33-35
   * against 26-28, ASCII 10.5 against 9.0, Latin-1 13.8 against 13.1, but mostly-ASCII text with one
   * emoji 19-22 against 25-27; JDK 25: ASCII 10.1 against 7.1, Latin-1 11.3 against 10.1, mostly-ASCII
   * 19.0 against 18.3 (there CJK and emoji Strings go to {@link ShortUtf16}, whose loop puts each byte:
   * staged, they measured 3-5 ns slower, when that loop read a copy of the chars). Staging from the
   * first non-ASCII char instead lost Latin-1 by 2-4 ns; staging all of it lost ASCII and Latin-1 by 1-4
   * ns.
   */
  static int encodeUtf8ByCharAt(String text, int begin, int end, ByteBuffer dst, int dp, int dl) {
    if (dl - dp < 2 * (end - begin)) {
      int length = utf8Length(text, begin, end);
      if (length < 0 || length > dl - dp) {
        return -1;
      }
    }
    int start = dp;
    for (int i = begin; i < end; i++) {
      char c = text.charAt(i);
      if (c < 0x80) {
        dst.put(dp++, (byte) c);
      } else if (c < 0x800) {
        dst.put(dp++, (byte) (0xC0 | (c >>> 6)));
        dst.put(dp++, (byte) (0x80 | (c & 0x3F)));
      } else {
        int rest = ShortCopies.stageUtf8(text, i, end, dst, dp, dl);
        return rest < 0 ? -1 : dp - start + rest;
      }
    }
    return dp - start;
  }
}
