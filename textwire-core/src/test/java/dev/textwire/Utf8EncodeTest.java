package dev.textwire;

import static dev.textwire.TestSupport.hex;
import static dev.textwire.TestSupport.seedMessage;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.textwire.TestSupport.NamedText;
import java.nio.ByteBuffer;
import java.nio.ReadOnlyBufferException;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * Encoding and encoded length under every policy, from every kind of CharSequence, into arrays and
 * heap, sliced, direct and read-only buffers, against the reference encoder and the JDK: seeded random
 * strings with supplementary pairs and unpaired surrogates everywhere, including next to the chunk sizes
 * a kernel may use and at the ends of begin/end ranges; destinations that are too small; texts of 100,000
 * chars; a CharSequence that encodes on the same thread from its charAt; lengths above 2^31 - 1.
 *
 * <p>For every range and policy the expected bytes come from {@link Utf8ReferenceEncoder}, which for
 * REPLACE_WITH_QUESTION_MARK must equal {@code String.getBytes(UTF_8)}; STRICT must equal the JDK's bytes
 * when no surrogate is unpaired, else throw with the char index of the first unpaired one.
 */
// Methods two at a time too (junit-platform.properties): among the longest classes, and each method
// keeps its state in its own instance.
@Execution(ExecutionMode.CONCURRENT)
class Utf8EncodeTest {
  private static final ErrorPolicy[] POLICIES = ErrorPolicy.values();

  /** Char positions next to which kernels may change chunk or block. */
  private static final int[] CHUNK_EDGES = {
    0, 1, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 1023, 1024, 1025, 2047, 2048, 2049, 4095, 4096, 4097,
    8191, 8192, 8193
  };

  // -------------------------------------------------------------------------------------------------
  // The check of one text range under every policy, every CharSequence kind and every destination

  /** Encodes {@code text[begin, end)} every way and compares with the oracles. */
  static final class EncodeCheck {
    final SplittableRandom random;

    EncodeCheck(SplittableRandom random) {
      this.random = random;
    }

    /** All CharSequence kinds if {@code allKinds}, else String plus one other kind chosen at random. */
    void check(String s, int begin, int end, boolean allKinds, Supplier<String> context) {
      List<NamedText> kinds = TestSupport.charSequences(s);
      if (!allKinds) {
        kinds = List.of(kinds.get(0), kinds.get(1 + random.nextInt(kinds.size() - 1)));
      }
      String jdkSubstring = s.substring(begin, end);
      byte[] jdkBytes = jdkSubstring.getBytes(UTF_8);
      int unpaired = Utf8ReferenceEncoder.firstUnpairedSurrogate(s, begin, end);
      for (ErrorPolicy policy : POLICIES) {
        byte[] expected =
            policy == ErrorPolicy.STRICT
                ? (unpaired < 0 ? jdkBytes : null)
                : Utf8ReferenceEncoder.encode(s, begin, end, policy);
        if (policy == ErrorPolicy.REPLACE_WITH_QUESTION_MARK && !Arrays.equals(expected, jdkBytes)) {
          throw new AssertionError(context.get() + ": the reference encoder differs from String.getBytes");
        }
        for (NamedText kind : kinds) {
          Supplier<String> ctx =
              () -> context.get() + ", range [" + begin + ", " + end + "), " + policy + ", " + kind.kind();
          if (expected == null) {
            checkStrictError(kind.text(), begin, end, unpaired, ctx);
          } else {
            checkEncode(Utf8.codec(policy), kind.text(), begin, end, expected, ctx);
            if (policy == ErrorPolicy.STRICT) {
              checkEncode(null, kind.text(), begin, end, expected, ctx); // the static methods
            }
          }
        }
      }
    }

