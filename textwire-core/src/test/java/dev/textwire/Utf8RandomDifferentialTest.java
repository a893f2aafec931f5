package dev.textwire;

import static dev.textwire.TestSupport.seedMessage;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Seeded random differential tests of decoding and validation against the reference decoder and the
 * JDK: random bytes of random lengths, and every corpus file with faults injected at random positions and
 * at positions next to the block and chunk sizes a kernel may use, placed at random array offsets with
 * random bytes after the end. Every failure message names the seed; replay it with
 * {@code -Dtextwire.test.seed=<seed>}.
 */
// Methods two at a time too (junit-platform.properties): among the longest classes, and each method
// keeps its state in its own instance.
@Execution(ExecutionMode.CONCURRENT)
class Utf8RandomDifferentialTest {
  /**
   * Block and chunk sizes a vectorized or chunked kernel may use; faults go right next to multiples. 6144
   * and 16384 are sizes of the implementation's scratch space at the time of writing (3 bytes per char of
   * a 2048-char chunk; the largest reused decode buffer).
   */
  private static final int[] EDGES = {8, 16, 64, 1024, 2048, 4096, 6144, 8192, 16384};

  // -------------------------------------------------------------------------------------------------
  // Random byte arrays

  /** Bytes of one of several flavours: uniform, by table 3-7 class, valid text with noise, mostly ASCII. */
  static byte[] randomBytes(SplittableRandom random, int length) {
    byte[] out = new byte[length];
    switch (random.nextInt(5)) {
      case 0: // uniform
        for (int i = 0; i < length; i++) {
          out[i] = (byte) random.nextInt(256);
        }
        return out;
      case 1: // by byte class: lead bytes, continuation bytes, never-valid bytes in equal measure
        for (int i = 0; i < length; i++) {
          out[i] = (byte) Utf8ExhaustiveTest.randomByte(random);
        }
        return out;
      case 2: // valid text with a few random bytes changed
        {
          byte[] text = randomValidUtf8(random, length);
          int faults = random.nextInt(4);
          for (int f = 0; f < faults && text.length > 0; f++) {
            text[random.nextInt(text.length)] = (byte) Utf8ExhaustiveTest.randomByte(random);
          }
          return text;
        }
      case 3: // valid text, or valid text cut at a random byte (often inside a character)
        {
          byte[] text = randomValidUtf8(random, length);
          return random.nextBoolean() ? text : Arrays.copyOf(text, length);
        }
      default: // ASCII with rare non-ASCII bytes (long ASCII runs, then a surprise)
        for (int i = 0; i < length; i++) {
          out[i] =
              random.nextInt(64) == 0
                  ? (byte) Utf8ExhaustiveTest.randomByte(random)
                  : (byte) (0x20 + random.nextInt(0x5F));
        }
        return out;
    }
  }

