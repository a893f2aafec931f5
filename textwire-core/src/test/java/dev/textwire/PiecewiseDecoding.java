package dev.textwire;

import static dev.textwire.TestSupport.codePoints;
import static dev.textwire.TestSupport.hex;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.function.Supplier;

/**
 * Drives a {@link TextDecoder} over a stream cut into pieces (arrays at an offset, heap buffers with an
 * array offset, direct buffers) through char windows of given sizes, checking the decoder's own promises
 * at every call, and compares the outcome with the one-shot {@link TextCodec#decode(byte[])} of the whole:
 * the same String, or under STRICT the same error (offset, length, truncation, reason) after exactly the
 * chars before it. Shared by the split tests and the fuzz target; every failure is an AssertionError
 * whose message names the case.
 */
final class PiecewiseDecoding {
  private PiecewiseDecoding() {}

  enum PieceKind {
    /** A byte[] with the piece at offset 3 between junk bytes. */
    ARRAY,
    /** A heap buffer sliced from a larger array (arrayOffset 2), the piece at position 3. */
    HEAP_SLICE,
    /** A direct buffer, the piece at position 2. */
    DIRECT,
    /** A read-only view of a heap buffer at position 1: no array to read in place, so read like a direct one. */
    READ_ONLY
  }

  /** The one-shot outcome of the whole input: its String, or its strict error. */
  record Model(String text, MalformedTextException error, String prefix) {
    static Model of(TextCodec codec, byte[] whole) {
      try {
        return new Model(codec.decode(whole), null, null);
      } catch (MalformedTextException e) {
        // The chars before the error: the strict decoding of the well-formed prefix.
        return new Model(null, e, codec.decode(whole, 0, (int) e.byteOffset()));
      }
    }

    /** The chars the decoder must deliver: all of them, or those before the error. */
    String expectedChars() {
      return error == null ? text : prefix;
    }
  }

  /**
   * Byte offset in the stream after each char of a well-formed text, or -1 between the halves of a pair
   * the codec decodes as one character (all but modified UTF-8, which decodes each half on its own).
   */
  static long[] charEnds(TextCodec codec, String text) {
    TextCodec lenient = codec.withPolicy(ErrorPolicy.REPLACE);
    boolean pairsWhole = !codec.name().equals(TextCodecs.MODIFIED_UTF_8.name());
    long[] ends = new long[text.length() + 1];
    int i = 0;
    while (i < text.length()) {
      boolean pair =
          pairsWhole
              && Character.isHighSurrogate(text.charAt(i))
              && i + 1 < text.length()
              && Character.isLowSurrogate(text.charAt(i + 1));
      int count = pair ? 2 : 1;
      int bytes = lenient.encodedLength(text, i, i + count);
      if (pair) {
        ends[i + 1] = -1;
      }
      ends[i + count] = ends[i] + bytes;
      i += count;
    }
    return ends;
  }

  /**
   * Decodes {@code whole} cut at {@code cuts} (ascending, each in [0, length]) into pieces of the given
   * kinds (cycled), draining each through windows of the given sizes (cycled), and checks it against the
   * model.
   */
  static void check(
      TextCodec codec, TextDecoder decoder, byte[] whole, int[] cuts, PieceKind[] kinds, int[] windows, Supplier<String> where) {
    check(Expected.of(codec, whole), decoder, whole, cuts, kinds, windows, where);
  }

  /** The model and, for well-formed input, the byte offset after each char; computed once per input. */
  record Expected(Model model, long[] charEnds) {
    static Expected of(TextCodec codec, byte[] whole) {
      Model model = Model.of(codec, whole);
      // Byte counts per char are checked where every char has its own bytes: well-formed input.
      long[] charEnds = codec.withPolicy(ErrorPolicy.STRICT).isValid(whole) ? PiecewiseDecoding.charEnds(codec, model.text) : null;
      return new Expected(model, charEnds);
    }
  }

  static void check(
      Expected expected, TextDecoder decoder, byte[] whole, int[] cuts, PieceKind[] kinds, int[] windows, Supplier<String> where) {
    Model model = expected.model;
    long[] charEnds = expected.charEnds;
    Run run = new Run(decoder, model, charEnds, windows, where);
    decoder.reset();
    if (decoder.bytesConsumed() != 0 || decoder.charsDecoded() != 0 || decoder.hasRemaining() || decoder.hasCarriedBytes()) {
      run.fail("state after reset: " + decoder);
    }
    int begin = 0;
    for (int p = 0; p <= cuts.length; p++) {
      int end = p < cuts.length ? cuts[p] : whole.length;
      boolean last = p == cuts.length;
      if (!run.feedAndDrain(whole, begin, end, last, kinds[p % kinds.length])) {
        break; // a strict error
      }
      begin = end;
    }
    run.finish();
  }

  /** One pass through the pieces, with what it has delivered so far. */
  private static final class Run {
    final TextDecoder decoder;
    final Model model;
    final long[] charEnds;
    final int[] windows;
    final Supplier<String> where;
    final StringBuilder out = new StringBuilder();
    MalformedTextException error;
    int nextWindow;
    String stage = "";

