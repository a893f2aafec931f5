package dev.textwire.io;

import static dev.textwire.TestSupport.hex;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.textwire.ErrorPolicy;
import dev.textwire.MalformedTextException;
import dev.textwire.TestSupport;
import dev.textwire.Utf8;
import dev.textwire.Utf8ReferenceDecoder;
import dev.textwire.fuzz.FuzzSupport.PieceStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * Coverage-guided fuzzing of {@link TextReader} (see docs/FUZZING.md): arbitrary bytes from a stream
 * that hands them out in fuzzer-chosen pieces, read with fuzzer-chosen buffer size, policy and read
 * lengths (and single-char reads). Inputs under
 * {@code src/test/resources/dev/textwire/io/TextReaderFuzzTestInputs}.
 */
// One fuzz test class at a time: Jazzer keeps its last finding in a static field.
@ResourceLock("jazzer")
class TextReaderFuzzTest {
  /**
   * The chars read are those of one-shot decoding, however the stream and the caller cut the reads: under
   * a replacing policy, the reference decoder's one U+FFFD per maximal subpart; under STRICT, the decoding
   * of the valid prefix and then a {@link MalformedStreamException} with the reference's first error
   * offset, malformed length and truncation, and the count of chars delivered. Nothing else is thrown.
   */
  @FuzzTest(maxDuration = "30s")
  void read(FuzzedDataProvider data) throws IOException {
    ErrorPolicy policy = data.pickValue(ErrorPolicy.values());
    int bufferSize = data.pickValue(new int[] {4, 5, 6, 7, 8, 13, 64, TextReader.DEFAULT_BUFFER_SIZE});
    byte[] pieces = data.consumeBytes(8);
    byte[] reads = data.consumeBytes(8);
    byte[] src = data.consumeRemainingAsBytes();
    String where = policy + ", buffer " + bufferSize + ", pieces " + hex(pieces) + ", reads " + hex(reads) + ": " + hex(src);

    Utf8ReferenceDecoder.Error error = Utf8ReferenceDecoder.firstError(src);
    String expected =
        policy != ErrorPolicy.STRICT
            ? Utf8ReferenceDecoder.decodeReplacing(src)
            : new String(src, 0, error == null ? src.length : error.offset(), StandardCharsets.UTF_8);

    StringBuilder got = new StringBuilder();
    MalformedStreamException thrown = null;
    try (TextReader reader = new TextReader(new PieceStream(src, pieces, 17), Utf8.codec(policy), bufferSize)) {
      char[] chars = new char[16];
      for (int r = 0; ; r++) {
        if (r > 4 * src.length + 64) {
          throw new AssertionError(where + ": no end of stream after " + r + " reads");
        }
        int want = reads.length == 0 ? 16 : reads[r % reads.length] & 0x1F;
        if (want >= 17) {
          int c = reader.read();
          if (c < 0) {
            break;
          }
          got.append((char) c);
        } else {
          if (want == 0) {
            int none = reader.read(chars, 0, 0);
            check(none == 0, where + ": a read of 0 chars returned " + none);
            want = 16;
          }
          int count = reader.read(chars, 0, want);
          if (count < 0) {
            break;
          }
          check(count > 0 && count <= want, where + ": read of " + want + " returned " + count);
          got.append(chars, 0, count);
        }
      }
      check(reader.charsRead() == got.length(), where + ": charsRead " + reader.charsRead() + " vs " + got.length());
    } catch (MalformedStreamException e) {
      thrown = e;
    }
    if (!expected.contentEquals(got)) {
      throw new AssertionError(where + ": read " + TestSupport.codePoints(got.toString()) + ", expected "
          + TestSupport.codePoints(expected), thrown);
    }
    if (policy != ErrorPolicy.STRICT || error == null) {
      check(thrown == null, where + ": threw " + thrown);
      return;
    }
    check(thrown != null, where + ": no error, expected " + error);
    MalformedTextException cause = (MalformedTextException) thrown.getCause();
    if (thrown.byteOffset() != error.offset() || cause.byteOffset() != error.offset()
        || cause.malformedLength() != error.length() || thrown.isTruncated() != error.truncated()
        || thrown.charIndex() != got.length()) {
      throw new AssertionError(where + ": error at byte " + thrown.byteOffset() + " (cause " + cause.byteOffset()
          + "), length " + cause.malformedLength() + ", truncated " + thrown.isTruncated() + ", char index "
          + thrown.charIndex() + "; expected " + error + " after " + got.length() + " chars", thrown);
    }
  }

  private static void check(boolean condition, String message) {
    if (!condition) {
      throw new AssertionError(message);
    }
  }
}
