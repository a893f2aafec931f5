package dev.textwire.buffer;

import static dev.textwire.fuzz.Outcomes.allocatedBy;
import static dev.textwire.fuzz.Outcomes.atMost;
import static dev.textwire.fuzz.Outcomes.describe;
import static dev.textwire.fuzz.Outcomes.expectType;
import static dev.textwire.fuzz.Outcomes.outcome;
import static dev.textwire.fuzz.Outcomes.same;

import static dev.textwire.TestSupport.hex;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.textwire.ErrorPolicy;
import dev.textwire.Utf8;
import dev.textwire.MalformedTextException;
import dev.textwire.TestSupport;
import dev.textwire.Utf8ReferenceDecoder;
import dev.textwire.fuzz.FuzzSupport;
import dev.textwire.fuzz.FuzzSupport.PieceStream;
import java.io.EOFException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * Coverage-guided fuzzing of {@link LengthPrefix} reads (and so {@code FrameReader}) over arbitrary bytes
 * (see docs/FUZZING.md), against {@link Header}, an independent model of the six prefix formats written
 * from {@link LengthPrefix}'s javadoc, and {@link Utf8ReferenceDecoder} for the text. Every read either
 * returns the frame's text or throws one of the documented exceptions ({@link MalformedFrameException},
 * {@link MalformedTextException}, and {@link EOFException} from a stream), the one the model predicts,
 * at the offset it predicts; and allocates no more than what the input holds (plus a fixed allowance),
 * whatever length the prefix declares. Inputs under
 * {@code src/test/resources/dev/textwire/buffer/FrameFuzzTestInputs}.
 */
// One fuzz test class at a time: Jazzer keeps its last finding in a static field.
@ResourceLock("jazzer")
class FrameFuzzTest {
  private static final int[] MAX_BYTES = {0, 1, 5, 100, 65535, Integer.MAX_VALUE};

  /** What the model expects from the bytes at {@code src[offset, limit)}. */
  private record Expected(Outcome outcome, Header header, String text, Utf8ReferenceDecoder.Error textError) {}

  private enum Outcome {
    MALFORMED_PREFIX, ABOVE_MAX, HEADER_CUT_SHORT, BODY_CUT_SHORT, BAD_TRAILER, NULL, BAD_TEXT, TEXT
  }

  /** One frame from an array, at a fuzzer-chosen offset; and frameLength on the same bytes. */
  @FuzzTest(maxDuration = "30s")
  void readArray(FuzzedDataProvider data) {
    LengthPrefix prefix = data.pickValue(LengthPrefix.values());
    int maxBytes = data.pickValue(MAX_BYTES);
    ErrorPolicy policy = data.pickValue(ErrorPolicy.values());
    int offset = data.consumeInt(0, 3);
    byte[] src = data.consumeRemainingAsBytes();
    int at = Math.min(offset, src.length);
    String where = prefix + " maxBytes " + maxBytes + " " + policy + " at " + at + " of " + hex(src);
    Expected expected = expect(prefix, src, at, src.length, maxBytes, policy);

    Object outcome = outcome(() -> prefix.read(src, at, src.length, maxBytes, Utf8.codec(policy)));
    long allocated = allocatedBy(() -> prefix.read(src, at, src.length, maxBytes, Utf8.codec(policy)));
    check(expected, outcome, at, at, where);
    atMost(64 * 1024 + 8L * src.length, allocated, where + ": bytes allocated");

    Object length = outcome(() -> prefix.frameLength(src, at, src.length, maxBytes));
    switch (expected.outcome()) {
      case MALFORMED_PREFIX, ABOVE_MAX, BAD_TRAILER -> expectFrameError(length, at, false, where + ": frameLength");
      case HEADER_CUT_SHORT, BODY_CUT_SHORT -> same(-1, length, where + ": frameLength");
      default -> same((int) expected.header().frameLength(prefix), length, where + ": frameLength");
    }
  }

  /**
   * The same frame from a heap buffer with an array offset and from a direct buffer: the same outcome as
   * from the array, with buffer indices; the position after the frame on success and unchanged on error.
   */
  @FuzzTest(maxDuration = "30s")
  void readBuffer(FuzzedDataProvider data) {
    LengthPrefix prefix = data.pickValue(LengthPrefix.values());
    int maxBytes = data.pickValue(MAX_BYTES);
    ErrorPolicy policy = data.pickValue(ErrorPolicy.values());
    boolean direct = data.consumeBoolean();
    int position = data.consumeInt(0, 3);
    byte[] src = data.consumeRemainingAsBytes();
    int at = Math.min(position, src.length);
    String where = prefix + " maxBytes " + maxBytes + " " + policy + (direct ? " direct" : " heap slice")
        + " at " + at + " of " + hex(src);
    Expected expected = expect(prefix, src, at, src.length, maxBytes, policy);

    ByteBuffer buffer;
    if (direct) {
      buffer = ByteBuffer.allocateDirect(src.length).put(src).clear();
    } else {
      byte[] shifted = new byte[src.length + 5];
      System.arraycopy(src, 0, shifted, 5, src.length);
      buffer = ByteBuffer.wrap(shifted, 5, src.length).slice(); // arrayOffset() == 5, indices as in src
    }
    buffer.position(at);
    Object outcome = outcome(() -> prefix.read(buffer, maxBytes, Utf8.codec(policy)));
    int positionAfter = buffer.position();
    long allocated = allocatedBy(() -> prefix.read(buffer.duplicate().position(at), maxBytes, Utf8.codec(policy)));
    check(expected, outcome, at, at, where);
    atMost(64 * 1024 + 8L * src.length, allocated, where + ": bytes allocated");
    int after = outcome instanceof RuntimeException ? at : at + (int) expected.header().frameLength(prefix);
    same(after, positionAfter, where + ": position after the read");
    same(src.length, buffer.limit(), where + ": limit after the read");
  }