    private void checkStrictError(CharSequence cs, int begin, int end, int unpaired, Supplier<String> ctx) {
      TextCodec strict = Utf8.codec(ErrorPolicy.STRICT);
      expectUnpaired(unpaired, () -> strict.encodedLength(cs, begin, end), ctx, "encodedLength(range)");
      expectUnpaired(unpaired, () -> Utf8.encodedLength(cs, begin, end), ctx, "Utf8.encodedLength(range)");
      byte[] dst = new byte[4 * (end - begin) + 8];
      expectUnpaired(unpaired, () -> Utf8.encode(cs, begin, end, dst, 2), ctx, "encode(range, byte[])");
      expectUnpaired(
          unpaired, () -> strict.encode(cs, begin, end, ByteBuffer.wrap(dst)), ctx, "encode(range, heap)");
      ByteBuffer direct = ByteBuffer.allocateDirect(dst.length).position(3);
      expectUnpaired(unpaired, () -> Utf8.encode(cs, begin, end, direct), ctx, "encode(range, direct)");
      if (begin == 0 && end == cs.length()) {
        expectUnpaired(unpaired, () -> Utf8.encodedLength(cs), ctx, "encodedLength(all)");
        expectUnpaired(unpaired, () -> Utf8.encode(cs), ctx, "encode(all)");
        expectUnpaired(unpaired, () -> strict.encode(cs, dst, 1), ctx, "encode(all, byte[])");
        expectUnpaired(unpaired, () -> Utf8.encode(cs, ByteBuffer.wrap(dst)), ctx, "encode(all, heap)");
      }
    }

    private static void expectUnpaired(int index, Runnable encode, Supplier<String> ctx, String what) {
      MalformedTextException e;
      try {
        encode.run();
        throw new AssertionError(ctx.get() + ": " + what + " did not throw; unpaired surrogate at " + index);
      } catch (MalformedTextException thrown) {
        e = thrown;
      }
      if (e.charIndex() != index || e.byteOffset() != -1 || e.malformedLength() != 1 || e.isTruncated()) {
        AssertionError error =
            new AssertionError(
                ctx.get()
                    + ": "
                    + what
                    + " threw charIndex="
                    + e.charIndex()
                    + " byteOffset="
                    + e.byteOffset()
                    + " malformedLength="
                    + e.malformedLength()
                    + " truncated="
                    + e.isTruncated()
                    + "; expected charIndex="
                    + index);
        error.initCause(e);
        throw error;
      }
    }

