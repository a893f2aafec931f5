package dev.textwire.internal;

import dev.textwire.BufferTooSmallException;
import dev.textwire.ErrorPolicy;
import java.nio.ByteBuffer;
import java.nio.ReadOnlyBufferException;
import java.nio.charset.StandardCharsets;

/**
 * Single-byte code pages ({@link SingleByteTable}): one byte per char, looked up in a table. The access
 * paths are UTF-8's: a String's own Latin-1 bytes when allowed (then ISO-8859-1 is one array copy and
 * EBCDIC one table lookup per byte, with no error possible), else chunks of chars in per-thread scratch,
 * where ISO-8859-1 goes through the JDK's own intrinsic. Arguments are checked by the public API.
 *
 * <p>A char with no byte is unmappable: STRICT throws with its char index; the replacing policies write
 * the code page's substitute. A surrogate pair is one character, so it becomes one substitute, as the
 * JDK's encoders do; an unpaired surrogate is one substitute too.
 */
public final class SingleByteEncoding {
  private SingleByteEncoding() {}

  /** Up to this many chars a String is read with {@code charAt}, with no scratch. */
  private static final int SHORT_CHARS = 32;

  public static long encodedLength(
      CharSequence text, int begin, int end, ErrorPolicy policy, SingleByteTable table) {
    if (text instanceof String && table.latin1Mapped) {
      String string = (String) text;
      if (StringInternals.latin1Bytes(string) != null
          || (end - begin <= SHORT_CHARS && allLatin1(string, begin, end))) {
        return end - begin; // every Latin-1 char has its byte
      }
    }
    if (begin == end) {
      return 0;
    }
    Scratch scratch = Scratch.acquire();
    try {
      long length = 0;
      for (int i = begin; i < end; ) {
        int count = CharAccess.fill(text, i, end, scratch.chars);
        length += chunkLength(scratch.chars, 0, count, policy, i, table);
        i += count;
      }
      return length;
    } finally {
      scratch.release();
    }
  }

  static int chunkLength(char[] src, int begin, int end, ErrorPolicy policy, long bias, SingleByteTable table) {
    int length = end - begin;
    for (int i = begin; i < end; i++) {
      char c = src[i];
      if ((c <= 0xFF && table.latin1Mapped) || table.encode(c) >= 0) {
        continue;
      }
      boolean pair = Character.isHighSurrogate(c) && i + 1 < end && Character.isLowSurrogate(src[i + 1]);
      substitute(policy, table, pair ? Character.toCodePoint(c, src[i + 1]) : c, i + bias, pair ? 2 : 1);
      if (pair) {
        length--; // one substitute for the two chars
        i++;
      }
    }
    return length;
  }

  /** The byte for an unmappable character; throws under STRICT. */
  static byte substitute(ErrorPolicy policy, SingleByteTable table, int codePoint, long charIndex, int charCount) {
    if (policy == ErrorPolicy.REPLACE) {
      return table.substitute;
    }
    if (policy == ErrorPolicy.REPLACE_WITH_QUESTION_MARK) {
      return table.questionMark;
    }
    if (Character.isSurrogate((char) codePoint) && charCount == 1) {
      throw Errors.unpairedSurrogate(table.name, (char) codePoint, charIndex);
    }
    throw Errors.unmappable(table.name, codePoint, charIndex, charCount);
  }

  /**
   * Encodes {@code src[sp, sl)} into {@code dst[dp, dl)}, one byte per char (per pair for an unmappable
   * pair). When {@code endOfInput} is false a high surrogate at {@code sl - 1} is left unconsumed.
   *
   * @return {@link Progress} of source and destination
   */
  static long encode(
      char[] src,
      int sp,
      int sl,
      byte[] dst,
      int dp,
      int dl,
      boolean endOfInput,
      ErrorPolicy policy,
      long charIndexBias,
      SingleByteTable table) {
    byte[] fromLatin1 = table.fromLatin1;
    boolean latin1Mapped = table.latin1Mapped;
    while (sp < sl && dp < dl) {
      // Fast section: one byte per char, so as far as the shorter of input and room goes, no checks.
      int fastEnd = sp + Math.min(sl - sp, dl - dp);
      if (latin1Mapped) {
        char c;
        while (sp < fastEnd && (c = src[sp]) <= 0xFF) {
          dst[dp++] = fromLatin1[c];
          sp++;
        }
      }
      if (sp == fastEnd) {
        continue;
      }
      char c = src[sp];
      int b = table.encode(c);
      if (b >= 0) {
        dst[dp++] = (byte) b;
        sp++;
        continue;
      }
      if (Character.isHighSurrogate(c) && sp + 1 == sl && !endOfInput) {
        break; // its low half may come with the next piece
      }
      boolean pair = Character.isHighSurrogate(c) && sp + 1 < sl && Character.isLowSurrogate(src[sp + 1]);
      dst[dp++] =
          substitute(policy, table, pair ? Character.toCodePoint(c, src[sp + 1]) : c, sp + charIndexBias, pair ? 2 : 1);
      sp += pair ? 2 : 1;
    }
    return Progress.of(sp, dp);
  }

