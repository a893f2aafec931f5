package dev.textwire;

import static dev.textwire.TestSupport.hex;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.textwire.TestSupport.JdkStrict;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.Test;

/**
 * Every byte sequence of 1, 2 and 3 bytes, and the boundaries of the 4-byte space plus a large random
 * sample of it: strict validity (isValid, validUpTo, validate, decode) agrees with the JDK's strict
 * decoder, error lengths and truncation agree with the reference decoder, and replacement decoding equals
 * the reference's maximal-subpart replacement.
 *
 * <p>Each input is placed at offset 1 of an array between a lead byte {@code F0} and a continuation byte
 * {@code 80}: an implementation that reads outside {@code [offset, offset + length)} would see a different
 * sequence (a truncated {@code E2 82} would become a complete {@code E2 82 80}).
 */
class Utf8ExhaustiveTest {
  private static final TextCodec REPLACE = Utf8.codec(ErrorPolicy.REPLACE);
  private static final TextCodec REPLACE_WITH_QUESTION_MARK =
      Utf8.codec(ErrorPolicy.REPLACE_WITH_QUESTION_MARK);

  private static final byte BEFORE = (byte) 0xF0;
  private static final byte AFTER = (byte) 0x80;

  /** Checks one input against both oracles; not thread-safe (one per thread). */
  static final class Checker {
    final JdkStrict jdk = new JdkStrict();
    final byte[] buf = new byte[6];
    long valid;

    /** Checks {@code buf[1, 1 + length)} and throws AssertionError on any disagreement. */
    private void check(int length) {
      buf[0] = BEFORE;
      buf[1 + length] = AFTER;
      int offset = 1;
      int end = offset + length;

      int jdkError = jdk.firstError(buf, offset, length);
      String jdkText = jdkError < 0 ? jdk.lastOutput() : null;
      Utf8ReferenceDecoder.Error ref = Utf8ReferenceDecoder.firstError(buf, offset, length);
      if ((ref == null ? -1 : ref.offset()) != jdkError) {
        fail("the reference decoder and the JDK disagree: reference " + ref + ", JDK error at " + jdkError);
      }
      boolean isValid = jdkError < 0;
      if (isValid) {
        valid++;
      }
      int expectedValidUpTo = isValid ? end : jdkError;
      int expectedErrorLength = ref == null || ref.truncated() ? 0 : ref.length();

      if (Utf8.isValid(buf, offset, length) != isValid) {
        fail("isValid() is " + !isValid);
      }
      int validUpTo = Utf8.validUpTo(buf, offset, length);
      if (validUpTo != expectedValidUpTo) {
        fail("validUpTo() is " + validUpTo + ", expected " + expectedValidUpTo);
      }
      TextValidation validation = Utf8.validate(buf, offset, length);
      if (validation.validUpTo() != expectedValidUpTo
          || validation.errorLength() != expectedErrorLength
          || validation.endIndex() != end) {
        fail(
            "validate() is "
                + validation
                + ", expected "
                + new TextValidation(expectedValidUpTo, expectedErrorLength, end));
      }

      String expectedReplaced = Utf8ReferenceDecoder.decodeReplacing(buf, offset, length);
      String replaced = REPLACE.decode(buf, offset, length);
      if (!replaced.equals(expectedReplaced)) {
        fail(
            "REPLACE decoded "
                + TestSupport.codePoints(replaced)
                + ", expected "
                + TestSupport.codePoints(expectedReplaced));
      }
      if (sampled) {
        // The other replacing policy decodes the same way.
        String q = REPLACE_WITH_QUESTION_MARK.decode(buf, offset, length);
        if (!q.equals(expectedReplaced)) {
          fail("REPLACE_WITH_QUESTION_MARK decoded " + TestSupport.codePoints(q));
        }
      }

      if (isValid) {
        String decoded;
        try {
          decoded = Utf8.decode(buf, offset, length);
        } catch (RuntimeException e) {
          throw failure("strict decode threw on valid input", e);
        }
        if (!decoded.equals(jdkText) || !decoded.equals(expectedReplaced)) {
          fail("strict decode gave " + TestSupport.codePoints(decoded) + ", the JDK " + TestSupport.codePoints(jdkText));
        }
      } else if (sampled) {
        checkStrictThrows(ref);
      }
    }

