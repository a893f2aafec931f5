package dev.textwire.resp.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.textwire.TextCodec;
import dev.textwire.TextCodecs;
import dev.textwire.resp.RespLimits;
import dev.textwire.resp.RespProtocolException;
import dev.textwire.resp.RespReader;
import dev.textwire.resp.RespValue;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * Coverage-guided fuzzing of {@link RespReader} (and so {@code RespParser} and the value builder) over
 * arbitrary bytes, with small limits (see docs/FUZZING.md): every input either parses or is refused with
 * a {@link RespProtocolException}, never anything else; whole, in fuzzer-chosen chunks and one byte at a
 * time it gives the same replies, or the same error at the same offset; and what parsed, written again
 * by the test's own serializer ({@link RespTestWire}) and read again, gives equal values, attributes
 * included. Inputs under {@code src/test/resources/dev/textwire/resp/fuzz/RespParserFuzzTestInputs}: the
 * last four bytes of an input choose the chunking, the rest is the stream.
 */
@ResourceLock("jazzer")
class RespParserFuzzTest {
  private static final RespLimits LIMITS =
      RespLimits.DEFAULT.withMaxBulkBytes(4096).withMaxAggregateCount(64).withMaxDepth(8).withMaxLineBytes(256);

  /** What one reading of the stream gave. */
  private static final class Outcome {
    final List<RespValue> replies = new ArrayList<>();
    RespProtocolException failure;
    long bytesConsumed;
    boolean atReplyBoundary;

    String describe() {
      return (failure == null ? "ok" : failure.getMessage()) + " after " + replies;
    }
  }

  @FuzzTest(maxDuration = "30s")
  void parse(FuzzedDataProvider data) {
    long chunkSeed = data.consumeInt();
    byte[] input = data.consumeRemainingAsBytes();
    String where = HexFormat.ofDelimiter(" ").formatHex(input);

    // ISO-8859-1 keeps every byte of every text value, so the round trip is exact.
    TextCodec latin1 = TextCodecs.ISO_8859_1;
    Outcome whole = read(input, new int[0], latin1, RespReader.Bulk.BYTES);
    Outcome ones = read(input, RespTestWire.cuts(input.length, 1, null), latin1, RespReader.Bulk.BYTES);
    Outcome random = read(input, RespTestWire.cuts(input.length, 1 + (int) (chunkSeed & 0x3F), new Random(chunkSeed)), latin1,
        RespReader.Bulk.BYTES);
    same(whole, ones, where + " (one byte at a time)");
    same(whole, random, where + " (random chunks, seed " + chunkSeed + ")");

    // UTF-8, kept as bytes: the same framing, whatever the text.
    Outcome utf8 = read(input, RespTestWire.cuts(input.length, 7, null), TextCodecs.UTF_8, RespReader.Bulk.BYTES);
    sameFraming(whole, utf8, where + " (UTF-8)");

    if (whole.failure == null) {
      if (whole.bytesConsumed != input.length) throw new AssertionError("consumed " + whole.bytesConsumed + " of " + where);
      byte[] again = RespTestWire.serialize(whole.replies);
      RespReader reader = new RespReader(RespLimits.DEFAULT, latin1, RespReader.Bulk.BYTES);
      reader.feed(again, 0, again.length);
      List<RespValue> reread = new ArrayList<>();
      for (RespValue v; (v = reader.poll()) != null; ) reread.add(v);
      if (!RespTestWire.deepEquals(whole.replies, reread) || !reader.atReplyBoundary()) {
        throw new AssertionError("round trip of " + where + ": " + whole.replies + " became " + reread);
      }
    }
  }

