package dev.textwire.internal;

import dev.textwire.ErrorPolicy;
import java.nio.ByteBuffer;

/**
 * A single-byte code page's kernel, both directions: one byte per char, looked up in its
 * {@link SingleByteTable}. ISO-8859-1 runs through the JDK's own intrinsics (a String's Latin-1 bytes are
 * one array copy; chars narrow by {@code encodeISOArray}); EBCDIC is one table lookup per byte.
 *
 * <p>A char with no byte is unmappable: STRICT throws with its char index; the replacing policies write
 * the code page's substitute. A surrogate pair is one character, so it becomes one substitute, as the
 * JDK's encoders do; an unpaired surrogate is one substitute too. A byte that decodes to no char is
 * ill-formed, one byte long.
 */
public final class SingleByteKernel implements EncodeKernel, DecodeKernel {
  private final SingleByteTable table;

  public SingleByteKernel(SingleByteTable table) {
    this.table = table;
  }

  @Override
  public String encodingName() {
    return table.name;
  }

  // Encoding.

  @Override
  public int maxBytesPerChar() {
    return 1;
  }

  /** A surrogate pair is one substitute byte for two chars. */
  @Override
  public long minEncodedLength(long charCount) {
    return (charCount + 1) / 2;
  }

  @Override
  public boolean encodesLatin1() {
    return table.latin1Mapped;
  }

  @Override
  public long latin1Length(byte[] latin1, int begin, int end) {
    return end - begin;
  }

  @Override
  public long encodeLatin1(byte[] src, int sp, int sl, byte[] dst, int dp, int dl) {
    int count = Math.min(sl - sp, dl - dp);
    if (table.identity) {
      System.arraycopy(src, sp, dst, dp, count);
    } else {
      byte[] fromLatin1 = table.fromLatin1;
      for (int i = 0; i < count; i++) {
        dst[dp + i] = fromLatin1[src[sp + i] & 0xFF];
      }
    }
    return IndexPair.of(sp + count, dp + count);
  }

  /** Every Latin-1 char has its byte where {@link SingleByteTable#latin1Mapped}: then the length is the count. */
  @Override
  public int shortLength(String text, int begin, int end) {
    if (!table.latin1Mapped) {
      return -1;
    }
    for (int i = begin; i < end; i++) {
      if (text.charAt(i) > 0xFF) {
        return -1;
      }
    }
    return end - begin;
  }