    /** {@code codec} null means the static methods of {@link Utf8}. */
    private void checkEncode(
        TextCodec codec, CharSequence cs, int begin, int end, byte[] expected, Supplier<String> ctx) {
      int n = expected.length;
      boolean all = begin == 0 && end == cs.length();
      Supplier<String> c = codec == null ? () -> ctx.get() + ", Utf8 static" : ctx;

      same(n, codec == null ? Utf8.encodedLength(cs, begin, end) : codec.encodedLength(cs, begin, end), c,
          "encodedLength(range)");
      if (all) {
        same(n, codec == null ? Utf8.encodedLength(cs) : codec.encodedLength(cs), c, "encodedLength(all)");
        byte[] bytes = codec == null ? Utf8.encode(cs) : codec.encode(cs);
        sameBytes(expected, bytes, 0, c, "encode(all)");
      }

      // byte[] at an offset, with bytes before and after that must stay as they were.
      int offset = 1 + random.nextInt(24);
      byte[] dst = pattern(offset + n + random.nextInt(24));
      byte[] before = dst.clone();
      int written =
          codec == null
              ? Utf8.encode(cs, begin, end, dst, offset)
              : codec.encode(cs, begin, end, dst, offset);
      same(n, written, c, "encode(range, byte[]) result");
      sameBytes(expected, dst, offset, c, "encode(range, byte[])");
      untouched(before, dst, 0, offset, c, "encode(range, byte[]) before the offset");
      untouched(before, dst, offset + n, dst.length, c, "encode(range, byte[]) after the bytes written");
      if (all) {
        byte[] dst2 = before.clone();
        same(n, codec == null ? Utf8.encode(cs, dst2, offset) : codec.encode(cs, dst2, offset), c,
            "encode(all, byte[]) result");
        sameBytes(expected, dst2, offset, c, "encode(all, byte[])");
        untouched(before, dst2, offset + n, dst2.length, c, "encode(all, byte[]) after the bytes written");
      }
      // Exactly full, at the very end of the array.
      byte[] exact = new byte[offset + n];
      same(n, encodeInto(codec, cs, begin, end, exact, offset), c, "encode(range, byte[] exactly full)");
      sameBytes(expected, exact, offset, c, "encode(range, byte[] exactly full)");

      // Buffers: heap, heap slice with arrayOffset != 0, direct; the position starts past 0.
      for (int kind = 0; kind < 3; kind++) {
        int position = random.nextInt(16);
        int slack = random.nextInt(16);
        byte[] backing = pattern(8 + position + n + slack);
        byte[] original = backing.clone();
        ByteBuffer buffer;
        String name;
        if (kind == 0) {
          buffer = ByteBuffer.wrap(backing);
          name = "heap buffer";
        } else if (kind == 1) {
          buffer = ByteBuffer.wrap(backing, 8, backing.length - 8).slice(); // arrayOffset() == 8
          name = "heap slice";
        } else {
          buffer = ByteBuffer.allocateDirect(backing.length).put(backing).clear();
          name = "direct buffer";
        }
        int base = kind == 1 ? 8 : 0; // index of buffer index 0 in backing
        buffer.position(position);
        int limit = buffer.limit();
        int r =
            codec == null ? Utf8.encode(cs, begin, end, buffer) : codec.encode(cs, begin, end, buffer);
        same(n, r, c, "encode(range, " + name + ") result");
        same(position + n, buffer.position(), c, "position after encode(range, " + name + ")");
        same(limit, buffer.limit(), c, "limit after encode(range, " + name + ")");
        byte[] content = kind == 2 ? contents(buffer) : backing;
        sameBytes(expected, content, base + position, c, "encode(range, " + name + ")");
        untouched(original, content, 0, base + position, c, name + " before the position");
        untouched(original, content, base + position + n, content.length, c, name + " after the bytes written");
        if (all) {
          buffer.position(position);
          same(n, codec == null ? Utf8.encode(cs, buffer) : codec.encode(cs, buffer), c,
              "encode(all, " + name + ")");
          same(position + n, buffer.position(), c, "position after encode(all, " + name + ")");
          sameBytes(expected, kind == 2 ? contents(buffer) : backing, base + position, c, "encode(all, " + name + ")");
        }
      }

      if (n > 0) {
        // Read-only buffers refuse, heap or direct.
        ByteBuffer readOnly =
            random.nextBoolean()
                ? ByteBuffer.wrap(new byte[n + 4]).asReadOnlyBuffer()
                : ByteBuffer.allocateDirect(n + 4).asReadOnlyBuffer();
        try {
          encodeInto(codec, cs, begin, end, readOnly);
          throw new AssertionError(c.get() + ": encode into a read-only buffer did not throw");
        } catch (ReadOnlyBufferException expectedException) {
          same(0, readOnly.position(), c, "position of the read-only buffer");
        }
        checkTooSmall(codec, cs, begin, end, n, c);
      }
    }

