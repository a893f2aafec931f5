package dev.textwire;

import static java.nio.charset.StandardCharsets.UTF_8;

import dev.textwire.TestSupport.JdkStrict;
import java.nio.ByteBuffer;
import java.util.function.Supplier;

/**
 * Checks every decoding and validating entry point on one region {@code src[offset, offset + length)}
 * against the reference decoder (replacement output, error offsets, maximal-subpart lengths, truncation)
 * and the JDK (strict validity and strict output). Not thread-safe: one per thread.
 */
final class DecodeCheck {
  private static final TextCodec STRICT = Utf8.codec(ErrorPolicy.STRICT);
  private static final TextCodec REPLACE = Utf8.codec(ErrorPolicy.REPLACE);
  private static final TextCodec REPLACE_WITH_QUESTION_MARK =
      Utf8.codec(ErrorPolicy.REPLACE_WITH_QUESTION_MARK);

  private final JdkStrict jdk = new JdkStrict();

  /** Checks the byte[] entry points and, if {@code buffers}, heap, sliced, read-only and direct buffers. */
  Utf8ReferenceDecoder.Error check(
      byte[] src, int offset, int length, boolean buffers, Supplier<String> context) {
    int end = offset + length;
    Utf8ReferenceDecoder.Error ref = Utf8ReferenceDecoder.firstError(src, offset, length);
    int jdkError = jdk.firstError(src, offset, length);
    String where = ref == null ? "" : " " + TestSupport.hexAround(src, offset, end, ref.offset());
    if ((ref == null ? -1 : ref.offset()) != jdkError) {
      throw new AssertionError(
          context.get() + ": the reference (" + ref + ") and the JDK (" + jdkError + ") disagree" + where);
    }
    String jdkText = ref == null ? new String(src, offset, length, UTF_8) : null;
    String replaced = Utf8ReferenceDecoder.decodeReplacing(src, offset, length);
    int expectedValidUpTo = ref == null ? end : ref.offset();
    TextValidation expectedValidation =
        new TextValidation(expectedValidUpTo, ref == null || ref.truncated() ? 0 : ref.length(), end);

    Supplier<String> ctx = () -> context.get() + where;
    assertEqualText(replaced, REPLACE.decode(src, offset, length), ctx, "REPLACE decode(byte[])");
    assertEqualText(
        replaced,
        REPLACE_WITH_QUESTION_MARK.decode(src, offset, length),
        ctx,
        "REPLACE_WITH_QUESTION_MARK decode(byte[])");
    same(ref == null, Utf8.isValid(src, offset, length), ctx, "isValid(byte[])");
    same(expectedValidUpTo, Utf8.validUpTo(src, offset, length), ctx, "validUpTo(byte[])");
    same(expectedValidation, Utf8.validate(src, offset, length), ctx, "validate(byte[])");
    if (ref == null) {
      assertEqualText(jdkText, Utf8.decode(src, offset, length), ctx, "strict decode(byte[])");
      assertEqualText(jdkText, STRICT.decode(src, offset, length), ctx, "STRICT codec decode(byte[])");
    } else {
      expectError(ref, () -> Utf8.decode(src, offset, length), ctx, "strict decode(byte[])");
    }
    if (offset == 0 && length == src.length) {
      assertEqualText(replaced, REPLACE.decode(src), ctx, "REPLACE decode(whole byte[])");
      same(ref == null, Utf8.isValid(src), ctx, "isValid(whole byte[])");
    }

    if (buffers) {
      // Buffer indices equal array indices in each of these.
      byte[] shifted = new byte[src.length + 7];
      System.arraycopy(src, 0, shifted, 7, src.length);
      ByteBuffer[] kinds = {
        ByteBuffer.wrap(src),
        ByteBuffer.wrap(shifted, 7, src.length).slice(), // arrayOffset() == 7
        ByteBuffer.wrap(src).asReadOnlyBuffer(), // no accessible array
        ByteBuffer.allocateDirect(src.length).put(src).clear(),
      };
      String[] names = {"heap", "heap slice", "read-only heap", "direct"};
      for (int k = 0; k < kinds.length; k++) {
        ByteBuffer b = kinds[k];
        String kind = names[k] + " buffer";
        b.limit(end).position(offset);
        same(ref == null, Utf8.isValid(b), ctx, "isValid(" + kind + ")");
        same(offset, b.position(), ctx, "position after isValid(" + kind + ")");
        same(expectedValidation, Utf8.validate(b), ctx, "validate(" + kind + ")");
        same(offset, b.position(), ctx, "position after validate(" + kind + ")");
        assertEqualText(replaced, REPLACE.decode(b), ctx, "REPLACE decode(" + kind + ")");
        same(end, b.position(), ctx, "position after REPLACE decode(" + kind + ")");
        same(end, b.limit(), ctx, "limit after REPLACE decode(" + kind + ")");
        b.position(offset);
        if (ref == null) {
          assertEqualText(jdkText, Utf8.decode(b), ctx, "strict decode(" + kind + ")");
          same(end, b.position(), ctx, "position after strict decode(" + kind + ")");
        } else {
          expectError(ref, () -> Utf8.decode(b), ctx, "strict decode(" + kind + ")");
          same(offset, b.position(), ctx, "position after a strict decode(" + kind + ") error");
        }
      }
    }
    return ref;
  }

  static void expectError(
      Utf8ReferenceDecoder.Error ref, Runnable decode, Supplier<String> ctx, String what) {
    MalformedTextException e;
    try {
      decode.run();
      throw new AssertionError(ctx.get() + ": " + what + " did not throw; expected " + ref);
    } catch (MalformedTextException thrown) {
      e = thrown;
    }
    if (e.byteOffset() != ref.offset()
        || e.malformedLength() != ref.length()
        || e.isTruncated() != ref.truncated()
        || e.charIndex() != -1) {
      AssertionError error =
          new AssertionError(
              ctx.get()
                  + ": "
                  + what
                  + " threw byteOffset="
                  + e.byteOffset()
                  + " malformedLength="
                  + e.malformedLength()
                  + " truncated="
                  + e.isTruncated()
                  + " charIndex="
                  + e.charIndex()
                  + "; expected "
                  + ref);
      error.initCause(e);
      throw error;
    }
  }

  static void same(Object expected, Object actual, Supplier<String> ctx, String what) {
    if (!expected.equals(actual)) {
      throw new AssertionError(ctx.get() + ": " + what + " is " + actual + ", expected " + expected);
    }
  }

  static void assertEqualText(String expected, String actual, Supplier<String> ctx, String what) {
    if (!expected.equals(actual)) {
      int i = 0;
      while (i < expected.length() && i < actual.length() && expected.charAt(i) == actual.charAt(i)) {
        i++;
      }
      int from = Math.max(0, i - 3);
      throw new AssertionError(
          ctx.get()
              + ": "
              + what
              + " differs at char "
              + i
              + " (lengths "
              + actual.length()
              + " vs expected "
              + expected.length()
              + "): got "
              + TestSupport.codePoints(actual.substring(from, Math.min(actual.length(), i + 8)))
              + ", expected "
              + TestSupport.codePoints(expected.substring(from, Math.min(expected.length(), i + 8))));
    }
  }
}