  /**
   * The same frame from a stream that hands out fuzzer-chosen pieces: the same outcome as from the array,
   * except that running out of bytes is an {@link EOFException} and offsets count from the frame's start;
   * exactly the frame's bytes are consumed (only the prefix when its length is refused); and what is
   * allocated grows with the bytes that arrive, not with the length declared.
   */
  @FuzzTest(maxDuration = "30s")
  void readStream(FuzzedDataProvider data) {
    LengthPrefix prefix = data.pickValue(LengthPrefix.values());
    int maxBytes = data.pickValue(MAX_BYTES);
    ErrorPolicy policy = data.pickValue(ErrorPolicy.values());
    byte[] pieces = data.consumeBytes(4);
    byte[] src = data.consumeRemainingAsBytes();
    String where = prefix + " maxBytes " + maxBytes + " " + policy + " stream of " + hex(src) + " in pieces " + hex(pieces);
    Expected expected = expect(prefix, src, 0, src.length, maxBytes, policy);

    PieceStream stream = new PieceStream(src, pieces, 16);
    Object outcome = outcome(() -> prefix.read(stream, maxBytes, Utf8.codec(policy)));
    long allocated = allocatedBy(() -> prefix.read(new PieceStream(src, pieces, 16), maxBytes, Utf8.codec(policy)));
    atMost(192 * 1024 + 8L * src.length, allocated, where + ": bytes allocated");
    switch (expected.outcome()) {
      case HEADER_CUT_SHORT, BODY_CUT_SHORT -> {
        expectType(EOFException.class, outcome, where);
        same(src.length, stream.position(), where + ": bytes consumed");
        return;
      }
      case ABOVE_MAX -> same(expected.header().width(), stream.position(), where + ": bytes consumed before refusing the length");
      case MALFORMED_PREFIX -> { } // the prefix is read a byte at a time up to the bad byte
      default -> same((int) expected.header().frameLength(prefix), stream.position(), where + ": bytes consumed");
    }
    check(expected, outcome, 0, 0, where);
  }

  // ---------------------------------------------------------------------------------------------
  // The model

  /**
   * A prefix as the model reads it: {@code width} bytes declaring {@code length} bytes of text (-1 for
   * RESP's null bulk string), or an error (malformed, or cut short by the end of the bytes).
   */
  private record Header(int width, long length, boolean malformed, boolean cutShort) {
    /** Prefix, text and trailer; a long, since a declared length near 2^31 plus its prefix overflows an int. */
    long frameLength(LengthPrefix prefix) {
      return width + (length < 0 ? 0 : length + (prefix == LengthPrefix.RESP_BULK ? 2 : 0));
    }
  }

  private static Header header(LengthPrefix prefix, byte[] src, int offset, int limit) {
    int n = limit - offset;
    switch (prefix) {
      case VARINT: {
        long value = 0;
        for (int i = 0; i < 5; i++) {
          if (i == n) {
            return new Header(0, 0, false, true);
          }
          int b = src[offset + i] & 0xFF;
          value |= (long) (b & 0x7F) << (7 * i);
          if (b < 0x80) {
            return value > Integer.MAX_VALUE ? new Header(0, 0, true, false) : new Header(i + 1, value, false, false);
          }
        }
        return new Header(0, 0, true, false); // a sixth byte would be needed
      }
      case FIXED16_BE:
      case FIXED16_LE:
      case FIXED32_BE:
      case FIXED32_LE: {
        int width = prefix == LengthPrefix.FIXED16_BE || prefix == LengthPrefix.FIXED16_LE ? 2 : 4;
        if (n < width) {
          return new Header(0, 0, false, true);
        }
        boolean bigEndian = prefix == LengthPrefix.FIXED16_BE || prefix == LengthPrefix.FIXED32_BE;
        long value = 0;
        for (int i = 0; i < width; i++) {
          value = (value << 8) | (src[offset + (bigEndian ? i : width - 1 - i)] & 0xFF);
        }
        return value > Integer.MAX_VALUE ? new Header(0, 0, true, false) : new Header(width, value, false, false);
      }
      default: {
        // '$', then "-1" or a decimal without leading zeros up to 2^31-1, then CR LF; checked byte by byte.
        String text = new String(src, offset, n, StandardCharsets.ISO_8859_1);
        if (n == 0) {
          return new Header(0, 0, false, true);
        }
        if (text.charAt(0) != '$') {
          return new Header(0, 0, true, false);
        }
        if (n > 1 && text.charAt(1) == '-') {
          String nullBulk = "$-1\r\n";
          for (int i = 2; i < nullBulk.length(); i++) {
            if (i == n) {
              return new Header(0, 0, false, true);
            }
            if (text.charAt(i) != nullBulk.charAt(i)) {
              return new Header(0, 0, true, false);
            }
          }
          return new Header(5, -1, false, false);
        }
        long value = 0;
        int i = 1;
        for (; i < n && text.charAt(i) != '\r'; i++) {
          char c = text.charAt(i);
          if (c < '0' || c > '9' || (i == 2 && value == 0)) {
            return new Header(0, 0, true, false);
          }
          value = value * 10 + (c - '0');
          if (value > Integer.MAX_VALUE) {
            return new Header(0, 0, true, false);
          }
        }
        if (i == n) {
          return new Header(0, 0, false, true);
        }
        if (i == 1) {
          return new Header(0, 0, true, false); // no digits
        }
        if (i + 1 == n) {
          return new Header(0, 0, false, true);
        }
        if (text.charAt(i + 1) != '\n') {
          return new Header(0, 0, true, false);
        }
        return new Header(i + 2, value, false, false);
      }
    }
  }