    private void checkTooSmall(TextCodec codec, CharSequence cs, int begin, int end, int n, Supplier<String> c) {
      // Too small by one byte, or by a random amount; the offset may be the end of the array.
      int missing = random.nextBoolean() ? 1 : 1 + random.nextInt(n);
      int offset = random.nextInt(8);
      byte[] dst = pattern(offset + n - missing);
      byte[] before = dst.clone();
      BufferTooSmallException e;
      try {
        encodeInto(codec, cs, begin, end, dst, offset);
        throw new AssertionError(c.get() + ": encode into " + (n - missing) + " bytes for " + n + " did not throw");
      } catch (BufferTooSmallException thrown) {
        e = thrown;
      }
      same((long) n, e.requiredBytes(), c, "requiredBytes() for byte[]");
      same((long) (n - missing), e.availableBytes(), c, "availableBytes() for byte[]");
      untouched(before, dst, 0, offset, c, "byte[] before the offset after BufferTooSmallException");

      // A buffer whose limit is before its capacity: nothing at or after the limit, or before the
      // position, may change, and the position stays.
      int position = random.nextInt(8);
      byte[] backing = pattern(position + n - missing + 8);
      byte[] original = backing.clone();
      boolean direct = random.nextBoolean();
      ByteBuffer buffer = direct ? ByteBuffer.allocateDirect(backing.length).put(backing).clear() : ByteBuffer.wrap(backing);
      buffer.limit(position + n - missing).position(position);
      try {
        encodeInto(codec, cs, begin, end, buffer);
        throw new AssertionError(c.get() + ": encode into a buffer with " + (n - missing) + " bytes for " + n + " did not throw");
      } catch (BufferTooSmallException thrown) {
        e = thrown;
      }
      same((long) n, e.requiredBytes(), c, "requiredBytes() for a buffer");
      same((long) (n - missing), e.availableBytes(), c, "availableBytes() for a buffer");
      same(position, buffer.position(), c, "position after BufferTooSmallException");
      same(position + n - missing, buffer.limit(), c, "limit after BufferTooSmallException");
      byte[] content = direct ? contents(buffer) : backing;
      untouched(original, content, 0, position, c, "buffer before the position after BufferTooSmallException");
      untouched(original, content, position + n - missing, content.length, c,
          "buffer at and after the limit after BufferTooSmallException");
    }

    private static int encodeInto(TextCodec codec, CharSequence cs, int begin, int end, byte[] dst, int offset) {
      return codec == null ? Utf8.encode(cs, begin, end, dst, offset) : codec.encode(cs, begin, end, dst, offset);
    }

    private static int encodeInto(TextCodec codec, CharSequence cs, int begin, int end, ByteBuffer dst) {
      return codec == null ? Utf8.encode(cs, begin, end, dst) : codec.encode(cs, begin, end, dst);
    }

    /** Random bytes to fill destinations with, so that any stray write shows. */
    private static final byte[] NOISE = new byte[1 << 17];

    static {
      new java.util.Random(42).nextBytes(NOISE);
    }

    private byte[] pattern(int length) {
      byte[] b = new byte[length];
      for (int at = 0; at < length; ) {
        int from = random.nextInt(NOISE.length);
        int n = Math.min(length - at, NOISE.length - from);
        System.arraycopy(NOISE, from, b, at, n);
        at += n;
      }
      return b;
    }

    static byte[] contents(ByteBuffer buffer) {
      ByteBuffer d = buffer.duplicate().clear();
      byte[] out = new byte[d.capacity()];
      d.get(out);
      return out;
    }
  }

  static void same(Object expected, Object actual, Supplier<String> ctx, String what) {
    if (!expected.equals(actual)) {
      throw new AssertionError(ctx.get() + ": " + what + " is " + actual + ", expected " + expected);
    }
  }

  static void sameBytes(byte[] expected, byte[] actual, int at, Supplier<String> ctx, String what) {
    if (actual.length < at + expected.length
        || !Arrays.equals(expected, 0, expected.length, actual, at, at + expected.length)) {
      int i = 0;
      while (i < expected.length && at + i < actual.length && expected[i] == actual[at + i]) {
        i++;
      }
      int from = Math.max(0, i - 6);
      int to = Math.min(expected.length, i + 6);
      throw new AssertionError(
          ctx.get()
              + ": "
              + what
              + " differs at byte "
              + i
              + " of "
              + expected.length
              + ": expected ..."
              + hex(expected, from, to - from)
              + "... got ..."
              + hex(actual, at + from, Math.max(0, Math.min(actual.length - at - from, to - from)))
              + "...");
    }
  }

  static void untouched(byte[] original, byte[] actual, int from, int to, Supplier<String> ctx, String what) {
    for (int i = from; i < to; i++) {
      if (original[i] != actual[i]) {
        throw new AssertionError(
            ctx.get() + ": " + what + ": byte " + i + " changed from " + hex(original, i, 1) + " to " + hex(actual, i, 1));
      }
    }
  }

  // -------------------------------------------------------------------------------------------------
  // Random text

