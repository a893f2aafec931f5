package dev.textwire.internal;

/**
 * UTF-8's rules for the bytes after a lead (Unicode table 3-7), one copy for the scalar decoder
 * ({@link Utf8ToChars}) and the vector tier's sequence step. Bytes are passed as Java's signed bytes.
 * Small enough for the JIT to inline at every call.
 */
public final class Utf8Bytes {
  private Utf8Bytes() {}

  /** 80..BF, which as signed bytes are -128..-65. */
  public static boolean isContinuation(int b) {
    return b < -64;
  }

  /** E0 needs A0..BF (else overlong), ED needs 80..9F (else a surrogate), the rest 80..BF. */
  public static boolean isSecondOfThree(int b1, int b2) {
    if (b1 == (byte) 0xE0) {
      return b2 >= (byte) 0xA0 && b2 <= (byte) 0xBF;
    }
    if (b1 == (byte) 0xED) {
      return b2 >= (byte) 0x80 && b2 <= (byte) 0x9F;
    }
    return isContinuation(b2);
  }

  /** F0 needs 90..BF (else overlong), F4 needs 80..8F (else above U+10FFFF), the rest 80..BF. */
  public static boolean isSecondOfFour(int b1, int b2) {
    if (b1 == (byte) 0xF0) {
      return b2 >= (byte) 0x90 && b2 <= (byte) 0xBF;
    }
    if (b1 == (byte) 0xF4) {
      return b2 >= (byte) 0x80 && b2 <= (byte) 0x8F;
    }
    return isContinuation(b2);
  }

  /** The code point of the well-formed 4-byte sequence at {@code src[sp]}. */
  public static int codePoint4(byte[] src, int sp) {
    return ((src[sp] & 0x07) << 18)
        | ((src[sp + 1] & 0x3F) << 12)
        | ((src[sp + 2] & 0x3F) << 6)
        | (src[sp + 3] & 0x3F);
  }
}
