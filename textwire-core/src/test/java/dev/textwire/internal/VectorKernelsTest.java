package dev.textwire.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.textwire.TestSupport;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The SIMD tier's kernels against the scalar answers, below the public API: random text with a fault
 * at every position of the first vectors (so at every lane and across every vector edge), starting at
 * several offsets in its array. Each kernel must give the scalar answer up to where it stops, stop only
 * where the scalar kernel can go on, and stop only near a fault or the end (so it cannot pass by doing
 * nothing). Runs where the tier is on: CI runs the suite with {@code --add-modules jdk.incubator.vector}
 * on JDK 17 and 25, and {@link #modeIsTheOneThisRunExpects} proves that run has it on.
 */
class VectorKernelsTest {
  /** Widest vector in chars or bytes (512 bits of bytes) plus the look-ahead: the most a kernel may leave. */
  private static final int SLACK = 64 + 4;

  @Test
  void modeIsTheOneThisRunExpects() {
    String expected = System.getProperty("textwire.expectVector");
    assumeTrue(expected != null, "no textwire.expectVector given: mode not asserted in this run");
    assertEquals(Boolean.parseBoolean(expected), VectorTier.enabled(), "vector tier: " + VectorTier.describe());
  }

  @Test
  void switchedOffOrAbsentMeansNoKernels() {
    boolean moduleThere = ModuleLayer.boot().findModule(VectorTier.MODULE).isPresent();
    boolean switchedOff = "false".equalsIgnoreCase(System.getProperty(VectorTier.PROPERTY));
    if (!moduleThere || switchedOff) {
      assertEquals(null, VectorTier.KERNELS, VectorTier.describe());
      assertTrue(VectorTier.describe().startsWith("off"), VectorTier.describe());
    }
  }

  @Test
  void lengthMatchesTheScalarCountWithAnUnpairedSurrogateAtEveryPosition() {
    VectorKernels kernels = kernels();
    long seed = TestSupport.seed(0x5EC7_0001L);
    SplittableRandom random = new SplittableRandom(seed);
    char[] intruders = {'\uD800', '\uDBFF', '\uDC00', '\uDFFF'};
    for (int flavour = 0; flavour < 5; flavour++) {
      for (int begin = 0; begin < 3; begin++) {
        char[] clean = randomChars(random, flavour, begin + 4 * SLACK + random.nextInt(SLACK));
        check(kernels, clean, begin, clean.length, "seed " + seed + ", flavour " + flavour + ", clean");
        for (int at = begin; at < Math.min(clean.length, begin + 3 * SLACK); at++) {
          char[] chars = clean.clone();
          chars[at] = intruders[random.nextInt(intruders.length)];
          check(kernels, chars, begin, chars.length, "seed " + seed + ", flavour " + flavour + ", at " + at);
          // An end that cuts a vector (and maybe a pair) short.
          int end = at + 1 + random.nextInt(SLACK);
          if (end <= chars.length) {
            check(kernels, chars, begin, end, "seed " + seed + ", flavour " + flavour + ", at " + at + ", end " + end);
          }
        }
      }
    }
  }

  private static void check(VectorKernels kernels, char[] chars, int begin, int end, String context) {
    long step = kernels.utf8Length(chars, begin, end);
    int stop = IndexPair.source(step);
    assertTrue(stop >= begin && stop <= end, context + ": stopped at " + stop);
    assertTrue(stop == begin || stop == end
        || !(Character.isHighSurrogate(chars[stop - 1]) && Character.isLowSurrogate(chars[stop])),
        context + ": stopped between the halves of a pair at " + stop);
    int unpaired = firstUnpaired(chars, begin, end);
    assertTrue(stop <= unpaired, context + ": went past the unpaired surrogate at " + unpaired + " to " + stop);
    assertTrue(stop >= Math.min(unpaired, end) - SLACK,
        context + ": stopped at " + stop + ", far before the unpaired surrogate at " + unpaired + " or the end " + end);
    String prefix = new String(chars, begin, stop - begin);
    assertEquals(prefix.getBytes(StandardCharsets.UTF_8).length, (stop - begin) + IndexPair.destination(step),
        context + ": length of the " + (stop - begin) + " chars counted");
  }

  private static int firstUnpaired(char[] chars, int begin, int end) {
    for (int i = begin; i < end; i++) {
      char c = chars[i];
      if (Character.isHighSurrogate(c) && i + 1 < end && Character.isLowSurrogate(chars[i + 1])) {
        i++;
      } else if (Character.isSurrogate(c)) {
        return i;
      }
    }
    return end;
  }

  private static final String[] FAULTS = {
    "80", "BF", "C0 80", "C1 BF", "C2", "C2 41", "E0 80 80", "E0 9F BF", "ED A0 80", "ED BF BF", "E1 80",
    "E1 41 80", "F0 80 80 80", "F0 8F BF BF", "F4 90 80 80", "F5 80 80 80", "F8", "FE", "FF", "F0 90 80",
    "F1 80 80 41", "DF DF",
  };

  @Test
  void validationStopsAtOrBeforeEachFaultAtEveryPosition() {
    VectorKernels kernels = kernels();
    long seed = TestSupport.seed(0x5EC7_0002L);
    SplittableRandom random = new SplittableRandom(seed);
    for (int flavour = 0; flavour < FLAVOURS; flavour++) {
      for (int skip = 0; skip < 3; skip++) {
        byte[] clean = randomUtf8(random, flavour, 4 * SLACK + random.nextInt(SLACK));
        // The kernel starts at a sequence boundary at least three bytes in (it reads those three).
        int begin = 3 + skip;
        while ((clean[begin] & 0xC0) == 0x80) {
          begin++;
        }
        checkValid(kernels, clean, begin, clean.length, "seed " + seed + ", flavour " + flavour + ", clean");
        for (String fault : FAULTS) {
          byte[] bad = TestSupport.bytes(fault);
          for (int at = 0; at < Math.min(clean.length, begin + 3 * SLACK); at++) {
            // The fault replaces the bytes at `at`, which may also cut the sequence there short.
            byte[] bytes = clean.clone();
            System.arraycopy(bad, 0, bytes, at, Math.min(bad.length, bytes.length - at));
            String context = "seed " + seed + ", flavour " + flavour + ", " + fault + " at " + at;
            int end = at + 1 + random.nextInt(SLACK);
            // Through the caller, which checks the first bytes itself: exactly the scalar answer.
            assertEquals(Utf8ToChars.validUpToScalar(bytes, 0, bytes.length), Utf8ToChars.validUpTo(bytes, 0, bytes.length), context);
            if (end <= bytes.length) {
              assertEquals(Utf8ToChars.validUpToScalar(bytes, 0, end), Utf8ToChars.validUpTo(bytes, 0, end), context + ", end " + end);
            }
            if (at >= begin) { // the kernel itself, where its precondition holds
              checkValid(kernels, bytes, begin, bytes.length, context);
              if (end <= bytes.length) {
                checkValid(kernels, bytes, begin, end, context + ", end " + end);
              }
            }
          }
        }
      }
    }
  }

  /** Bytes at the edges of UTF-8's classes: ASCII, each continuation range, each lead range, never-used. */
  private static final int[] EDGE_BYTES = {
    0x00, 0x41, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC2, 0xDF, 0xE0, 0xE1, 0xED, 0xEF, 0xF0, 0xF1, 0xF4, 0xFF
  };

  /**
   * Every run of four edge bytes, in ASCII and in 3-byte text, at the start of the kernel's first vector
   * and across the edges of 16-, 32- and 64-byte vectors. The kernel stops only at a vector where the
   * lanes whose byte is flagged by the lookup differ from those where a continuation is due; it does not
   * also check that a flagged lane's flag is the continuation one, because such a lane always has a
   * lane before it in the same or an earlier vector that differs (see the kernel): this is the test that
   * the claim holds for every arrangement of up to four bytes.
   */
  @Test
  void validationStopsBeforeEveryFourByteRunOfEdgeBytes() {
    VectorKernels kernels = kernels();
    int begin = 3;
    int[] places = {0, 1, 2, 13, 14, 15, 16, 29, 30, 31, 32, 61, 62, 63, 64};
    for (String background : new String[] {"a", "\u20ac"}) {
      byte[] clean = background.repeat(200).getBytes(StandardCharsets.UTF_8);
      for (int place : places) {
        int at = begin + place;
        while ((clean[at] & 0xC0) == 0x80) {
          at++;
        }
        int n = EDGE_BYTES.length;
        for (int code = 0; code < n * n * n * n; code++) {
          byte[] bytes = clean.clone();
          for (int k = 0, rest = code; k < 4; k++, rest /= n) {
            bytes[at + k] = (byte) EDGE_BYTES[rest % n];
          }
          int valid = kernels.validUtf8Prefix(bytes, begin, bytes.length);
          int longest = Utf8ToChars.validUpToScalar(bytes, begin, bytes.length);
          if (valid > longest) {
            fail("vouched up to " + valid + " but only up to " + longest + " is well-formed: "
                + TestSupport.hex(bytes, at, 4) + " at " + at + " in " + background);
          }
        }
      }
    }
  }

  private static void checkValid(VectorKernels kernels, byte[] bytes, int begin, int end, String context) {
    int valid = kernels.validUtf8Prefix(bytes, begin, end);
    int longest = Utf8ToChars.validUpToScalar(bytes, begin, end);
    assertTrue(valid >= begin && valid <= longest,
        context + ": vouched up to " + valid + ", but only [" + begin + ", " + longest + ") is well-formed");
    assertEquals(valid, Utf8ToChars.validUpToScalar(bytes, begin, valid),
        context + ": " + valid + " is not at the end of a sequence");
    assertTrue(valid >= longest - SLACK, context + ": stopped at " + valid + ", far before " + longest);
  }

  /**
   * Encoding through the caller (CharsToUtf8, which hands back to the tier in turns), against the JDK:
   * random text in every flavour with an unpaired surrogate at every position of the first vectors, at
   * several offsets, into a destination filled with a sentinel, of exactly the room or of a few bytes
   * less. The bytes must be the JDK's ('?' for an unpaired surrogate, as String.getBytes writes), the
   * encoder must stop only where the next char does not fit, and no byte past the ones reported may
   * change: the tier's whole-vector stores must all be written over.
   */
  @Test
  void encodingMatchesTheJdkAndLeavesNothingPastItsBytes() {
    kernels();
    long seed = TestSupport.seed(0x5EC7_0003L);
    SplittableRandom random = new SplittableRandom(seed);
    char[] intruders = {'\uD800', '\uDBFF', '\uDC00', '\uDFFF'};
    for (int flavour = 0; flavour < FLAVOURS; flavour++) {
      for (int begin = 0; begin < 3; begin++) {
        char[] clean = randomChars(random, flavour, begin + 4 * SLACK + random.nextInt(SLACK));
        checkEncode(random, clean, begin, clean.length, "seed " + seed + ", flavour " + flavour + ", clean");
        for (int at = begin; at < Math.min(clean.length, begin + 3 * SLACK); at++) {
          char[] chars = clean.clone();
          chars[at] = intruders[random.nextInt(intruders.length)];
          String context = "seed " + seed + ", flavour " + flavour + ", at " + at;
          checkEncode(random, chars, begin, chars.length, context);
          int end = at + 1 + random.nextInt(SLACK);
          if (end <= chars.length) {
            checkEncode(random, chars, begin, end, context + ", end " + end);
          }
        }
      }
    }
  }

  private static void checkEncode(SplittableRandom random, char[] chars, int begin, int end, String context) {
    byte[] expected = new String(chars, begin, end - begin).getBytes(StandardCharsets.UTF_8);
    int dstBegin = random.nextInt(4);
    // Exactly the room, or less (the encoder stops at a char that does not fit), and a tail after it.
    int room = random.nextInt(4) == 0 ? Math.max(0, expected.length - random.nextInt(80)) : expected.length;
    byte sentinel = (byte) random.nextInt(256);
    byte[] dst = new byte[dstBegin + room + 80];
    java.util.Arrays.fill(dst, sentinel);
    int dstEnd = dstBegin + room;
    long step = CharsToUtf8.encode(chars, begin, end, dst, dstBegin, dstEnd, true,
        dev.textwire.ErrorPolicy.REPLACE_WITH_QUESTION_MARK, 0, Utf8Variant.UTF_8);
    int stop = IndexPair.source(step);
    int written = IndexPair.destination(step) - dstBegin;
    byte[] prefix = new String(chars, begin, stop - begin).getBytes(StandardCharsets.UTF_8);
    assertEquals(java.util.Arrays.toString(prefix),
        java.util.Arrays.toString(java.util.Arrays.copyOfRange(dst, dstBegin, dstBegin + written)),
        context + ": the bytes of the " + (stop - begin) + " chars encoded");
    if (room == expected.length) {
      assertEquals(end, stop, context + ": stopped early with room for all");
    } else if (stop < end) {
      int next = Character.isHighSurrogate(chars[stop]) && stop + 1 < end && Character.isLowSurrogate(chars[stop + 1])
          ? 4 : new String(chars, stop, 1).getBytes(StandardCharsets.UTF_8).length;
      assertTrue(room - written < next, context + ": stopped at " + stop + " with room for its " + next + " bytes");
    }
    assertUntouched(dst, sentinel, dstBegin, written, context);
    int unpaired = firstUnpaired(chars, begin, end);
    if (unpaired < end && room == expected.length) {
      // STRICT throws at the unpaired surrogate, after the bytes of the chars before it: nothing past
      // those may have changed either, so the tier's excess bytes must be written over before then.
      java.util.Arrays.fill(dst, sentinel);
      dev.textwire.MalformedTextException thrown = org.junit.jupiter.api.Assertions.assertThrows(
          dev.textwire.MalformedTextException.class,
          () -> CharsToUtf8.encode(chars, begin, end, dst, dstBegin, dstEnd, true,
              dev.textwire.ErrorPolicy.STRICT, 0, Utf8Variant.UTF_8), context);
      assertEquals(unpaired, thrown.charIndex(), context + ": " + thrown.getMessage());
      int before = new String(chars, begin, unpaired - begin).getBytes(StandardCharsets.UTF_8).length;
      assertUntouched(dst, sentinel, dstBegin, before, context + ", STRICT");
    }
  }

  private static void assertUntouched(byte[] dst, byte sentinel, int dstBegin, int written, String context) {
    for (int i = 0; i < dst.length; i++) {
      if (i < dstBegin || i >= dstBegin + written) {
        assertEquals(sentinel, dst[i], context + ": byte " + i + " changed, outside the " + written + " written from " + dstBegin);
      }
    }
  }

  /**
   * The encoding kernel itself on text its blocks cover: it must go to within a vector or two of the
   * end (so it cannot pass by handing everything to the scalar loop), and write the JDK's bytes.
   */
  @Test
  void encodingKernelCoversPureRuns() {
    VectorKernels kernels = kernels();
    long seed = TestSupport.seed(0x5EC7_0004L);
    SplittableRandom random = new SplittableRandom(seed);
    String[] alphabets = {"a0 ~", "\u0416\u044f \u0639\u05d0,", "\u4e2d\u6587\uac00\u0915\uffff\u0800",
        "\ud83d\ude00\udbff\udfff\ud800\udc00", "ab <>\u4e2d\u6587\u00e9\u07ff\u0800\uffff\u007f\u0080"};
    for (String alphabet : alphabets) {
      StringBuilder text = new StringBuilder();
      while (text.length() < 4 * SLACK) {
        int pick = random.nextInt(alphabet.length());
        if (Character.isSurrogate(alphabet.charAt(pick))) {
          pick &= ~1;
          text.append(alphabet, pick, pick + 2);
        } else {
          text.append(alphabet.charAt(pick));
        }
      }
      char[] chars = text.toString().toCharArray();
      byte[] expected = text.toString().getBytes(StandardCharsets.UTF_8);
      byte[] dst = new byte[expected.length + 64];
      long step = kernels.encodeUtf8(chars, 0, chars.length, dst, 0, dst.length);
      int stop = IndexPair.source(step);
      String context = "seed " + seed + ", alphabet " + alphabet;
      assertTrue(stop >= chars.length - 2 * SLACK, context + ": stopped at " + stop + " of " + chars.length);
      byte[] prefix = new String(chars, 0, stop).getBytes(StandardCharsets.UTF_8);
      assertEquals(prefix.length, IndexPair.destination(step), context);
      assertEquals(java.util.Arrays.toString(prefix), java.util.Arrays.toString(java.util.Arrays.copyOf(dst, prefix.length)), context);
    }
  }

  /**
   * Decoding through the caller (Utf8ToChars, which hands back to the tier in turns), against the JDK:
   * random UTF-8 in every flavour with each bad sequence at every position of the first vectors, into a
   * destination filled with a sentinel, of exactly the room or less. Well-formed input must decode to the
   * JDK's chars; under STRICT, ill-formed input must fail at the scalar validator's offset with the chars
   * before it written; with too little room the decoder must stop only where the next char does not fit;
   * and no char past those reported may change: the tier's whole-vector stores must all be written over.
   */
  @Test
  void decodingMatchesTheJdkAndLeavesNothingPastItsChars() {
    kernels();
    long seed = TestSupport.seed(0x5EC7_0005L);
    SplittableRandom random = new SplittableRandom(seed);
    for (int flavour = 0; flavour < FLAVOURS; flavour++) {
      for (int begin = 0; begin < 3; begin++) {
        byte[] clean = randomUtf8(random, flavour, begin + 4 * SLACK + random.nextInt(SLACK));
        while (begin < clean.length && (clean[begin] & 0xC0) == 0x80) {
          clean[begin] = 'x'; // start at a sequence boundary
        }
        checkDecode(random, clean, begin, clean.length, "seed " + seed + ", flavour " + flavour + ", clean");
        for (String fault : FAULTS) {
          byte[] bad = TestSupport.bytes(fault);
          for (int at = begin; at < Math.min(clean.length, begin + 3 * SLACK); at += 1 + random.nextInt(3)) {
            byte[] bytes = clean.clone();
            System.arraycopy(bad, 0, bytes, at, Math.min(bad.length, bytes.length - at));
            String context = "seed " + seed + ", flavour " + flavour + ", " + fault + " at " + at;
            checkDecode(random, bytes, begin, bytes.length, context);
            int end = at + 1 + random.nextInt(SLACK);
            if (end <= bytes.length) {
              checkDecode(random, bytes, begin, end, context + ", end " + end);
            }
          }
        }
      }
    }
  }

  private static void checkDecode(SplittableRandom random, byte[] bytes, int begin, int end, String context) {
    int valid = Utf8ToChars.validUpToScalar(bytes, begin, end);
    char[] expected = new String(bytes, begin, valid - begin, StandardCharsets.UTF_8).toCharArray();
    int dstBegin = random.nextInt(4);
    boolean tight = random.nextInt(4) == 0;
    int room = tight ? Math.max(0, expected.length - random.nextInt(40)) : end - begin;
    char sentinel = (char) random.nextInt(0x10000);
    char[] dst = new char[dstBegin + room + 40];
    java.util.Arrays.fill(dst, sentinel);
    int dstEnd = dstBegin + room;
    long step;
    try {
      step = Utf8ToChars.decode(bytes, begin, end, dst, dstBegin, dstEnd, true,
          dev.textwire.ErrorPolicy.STRICT, 0, Utf8Variant.UTF_8);
    } catch (dev.textwire.MalformedTextException e) {
      assertEquals(valid, e.byteOffset(), context + ": " + e.getMessage());
      assertEquals(new String(expected), new String(dst, dstBegin, expected.length), context + ": chars before the error");
      assertCharsUntouched(dst, sentinel, dstBegin, expected.length, context + ", STRICT");
      return;
    }
    int stop = IndexPair.source(step);
    int written = IndexPair.destination(step) - dstBegin;
    assertTrue(stop <= valid, context + ": decoded up to " + stop + " past the error at " + valid);
    String prefix = new String(bytes, begin, stop - begin, StandardCharsets.UTF_8);
    assertEquals(prefix, new String(dst, dstBegin, written), context + ": the chars of the " + (stop - begin) + " bytes decoded");
    if (!tight) {
      assertEquals(end, stop, context + ": stopped early with room for all, at " + stop);
    } else if (stop < valid) {
      int next = Utf8ToChars.validUpToScalar(bytes, stop, Math.min(valid, stop + 4)) == stop + 4 || (bytes[stop] & 0xF8) == 0xF0 ? 2 : 1;
      assertTrue(room - written < next, context + ": stopped at " + stop + " with room for its " + next + " chars");
    }
    assertCharsUntouched(dst, sentinel, dstBegin, written, context);
  }

  private static void assertCharsUntouched(char[] dst, char sentinel, int dstBegin, int written, String context) {
    for (int i = 0; i < dst.length; i++) {
      if (i < dstBegin || i >= dstBegin + written) {
        assertEquals(sentinel, dst[i], context + ": char " + i + " changed, outside the " + written + " written from " + dstBegin);
      }
    }
  }

  /** The decoding kernel itself on ASCII and 2-byte text: it must go to within a few vectors of the end. */
  @Test
  void decodingKernelCoversOneAndTwoByteRuns() {
    VectorKernels kernels = kernels();
    long seed = TestSupport.seed(0x5EC7_0006L);
    SplittableRandom random = new SplittableRandom(seed);
    for (int round = 0; round < 50; round++) {
      byte[] bytes = randomUtf8(random, 5, 4 * SLACK);
      char[] dst = new char[bytes.length];
      long step = kernels.decodeUtf8(bytes, 0, bytes.length, dst, 0, dst.length);
      int stop = IndexPair.source(step);
      String context = "seed " + seed + ", round " + round;
      assertTrue(stop >= bytes.length - 2 * SLACK, context + ": stopped at " + stop + " of " + bytes.length);
      String prefix = new String(bytes, 0, stop, StandardCharsets.UTF_8);
      assertEquals(prefix, new String(dst, 0, IndexPair.destination(step)), context);
    }
  }

  /** Well-formed sequences at the edges of each length's ranges, for the kernel's mostly-ASCII path. */
  private static final String[] EDGE_SEQUENCES = {
    "C2 80", "DF BF", "E0 A0 80", "E0 BF BF", "E1 80 80", "EC BF BF", "ED 80 80", "ED 9F BF", "EE 80 80", "EF BF BF",
    "F0 90 80 80", "F0 BF BF BF", "F1 80 80 80", "F3 BF BF BF", "F4 80 80 80", "F4 8F BF BF",
  };

  /**
   * Mostly-ASCII text, where the kernel decodes each 2-, 3- and 4-byte sequence itself between masked
   * stores of the ASCII: one sequence, well-formed at the edges of its ranges or one of the faults, at
   * every position across the first vectors and their edges, with a second well-formed sequence after
   * it at every distance up to 9 bytes. Through the caller, as {@link #decodingMatchesTheJdkAndLeavesNothingPastItsChars}
   * checks (the JDK's chars, the error's offset, nothing changed past the chars reported, tight room);
   * and the kernel itself must decode well-formed text to within a vector of the end.
   */
  @Test
  void decodingOfMostlyAsciiTextAtEveryPlace() {
    VectorKernels kernels = kernels();
    long seed = TestSupport.seed(0x5EC7_0009L);
    SplittableRandom random = new SplittableRandom(seed);
    String[] placed = java.util.stream.Stream.concat(Arrays.stream(EDGE_SEQUENCES), Arrays.stream(FAULTS)).toArray(String[]::new);
    byte[][] seconds = Arrays.stream(EDGE_SEQUENCES).map(TestSupport::bytes).toArray(byte[][]::new);
    for (String first : placed) {
      boolean wellFormed = Arrays.asList(EDGE_SEQUENCES).contains(first);
      checkEveryPlace(kernels, random, seed, first, wellFormed, seconds);
    }
  }

  /**
   * One sequence of {@link #decodingOfMostlyAsciiTextAtEveryPlace} at every place, with a second one
   * after it. A method of its own: with the whole test in one method, C2's on-stack-replacement
   * compilation of its loops on JDK 25.0.3 sometimes made a String in it null (docs/BENCHMARKS.md,
   * "A JIT fault in a test", stop 40).
   */
  private static void checkEveryPlace(
      VectorKernels kernels, SplittableRandom random, long seed, String first, boolean wellFormed, byte[][] seconds) {
    int length = 3 * 64 + 16;
    byte[] firstBytes = TestSupport.bytes(first);
    for (int at = 0; at < 2 * 64 + 8; at++) {
      for (int gap = 0; gap <= 9; gap += wellFormed ? 1 : 3) {
        byte[] bytes = new byte[length];
        for (int i = 0; i < length; i++) {
          bytes[i] = (byte) ('a' + (i * 7 + at) % 26);
        }
        System.arraycopy(firstBytes, 0, bytes, at, firstBytes.length);
        byte[] second = seconds[random.nextInt(seconds.length)];
        int secondAt = at + firstBytes.length + gap;
        System.arraycopy(second, 0, bytes, secondAt, second.length);
        String context = "seed " + seed + ", " + first + " at " + at + ", then " + TestSupport.hex(second) + " at " + secondAt;
        checkDecode(random, bytes, 0, length, context);
        if (wellFormed) {
          char[] dst = new char[length];
          long step = kernels.decodeUtf8(bytes, 0, length, dst, 0, length);
          int stop = IndexPair.source(step);
          assertTrue(stop > length - 64, context + ": the kernel stopped at " + stop + " of " + length);
          String prefix = new String(bytes, 0, stop, StandardCharsets.UTF_8);
          assertEquals(prefix, new String(dst, 0, IndexPair.destination(step)), context);
        }
      }
    }
  }

  /** Sequences that differ between the UTF-8 family's members, as faults or as well-formed text. */
  private static final String[] FAMILY_FAULTS = {
    "00", "C0 80", "F0 90 80 80", "F4 8F BF BF", "ED A0 80", "ED BF BF", "ED A0 80 ED B0 80", "ED B0 80 ED A0 80",
    "ED AF BF 41", "80", "C2", "E1 80", "EF BF BF",
  };

  /**
   * CESU-8 and modified UTF-8 validation with the tier, against their scalar kernels: random text in
   * every flavour (U+0000 included) encoded in each, with each fault and each form the members disagree
   * on at every position of the first vectors. Through the caller the answer must be the scalar one; the
   * kernel itself must stop at a sequence boundary, never past the longest well-formed prefix, and, on
   * text without supplementary characters or U+0000 (forms it leaves to the scalar kernel), near the end.
   */
  @Test
  void familyValidationMatchesTheScalarKernelsAtEveryFault() {
    VectorKernels kernels = kernels();
    long seed = TestSupport.seed(0x5EC7_0007L);
    SplittableRandom random = new SplittableRandom(seed);
    for (Utf8Variant variant : new Utf8Variant[] {Utf8Variant.CESU_8, Utf8Variant.MODIFIED_UTF_8}) {
      for (int flavour = 0; flavour < FLAVOURS; flavour++) {
        char[] chars = randomChars(random, flavour, 4 * SLACK + random.nextInt(SLACK));
        if (flavour == 4) {
          chars[random.nextInt(chars.length)] = '\0';
        }
        byte[] clean = encode(chars, variant);
        String context = "seed " + seed + ", " + variant + ", flavour " + flavour;
        assertEquals(clean.length, Utf8ToChars.validUpTo(clean, 0, clean.length, variant), context + ", clean");
        for (String fault : FAMILY_FAULTS) {
          byte[] bad = TestSupport.bytes(fault);
          for (int at = 0; at < Math.min(clean.length, 3 * SLACK); at++) {
            byte[] bytes = clean.clone();
            System.arraycopy(bad, 0, bytes, at, Math.min(bad.length, bytes.length - at));
            String where = context + ", " + fault + " at " + at;
            int end = at + 1 + random.nextInt(SLACK);
            assertEquals(Utf8ToChars.validUpToScalar(bytes, 0, bytes.length, variant),
                Utf8ToChars.validUpTo(bytes, 0, bytes.length, variant), where);
            if (end <= bytes.length) {
              assertEquals(Utf8ToChars.validUpToScalar(bytes, 0, end, variant),
                  Utf8ToChars.validUpTo(bytes, 0, end, variant), where + ", end " + end);
            }
            int begin = 3;
            while ((bytes[begin] & 0xC0) == 0x80) {
              begin++;
            }
            if (at >= begin && Utf8ToChars.validUpToScalar(bytes, 0, begin, variant) == begin) {
              int valid = kernels.validUtf8FamilyPrefix(bytes, begin, bytes.length,
                  variant.surrogatesOneByOne, variant.nulAsTwoBytes);
              int longest = Utf8ToChars.validUpToScalar(bytes, begin, bytes.length, variant);
              assertTrue(valid >= begin && valid <= longest, where + ": vouched up to " + valid + ", well-formed to " + longest);
              assertEquals(valid, Utf8ToChars.validUpToScalar(bytes, begin, valid, variant), where + ": not a boundary");
            }
          }
        }
      }
      // Progress: BMP text with no U+0000 is well-formed UTF-8, and the kernel must get near its end.
      for (int flavour : new int[] {0, 1, 2, 5}) {
        StringBuilder text = new StringBuilder();
        while (text.length() < 4 * SLACK) {
          int codePoint = randomCodePoint(random, flavour);
          text.appendCodePoint(codePoint > 0xFFFF || codePoint == 0 ? 'x' : codePoint);
        }
        byte[] bytes = encode(text.toString().toCharArray(), variant);
        int begin = 3;
        while ((bytes[begin] & 0xC0) == 0x80) {
          begin++;
        }
        int valid = kernels.validUtf8FamilyPrefix(bytes, begin, bytes.length, variant.surrogatesOneByOne, variant.nulAsTwoBytes);
        assertTrue(valid >= bytes.length - SLACK, "seed " + seed + ", " + variant + ", flavour " + flavour
            + ": stopped at " + valid + " of " + bytes.length);
      }
    }
  }

  private static byte[] encode(char[] chars, Utf8Variant variant) {
    byte[] dst = new byte[3 * chars.length];
    long step = CharsToUtf8.encode(chars, 0, chars.length, dst, 0, dst.length, true,
        dev.textwire.ErrorPolicy.STRICT, 0, variant);
    return java.util.Arrays.copyOf(dst, IndexPair.destination(step));
  }

  private static VectorKernels kernels() {
    assumeTrue(VectorTier.enabled(), "vector tier " + VectorTier.describe());
    return VectorTier.KERNELS;
  }

  /** Flavours of random text, for the tests that take them all. */
  private static final int FLAVOURS = 7;

  /**
   * Flavours: mostly ASCII, 2-byte, CJK, emoji pairs, everything mixed, ASCII and 2-byte half and half
   * (words of Cyrillic between spaces), and ASCII alone with no U+0000 (whole vectors of it, which the
   * kernels pass in loops of their own).
   */
  private static int randomCodePoint(SplittableRandom random, int flavour) {
    if (flavour == 6) {
      return 1 + random.nextInt(0x7F);
    }
    int kind = flavour == 5 ? random.nextInt(2)
        : flavour == 4 ? random.nextInt(4) : random.nextInt(10) == 0 ? random.nextInt(4) : flavour;
    switch (kind) {
      case 0:
        return random.nextInt(0x80);
      case 1:
        return 0x80 + random.nextInt(0x800 - 0x80);
      case 2:
        int c = 0x800 + random.nextInt(0x10000 - 0x800 - 0x800);
        return c >= 0xD800 ? c + 0x800 : c;
      default:
        return 0x10000 + random.nextInt(0x100000);
    }
  }

  private static char[] randomChars(SplittableRandom random, int flavour, int length) {
    StringBuilder sb = new StringBuilder(length + 1);
    while (sb.length() < length) {
      sb.appendCodePoint(randomCodePoint(random, flavour));
    }
    return sb.toString().toCharArray();
  }

  private static byte[] randomUtf8(SplittableRandom random, int flavour, int length) {
    StringBuilder sb = new StringBuilder();
    while (sb.length() < length) {
      sb.appendCodePoint(randomCodePoint(random, flavour));
    }
    return sb.toString().getBytes(StandardCharsets.UTF_8);
  }
}