  /** A short String whose chars are all in Latin-1, by {@code charAt}; -1 for anything else. */
  @Override
  public int encodeShort(String text, int begin, int end, byte[] dst, int dp, int dl) {
    int count = end - begin;
    if (!table.latin1Mapped || dl - dp < count) {
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
   * The same into a direct buffer by absolute puts, made plain stores by the class test (see
   * {@link ShortStrings#encodeUtf8(String, int, int, ByteBuffer, int, int)}).
   */
  @Override
  public int encodeShort(String text, int begin, int end, ByteBuffer dst, int dp, int dl) {
    int count = end - begin;
    if (dst.getClass() != ShortStrings.DirectBuffer.CLASS || !table.latin1Mapped || dl - dp < count) {
      return -1;
    }
    byte[] fromLatin1 = table.fromLatin1;
    for (int i = 0; i < count; i++) {
      char c = text.charAt(begin + i);
      if (c > 0xFF) {
        return -1;
      }
      dst.put(dp + i, fromLatin1[c]);
    }
    return count;
  }

  @Override
  public long chunkLength(char[] chars, int begin, int end, ErrorPolicy policy, long charIndexBias) {
    long length = end - begin;
    for (int i = begin; i < end; i++) {
      char c = chars[i];
      if ((c <= 0xFF && table.latin1Mapped) || table.encode(c) >= 0) {
        continue;
      }
      boolean pair = Character.isHighSurrogate(c) && i + 1 < end && Character.isLowSurrogate(chars[i + 1]);
      substitute(policy, pair ? Character.toCodePoint(c, chars[i + 1]) : c, i + charIndexBias, pair ? 2 : 1);
      if (pair) {
        length--; // one substitute for the two chars
        i++;
      }
    }
    return length;
  }

  /** ISO-8859-1 by the JDK's intrinsic first; then one byte per char by the table. */
  @Override
  public long encodeChunk(
      Scratch scratch,
      int sp,
      int count,
      byte[] dst,
      int dp,
      int dl,
      boolean endOfInput,
      ErrorPolicy policy,
      long charIndexBias,
      ByteBuffer dstView) {
    if (table.identity && count - sp >= Scratch.NARROW_MIN_CHARS) {
      int narrowed = scratch.jdk.encodeLatin1Prefix(sp, count, dst, dp, dl, dstView);
      sp += narrowed;
      dp += narrowed;
      if (sp == count || dp == dl) {
        return IndexPair.of(sp, dp); // as in Utf8Kernel: measured 2 ns of 37 for 512 Latin-1 chars
      }
    }
    return encode(scratch.chars, sp, count, dst, dp, dl, endOfInput, policy, charIndexBias);
  }

  /**
   * Encodes {@code src[sp, sl)} into {@code dst[dp, dl)}, one byte per char (per pair for an unmappable
   * pair). When {@code endOfInput} is false a high surrogate at {@code sl - 1} is left unconsumed.
   */
  private long encode(
      char[] src, int sp, int sl, byte[] dst, int dp, int dl, boolean endOfInput, ErrorPolicy policy, long charIndexBias) {
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
      dst[dp++] = substitute(policy, pair ? Character.toCodePoint(c, src[sp + 1]) : c, sp + charIndexBias, pair ? 2 : 1);
      sp += pair ? 2 : 1;
    }
    return IndexPair.of(sp, dp);
  }

  /** The byte for an unmappable character; throws under STRICT. */
  private byte substitute(ErrorPolicy policy, int codePoint, long charIndex, int charCount) {
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

  @Override
  public boolean carriesHighSurrogate() {
    return true;
  }

  /** A surrogate pair is one character, with no byte in a single-byte code page: one substitute. */
  @Override
  public int pairLength() {
    return 1;
  }

  @Override
  public int putPair(char high, char low, byte[] dst, int dp, ErrorPolicy policy, long charIndex) {
    dst[dp] = substitute(policy, Character.toCodePoint(high, low), charIndex, 2);
    return dp + 1;
  }

  @Override
  public int unpairedLength(ErrorPolicy policy, char surrogate, long charIndex) {
    substitute(policy, surrogate, charIndex, 1); // throws under STRICT
    return 1;
  }

  @Override
  public int putUnpaired(char surrogate, int length, byte[] dst, int dp, ErrorPolicy policy) {
    dst[dp] = substitute(policy, surrogate, -1, 1);
    return dp + 1;
  }

  // Decoding.

  /** ISO-8859-1's bytes are its chars; no other code page's are. */
  @Override
  public int plainPrefix(byte[] src, int begin, int end) {
    return table.identity ? end : begin;
  }

  @Override
  public boolean startsLatin1(byte lead) {
    return table.decodesToLatin1;
  }

  /** Every byte is a Latin-1 char where {@link SingleByteTable#decodesToLatin1}: one lookup each. */
  @Override
  public long decodeLatin1(byte[] src, int sp, int sl, byte[] dst, int dp) {
    if (!table.decodesToLatin1) {
      return IndexPair.of(sp, dp);
    }
    byte[] toLatin1 = table.toLatin1;
    int count = sl - sp;
    for (int i = 0; i < count; i++) {
      dst[dp + i] = toLatin1[src[sp + i] & 0xFF];
    }
    return IndexPair.of(sl, dp + count);
  }

  /** One char per byte; a code page has no sequences to cut, so {@code endOfInput} changes nothing. */
  @Override
  public long decode(
      byte[] src, int sp, int sl, char[] dst, int dp, int dl, boolean endOfInput, ErrorPolicy policy, long offsetBias) {
    char[] toChar = table.toChar;
    int end = sp + Math.min(sl - sp, dl - dp);
    for (; sp < end; sp++) {
      char c = toChar[src[sp] & 0xFF];
      if (c == SingleByteTable.UNMAPPED_CHAR && policy == ErrorPolicy.STRICT) {
        throw Errors.malformed(
            table.name, src, sp, sl, 1, false, "byte not mapped to any char in the code page", sp + offsetBias);
      }
      dst[dp++] = c;
    }
    return IndexPair.of(sp, dp);
  }

  @Override
  public int validUpTo(byte[] src, int begin, int end) {
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

  /** An unmapped byte is one byte long; nothing is ever cut short. */
  @Override
  public int errorLength(byte[] src, int index, int end) {
    return 1;
  }

  @Override
  public int maxCarriedBytes() {
    return 0;
  }
}