    private void checkStrictThrows(Utf8ReferenceDecoder.Error ref) {
      MalformedTextException e;
      try {
        Utf8.decode(buf, 1, currentLength);
        fail("strict decode did not throw; expected an error at " + ref);
        return;
      } catch (MalformedTextException thrown) {
        e = thrown;
      }
      if (e.byteOffset() != ref.offset()
          || e.malformedLength() != ref.length()
          || e.isTruncated() != ref.truncated()
          || e.charIndex() != -1) {
        fail(
            "strict decode threw byteOffset="
                + e.byteOffset()
                + " malformedLength="
                + e.malformedLength()
                + " truncated="
                + e.isTruncated()
                + " charIndex="
                + e.charIndex()
                + ", expected "
                + ref
                + " (message: "
                + e.getMessage()
                + ")");
      }
    }

    private int currentLength;
    private boolean sampled;

    /** Checks {@code input} (at most 4 bytes) at offset 1 of the work array, with every check. */
    void check(byte[] input) {
      check(input, true);
    }

    /**
     * Checks {@code input} at offset 1 of the work array. Strict decoding of invalid input (which throws:
     * about a microsecond per exception, most of it the stack trace) and the second replacing policy are
     * only checked when {@code sampled}; everything else always.
     */
    void check(byte[] input, boolean sampled) {
      this.sampled = sampled;
      currentLength = input.length;
      System.arraycopy(input, 0, buf, 1, input.length);
      try {
        check(input.length);
      } catch (RuntimeException e) {
        throw failure("unexpected exception", e);
      }
    }

    private void fail(String message) {
      throw new AssertionError(describe() + ": " + message);
    }

    private AssertionError failure(String message, Throwable cause) {
      return new AssertionError(describe() + ": " + message, cause);
    }

    private String describe() {
      return "input " + hex(buf, 1, currentLength) + " (at offset 1 of " + hex(buf, 0, currentLength + 2) + ")";
    }
  }

  /**
   * Runs {@code tasks} tasks on fresh threads (one per core) and returns the number of valid inputs they
   * saw. Fresh threads have shallow stacks, which keeps the exceptions of strict decoding cheap.
   */
  static long runParallel(int tasks, BiConsumer<Integer, Checker> task) {
    int threads = Math.max(1, Math.min(tasks, Runtime.getRuntime().availableProcessors()));
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    List<Future<Long>> futures = new ArrayList<>();
    for (int t = 0; t < tasks; t++) {
      int taskIndex = t;
      futures.add(
          pool.submit(
              () -> {
                Checker checker = new Checker();
                task.accept(taskIndex, checker);
                return checker.valid;
              }));
    }
    pool.shutdown();
    long valid = 0;
    List<Throwable> failures = new ArrayList<>();
    for (Future<Long> f : futures) {
      try {
        valid += f.get();
      } catch (ExecutionException e) {
        failures.add(e.getCause());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError(e);
      }
    }
    if (!failures.isEmpty()) {
      AssertionError error =
          new AssertionError(
              failures.size() + " task(s) failed; first: " + failures.get(0).getMessage(), failures.get(0));
      for (Throwable t : failures.subList(1, Math.min(failures.size(), 8))) {
        error.addSuppressed(t);
      }
      throw error;
    }
    return valid;
  }

  /** Bytes at the edges of the ranges of table 3-7. */
  private static final int[] EDGES = {
    0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xE1, 0xEC, 0xED,
    0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xF7, 0xF8, 0xFF
  };

  private static final boolean[] IS_EDGE = new boolean[256];

  static {
    for (int b : EDGES) {
      IS_EDGE[b] = true;
    }
  }

  /** A fixed pseudo-random 1/16 of all ints. */
  private static boolean oneInSixteen(int x) {
    return (x * 0x9E3779B9) >>> 28 == 0;
  }

  @Test
  void everyOneByteSequence() {
    long valid =
        runParallel(
            1,
            (t, checker) -> {
              checker.check(new byte[0]);
              for (int b0 = 0; b0 < 256; b0++) {
                checker.check(new byte[] {(byte) b0});
              }
            });
    // 00..7F, and the empty input. Every other byte is a lead byte without its continuation bytes, a
    // continuation byte without a lead, or a byte that never occurs (C0, C1, F5..FF).
    assertEquals(128 + 1, valid);
  }