  /** Kinds of text unit; weights depend on the flavour of the string. */
  static void appendRandomUnit(SplittableRandom random, StringBuilder sb, int flavour) {
    int kind;
    if (flavour == 0) { // mostly ASCII
      kind = random.nextInt(40) == 0 ? 1 + random.nextInt(7) : 0;
    } else if (flavour == 1) { // surrogate heavy
      kind = 4 + random.nextInt(4);
    } else if (flavour == 2) { // Latin-1 only: a String stored as one byte per char
      kind = random.nextInt(3) == 0 ? 1 : 0;
    } else { // everything
      kind = random.nextInt(8);
    }
    switch (kind) {
      case 0: // ASCII
        sb.append((char) random.nextInt(0x80));
        break;
      case 1: // Latin-1
        sb.append((char) (0x80 + random.nextInt(0x80)));
        break;
      case 2: // 2-byte
        sb.append((char) (0x80 + random.nextInt(0x800 - 0x80)));
        break;
      case 3: // 3-byte BMP, not a surrogate
        {
          int c = 0x800 + random.nextInt(0x10000 - 0x800 - 0x800);
          sb.append((char) (c >= 0xD800 ? c + 0x800 : c));
          break;
        }
      case 4: // supplementary pair
        sb.appendCodePoint(0x10000 + random.nextInt(0x100000));
        break;
      case 5: // lone high surrogate
        sb.append((char) (0xD800 + random.nextInt(0x400)));
        break;
      case 6: // lone low surrogate
        sb.append((char) (0xDC00 + random.nextInt(0x400)));
        break;
      default: // a pair in the wrong order: two unpaired surrogates
        sb.append((char) (0xDC00 + random.nextInt(0x400))).append((char) (0xD800 + random.nextInt(0x400)));
        break;
    }
  }

  static String randomText(SplittableRandom random, int length) {
    StringBuilder sb = new StringBuilder(length + 2);
    int flavour = random.nextInt(4);
    while (sb.length() < length) {
      appendRandomUnit(random, sb, flavour);
    }
    return sb.toString();
  }

  @Test
  void randomStringsAndRanges() {
    long seed = TestSupport.seed(0xE4C0_0001L);
    SplittableRandom random = new SplittableRandom(seed);
    EncodeCheck check = new EncodeCheck(random);
    for (int iteration = 0; iteration < 6_000; iteration++) {
      int length = iteration % 500 == 499 ? 5_000 + random.nextInt(5_000) : random.nextInt(200);
      String s = randomText(random, length);
      int it = iteration;
      Supplier<String> context = () -> seedMessage(seed) + ", iteration " + it + ", length " + s.length();
      check.check(s, 0, s.length(), iteration % 8 == 0, context);
      // A random range, often starting or ending inside a pair.
      int begin = random.nextInt(s.length() + 1);
      int end = begin + random.nextInt(s.length() - begin + 1);
      check.check(s, begin, end, false, context);
    }
  }