  /**
   * The same under a reader that decodes bulk strings as UTF-8 as they arrive. It found that a verbatim
   * string whose 3-byte format is not 3 chars (a multi-byte UTF-8 character,
   * {@code =4\r\n\xE2\x82\xAC:\r\n}) made the builder throw StringIndexOutOfBoundsException; kept as the seed
   * {@code verbatim_format_of_one_3_byte_char} (and RespParserMalformedTest#aVerbatimFormatOfMultiByteCharsInTextMode).
   */
  @FuzzTest(maxDuration = "30s")
  void parseAsText(FuzzedDataProvider data) {
    long chunkSeed = data.consumeInt();
    byte[] input = data.consumeRemainingAsBytes();
    String where = HexFormat.ofDelimiter(" ").formatHex(input);
    Outcome bytes = read(input, new int[0], TextCodecs.UTF_8, RespReader.Bulk.BYTES);
    Outcome text = read(input, RespTestWire.cuts(input.length, 1 + (int) (chunkSeed & 0x3F), new Random(chunkSeed)),
        TextCodecs.UTF_8, RespReader.Bulk.TEXT);
    sameFraming(bytes, text, where + " (as text)");
  }

  private static Outcome read(byte[] input, int[] cuts, TextCodec codec, RespReader.Bulk bulk) {
    RespReader reader = new RespReader(LIMITS, codec, bulk);
    Outcome outcome = new Outcome();
    int from = 0;
    try {
      for (int i = 0; i <= cuts.length; i++) {
        int to = i < cuts.length ? cuts[i] : input.length;
        byte[] piece = Arrays.copyOfRange(input, from, to);
        reader.feed(piece, 0, piece.length);
        from = to;
        if (reader.bytesConsumed() != to) {
          throw new AssertionError("fed " + to + " bytes, consumed " + reader.bytesConsumed());
        }
        for (RespValue v; (v = reader.poll()) != null; ) outcome.replies.add(v);
      }
    } catch (RespProtocolException e) {
      outcome.failure = e;
      for (RespValue v; (v = reader.poll()) != null; ) outcome.replies.add(v);
      checkRefusesUntilReset(reader);
    }
    outcome.bytesConsumed = reader.bytesConsumed();
    outcome.atReplyBoundary = reader.atReplyBoundary();
    return outcome;
  }

  private static void checkRefusesUntilReset(RespReader reader) {
    byte[] ok = {'+', 'O', 'K', '\r', '\n'};
    try {
      reader.feed(ok, 0, ok.length);
      throw new AssertionError("a failed reader took more input");
    } catch (IllegalStateException expected) {
      // as documented
    }
    reader.reset();
    reader.feed(ok, 0, ok.length);
    if (!RespValue.simpleString("OK").equals(reader.poll())) throw new AssertionError("no reply after reset");
  }

  /** The same replies (attributes included) and the same error at the same offset. */
  private static void same(Outcome a, Outcome b, String where) {
    if ((a.failure == null) != (b.failure == null)) {
      throw new AssertionError(where + ": " + a.describe() + " versus " + b.describe());
    }
    if (a.failure != null) {
      if (a.failure.byteOffset() != b.failure.byteOffset() || !a.failure.reason().equals(b.failure.reason())) {
        throw new AssertionError(where + ": " + a.failure.getMessage() + " versus " + b.failure.getMessage());
      }
      if (!RespTestWire.deepEquals(a.replies, b.replies)) {
        throw new AssertionError(where + ": replies before the error " + a.replies + " versus " + b.replies);
      }
      return;
    }
    if (!RespTestWire.deepEquals(a.replies, b.replies) || a.atReplyBoundary != b.atReplyBoundary
        || a.bytesConsumed != b.bytesConsumed) {
      throw new AssertionError(where + ": " + a.describe() + " versus " + b.describe());
    }
  }

  /** Same number of replies of the same types, and the same error offset: the codec must not change framing. */
  private static void sameFraming(Outcome a, Outcome b, String where) {
    if ((a.failure == null) != (b.failure == null)
        || (a.failure != null && a.failure.byteOffset() != b.failure.byteOffset())) {
      throw new AssertionError(where + ": " + a.describe() + " versus " + b.describe());
    }
    int size = Math.min(a.replies.size(), b.replies.size());
    for (int i = 0; i < size; i++) {
      if (a.replies.get(i).type() != b.replies.get(i).type()) throw new AssertionError(where + ": reply " + i);
    }
    if (a.failure == null && a.replies.size() != b.replies.size()) throw new AssertionError(where + ": reply count");
  }
}