    Run(TextDecoder decoder, Model model, long[] charEnds, int[] windows, Supplier<String> where) {
      this.decoder = decoder;
      this.model = model;
      this.charEnds = charEnds;
      this.windows = windows;
      this.where = where;
    }

    void fail(String what) {
      String expected = model.expectedChars();
      throw new AssertionError(where.get() + stage + ": " + what + "; so far " + around(out.toString(), expected)
          + ", expected " + around(expected, out.toString()) + (model.error == null ? "" : " then " + describe(model.error)));
    }

    /** Feeds whole[begin, end) as one piece and decodes until nothing remains; false after a strict error. */
    boolean feedAndDrain(byte[] whole, int begin, int end, boolean last, PieceKind kind) {
      stage = ", piece [" + begin + ", " + end + ") as " + kind + (last ? " (last)" : "");
      int length = end - begin;
      byte[] array = null;
      ByteBuffer buffer = null;
      int limitBefore = 0;
      switch (kind) {
        case ARRAY -> {
          array = new byte[length + 5];
          Arrays.fill(array, (byte) 0xFF);
          System.arraycopy(whole, begin, array, 3, length);
          decoder.feed(array, 3, length, last);
        }
        case HEAP_SLICE -> {
          byte[] backing = new byte[length + 7];
          Arrays.fill(backing, (byte) 0xFF);
          System.arraycopy(whole, begin, backing, 5, length);
          buffer = ByteBuffer.wrap(backing, 2, length + 5).slice().position(3).limit(3 + length);
          limitBefore = buffer.limit();
          decoder.feed(buffer, last);
        }
        case DIRECT -> {
          buffer = ByteBuffer.allocateDirect(length + 4);
          buffer.position(2).put(whole, begin, length).position(2).limit(2 + length);
          limitBefore = buffer.limit();
          decoder.feed(buffer, last);
        }
        case READ_ONLY -> {
          byte[] backing = new byte[length + 3];
          Arrays.fill(backing, (byte) 0xFF);
          System.arraycopy(whole, begin, backing, 1, length);
          buffer = ByteBuffer.wrap(backing).asReadOnlyBuffer().position(1).limit(1 + length);
          limitBefore = buffer.limit();
          decoder.feed(buffer, last);
        }
      }
      if (!drain(buffer)) {
        return false;
      }
      if (buffer != null) {
        if (buffer.position() != buffer.limit() || buffer.limit() != limitBefore) {
          fail("a drained buffer piece is at position " + buffer.position() + " of limit " + buffer.limit());
        }
        if (decoder.byteIndex() != buffer.limit()) {
          fail("byteIndex " + decoder.byteIndex() + " after a drained buffer piece, limit " + buffer.limit());
        }
      } else if (decoder.byteIndex() != 3 + length) {
        fail("byteIndex " + decoder.byteIndex() + " after a drained array piece [3, " + (3 + length) + ")");
      }
      // Carried bytes: exactly what is past the bytes consumed, a cut sequence of at most 5 bytes.
      long pending = end - decoder.bytesConsumed();
      if (decoder.hasCarriedBytes() != (pending > 0) || pending < 0 || pending > 5) {
        fail("after the piece, hasCarriedBytes() " + decoder.hasCarriedBytes() + " with " + decoder.bytesConsumed()
            + " of " + end + " bytes consumed");
      }
      if (last && pending != 0) {
        fail("bytes left after the last piece: " + decoder);
      }
      if (charEnds != null && pending > 0 && decoder.charsDecoded() < charEnds.length
          && nextCharEnd(decoder.charsDecoded()) <= end) {
        fail("a whole character by the end of the piece was carried");
      }
      if (array != null) {
        Arrays.fill(array, (byte) 0x80); // the caller may reuse its array once the piece is drained
      } else if (!buffer.isReadOnly()) {
        for (int i = 0; i < buffer.limit(); i++) {
          buffer.put(i, (byte) 0x80);
        }
      }
      return true;
    }

    private long nextCharEnd(long charIndex) {
      for (int i = (int) charIndex + 1; i < charEnds.length; i++) {
        if (charEnds[i] >= 0) {
          return charEnds[i];
        }
      }
      return Long.MAX_VALUE;
    }

