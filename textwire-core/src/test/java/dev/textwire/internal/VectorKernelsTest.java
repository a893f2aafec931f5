package dev.textwire.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.textwire.TestSupport;
import java.nio.charset.StandardCharsets;
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
    for (int flavour = 0; flavour < 5; flavour++) {
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

  private static void checkValid(VectorKernels kernels, byte[] bytes, int begin, int end, String context) {
    int valid = kernels.validUtf8Prefix(bytes, begin, end);
    int longest = Utf8ToChars.validUpToScalar(bytes, begin, end);
    assertTrue(valid >= begin && valid <= longest,
        context + ": vouched up to " + valid + ", but only [" + begin + ", " + longest + ") is well-formed");
    assertEquals(valid, Utf8ToChars.validUpToScalar(bytes, begin, valid),
        context + ": " + valid + " is not at the end of a sequence");
    assertTrue(valid >= longest - SLACK, context + ": stopped at " + valid + ", far before " + longest);
  }

  private static VectorKernels kernels() {
    assumeTrue(VectorTier.enabled(), "vector tier " + VectorTier.describe());
    return VectorTier.KERNELS;
  }

  /** Flavours: mostly ASCII, 2-byte, CJK, emoji pairs, everything mixed. */
  private static int randomCodePoint(SplittableRandom random, int flavour) {
    int kind = flavour == 4 ? random.nextInt(4) : random.nextInt(10) == 0 ? random.nextInt(4) : flavour;
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
