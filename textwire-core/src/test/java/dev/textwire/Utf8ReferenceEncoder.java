package dev.textwire;

import java.io.ByteArrayOutputStream;

/**
 * A plain, slow UTF-8 encoder written from the definition, the oracle for encoding under each
 * {@link ErrorPolicy}. A high surrogate followed (inside the range) by a low surrogate is one supplementary
 * code point; any other surrogate is unpaired: an error (STRICT), {@code EF BF BD} (REPLACE) or {@code 3F}
 * (REPLACE_WITH_QUESTION_MARK).
 */
public final class Utf8ReferenceEncoder {
  private Utf8ReferenceEncoder() {}

  /** Index of the first unpaired surrogate in {@code text[begin, end)}, or -1. */
  public static int firstUnpairedSurrogate(CharSequence text, int begin, int end) {
    for (int i = begin; i < end; i++) {
      char c = text.charAt(i);
      if (Character.isHighSurrogate(c) && i + 1 < end && Character.isLowSurrogate(text.charAt(i + 1))) {
        i++;
      } else if (Character.isSurrogate(c)) {
        return i;
      }
    }
    return -1;
  }

  /** The bytes of {@code text[begin, end)} under a replacing policy (STRICT is not accepted). */
  public static byte[] encode(CharSequence text, int begin, int end, ErrorPolicy policy) {
    if (policy == ErrorPolicy.STRICT) {
      throw new IllegalArgumentException("the reference encoder only replaces");
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream(end - begin);
    for (int i = begin; i < end; i++) {
      char c = text.charAt(i);
      int cp;
      if (Character.isHighSurrogate(c) && i + 1 < end && Character.isLowSurrogate(text.charAt(i + 1))) {
        char low = text.charAt(++i);
        cp = ((c - 0xD800) << 10) + (low - 0xDC00) + 0x10000;
      } else if (Character.isSurrogate(c)) {
        if (policy == ErrorPolicy.REPLACE_WITH_QUESTION_MARK) {
          out.write('?');
          continue;
        }
        cp = 0xFFFD;
      } else {
        cp = c;
      }
      if (cp < 0x80) {
        out.write(cp);
      } else if (cp < 0x800) {
        out.write(0xC0 | cp >> 6);
        out.write(0x80 | (cp & 0x3F));
      } else if (cp < 0x10000) {
        out.write(0xE0 | cp >> 12);
        out.write(0x80 | (cp >> 6 & 0x3F));
        out.write(0x80 | (cp & 0x3F));
      } else {
        out.write(0xF0 | cp >> 18);
        out.write(0x80 | (cp >> 12 & 0x3F));
        out.write(0x80 | (cp >> 6 & 0x3F));
        out.write(0x80 | (cp & 0x3F));
      }
    }
    return out.toByteArray();
  }

  public static byte[] encode(CharSequence text, ErrorPolicy policy) {
    return encode(text, 0, text.length(), policy);
  }
}