    /** Decodes until hasRemaining() is false; false after a strict error. */
    boolean drain(ByteBuffer buffer) {
      for (int guard = 0; decoder.hasRemaining(); guard++) {
        if (guard > 100_000) {
          fail("no end");
        }
        int window = windows[nextWindow++ % windows.length];
        char[] dst = new char[window + 4];
        Arrays.fill(dst, '\u2603');
        long charsBefore = decoder.charsDecoded();
        boolean heldBefore = decoder.hasHeldLowSurrogate();
        int written;
        try {
          written = decoder.decode(dst, 2, window);
        } catch (MalformedTextException e) {
          int delivered = (int) (decoder.charsDecoded() - charsBefore);
          if (delivered < 0 || delivered > window) {
            fail("charsDecoded moved by " + delivered + " in a window of " + window + " before " + e);
          }
          out.append(dst, 2, delivered);
          checkGuards(dst, window, delivered);
          error = e;
          // The decoder stands before the bad bytes: another call throws the same.
          try {
            int again = decoder.decode(dst, 2, window);
            fail("after " + e + " the next call returned " + again + " chars");
          } catch (MalformedTextException second) {
            if (second.byteOffset() != e.byteOffset()) {
              fail("the second call threw at " + second.byteOffset() + ", the first at " + e.byteOffset());
            }
          }
          if (decoder.charsDecoded() != charsBefore + delivered) {
            fail("the second call moved charsDecoded");
          }
          return false;
        }
        checkGuards(dst, window, written);
        if (written < 0 || written > window) {
          fail("wrote " + written + " chars into a window of " + window);
        }
        int before = out.length();
        out.append(dst, 2, written);
        long held = decoder.hasHeldLowSurrogate() ? 1 : 0;
        if (decoder.charsDecoded() != out.length()) {
          fail("charsDecoded " + decoder.charsDecoded() + ", delivered " + out.length());
        }
        String expected = model.expectedChars();
        if (out.length() > expected.length() || !matches(expected, before, dst, 2, written)) {
          fail("the chars delivered are not a prefix of the model's");
        }
        if (held == 1) {
          int n = out.length();
          if (!Character.isHighSurrogate(out.charAt(n - 1)) || n >= expected.length()
              || !Character.isLowSurrogate(expected.charAt(n))) {
            fail("hasHeldLowSurrogate() after " + codePoints(out.substring(Math.max(0, n - 2))) + ": not between a pair's halves");
          }
        }
        if (heldBefore && window > 0 && !Character.isLowSurrogate(dst[2])) {
          fail("a held low surrogate was not the first char written");
        }
        if (charEnds != null) {
          long expectedConsumed = charEnds[(int) (out.length() + held)];
          if (expectedConsumed != decoder.bytesConsumed()) {
            fail("bytesConsumed " + decoder.bytesConsumed() + " after " + out.length() + " chars"
                + (held == 1 ? " and a held low surrogate" : "") + ", expected " + expectedConsumed);
          }
        }
        if (buffer != null && buffer.position() != decoder.byteIndex()) {
          fail("a buffer piece is at position " + buffer.position() + ", byteIndex() says " + decoder.byteIndex());
        }
        if (written == 0 && window > 0 && decoder.hasRemaining()) {
          fail("a window of " + window + " got nothing, and something still remains: " + decoder);
        }
      }
      return true;
    }

    /** Whether {@code chars[offset, offset + count)} equals {@code s} from {@code index}: no copy per window. */
    private static boolean matches(String s, int index, char[] chars, int offset, int count) {
      for (int i = 0; i < count; i++) {
        if (s.charAt(index + i) != chars[offset + i]) {
          return false;
        }
      }
      return true;
    }

    private void checkGuards(char[] dst, int window, int written) {
      for (int i = 0; i < dst.length; i++) {
        if ((i < 2 || i >= 2 + window) && dst[i] != '\u2603') {
          fail("char " + i + " outside the window [2, " + (2 + window) + ") was changed");
        }
      }
    }

    void finish() {
      stage = ", at the end";
      if (model.error == null) {
        if (error != null) {
          fail("threw " + error + ", the whole decodes");
        }
        if (!out.toString().equals(model.text)) {
          fail("delivered other chars");
        }
        if (decoder.hasRemaining() || decoder.hasCarriedBytes() || decoder.hasHeldLowSurrogate()) {
          fail("something remains: " + decoder);
        }
        return;
      }
      if (error == null) {
        fail("no error, the whole throws " + model.error);
      }
      MalformedTextException e = model.error;
      if (error.byteOffset() != e.byteOffset()
          || error.malformedLength() != e.malformedLength()
          || error.isTruncated() != e.isTruncated()
          || !error.reason().equals(e.reason())) {
        fail("threw " + describe(error) + ", the whole throws " + describe(e));
      }
      if (!out.toString().equals(model.prefix)) {
        fail("delivered other chars before the error");
      }
      if (decoder.charsDecoded() != model.prefix.length()) {
        fail("charsDecoded " + decoder.charsDecoded() + " at the error, expected " + model.prefix.length());
      }
    }
  }

  /** {@code s}'s length and its code points around the first difference from {@code other}. */
  static String around(String s, String other) {
    int diff = 0;
    while (diff < s.length() && diff < other.length() && s.charAt(diff) == other.charAt(diff)) {
      diff++;
    }
    int from = Math.max(0, diff - 6);
    return s.length() + " chars, [" + from + "..]: " + codePoints(s.substring(from, Math.min(s.length(), diff + 6)));
  }

  static String describe(MalformedTextException e) {
    return "[offset " + e.byteOffset() + ", length " + e.malformedLength() + (e.isTruncated() ? ", truncated" : "")
        + ", " + e.reason() + "]";
  }

  static String hexOf(byte[] bytes) {
    return bytes.length <= 64 ? hex(bytes) : bytes.length + " bytes: " + hex(bytes, 0, 32) + " ... " + hex(bytes, bytes.length - 16, 16);
  }
}
