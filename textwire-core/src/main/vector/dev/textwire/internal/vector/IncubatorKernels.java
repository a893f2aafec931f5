package dev.textwire.internal.vector;

import static jdk.incubator.vector.VectorOperators.EQ;
import static jdk.incubator.vector.VectorOperators.LSHR;
import static jdk.incubator.vector.VectorOperators.LT;
import static jdk.incubator.vector.VectorOperators.NE;

import dev.textwire.internal.IndexPair;
import dev.textwire.internal.VectorKernels;
import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.ShortVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * The SIMD tier's kernels on the Vector API (an incubating module from JDK 16; the calls used here exist
 * and behave alike in JDK 17 and 25: not the unsigned comparisons, renamed in JDK 24, for one). Compiled on its own, against {@code jdk.incubator.vector}, and
 * loaded only by {@code VectorTier}. The preferred shape is the machine's widest (512 bits with
 * AVX-512, 256 with AVX2); below 128 bits the constructor refuses, and the tier stays off.
 */
public final class IncubatorKernels implements VectorKernels {
  private static final VectorSpecies<Short> CHARS = ShortVector.SPECIES_PREFERRED;
  private static final VectorSpecies<Byte> BYTES = ByteVector.SPECIES_PREFERRED;
  private static final int CHAR_LANES = CHARS.length();
  private static final int BYTE_LANES = BYTES.length();

  /**
   * Rounds of the length loop between two sums of its lanes: each round adds at most 2 to a lane, and
   * the lanes' sum is taken in 16 bits, so it must stay below 2^15.
   */
  private static final int ROUNDS_PER_SUM = (1 << 14) / (2 * CHAR_LANES);

  public IncubatorKernels() {
    if (BYTES.vectorBitSize() < 128 || CHARS.vectorBitSize() < 128) {
      throw new UnsupportedOperationException("vector shape " + BYTES.vectorBitSize() + " bits");
    }
  }

  @Override
  public String shape() {
    return BYTES.vectorBitSize() + "-bit";
  }

  // Exact length. Per char, the bytes beyond one are (c >= 0x80) + (c >= 0x800), less one for a
  // surrogate (a pair is 2 chars and 4 bytes, so each half counts 2 bytes). A pair is well-formed when
  // every high half is followed by a low half and every low half follows a high one: lane j compares
  // the char at i + j with the one at i + j + 1, from a second load one char further on.

  @Override
  public long utf8Length(char[] src, int begin, int end) {
    int i = begin;
    if (i < end && (src[i] & 0xFC00) == 0xDC00) {
      return IndexPair.of(i, 0); // a low half first has no high half before it
    }
    int last = end - CHAR_LANES - 1; // the second load reads one char past the vector
    long extra = 0;
    ShortVector sum = ShortVector.zero(CHARS);
    int rounds = 0;
    while (i <= last) {
      ShortVector c = ShortVector.fromCharArray(CHARS, src, i);
      ShortVector units = c.lanewise(LSHR, 7).min((short) 1).add(c.lanewise(LSHR, 11).min((short) 1));
      VectorMask<Short> surrogate = c.and((short) 0xF800).compare(EQ, (short) 0xD800);
      if (surrogate.anyTrue()) {
        ShortVector next = ShortVector.fromCharArray(CHARS, src, i + 1);
        VectorMask<Short> high = c.and((short) 0xFC00).compare(EQ, (short) 0xD800);
        VectorMask<Short> lowNext = next.and((short) 0xFC00).compare(EQ, (short) 0xDC00);
        // A low half in lane 0 was checked against the char before it by the previous vector only if
        // that vector held a surrogate (else it skipped the check): so check it here.
        boolean lowFirstUnpaired = (src[i] & 0xFC00) == 0xDC00 && (src[i - 1] & 0xFC00) != 0xD800;
        if (lowFirstUnpaired || !high.eq(lowNext).allTrue()) {
          break; // an unpaired surrogate in this vector: the scalar kernel finds it and applies the policy
        }
        units = units.sub((short) 1, surrogate);
      }
      sum = sum.add(units);
      i += CHAR_LANES;
      if (++rounds == ROUNDS_PER_SUM) {
        extra += sum.reduceLanesToLong(VectorOperators.ADD);
        sum = ShortVector.zero(CHARS);
        rounds = 0;
      }
    }
    extra += sum.reduceLanesToLong(VectorOperators.ADD);
    if (i > begin && (src[i - 1] & 0xFC00) == 0xD800) {
      // The last vector ended on a high half, checked against the low half at i: count that too, so the
      // scalar kernel never starts between the two.
      i++;
      extra++;
    }
    return IndexPair.of(i, (int) extra);
  }

  // Validation: Keiser and Lemire's lookup algorithm ("Validating UTF-8 in less than one instruction
  // per byte", 2021), as simdjson and simdutf run it. Three 16-entry tables, indexed by the high and low
  // nibbles of the previous byte and the high nibble of this one, flag every ill-formed pair of adjacent
  // bytes; a third or fourth byte (two or three after a three- or four-byte lead) must be a continuation,
  // and is the one case where the tables' "two continuations" flag is expected. The previous bytes are
  // loaded again from memory one, two and three bytes back, which costs less than shifting lanes across
  // two vectors. So the kernel reads the three bytes before begin, which the caller has checked.

  private static final int TOO_SHORT = 1;
  private static final int TOO_LONG = 1 << 1;
  private static final int OVERLONG_3 = 1 << 2;
  private static final int TOO_LARGE = 1 << 3;
  private static final int SURROGATE = 1 << 4;
  private static final int OVERLONG_2 = 1 << 5;
  private static final int TOO_LARGE_1000 = 1 << 6;
  private static final int OVERLONG_4 = 1 << 6;
  private static final int TWO_CONTS = 1 << 7;
  private static final int CARRY = TOO_SHORT | TOO_LONG | TWO_CONTS;