  /** Encodes {@code latin1[sp, sl)}, chars that all have a byte, into {@code dst[dp, ...)}. */
  static void encodeLatin1(byte[] latin1, int sp, int sl, byte[] dst, int dp, SingleByteTable table) {
    if (table.identity) {
      System.arraycopy(latin1, sp, dst, dp, sl - sp);
      return;
    }
    byte[] fromLatin1 = table.fromLatin1;
    for (; sp < sl; sp++) {
      dst[dp++] = fromLatin1[latin1[sp] & 0xFF];
    }
  }

  public static int encode(
      CharSequence text, int begin, int end, byte[] dst, int offset, ErrorPolicy policy, SingleByteTable table) {
    int written = encodeWithin(text, begin, end, dst, offset, dst.length, policy, null, table);
    if (written < 0) {
      throw new BufferTooSmallException(encodedLength(text, begin, end, policy, table), dst.length - offset);
    }
    return written;
  }

  public static int encode(
      CharSequence text, int begin, int end, ByteBuffer dst, ErrorPolicy policy, SingleByteTable table) {
    if (dst.isReadOnly()) {
      throw new ReadOnlyBufferException();
    }
    int position = dst.position();
    int written;
    if (dst.hasArray()) {
      int base = dst.arrayOffset();
      written = encodeWithin(text, begin, end, dst.array(), base + position, base + dst.limit(), policy, dst, table);
    } else {
      written = encodeDirect(text, begin, end, dst, policy, table);
    }
    if (written < 0) {
      throw new BufferTooSmallException(encodedLength(text, begin, end, policy, table), dst.remaining());
    }
    dst.position(position + written);
    return written;
  }

  /**
   * Encodes into {@code dst[dp, dl)}.
   *
   * @return bytes written, or -1 if the text did not fit (then {@code dst[dp, dl)} holds no meaning)
   */
  public static int encodeWithin(
      CharSequence text,
      int begin,
      int end,
      byte[] dst,
      int dp,
      int dl,
      ErrorPolicy policy,
      ByteBuffer dstView,
      SingleByteTable table) {
    if (text instanceof String && table.latin1Mapped) {
      String string = (String) text;
      byte[] latin1 = StringInternals.latin1Bytes(string);
      if (latin1 != null) {
        if (dl - dp < end - begin) {
          return -1;
        }
        encodeLatin1(latin1, begin, end, dst, dp, table);
        return end - begin;
      }
      if (end - begin <= SHORT_CHARS) {
        int written = encodeShort(string, begin, end, dst, dp, dl, table);
        if (written >= 0) {
          return written;
        }
      }
    }
    if (begin == end) {
      return 0;
    }
    int start = dp;
    Scratch scratch = Scratch.acquire();
    try {
      for (int i = begin; i < end; ) {
        int count = CharAccess.fill(text, i, end, scratch.chars);
        long progress = encodeChunk(scratch, 0, count, dst, dp, dl, true, policy, i, dstView, table);
        if (Progress.source(progress) != count) {
          return -1;
        }
        dp = Progress.destination(progress);
        i += count;
      }
      return dp - start;
    } finally {
      scratch.release();
    }
  }

  private static boolean allLatin1(String text, int begin, int end) {
    for (int i = begin; i < end; i++) {
      if (text.charAt(i) > 0xFF) {
        return false;
      }
    }
    return true;
  }

  /** A short String whose chars are all in Latin-1, by {@code charAt}; -1 for anything else. */
  private static int encodeShort(String text, int begin, int end, byte[] dst, int dp, int dl, SingleByteTable table) {
    int count = end - begin;
    if (dl - dp < count) {
      return -1;
    }
    byte[] fromLatin1 = table.fromLatin1;
    for (int i = 0; i < count; i++) {
      char c = text.charAt(begin + i);
      if (c > 0xFF) {
        return -1;
      }
      dst[dp + i] = fromLatin1[c];
    }
    return count;
  }

  /**
   * {@code scratch.chars[sp, count)} into {@code dst[dp, dl)}, ISO-8859-1 by the JDK's intrinsic first;
   * see {@link #encode(char[], int, int, byte[], int, int, boolean, ErrorPolicy, long, SingleByteTable)}.
   */
  static long encodeChunk(
      Scratch scratch,
      int sp,
      int count,
      byte[] dst,
      int dp,
      int dl,
      boolean endOfInput,
      ErrorPolicy policy,
      long charIndexBias,
      ByteBuffer dstView,
      SingleByteTable table) {
    if (table.identity && count - sp >= Scratch.NARROW_MIN_CHARS) {
      int narrowed = scratch.encodeLatin1Prefix(sp, count, dst, dp, dl, dstView);
      sp += narrowed;
      dp += narrowed;
    }
    return encode(scratch.chars, sp, count, dst, dp, dl, endOfInput, policy, charIndexBias, table);
  }