  /** Texts of one kind of character, with unpaired surrogates and split pairs at every chunk edge. */
  @Test
  void surrogatesAtChunkEdges() {
    long seed = TestSupport.seed(0xE4C0_0002L);
    SplittableRandom random = new SplittableRandom(seed);
    EncodeCheck check = new EncodeCheck(random);
    String[] fillers = {"a", "\u00e9", "\u0800", "\uffff", "\ud83d\ude00", "a\u00e9\u4e2d\ud83d\ude00"};
    char[] intruders = {'\uD800', '\uDBFF', '\uDC00', '\uDFFF'};
    for (String filler : fillers) {
      String base = filler.repeat(8300 / filler.length());
      for (int edge : CHUNK_EDGES) {
        for (int delta = -1; delta <= 1; delta++) {
          int at = edge + delta;
          if (at < 0 || at >= base.length()) {
            continue;
          }
          String what = "filler " + TestSupport.codePoints(filler) + ", at " + at;
          Supplier<String> ctx = () -> seedMessage(seed) + ", " + what;
          // An unpaired surrogate replacing the char there (which may itself leave half a pair).
          char intruder = intruders[random.nextInt(intruders.length)];
          StringBuilder sb = new StringBuilder(base);
          sb.setCharAt(at, intruder);
          String s = sb.toString();
          int end = Math.min(s.length(), at + 1 + random.nextInt(40));
          check.check(s, 0, end, delta == 0, () -> ctx.get() + ", " + Integer.toHexString(intruder));
          // A pair straddling the edge: high at at-1, low at at.
          if (at > 0) {
            StringBuilder pair = new StringBuilder(base.substring(0, at + 20));
            pair.setCharAt(at - 1, '\uD83D');
            pair.setCharAt(at, '\uDE00');
            String p = pair.toString();
            check.check(p, 0, p.length(), false, () -> ctx.get() + ", pair straddling");
            // The range ends between its halves, or begins between them: both halves are then unpaired.
            check.check(p, 0, at, false, () -> ctx.get() + ", range ends inside the pair");
            check.check(p, at, p.length(), false, () -> ctx.get() + ", range begins inside the pair");
          }
        }
      }
    }
    // Ranges beginning and ending at each edge, in random text with unpaired surrogates anywhere, and
    // Latin-1 text (one byte per char in a String) ending at the edge.
    for (int edge : CHUNK_EDGES) {
      for (int delta = -1; delta <= 1; delta++) {
        int at = Math.max(0, edge + delta);
        String r = randomText(random, at + 40);
        Supplier<String> ctx = () -> seedMessage(seed) + ", random text, edge at " + at;
        check.check(r, at, r.length(), false, () -> ctx.get() + ", from the edge");
        check.check(r, 0, at, false, () -> ctx.get() + ", up to the edge");
        StringBuilder latin1 = new StringBuilder(at + 1);
        while (latin1.length() < at) {
          appendRandomUnit(random, latin1, 2);
        }
        check.check(latin1.toString(), 0, at, false, () -> ctx.get() + ", Latin-1 text up to the edge");
      }
    }
  }

  /**
   * Runs of surrogate pairs (counted a run at a time by the length kernel) broken by an unpaired
   * surrogate, a reversed pair or a BMP char at every position of the run, after and before each kind
   * of neighbour.
   */
  @Test
  void pairRunsBrokenAtEveryPosition() {
    long seed = TestSupport.seed(0xE4C0_0003L);
    SplittableRandom random = new SplittableRandom(seed);
    EncodeCheck check = new EncodeCheck(random);
    String[] neighbours = {"", "a", "\u00e9", "\u4e2d"};
    String[] breakers = {"\uD800", "\uDBFF", "\uDC00", "\uDFFF", "\uDC00\uD800", "x", "\u4e2d"};
    for (int pairs = 1; pairs <= 24; pairs++) {
      String run = "\uD83D\uDE00".repeat(pairs);
      for (String neighbour : neighbours) {
        for (String breaker : breakers) {
          for (int at = 0; at <= run.length(); at++) {
            // Inserted at a char index: between the halves of a pair at odd indices, so those halves
            // become unpaired too.
            String s = neighbour + run.substring(0, at) + breaker + run.substring(at) + neighbour;
            String what = pairs + " pairs, " + TestSupport.codePoints(breaker) + " at " + at
                + ", neighbour " + TestSupport.codePoints(neighbour);
            check.check(s, 0, s.length(), at % 4 == 0, () -> seedMessage(seed) + ", " + what);
          }
        }
        String whole = neighbour + run + neighbour;
        check.check(whole, 0, whole.length(), true, () -> seedMessage(seed) + ", unbroken run of " + run.length());
      }
    }
  }