  /** Well-formed UTF-8 of about {@code length} bytes, from code points of every length. */
  static byte[] randomValidUtf8(SplittableRandom random, int length) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(length + 4);
    int flavour = random.nextInt(4); // 0 mixed, 1 mostly ASCII, 2 mostly 3-byte, 3 mostly 4-byte
    while (out.size() < length) {
      int cp = randomScalarValue(random, flavour);
      byte[] b = Character.toString(cp).getBytes(UTF_8);
      out.write(b, 0, b.length);
    }
    return out.toByteArray();
  }

  static int randomScalarValue(SplittableRandom random, int flavour) {
    int kind = flavour == 0 ? random.nextInt(4) : random.nextInt(3) == 0 ? random.nextInt(4) : flavour == 1 ? 0 : flavour;
    switch (kind) {
      case 0:
        return random.nextInt(0x80);
      case 1:
        return 0x80 + random.nextInt(0x800 - 0x80);
      case 2:
        {
          int cp = 0x800 + random.nextInt(0x10000 - 0x800 - 0x800);
          return cp >= 0xD800 ? cp + 0x800 : cp; // skip the surrogates
        }
      default:
        return 0x10000 + random.nextInt(0x110000 - 0x10000);
    }
  }

  @Test
  void randomBytesOfRandomLengths() {
    long seed = TestSupport.seed(0xD1FF_0001L);
    SplittableRandom random = new SplittableRandom(seed);
    DecodeCheck check = new DecodeCheck();
    int invalid = 0;
    int truncated = 0;
    for (int iteration = 0; iteration < 40_000; iteration++) {
      int length = iteration % 200 == 199 ? 10_000 + random.nextInt(300) : random.nextInt(301);
      byte[] data = randomBytes(random, length);
      int offset = random.nextInt(4) == 0 ? 0 : 1 + random.nextInt(40);
      int slack = random.nextInt(4) == 0 ? 0 : 1 + random.nextInt(40);
      byte[] src = place(random, data, offset, slack);
      int it = iteration;
      Supplier<String> context =
          () -> seedMessage(seed) + ", iteration " + it + ", offset " + offset + ", length " + data.length;
      boolean buffers = (iteration & 3) == 0 || length >= 10_000;
      Utf8ReferenceDecoder.Error ref = check.check(src, offset, data.length, buffers, context);
      if (ref != null) {
        invalid++;
        if (ref.truncated()) {
          truncated++;
        }
      }
    }
    // The generator reaches every outcome often.
    assertTrue(invalid > 10_000 && invalid < 35_000, seedMessage(seed) + ": " + invalid + " invalid");
    assertTrue(truncated > 500, seedMessage(seed) + ": " + truncated + " truncated");
  }

  /**
   * Copies {@code data} into a new array at {@code offset}, with {@code slack} bytes after it. The
   * bytes around are random, or continuation bytes that would complete a truncated sequence if a decoder
   * read past the end, or lead bytes.
   */
  static byte[] place(SplittableRandom random, byte[] data, int offset, int slack) {
    byte[] src = new byte[offset + data.length + slack];
    int fill = random.nextInt(3);
    for (int i = 0; i < src.length; i++) {
      src[i] =
          (byte)
              (fill == 0
                  ? random.nextInt(256)
                  : fill == 1 ? 0x80 + random.nextInt(0x40) : 0xE0 + random.nextInt(0x15));
    }
    System.arraycopy(data, 0, src, offset, data.length);
    return src;
  }

  // -------------------------------------------------------------------------------------------------
  // Corpus files with injected faults

  static Iterable<Path> corpus() {
    return TestSupport.corpusFiles();
  }

  @ParameterizedTest(name = "{index}: {0}")
  @MethodSource("corpus")
  void corpusFileIsValidAndRoundTrips(Path file) {
    byte[] bytes = TestSupport.read(file);
    String text = new String(bytes, UTF_8);
    String name = TestSupport.corpusName(file);
    assertTrue(Utf8.isValid(bytes), name);
    assertEquals(text, Utf8.decode(bytes), name);
    assertEquals(new TextValidation(bytes.length, 0, bytes.length), Utf8.validate(bytes, 0, bytes.length), name);
    ByteBuffer direct = ByteBuffer.allocateDirect(bytes.length).put(bytes).flip();
    assertEquals(text, Utf8.decode(direct), name);
    assertEquals(bytes.length, Utf8.encodedLength(text), name);
    assertArrayEquals(bytes, Utf8.encode(text), name);
    assertArrayEquals(bytes, Utf8.codec(ErrorPolicy.REPLACE).encode(new StringBuilder(text)), name);
  }

  /** The kinds of fault; each leaves a well-formed or ill-formed input for the oracles to judge. */
  enum Fault {
    REPLACE_BYTE,
    REMOVE_BYTE,
    INSERT_BYTE,
    INSERT_CONTINUATION,
    INSERT_ILL_FORMED_SEQUENCE,
    TRUNCATE
  }

  private static final byte[][] ILL_FORMED = {
    TestSupport.bytes("C0 80"), // overlong NUL
    TestSupport.bytes("E0 80 80"), // overlong
    TestSupport.bytes("ED A0 80"), // surrogate
    TestSupport.bytes("F4 90 80 80"), // above U+10FFFF
    TestSupport.bytes("F8 88 80 80 80"), // old 5-byte form
    TestSupport.bytes("E2 82"), // cut short
    TestSupport.bytes("F0 9F 92"), // cut short
    TestSupport.bytes("FF"),
    TestSupport.bytes("80 BF"),
  };

  @ParameterizedTest(name = "{index}: {0}")
  @MethodSource("corpus")
  void corpusFileWithFaults(Path file) {
    byte[] bytes = TestSupport.read(file);
    String name = TestSupport.corpusName(file);
    long seed = TestSupport.seed(0xC0A7_0000L);
    SplittableRandom random = new SplittableRandom(seed ^ name.hashCode()); // one stream per file
    DecodeCheck check = new DecodeCheck();
    int invalid = 0;
    int variants = 100;
    for (int variant = 0; variant < variants; variant++) {
      // A window of the file starting at a character boundary: mostly up to 20 KB, sometimes all of it.
      int windowLength =
          variant == 0 ? bytes.length : Math.min(bytes.length, 1 + random.nextInt(variant % 3 == 0 ? 20_000 : 9_000));
      int start = random.nextInt(bytes.length - windowLength + 1);
      while (start > 0 && (bytes[start] & 0xC0) == 0x80) {
        start--;
      }
      windowLength = Math.min(windowLength, bytes.length - start);
      byte[] window = Arrays.copyOfRange(bytes, start, start + windowLength);

      StringBuilder faults = new StringBuilder();
      int faultCount = 1 + (variant % 4 == 3 ? random.nextInt(3) : 0);
      for (int f = 0; f < faultCount; f++) {
        Fault fault = Fault.values()[random.nextInt(Fault.values().length)];
        int at = faultPosition(random, window.length, f == 0 && variant % 2 == 0);
        window = inject(random, window, fault, at);
        faults.append(fault).append('@').append(at).append(' ');
      }
      int offset = 1 + random.nextInt(100);
      int slack = random.nextInt(3) == 0 ? 0 : 1 + random.nextInt(40);
      byte[] src = place(random, window, offset, slack);
      int v = variant;
      int windowStart = start;
      int length = window.length;
      Supplier<String> context =
          () ->
              seedMessage(seed)
                  + ", "
                  + name
                  + " variant "
                  + v
                  + ": window at "
                  + windowStart
                  + " of "
                  + length
                  + " bytes, faults "
                  + faults
                  + "placed at array offset "
                  + offset;
      if (check.check(src, offset, window.length, variant % 4 == 0, context) != null) {
        invalid++;
      }
    }
    // Many faults leave valid text (a changed ASCII letter, a cut between characters); enough do not.
    assertTrue(invalid > variants / 4, seedMessage(seed) + ": only " + invalid + " faulty variants were ill-formed");
  }

  /** A position in {@code [0, length]}: uniform, or within 3 bytes of a multiple of a block size. */
  static int faultPosition(SplittableRandom random, int length, boolean nearEdge) {
    if (length == 0) {
      return 0;
    }
    if (nearEdge) {
      for (int attempt = 0; attempt < 8; attempt++) {
        int block = EDGES[random.nextInt(EDGES.length)];
        if (block > length) {
          continue;
        }
        int multiple = block * (1 + random.nextInt(Math.min(length / block, 64)));
        int at = multiple + random.nextInt(7) - 3;
        if (at >= 0 && at <= length) {
          return at;
        }
      }
    }
    return random.nextInt(length + 1);
  }

  static byte[] inject(SplittableRandom random, byte[] data, Fault fault, int at) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(data.length + 8);
    int n = data.length;
    switch (fault) {
      case REPLACE_BYTE:
        if (at == n) {
          at = n - 1;
        }
        if (at < 0) {
          return data;
        }
        {
          byte[] copy = data.clone();
          copy[at] = (byte) (random.nextBoolean() ? random.nextInt(256) : Utf8ExhaustiveTest.randomByte(random));
          return copy;
        }
      case REMOVE_BYTE:
        if (at == n) {
          at = n - 1;
        }
        if (at < 0) {
          return data;
        }
        out.write(data, 0, at);
        out.write(data, at + 1, n - at - 1);
        return out.toByteArray();
      case INSERT_BYTE:
        out.write(data, 0, at);
        out.write(random.nextInt(256));
        out.write(data, at, n - at);
        return out.toByteArray();
      case INSERT_CONTINUATION:
        out.write(data, 0, at);
        out.write(0x80 + random.nextInt(0x40));
        out.write(data, at, n - at);
        return out.toByteArray();
      case INSERT_ILL_FORMED_SEQUENCE:
        {
          byte[] bad = ILL_FORMED[random.nextInt(ILL_FORMED.length)];
          out.write(data, 0, at);
          out.write(bad, 0, bad.length);
          out.write(data, at, n - at);
          return out.toByteArray();
        }
      default: // TRUNCATE: cut the input at the position (mid-character cuts are truncated errors)
        return Arrays.copyOf(data, at);
    }
  }

  private static final String ASCII_RUN = "abcdefghijklmnopqrstuvwxyz0123456789".repeat(2);

  /**
   * The scalar validator takes an ASCII run in one of five ways: a single byte before a sequence, a run
   * shorter than a word ended at the word's first high byte, a word stepped over when one of the three
   * after it is not ASCII, a run of four ASCII words or more (or one near the end) in skipAscii, and
   * near the end a byte at a time. So: a sequence, a run of every length from 0 to 72 (past four words
   * from every alignment, and past skipAscii's block of four), then a sequence, an ill-formed one or
   * the end, cut at every length, with a byte after the region that must not be read.
   */
  @Test
  void asciiRunsOfEveryLengthBetweenSequences() {
    DecodeCheck check = new DecodeCheck();
    String[] sequences = {"\u00e9", "\u4e2d", "\ud83d\ude00"};
    for (String before : sequences) {
      for (int run = 0; run <= 72; run++) {
        byte[] head = (before + ASCII_RUN.substring(0, run)).getBytes(UTF_8);
        List<byte[]> tails = new ArrayList<>();
        for (String after : sequences) {
          tails.add((after + " " + after + "xy").getBytes(UTF_8));
        }
        tails.addAll(Arrays.asList(ILL_FORMED));
        for (byte[] tail : tails) {
          byte[] text = new byte[head.length * 2 + tail.length];
          System.arraycopy(head, 0, text, 0, head.length);
          System.arraycopy(head, 0, text, head.length, head.length);
          System.arraycopy(tail, 0, text, 2 * head.length, tail.length);
          checkEveryCut(
              check,
              text,
              "U+" + Integer.toHexString(before.codePointAt(0)) + " and " + run + " ASCII bytes, twice, then "
                  + TestSupport.hex(tail));
        }
      }
    }
  }

  /**
   * The scalar validator passes a run of 2-byte sequences in a loop of its own, which stops at the first
   * byte pair that is not one. So: ASCII or nothing, then 0 to 20 two-byte sequences, then each way such a
   * run ends (ASCII, a 3- or 4-byte sequence, a lone lead, a lead with a bad second byte, each ill-formed
   * sequence), cut at every length, with a byte after the region that would complete a cut sequence.
   */
  @Test
  void twoByteRunsOfEveryLengthThenEveryEnding() {
    DecodeCheck check = new DecodeCheck();
    List<byte[]> endings = new ArrayList<>();
    for (String after : new String[] {"a", "ab cd", "\u4e2d", "\ud83d\ude00", "\u00ff\u0416"}) {
      endings.add(after.getBytes(UTF_8));
    }
    endings.add(TestSupport.bytes("C3"));
    endings.add(TestSupport.bytes("C3 41"));
    endings.add(TestSupport.bytes("C3 C3 A9"));
    endings.add(TestSupport.bytes("DF C0"));
    endings.add(TestSupport.bytes("C1 BF"));
    endings.addAll(Arrays.asList(ILL_FORMED));
    for (String before : new String[] {"", "x"}) {
      for (int run = 0; run <= 20; run++) {
        StringBuilder text = new StringBuilder(before);
        for (int k = 0; k < run; k++) {
          text.append(k % 3 == 0 ? '\u00e9' : k % 3 == 1 ? '\u0416' : '\u07ff');
        }
        byte[] head = text.toString().getBytes(UTF_8);
        for (byte[] ending : endings) {
          byte[] all = new byte[head.length + ending.length];
          System.arraycopy(head, 0, all, 0, head.length);
          System.arraycopy(ending, 0, all, head.length, ending.length);
          checkEveryCut(
              check, all, "'" + before + "' and " + run + " two-byte sequences, then " + TestSupport.hex(ending));
        }
      }
    }
  }

  /**
   * {@code text} cut at every length, at array offsets 0 and 3, with a byte after it (0x80, which would
   * complete a cut sequence) that the validator must not read.
   */
  private static void checkEveryCut(DecodeCheck check, byte[] text, String what) {
    for (int offset : new int[] {0, 3}) {
      byte[] src = new byte[offset + text.length + 1];
      System.arraycopy(text, 0, src, offset, text.length);
      src[src.length - 1] = (byte) 0x80;
      for (int length = 0; length <= text.length; length++) {
        int at = offset;
        int cut = length;
        check.check(
            src, offset, length, offset > 0 && length == text.length,
            () -> what + ", array offset " + at + ", cut at " + cut);
      }
    }
  }

  /** Each ill-formed sequence inserted right at each block edge of ASCII, 2-, 3- and 4-byte text. */
  @Test
  void singleFaultAtEveryBlockEdge() {
    DecodeCheck check = new DecodeCheck();
    String[] fillers = {"a", "\u00e9", "\u4e2d", "\ud83d\ude00"};
    for (String filler : fillers) {
      for (int block : EDGES) {
        int multiples = block <= 1024 ? 3 : 1;
        byte[] unit = filler.getBytes(UTF_8);
        byte[] text = filler.repeat((multiples * block + 16) / unit.length + 1).getBytes(UTF_8);
        for (int multiple = block; multiple <= multiples * block; multiple += block) {
          for (int delta = -2; delta <= 2; delta++) {
            int at = multiple + delta;
            for (byte[] bad : ILL_FORMED) {
              byte[] faulty = new byte[text.length + bad.length];
              System.arraycopy(text, 0, faulty, 0, at);
              System.arraycopy(bad, 0, faulty, at, bad.length);
              System.arraycopy(text, at, faulty, at + bad.length, text.length - at);
              for (int offset : new int[] {0, 3}) {
                byte[] src = new byte[offset + faulty.length + 1];
                System.arraycopy(faulty, 0, src, offset, faulty.length);
                src[src.length - 1] = (byte) 0x80;
                String what =
                    "filler U+" + Integer.toHexString(filler.codePointAt(0)) + ", "
                        + TestSupport.hex(bad) + " inserted at " + at + ", array offset " + offset;
                check.check(src, offset, faulty.length, offset > 0, () -> what);
                // Also cut short right after the inserted bytes, and right inside them.
                check.check(src, offset, at + bad.length, false, () -> what + ", cut after");
                check.check(src, offset, at + 1, false, () -> what + ", cut inside");
              }
            }
          }
        }
      }
    }
  }
}
