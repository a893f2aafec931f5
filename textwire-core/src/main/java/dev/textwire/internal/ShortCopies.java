package dev.textwire.internal;

import java.nio.ByteBuffer;

/**
 * The UTF-8 of a short String (in practice its rest, from its first char of three bytes or more) staged
 * on its way into a direct buffer ({@link #stageUtf8}): encoded by {@link ShortStrings}' {@code charAt}
 * loop into a small per-thread array, then put in one bulk copy.
 *
 * <p>The space is borrowed, not acquired ({@link Lender#borrow}): nothing between the encoding and the
 * put runs a caller's code, so a nested call cannot find it half used, and the lent flag's bookkeeping
 * is saved. Until stop 49 of issue 15 the space also held a copy of a short UTF-16 String's chars
 * ({@code getChars}), which {@link ShortUtf16} now reads by {@code codePointAt} instead.
 */
final class ShortCopies {
  private ShortCopies() {}

  /** What a thread keeps: room for the UTF-8 of {@link ShortStrings#MAX_CHARS} chars. */
  static final class Space extends Lender.Loanable {
    final byte[] bytes = new byte[3 * ShortStrings.MAX_CHARS];
  }

  private static final Lender<Space> LENDER = new Lender<>(Space::new);

  /**
   * The UTF-8 of {@code text[begin, end)} by {@link ShortStrings}' {@code charAt} loop into the space's
   * bytes, then one bulk put into {@code direct[dp, dl)}: bytes written, or -1 (unpaired, too long, or
   * no room). For direct buffers whose absolute puts cost more than a copy (see
   * {@link ShortStrings#encodeUtf8ByCharAt}).
   */
  static int stageUtf8(String text, int begin, int end, ByteBuffer direct, int dp, int dl) {
    if (end - begin > ShortStrings.MAX_CHARS) {
      return -1;
    }
    Space space = LENDER.borrow();
    try {
      byte[] bytes = space.bytes;
      int length = ShortStrings.encodeByCharAt(text, begin, end, bytes, 0, bytes.length, Utf8Variant.UTF_8);
      if (length < 0 || length > dl - dp) {
        return -1;
      }
      direct.put(dp, bytes, 0, length);
      return length;
    } finally {
      LENDER.giveBack(space);
    }
  }
}