  private static int encodeDirect(
      CharSequence text, int begin, int end, ByteBuffer dst, ErrorPolicy policy, SingleByteTable table) {
    int position = dst.position();
    if (end - begin > dst.remaining() && encodedLength(text, begin, end, policy, table) > dst.remaining()) {
      return -1;
    }
    Scratch scratch = Scratch.acquire();
    try {
      int dp = position;
      for (int i = begin; i < end; ) {
        int count = CharAccess.fill(text, i, end, scratch.chars);
        long progress =
            encodeChunk(scratch, 0, count, scratch.encoded, 0, scratch.encoded.length, true, policy, i, null, table);
        int bytes = Progress.destination(progress);
        if (bytes > dst.limit() - dp) {
          return -1; // only a text that changed since it was measured; then the caller says it changed
        }
        dst.put(dp, scratch.encoded, 0, bytes);
        dp += bytes;
        i += count;
      }
      return dp - position;
    } finally {
      scratch.release();
    }
  }

  /** Decodes {@code src[begin, end)}; errors report {@code index + offsetBias}. */
  public static String decode(byte[] src, int begin, int end, ErrorPolicy policy, long offsetBias, SingleByteTable table) {
    int count = end - begin;
    if (table.identity) {
      return new String(src, begin, count, StandardCharsets.ISO_8859_1);
    }
    Scratch scratch = Scratch.borrow();
    try {
      return decodeTable(src, begin, end, policy, offsetBias, table, scratch.decodeSpace);
    } finally {
      scratch.giveBack();
    }
  }

  private static String decodeTable(
      byte[] src, int begin, int end, ErrorPolicy policy, long offsetBias, SingleByteTable table, DecodeSpace space) {
    int count = end - begin;
    if (table.decodesToLatin1) {
      // Every byte is a Latin-1 char: translate into a compact string's shape, then one copy.
      byte[] latin1 = space.latin1(count, Scratch.DECODE_MAX_CHARS);
      byte[] toLatin1 = table.toLatin1;
      for (int i = 0; i < count; i++) {
        latin1[i] = toLatin1[src[begin + i] & 0xFF];
      }
      return new String(latin1, 0, count, StandardCharsets.ISO_8859_1);
    }
    char[] chars = space.chars(count, Scratch.DECODE_MAX_CHARS);
    char[] toChar = table.toChar;
    for (int i = 0; i < count; i++) {
      char c = toChar[src[begin + i] & 0xFF];
      if (c == SingleByteTable.UNMAPPED_CHAR && policy == ErrorPolicy.STRICT) {
        throw unmappedByte(src, begin + i, end, offsetBias, table);
      }
      chars[i] = c;
    }
    return new String(chars, 0, count);
  }

  public static String decode(ByteBuffer src, ErrorPolicy policy, SingleByteTable table) {
    int position = src.position();
    int limit = src.limit();
    String text;
    if (src.hasArray()) {
      int base = src.arrayOffset();
      text = decode(src.array(), base + position, base + limit, policy, -base, table);
    } else {
      byte[] copy = new byte[limit - position];
      src.get(position, copy);
      text = decode(copy, 0, copy.length, policy, position, table);
    }
    src.position(limit);
    return text;
  }

  /** Index of the first byte in {@code src[begin, end)} that decodes to nothing, or {@code end}. */
  public static int validUpTo(byte[] src, int begin, int end, SingleByteTable table) {
    if (table.decodesToLatin1) {
      return end; // every byte decodes
    }
    char[] toChar = table.toChar;
    for (int i = begin; i < end; i++) {
      if (toChar[src[i] & 0xFF] == SingleByteTable.UNMAPPED_CHAR) {
        return i;
      }
    }
    return end;
  }

  public static int validUpTo(ByteBuffer src, SingleByteTable table) {
    if (table.decodesToLatin1) {
      return src.limit(); // every byte decodes
    }
    for (int i = src.position(); i < src.limit(); i++) {
      if (table.toChar[src.get(i) & 0xFF] == SingleByteTable.UNMAPPED_CHAR) {
        return i;
      }
    }
    return src.limit();
  }

  private static RuntimeException unmappedByte(byte[] src, int index, int end, long offsetBias, SingleByteTable table) {
    return Errors.malformed(
        table.name, src, index, end, 1, false, "byte not mapped to any char in the code page", index + offsetBias);
  }
}
