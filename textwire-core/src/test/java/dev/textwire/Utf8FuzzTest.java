package dev.textwire;

import static dev.textwire.TestSupport.hex;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.util.Arrays;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * Coverage-guided fuzzing of one-shot UTF-8 decoding and validation (see docs/FUZZING.md). In a normal
 * build each target replays its inputs under {@code src/test/resources/dev/textwire/Utf8FuzzTestInputs};
 * with {@code JAZZER_FUZZ=1} (tools/fuzz) Jazzer mutates them.
 *
 * <p>The oracle is {@link DecodeCheck}: every decode and validate entry point (byte[] and heap, sliced,
 * read-only and direct buffers) against {@link Utf8ReferenceDecoder} and the JDK. Strict decoding returns
 * the JDK's String or throws a {@link MalformedTextException} at the reference's first error, with its
 * maximal subpart's length and truncation, which is also {@code validUpTo} and {@code validate}; REPLACE
 * equals the reference's one U+FFFD per maximal subpart. No other exception may escape.
 */
// One fuzz test class at a time: Jazzer keeps its last finding in a static field.
@ResourceLock("jazzer")
class Utf8FuzzTest {
  private static final ThreadLocal<DecodeCheck> CHECK = ThreadLocal.withInitial(DecodeCheck::new);

  /**
   * A region of the input at a fuzzer-chosen offset and length (so array indices, not region indices,
   * must come back in errors), through every entry point; valid input must round-trip through encode.
   */
  @FuzzTest(maxDuration = "30s")
  void decode(FuzzedDataProvider data) {
    int options = data.consumeInt(0, 63);
    byte[] src = data.consumeRemainingAsBytes();
    int offset = Math.min(options & 7, src.length);
    int length = Math.max(0, src.length - offset - (options >>> 3));
    Utf8ReferenceDecoder.Error error =
        CHECK.get().check(src, offset, length, true, () -> "decode of " + hex(src) + " at [" + offset + ", +" + length + ")");
    if (error == null) {
      byte[] again = Utf8.encode(Utf8.decode(src, offset, length));
      if (!Arrays.equals(again, Arrays.copyOfRange(src, offset, offset + length))) {
        throw new AssertionError("encode(decode(x)) != x for " + hex(src, offset, length) + ": got " + hex(again));
      }
    }
  }

  /**
   * The input after a fuzzer-chosen run of ASCII, so that it lands on every alignment of the eight-byte
   * ASCII skip and across the edge of the 6,144-byte chunks in which direct buffers are validated, with
   * valid text after it.
   */
  @FuzzTest(maxDuration = "30s")
  void validateAcrossChunks(FuzzedDataProvider data) {
    int before = data.consumeInt(0, 6200);
    int after = data.consumeInt(0, 16);
    byte[] middle = data.consumeRemainingAsBytes();
    byte[] src = new byte[before + middle.length + after];
    Arrays.fill(src, (byte) 'a');
    System.arraycopy(middle, 0, src, before, middle.length);
    CHECK.get().check(src, 0, src.length, true, () -> before + " ASCII bytes, " + hex(middle) + ", " + after + " ASCII bytes");
  }
}