  @Test
  void everyTwoByteSequence() {
    long valid =
        runParallel(
            1,
            (t, checker) -> {
              byte[] input = new byte[2];
              for (int b0 = 0; b0 < 256; b0++) {
                for (int b1 = 0; b1 < 256; b1++) {
                  input[0] = (byte) b0;
                  input[1] = (byte) b1;
                  checker.check(input);
                }
              }
            });
    // Two ASCII bytes (128 * 128 = 16,384) or one 2-byte character U+0080..U+07FF (0x800 - 0x80 = 1,920).
    assertEquals(128 * 128 + 1_920, valid);
    assertEquals(18_304, valid);
  }

  /**
   * All 16,777,216 inputs of three bytes. Validity, validUpTo, validate, replacement decoding and strict
   * decoding of valid input are checked on every one; strict decoding of invalid input (an exception
   * each) on those with two bytes at range edges plus a fixed pseudo-random sixteenth of the rest, about
   * 1.3 million, because validate() already pins down the same offsets and lengths for all of them.
   */
  @Test
  void everyThreeByteSequence() {
    long valid =
        runParallel(
            256,
            (b0, checker) -> {
              byte[] input = {(byte) (int) b0, 0, 0};
              for (int b1 = 0; b1 < 256; b1++) {
                input[1] = (byte) b1;
                for (int b2 = 0; b2 < 256; b2++) {
                  input[2] = (byte) b2;
                  int edges = (IS_EDGE[b0] ? 1 : 0) + (IS_EDGE[b1] ? 1 : 0) + (IS_EDGE[b2] ? 1 : 0);
                  checker.check(input, edges >= 2 || oneInSixteen(b0 << 16 | b1 << 8 | b2));
                }
              }
            });
    // Three ASCII bytes:                         128^3           = 2,097,152
    // ASCII + 2-byte character, or the reverse:  2 * 128 * 1,920 =   491,520
    // One 3-byte character U+0800..U+FFFF without the 2,048 surrogates:
    //                                            0xF800 - 0x800  =    61,440
    assertEquals(128L * 128 * 128 + 2L * 128 * 1_920 + (0xF800 - 0x800), valid);
    assertEquals(2_650_112L, valid);
  }

  /**
   * Named boundaries of the 4-byte range, then every 4-byte combination of range-edge bytes (531,441);
   * strict decoding of the invalid ones for leads F0..F5 and a fixed pseudo-random sixteenth of the rest.
   */
  @Test
  void fourByteBoundaries() {
    String[] named = {
      "F0 90 80 80", // U+10000, smallest 4-byte character
      "F0 8F BF BF", // overlong U+FFFF: after F0 the second byte must be 90..BF
      "F0 80 80 80", // overlong U+0000
      "F0 BF BF BF", // U+3FFFF
      "F1 80 80 80", // U+40000
      "F3 BF BF BF", // U+FFFFF
      "F4 80 80 80", // U+100000
      "F4 8F BF BF", // U+10FFFF, largest code point
      "F4 90 80 80", // would be U+110000, above the largest code point
      "F5 80 80 80", // F5 never occurs
      "F7 BF BF BF", // old 4-byte form of U+1FFFFF
      "F8 88 80 80", // old 5-byte lead
      "FC 84 80 80", // old 6-byte lead
      "ED 9F BF 41", // U+D7FF then A
      "ED A0 80 41", // encoded U+D800 (a surrogate): ill-formed
      "ED BF BF 41", // encoded U+DFFF
      "EE 80 80 41", // U+E000 then A
      "EF BF BF 41", // U+FFFF then A
      "C2 80 C2 80",
      "DF BF DF BF",
      "F0 90 80 41", // cut short by ASCII
      "F0 90 41 80",
      "F0 41 80 80",
      "F4 8F BF C0",
    };
    runParallel(
        1,
        (t, checker) -> {
          for (String hex : named) {
            checker.check(TestSupport.bytes(hex));
          }
        });
    runParallel(
        EDGES.length,
        (t, checker) -> {
          byte[] input = {(byte) EDGES[t], 0, 0, 0};
          for (int b1 : EDGES) {
            for (int b2 : EDGES) {
              for (int b3 : EDGES) {
                input[1] = (byte) b1;
                input[2] = (byte) b2;
                input[3] = (byte) b3;
                boolean fourByteLead = EDGES[t] >= 0xF0 && EDGES[t] <= 0xF5;
                checker.check(input, fourByteLead || oneInSixteen(t << 24 | b1 << 16 | b2 << 8 | b3 ^ 0x55));
              }
            }
          }
        });
  }