  @Test
  void highSurrogateAtEndOfRangeIsUnpaired() {
    String s = "ab\uD83D\uDE00cd";
    // [0, 3) ends between the halves of U+1F600.
    MalformedTextException e = assertThrows(MalformedTextException.class, () -> Utf8.encodedLength(s, 0, 3));
    assertEquals(2, e.charIndex());
    e = assertThrows(MalformedTextException.class, () -> Utf8.encode(s, 0, 3, new byte[16], 0));
    assertEquals(2, e.charIndex());
    assertArrayEquals(TestSupport.bytes("61 62 EF BF BD"), encodeRange(ErrorPolicy.REPLACE, s, 0, 3));
    assertArrayEquals("ab?".getBytes(UTF_8), encodeRange(ErrorPolicy.REPLACE_WITH_QUESTION_MARK, s, 0, 3));
    assertArrayEquals("ab\uD83D".getBytes(UTF_8), encodeRange(ErrorPolicy.REPLACE_WITH_QUESTION_MARK, s, 0, 3));
    // [3, 6) begins between them: the low surrogate is unpaired, at its index in the whole sequence.
    e = assertThrows(MalformedTextException.class, () -> Utf8.encode(s, 3, 6, ByteBuffer.allocate(16)));
    assertEquals(3, e.charIndex());
    assertArrayEquals(TestSupport.bytes("EF BF BD 63 64"), encodeRange(ErrorPolicy.REPLACE, s, 3, 6));
    // [2, 4) holds the whole pair.
    assertArrayEquals(TestSupport.bytes("F0 9F 98 80"), Utf8.codec(ErrorPolicy.STRICT).encode(s.substring(2, 4)));
    assertEquals(4, Utf8.encodedLength(s, 2, 4));
    for (NamedText kind : TestSupport.charSequences(s)) {
      assertEquals(5, Utf8.codec(ErrorPolicy.REPLACE).encodedLength(kind.text(), 0, 3), kind.kind());
      assertEquals(3, Utf8.codec(ErrorPolicy.REPLACE_WITH_QUESTION_MARK).encodedLength(kind.text(), 0, 3), kind.kind());
      MalformedTextException k =
          assertThrows(MalformedTextException.class, () -> Utf8.encodedLength(kind.text(), 1, 3), kind.kind());
      assertEquals(2, k.charIndex(), kind.kind());
    }
  }

  private static byte[] encodeRange(ErrorPolicy policy, String s, int begin, int end) {
    TextCodec codec = Utf8.codec(policy);
    byte[] out = new byte[codec.encodedLength(s, begin, end)];
    assertEquals(out.length, codec.encode(s, begin, end, out, 0));
    return out;
  }

  /** Texts of 100,000 chars, which span many chunks, under every policy. */
  @Test
  void longTexts() {
    long seed = TestSupport.seed(0xE4C0_0003L);
    SplittableRandom random = new SplittableRandom(seed);
    EncodeCheck check = new EncodeCheck(random);
    for (int i = 0; i < 7; i++) {
      String s;
      if (i == 0) {
        s = "The quick brown fox jumps over the lazy dog. ".repeat(100_000 / 45 + 1).substring(0, 100_000);
      } else if (i == 5) {
        String unit = "d\u00e9j\u00e0 vu, \u00ff \u00a1ol\u00e9! "; // Latin-1: one byte per char
        s = unit.repeat(100_000 / unit.length() + 1).substring(0, 100_000);
      } else if (i == 1) {
        String unit = "\u00e9t\u00e9 \u4e2d\u6587 \ud83d\ude00 ";
        s = unit.repeat(100_000 / unit.length() + 1).substring(0, 100_000);
      } else if (i == 2) {
        // Valid except for one unpaired surrogate far in.
        StringBuilder sb = new StringBuilder("\u4e2d\u6587\ud83d\ude00".repeat(25_000));
        sb.setCharAt(99_003, 'x'); // replaces the low half of the pair at 99,002: an unpaired high surrogate
        s = sb.toString();
      } else {
        s = randomText(random, 100_000);
      }
      String text = s;
      int n = i;
      check.check(text, 0, text.length(), i < 3 || i == 5, () -> seedMessage(seed) + ", long text " + n);
      int begin = random.nextInt(1000);
      check.check(text, begin, text.length() - random.nextInt(1000), false,
          () -> seedMessage(seed) + ", long text " + n + " range");
    }
  }