  private static Expected expect(LengthPrefix prefix, byte[] src, int offset, int limit, int maxBytes, ErrorPolicy policy) {
    Header h = header(prefix, src, offset, limit);
    if (h.malformed()) {
      return new Expected(Outcome.MALFORMED_PREFIX, h, null, null);
    }
    if (h.cutShort()) {
      return new Expected(Outcome.HEADER_CUT_SHORT, h, null, null);
    }
    if (h.length() < 0) {
      return new Expected(Outcome.NULL, h, null, null);
    }
    if (h.length() > maxBytes) {
      return new Expected(Outcome.ABOVE_MAX, h, null, null);
    }
    if (h.frameLength(prefix) > limit - offset) {
      return new Expected(Outcome.BODY_CUT_SHORT, h, null, null);
    }
    int textStart = offset + h.width();
    int textEnd = textStart + (int) h.length();
    if (prefix == LengthPrefix.RESP_BULK && (src[textEnd] != '\r' || src[textEnd + 1] != '\n')) {
      return new Expected(Outcome.BAD_TRAILER, h, null, null);
    }
    Utf8ReferenceDecoder.Error error = Utf8ReferenceDecoder.firstError(src, textStart, textEnd - textStart);
    if (policy != ErrorPolicy.STRICT) {
      return new Expected(Outcome.TEXT, h, Utf8ReferenceDecoder.decodeReplacing(src, textStart, textEnd - textStart), null);
    }
    if (error != null) {
      return new Expected(Outcome.BAD_TEXT, h, null, error);
    }
    return new Expected(Outcome.TEXT, h, new String(src, textStart, textEnd - textStart, StandardCharsets.UTF_8), null);
  }

  /**
   * The read's outcome is the model's. A frame error is reported at {@code frameOffset}; a text error at
   * its index in {@code src}, less {@code srcOffset} (where the frame starts in src), plus
   * {@code frameOffset}: the same index for arrays and buffers, the offset from the frame's start for a
   * stream.
   */
  private static void check(Expected expected, Object outcome, int frameOffset, int srcOffset, String where) {
    switch (expected.outcome()) {
      case MALFORMED_PREFIX, ABOVE_MAX, BAD_TRAILER -> expectFrameError(outcome, frameOffset, false, where);
      case HEADER_CUT_SHORT, BODY_CUT_SHORT -> expectFrameError(outcome, frameOffset, true, where);
      case NULL -> {
        if (outcome != null) {
          throw new AssertionError(where + ": expected null (RESP's null bulk string), got " + describe(outcome));
        }
      }
      case TEXT -> same(expected.text(), outcome, where);
      case BAD_TEXT -> {
        expectType(MalformedTextException.class, outcome, where);
        MalformedTextException e = (MalformedTextException) outcome;
        long offset = expected.textError().offset() - srcOffset + frameOffset;
        if (e.byteOffset() != offset || e.malformedLength() != expected.textError().length()
            || e.isTruncated() != expected.textError().truncated()) {
          throw new AssertionError(where + ": text error at " + e.byteOffset() + ", length " + e.malformedLength()
              + ", truncated " + e.isTruncated() + "; expected " + expected.textError() + " reported at " + offset, e);
        }
      }
    }
  }

  private static void expectFrameError(Object outcome, long frameOffset, boolean truncated, String where) {
    expectType(MalformedFrameException.class, outcome, where);
    MalformedFrameException e = (MalformedFrameException) outcome;
    if (e.byteOffset() != frameOffset || e.isTruncated() != truncated) {
      throw new AssertionError(where + ": frame error at " + e.byteOffset() + ", truncated " + e.isTruncated()
          + "; expected " + frameOffset + ", truncated " + truncated, e);
    }
  }
}