  /** Each 4-byte lead (and F5) with every second and third byte and six kinds of fourth byte. */
  @Test
  void fourByteLeadsWithEverySecondAndThirdByte() {
    int[] leads = {0xF0, 0xF1, 0xF3, 0xF4, 0xF5};
    int[] lasts = {0x00, 0x7F, 0x80, 0xBF, 0xC0, 0xFF};
    long valid =
        runParallel(
            leads.length * 4,
            (t, checker) -> {
              byte[] input = {(byte) leads[t / 4], 0, 0, 0};
              for (int b1 = (t % 4) * 64; b1 < (t % 4 + 1) * 64; b1++) {
                input[1] = (byte) b1;
                for (int b2 = 0; b2 < 256; b2++) {
                  input[2] = (byte) b2;
                  for (int b3 : lasts) {
                    input[3] = (byte) b3;
                    checker.check(input, IS_EDGE[b1] || IS_EDGE[b2] || oneInSixteen(t << 16 | b1 << 8 | b2));
                  }
                }
              }
            });
    // Valid: F0 90..BF, F1 80..BF, F3 80..BF, F4 80..8F; then any 80..BF; then 80 or BF.
    assertEquals((48 + 64 + 64 + 16) * 64 * 2, valid);
  }

  /** Byte classes of table 3-7, for random bytes that are likely to form (nearly) valid sequences. */
  private static final int[][] CLASSES = {
    {0x00, 0x7F}, {0x80, 0x8F}, {0x90, 0x9F}, {0xA0, 0xBF}, {0xC0, 0xC1}, {0xC2, 0xDF}, {0xE0, 0xE0},
    {0xE1, 0xEC}, {0xED, 0xED}, {0xEE, 0xEF}, {0xF0, 0xF0}, {0xF1, 0xF3}, {0xF4, 0xF4}, {0xF5, 0xFF}
  };

  static int randomByte(SplittableRandom random) {
    int[] c = CLASSES[random.nextInt(CLASSES.length)];
    return c[0] + random.nextInt(c[1] - c[0] + 1);
  }

  /**
   * Two million seeded random 4-byte inputs: a quarter uniform, the rest from the byte classes of table
   * 3-7 and mostly continuation bytes after the first, half of those with a 4-byte lead.
   */
  @Test
  void fourByteRandomSample() {
    long seed = TestSupport.seed(0x5EED_4B17E5L);
    int samples = 2_000_000;
    int tasks = 16;
    LongAdder validFourByteCharacters = new LongAdder();
    try {
      runParallel(
          tasks,
          (t, checker) -> {
            SplittableRandom random = new SplittableRandom(seed + t);
            byte[] input = new byte[4];
            for (int i = 0; i < samples / tasks; i++) {
              boolean uniform = (i & 3) == 0;
              for (int k = 0; k < 4; k++) {
                int b = uniform ? random.nextInt(256) : randomByte(random);
                if (!uniform && k > 0 && random.nextInt(3) > 0) {
                  b = 0x80 + random.nextInt(0x40); // mostly continuation bytes after the first
                }
                input[k] = (byte) b;
              }
              if (!uniform && random.nextBoolean()) {
                input[0] = (byte) (0xF0 + random.nextInt(5)); // a 4-byte lead, or F4's neighbour F4+1
              }
              long before = checker.valid;
              checker.check(input, (i & 7) == 0);
              if (checker.valid > before && (input[0] & 0xF8) == 0xF0) {
                validFourByteCharacters.increment();
              }
            }
          });
    } catch (AssertionError e) {
      throw new AssertionError(TestSupport.seedMessage(seed) + ": " + e.getMessage(), e);
    }
    // The sample reached the 4-byte characters, not only their errors.
    assertTrue(
        validFourByteCharacters.sum() > 10_000,
        () -> TestSupport.seedMessage(seed) + ": " + validFourByteCharacters);
  }
}