  /** The encoder also agrees with the JDK on the real text of the corpus. */
  @Test
  void corpusTexts() {
    SplittableRandom random = new SplittableRandom(1);
    EncodeCheck check = new EncodeCheck(random);
    for (java.nio.file.Path file : TestSupport.corpusFiles()) {
      String text = new String(TestSupport.read(file), UTF_8);
      int end = Math.min(text.length(), 30_000);
      check.check(text, 0, end, false, () -> TestSupport.corpusName(file));
    }
  }

  /**
   * A CharSequence may run any code in charAt, including encoding other text on the same thread (a
   * rope measuring its parts, a logging wrapper). Per-thread scratch space must not leak between the
   * outer and the inner call.
   */
  @Test
  void reentrantCharSequence() {
    String base = "h\u00e9llo w\u00f6rld \u4e2d\u6587 \ud83d\ude00 ".repeat(200); // > one 2048-char chunk
    String inner = "\u4e2d\u6587xyz\u00e9".repeat(500);
    CharSequence reentrant =
        new CharSequence() {
          @Override
          public int length() {
            return base.length();
          }

          @Override
          public char charAt(int index) {
            if (index % 97 == 0) {
              assertEquals(2_500 * 2 + 500, Utf8.encodedLength(inner));
              assertEquals(5_500, Utf8.encode(new StringBuilder(inner), new byte[6_000], 0));
            }
            return base.charAt(index);
          }

          @Override
          public CharSequence subSequence(int start, int end) {
            return base.subSequence(start, end);
          }

          @Override
          public String toString() {
            return base;
          }
        };
    byte[] expected = base.getBytes(UTF_8);
    assertEquals(expected.length, Utf8.encodedLength(reentrant));
    assertEquals(hex(expected, 0, 64), hex(Utf8.encode(reentrant), 0, 64));
    assertArrayEquals(expected, Utf8.encode(reentrant));
    ByteBuffer direct = ByteBuffer.allocateDirect(expected.length);
    Utf8.encode(reentrant, direct);
    assertArrayEquals(expected, EncodeCheck.contents(direct));
  }

  /**
   * Lengths above 2^31 - 1 bytes cannot be returned as an int: encodedLength and encode say so with an
   * IllegalArgumentException instead of overflowing, on every access path. Needs a 1 GiB string.
   */
  @Test
  @ResourceLock("heap") // needs 3 GiB: not beside the other test that does
  void lengthAboveIntegerMaxValueIsRejected() {
    org.junit.jupiter.api.Assumptions.assumeTrue(
        Runtime.getRuntime().maxMemory() >= 3L << 30, "needs a heap of 3 GiB for a 1 GiB string");
    int n = (1 << 30) + 8; // chars of U+00E9, two bytes each: 2^31 + 16 bytes
    String s = "\u00e9".repeat(n);
    try {
      // Every policy takes the same path for Latin-1 text; each call scans a gigabyte, so one each.
      assertThrows(IllegalArgumentException.class, () -> Utf8.encodedLength(s));
      assertThrows(IllegalArgumentException.class, () -> Utf8.codec(ErrorPolicy.REPLACE).encode(s));
      BufferTooSmallException e =
          assertThrows(BufferTooSmallException.class, () -> Utf8.encode(s, new byte[16], 0));
      assertEquals(2L * n, e.requiredBytes());
    } finally {
      System.gc(); // give the gigabyte back before the next test
    }
  }

  @Test
  void emptyTextFitsAnywhere() {
    for (ErrorPolicy policy : POLICIES) {
      TextCodec codec = Utf8.codec(policy);
      assertEquals(0, codec.encodedLength(""));
      assertArrayEquals(new byte[0], codec.encode(""));
      assertEquals(0, codec.encode("", new byte[3], 3), "offset == length is allowed for nothing");
      assertEquals(0, codec.encode("", new byte[0], 0));
      assertEquals(0, codec.encode("abc", 2, 2, new byte[0], 0));
      ByteBuffer full = ByteBuffer.allocate(4).position(4);
      assertEquals(0, codec.encode("", full));
      assertEquals(4, full.position());
    }
  }
}