  private static final ByteVector BYTE_1_HIGH = table(
      TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, TOO_LONG, // 0xxx: ASCII
      TWO_CONTS, TWO_CONTS, TWO_CONTS, TWO_CONTS, // 10xx: a continuation
      TOO_SHORT | OVERLONG_2, // 1100: C0..CF
      TOO_SHORT, // 1101
      TOO_SHORT | OVERLONG_3 | SURROGATE, // 1110
      TOO_SHORT | TOO_LARGE | TOO_LARGE_1000 | OVERLONG_4); // 1111

  private static final ByteVector BYTE_1_LOW = table(
      CARRY | OVERLONG_3 | OVERLONG_2 | OVERLONG_4, // xxxx0000
      CARRY | OVERLONG_2, // xxxx0001
      CARRY,
      CARRY,
      CARRY | TOO_LARGE, // xxxx0100
      CARRY | TOO_LARGE | TOO_LARGE_1000, // xxxx0101
      CARRY | TOO_LARGE | TOO_LARGE_1000,
      CARRY | TOO_LARGE | TOO_LARGE_1000,
      CARRY | TOO_LARGE | TOO_LARGE_1000, // xxxx1000
      CARRY | TOO_LARGE | TOO_LARGE_1000,
      CARRY | TOO_LARGE | TOO_LARGE_1000,
      CARRY | TOO_LARGE | TOO_LARGE_1000,
      CARRY | TOO_LARGE | TOO_LARGE_1000,
      CARRY | TOO_LARGE | TOO_LARGE_1000 | SURROGATE, // xxxx1101
      CARRY | TOO_LARGE | TOO_LARGE_1000,
      CARRY | TOO_LARGE | TOO_LARGE_1000);

  private static final ByteVector BYTE_2_HIGH = table(
      TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT, // ASCII
      TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE_1000 | OVERLONG_4, // 1000
      TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE, // 1001
      TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE, // 1010
      TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE, // 1011
      TOO_SHORT, TOO_SHORT, TOO_SHORT, TOO_SHORT); // 11xx: a lead byte

  /** A 16-entry table repeated across the lanes, so a nibble indexes it in any shape. */
  private static ByteVector table(int... entries) {
    byte[] lanes = new byte[BYTE_LANES];
    for (int i = 0; i < lanes.length; i++) {
      lanes[i] = (byte) entries[i & 15];
    }
    return ByteVector.fromArray(BYTES, lanes, 0);
  }

  @Override
  public int validUtf8Prefix(byte[] src, int begin, int end) {
    int i = begin;
    int last = end - BYTE_LANES;
    while (i <= last) {
      ByteVector input = ByteVector.fromArray(BYTES, src, i);
      if (!input.compare(LT, (byte) 0).anyTrue() && !sequenceOpen(src, i)) {
        i += BYTE_LANES; // all ASCII, and no sequence before it waits for a continuation
        continue;
      }
      ByteVector prev1 = ByteVector.fromArray(BYTES, src, i - 1);
      ByteVector prev2 = ByteVector.fromArray(BYTES, src, i - 2);
      ByteVector prev3 = ByteVector.fromArray(BYTES, src, i - 3);
      ByteVector special = BYTE_1_HIGH.rearrange(prev1.lanewise(LSHR, 4).toShuffle())
          .and(BYTE_1_LOW.rearrange(prev1.and((byte) 0x0F).toShuffle()))
          .and(BYTE_2_HIGH.rearrange(input.lanewise(LSHR, 4).toShuffle()));
      // E0..FF two back, F0..FF three back, by shifts: the unsigned comparisons are spelt UNSIGNED_GE
      // in JDK 17 and UGE from JDK 24 on, so neither name is used.
      VectorMask<Byte> mustContinue =
          prev2.lanewise(LSHR, 5).compare(EQ, (byte) 0x07).or(prev3.lanewise(LSHR, 4).compare(EQ, (byte) 0x0F));
      // Well-formed: special is 0x80 (two continuations) exactly where a continuation is due, else 0.
      // Tested as masks: a ByteVector.zero made before the loop (to blend 0x80s into) was allocated on
      // every call on JDK 17, even compiled by C2 (80 B/op, async-profiler's allocation profile).
      VectorMask<Byte> error = mustContinue.andNot(special.compare(EQ, (byte) 0x80))
          .or(special.compare(NE, (byte) 0).andNot(mustContinue));
      if (error.anyTrue()) {
        break; // an error in this vector: the scalar kernel finds exactly where
      }
      i += BYTE_LANES;
    }
    return boundary(src, i);
  }

  /** True if a lead byte in the three bytes before {@code i} needs continuation bytes from {@code i} on. */
  private static boolean sequenceOpen(byte[] src, int i) {
    return boundary(src, i) != i;
  }

  /**
   * {@code i}, or the lead byte of a sequence that starts in the three bytes before {@code i} and needs
   * bytes from {@code i} on: everything before {@code i} was checked except those bytes.
   */
  private static int boundary(byte[] src, int i) {
    for (int back = 1; back <= 3; back++) {
      int b = src[i - back] & 0xFF;
      if (b < 0x80) {
        return i;
      }
      if (b >= 0xC0) {
        int sequenceLength = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : 2;
        return sequenceLength > back ? i - back : i;
      }
    }
    return i;
  }
}
