package dev.textwire.internal.vector;

import static jdk.incubator.vector.VectorOperators.EQ;
import static jdk.incubator.vector.VectorOperators.LSHL;
import static jdk.incubator.vector.VectorOperators.LSHR;
import static jdk.incubator.vector.VectorOperators.LT;
import static jdk.incubator.vector.VectorOperators.NE;

import dev.textwire.internal.IndexPair;
import dev.textwire.internal.Utf8Bytes;
import dev.textwire.internal.VectorKernels;
import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.ShortVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorShape;
import jdk.incubator.vector.VectorShuffle;
import jdk.incubator.vector.VectorSpecies;

/**
 * The SIMD tier's kernels on the Vector API (an incubating module from JDK 16; the calls used here exist
 * and behave alike in JDK 17 and 25, except the unsigned comparison, renamed in JDK 24 and so looked up
 * by name). Compiled on its own, against {@code jdk.incubator.vector}, and
 * loaded only by {@code VectorTier}. The preferred shape is the machine's widest (512 bits with
 * AVX-512, 256 with AVX2); below 128 bits the constructor refuses, and the tier stays off.
 */
public final class IncubatorKernels implements VectorKernels {
  private static final VectorSpecies<Short> CHARS = ShortVector.SPECIES_PREFERRED;
  private static final VectorSpecies<Byte> BYTES = ByteVector.SPECIES_PREFERRED;
  private static final int CHAR_LANES = CHARS.length();
  private static final int BYTE_LANES = BYTES.length();
  /** Bytes as many as the preferred shape has chars: where an ASCII vector of chars narrows to. */
  private static final VectorSpecies<Byte> NARROWED =
      VectorSpecies.of(byte.class, VectorShape.forBitSize(CHAR_LANES * Byte.SIZE));

  /**
   * Unsigned "greater than", found by name: {@code UNSIGNED_GT} up to JDK 23, {@code UGT} from JDK 24.
   * A static final field, so the JIT sees a constant as if it were named in the code.
   */
  private static final VectorOperators.Comparison UNSIGNED_GT = unsignedGreaterThan();

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

  private static VectorOperators.Comparison unsignedGreaterThan() {
    for (String name : new String[] {"UGT", "UNSIGNED_GT"}) {
      try {
        return (VectorOperators.Comparison) VectorOperators.class.getField(name).get(null);
      } catch (NoSuchFieldException e) {
        // the other name
      } catch (IllegalAccessException e) {
        throw new UnsupportedOperationException(e);
      }
    }
    throw new UnsupportedOperationException("no unsigned comparison in this Vector API");
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

  // Encoding. Whole vectors of ASCII are narrowed and stored as they are. Other text goes in blocks of
  // 8 chars (128 bits), which cover the common runs without the compress operation JDK 17 lacks:
  // - ASCII and 2-byte chars mixed (Cyrillic, Greek, Arabic, Hebrew words between spaces): each char's
  //   two bytes are formed in its 16-bit lane, and a shuffle chosen by the block's 8-bit mask of
  //   non-ASCII lanes (a 256-entry table) drops the second byte of the ASCII lanes;
  // - 3-byte chars only (CJK, Indic): four bytes formed in 32-bit lanes, a fixed shuffle drops the fourth;
  // - four well-formed surrogate pairs (emoji): the code point and its four bytes in each 32-bit lane.
  // Any other block (3-byte chars beside shorter ones, an unpaired surrogate, pairs out of step with the
  // block) ends the call, and the scalar kernel goes on.
  //
  // The shuffled stores write a whole vector, past the block's bytes (up to 8 bytes). That is done only
  // when the next 8 chars hold no surrogate and there is room for them: whichever kernel encodes them
  // next (this one, or the scalar one after this returns) then writes at least 8 bytes over the excess,
  // so nothing past the bytes reported is left changed, and nothing is written past dstEnd.

  private static final VectorSpecies<Short> BLOCK = ShortVector.SPECIES_128;
  private static final VectorSpecies<Byte> BLOCK_BYTES = ByteVector.SPECIES_128;
  private static final VectorSpecies<Byte> BLOCK_ASCII = ByteVector.SPECIES_64;
  private static final VectorSpecies<Integer> BLOCK_INTS = IntVector.SPECIES_256;
  private static final VectorSpecies<Byte> BLOCK_INT_BYTES = ByteVector.SPECIES_256;
  private static final int BLOCK_CHARS = 8;
  /** The 3-byte blocks use 256-bit vectors: only where they are native. */
  private static final boolean THREE_BYTE_BLOCKS = BYTES.vectorBitSize() >= 256;

  /** Room a shuffled block needs: its own 24 bytes at most, and the next block's 24 after them. */
  private static final int BLOCK_ROOM = 48;

  /** Byte indices, 16 per mask of non-ASCII lanes: both bytes of those lanes, the first of the others. */
  private static final byte[] ONE_TWO_SHUFFLES = new byte[256 * 16];

  static {
    for (int mask = 0; mask < 256; mask++) {
      int k = 0;
      for (int lane = 0; lane < 8; lane++) {
        ONE_TWO_SHUFFLES[mask * 16 + k++] = (byte) (2 * lane);
        if ((mask & (1 << lane)) != 0) {
          ONE_TWO_SHUFFLES[mask * 16 + k++] = (byte) (2 * lane + 1);
        }
      }
    }
  }

  /** The first three bytes of each 32-bit lane, packed: 24 bytes from 32. */
  private static final VectorShuffle<Byte> THREE_OF_FOUR =
      VectorShuffle.fromOp(BLOCK_INT_BYTES, k -> k < 24 ? (k / 3) * 4 + k % 3 : 0);

  /** Surrogate halves of four well-formed pairs, as {@code c & 0xFC00} gives them. */
  private static final ShortVector PAIR_HALVES = ShortVector.fromArray(BLOCK,
      new short[] {(short) 0xD800, (short) 0xDC00, (short) 0xD800, (short) 0xDC00,
          (short) 0xD800, (short) 0xDC00, (short) 0xD800, (short) 0xDC00}, 0);

  @Override
  public long encodeUtf8(char[] src, int begin, int end, byte[] dst, int dstBegin, int dstEnd) {
    int sp = begin;
    int dp = dstBegin;
    while (true) {
      int ascii = asciiVectors(src, sp, end, dst, dp, dstEnd);
      sp += ascii;
      dp += ascii;
      if (sp > end - 2 * BLOCK_CHARS || dp > dstEnd - BLOCK_ROOM) {
        break;
      }
      ShortVector c = ShortVector.fromCharArray(BLOCK, src, sp);
      VectorMask<Short> belowTwoBytes = c.and((short) 0xF800).compare(EQ, (short) 0);
      long run;
      if (belowTwoBytes.allTrue()) {
        run = oneOrTwoByteBlocks(src, sp, end, dst, dp, dstEnd);
      } else if (belowTwoBytes.anyTrue()) {
        run = THREE_BYTE_BLOCKS ? mixedBlocks(src, sp, end, dst, dp, dstEnd) : 0; // 3-byte chars beside shorter ones
      } else if (!c.and((short) 0xF800).compare(EQ, (short) 0xD800).anyTrue()) {
        run = THREE_BYTE_BLOCKS ? threeByteBlocks(src, sp, end, dst, dp, dstEnd) : 0;
      } else {
        run = pairBlocks(src, sp, end, dst, dp, dstEnd);
      }
      if (run == 0) {
        break;
      }
      sp += IndexPair.source(run);
      dp += IndexPair.destination(run);
    }
    return IndexPair.of(sp, dp);
  }

  // Each kind of block has a loop of its own, in a method of its own, which runs while the blocks are of
  // its kind and returns an IndexPair of the chars and bytes it did. As one method, on Wikipedia's Russian
  // article, which takes every path, C2 left the 128-bit loads as calls that allocate (937 KB an
  // operation in JMH's -prof gc, JDK 25); a method per block, called per block, cost CJK and emoji 20-50%.
  // Each loop checks that 16 chars and BLOCK_ROOM bytes are there.

  /** Chars of whole ASCII vectors from {@code sp}, narrowed into {@code dst} from {@code dp}. */
  private static int asciiVectors(char[] src, int sp, int end, byte[] dst, int dp, int dstEnd) {
    int i = 0;
    while (sp + i <= end - CHAR_LANES && dp + i <= dstEnd - CHAR_LANES) {
      ShortVector c = ShortVector.fromCharArray(CHARS, src, sp + i);
      if (c.and((short) 0xFF80).compare(NE, (short) 0).anyTrue()) {
        break;
      }
      c.convertShape(VectorOperators.S2B, NARROWED, 0).reinterpretAsBytes().intoArray(dst, dp + i);
      i += CHAR_LANES;
    }
    return i;
  }

  /** Blocks of ASCII and 2-byte chars. */
  private static long oneOrTwoByteBlocks(char[] src, int begin, int end, byte[] dst, int dstBegin, int dstEnd) {
    int sp = begin;
    int dp = dstBegin;
    while (sp <= end - 2 * BLOCK_CHARS && dp <= dstEnd - BLOCK_ROOM) {
      ShortVector c = ShortVector.fromCharArray(BLOCK, src, sp);
      if (!c.and((short) 0xF800).compare(EQ, (short) 0).allTrue()) {
        break;
      }
      VectorMask<Short> twoBytes = c.and((short) 0xFF80).compare(NE, (short) 0);
      long twoByteLanes = twoBytes.toLong();
      if (twoByteLanes == 0) {
        c.convertShape(VectorOperators.S2B, BLOCK_ASCII, 0).reinterpretAsBytes().intoArray(dst, dp);
        sp += BLOCK_CHARS;
        dp += BLOCK_CHARS;
        continue;
      }
      if (!nextBlockPlain(src, sp)) {
        break;
      }
      // 110xxxxx 10xxxxxx in each lane, the first byte low (the lanes' bytes are read little-endian); an
      // ASCII lane keeps its char in the low byte. By arithmetic on t (1 in a 2-byte lane, else 0), not
      // a blend, and shuffled with selectFrom, not rearrange(toShuffle()): with both, 2 or 3 JMH forks
      // in 4 on JDK 25 compiled this loop to allocate 32 B a block; with selectFrom, 1 in 12; with
      // neither, 0 in 10. (The decoder's rearrange showed no such fork; its blend went the same way.)
      ShortVector t = c.lanewise(LSHR, 7).min((short) 1);
      ShortVector lanes = c.lanewise(LSHR, t.mul((short) 6)).or(t.mul((short) 0xC0))
          .or(c.and((short) 0x3F).or((short) 0x80).lanewise(LSHL, 8));
      ByteVector.fromArray(BLOCK_BYTES, ONE_TWO_SHUFFLES, (int) twoByteLanes * 16)
          .selectFrom(lanes.reinterpretAsBytes())
          .intoArray(dst, dp);
      sp += BLOCK_CHARS;
      dp += BLOCK_CHARS + Long.bitCount(twoByteLanes);
    }
    return IndexPair.of(sp - begin, dp - dstBegin);
  }

  /** Blocks of 3-byte chars. */
  private static long threeByteBlocks(char[] src, int begin, int end, byte[] dst, int dstBegin, int dstEnd) {
    int sp = begin;
    int dp = dstBegin;
    while (sp <= end - 2 * BLOCK_CHARS && dp <= dstEnd - BLOCK_ROOM) {
      ShortVector c = ShortVector.fromCharArray(BLOCK, src, sp);
      // Not below U+0800, and not a surrogate.
      if (c.and((short) 0xF800).compare(EQ, (short) 0).anyTrue()
          || c.and((short) 0xF800).compare(EQ, (short) 0xD800).anyTrue()
          || !nextBlockPlain(src, sp)) {
        break;
      }
      IntVector u = ((IntVector) c.convertShape(VectorOperators.S2I, BLOCK_INTS, 0)).and(0xFFFF);
      IntVector three = u.lanewise(LSHR, 12).or(0xE0)
          .or(u.lanewise(LSHR, 6).and(0x3F).or(0x80).lanewise(LSHL, 8))
          .or(u.and(0x3F).or(0x80).lanewise(LSHL, 16));
      three.reinterpretAsBytes().rearrange(THREE_OF_FOUR).intoArray(dst, dp);
      sp += BLOCK_CHARS;
      dp += 3 * BLOCK_CHARS;
    }
    return IndexPair.of(sp - begin, dp - dstBegin);
  }

  /**
   * Per 4 chars of 1 to 3 bytes, indexed by their masks of chars from U+0080 (low 4 bits) and from
   * U+0800 (high 4 bits): 16 byte indices into the 4 chars' 32-bit lanes (see mixedBlocks), the bytes
   * of each char in order; the rest of the 32 are in range and never stored.
   */
  private static final byte[] MIXED_SHUFFLES = new byte[256 * 32];
  /** Per index as above: the bytes of the 4 chars. */
  private static final byte[] MIXED_LENGTHS = new byte[256];

  static {
    for (int index = 0; index < 256; index++) {
      int k = 0;
      for (int lane = 0; lane < 4; lane++) {
        boolean fromTwoBytes = (index & (1 << lane)) != 0;
        boolean fromThreeBytes = (index & (16 << lane)) != 0;
        int[] picks = fromThreeBytes ? new int[] {2, 1, 0} : fromTwoBytes ? new int[] {3, 0} : new int[] {0};
        for (int pick : picks) {
          MIXED_SHUFFLES[index * 32 + k++] = (byte) (4 * lane + pick);
        }
      }
      MIXED_LENGTHS[index] = (byte) k;
      for (int j = k; j < 32; j++) {
        MIXED_SHUFFLES[index * 32 + j] = (byte) (j & 15); // in range for either half
      }
    }
  }

  /**
   * Blocks of BMP chars of any length, 3-byte chars beside shorter ones (CJK in ASCII markup, say). Each
   * char gets a 32-bit lane holding every byte it could need: its last byte (the char itself if ASCII),
   * the middle byte of a 3-byte form, and the first bytes of the 3- and 2-byte forms. Each half of the
   * block (4 chars) is then packed by a shuffle picked by its chars' lengths from a 256-entry table, and
   * stored whole: 16 bytes, up to 12 past its own. So a block is taken only where the 16 chars after it
   * hold no surrogate (whoever encodes them next writes 16 bytes or more over the excess) and fit.
   */
  private static long mixedBlocks(char[] src, int begin, int end, byte[] dst, int dstBegin, int dstEnd) {
    int sp = begin;
    int dp = dstBegin;
    while (sp <= end - 3 * BLOCK_CHARS && dp <= dstEnd - BLOCK_ROOM) {
      ShortVector c = ShortVector.fromCharArray(BLOCK, src, sp);
      long fromTwoBytes = c.and((short) 0xFF80).compare(NE, (short) 0).toLong();
      if (fromTwoBytes == 0 // all ASCII: the ASCII loop takes 32 chars at a time
          || c.and((short) 0xF800).compare(EQ, (short) 0xD800).anyTrue()
          || !nextBlockPlain(src, sp)
          || !nextBlockPlain(src, sp + BLOCK_CHARS)) {
        break;
      }
      long fromThreeBytes = c.and((short) 0xF800).compare(NE, (short) 0).toLong();
      if (fromThreeBytes == 0 || fromThreeBytes == 0xFF) {
        break; // a block of one kind, which the loops for that kind do faster (Chinese lipsum: 1.5x)
      }
      IntVector u = ((IntVector) c.convertShape(VectorOperators.S2I, BLOCK_INTS, 0)).and(0xFFFF);
      IntVector t = u.lanewise(LSHR, 7).min(1); // 1 from U+0080 on
      IntVector last = u.and(t.lanewise(LSHL, 6).neg().add(0x7F)).or(t.lanewise(LSHL, 7)); // 0xxxxxxx or 10xxxxxx
      IntVector lanes = last
          .or(u.lanewise(LSHR, 6).and(0x3F).or(0x80).lanewise(LSHL, 8)) // 10yyyyyy, the middle of three
          .or(u.lanewise(LSHR, 12).or(0xE0).lanewise(LSHL, 16)) // 1110zzzz, the first of three
          .or(u.lanewise(LSHR, 6).or(0xC0).lanewise(LSHL, 24)); // 110yyyyy, the first of two
      ByteVector bytes = lanes.reinterpretAsBytes();
      int low = (int) (fromTwoBytes & 0xF) | (int) (fromThreeBytes & 0xF) << 4;
      int high = (int) (fromTwoBytes >>> 4 & 0xF) | (int) (fromThreeBytes >>> 4 & 0xF) << 4;
      ((ByteVector) ByteVector.fromArray(BLOCK_INT_BYTES, MIXED_SHUFFLES, low * 32).selectFrom(bytes)
          .reinterpretShape(BLOCK_BYTES, 0)).intoArray(dst, dp);
      dp += MIXED_LENGTHS[low];
      // The second half's lanes are bytes 16 to 31.
      ((ByteVector) ByteVector.fromArray(BLOCK_INT_BYTES, MIXED_SHUFFLES, high * 32).add((byte) 16).selectFrom(bytes)
          .reinterpretShape(BLOCK_BYTES, 0)).intoArray(dst, dp);
      dp += MIXED_LENGTHS[high];
      sp += BLOCK_CHARS;
    }
    return IndexPair.of(sp - begin, dp - dstBegin);
  }

  /** Blocks of four well-formed surrogate pairs, each pair in step with the block. */
  private static long pairBlocks(char[] src, int begin, int end, byte[] dst, int dstBegin, int dstEnd) {
    int sp = begin;
    int dp = dstBegin;
    while (sp <= end - 2 * BLOCK_CHARS && dp <= dstEnd - BLOCK_ROOM) {
      ShortVector c = ShortVector.fromCharArray(BLOCK, src, sp);
      if (!c.and((short) 0xFC00).compare(EQ, PAIR_HALVES).allTrue()) {
        break; // an unpaired surrogate, pairs out of step with the block, or no surrogate at all
      }
      // Each 32-bit lane holds a pair, the high half in its low 16 bits.
      IntVector pair = c.reinterpretAsInts();
      IntVector cp = pair.and(0x3FF).lanewise(LSHL, 10)
          .or(pair.lanewise(LSHR, 16).and(0x3FF)).add(0x10000);
      IntVector four = cp.lanewise(LSHR, 18).or(0xF0)
          .or(cp.lanewise(LSHR, 12).and(0x3F).or(0x80).lanewise(LSHL, 8))
          .or(cp.lanewise(LSHR, 6).and(0x3F).or(0x80).lanewise(LSHL, 16))
          .or(cp.and(0x3F).or(0x80).lanewise(LSHL, 24));
      four.reinterpretAsBytes().intoArray(dst, dp); // 16 bytes, exactly the block's
      sp += BLOCK_CHARS;
      dp += 2 * BLOCK_CHARS;
    }
    return IndexPair.of(sp - begin, dp - dstBegin);
  }

  /** True if the 8 chars after the block at {@code sp} hold no surrogate (the caller checked they exist). */
  private static boolean nextBlockPlain(char[] src, int sp) {
    return !ShortVector.fromCharArray(BLOCK, src, sp + BLOCK_CHARS)
        .and((short) 0xF800).compare(EQ, (short) 0xD800).anyTrue();
  }

  // Decoding. Whole vectors of ASCII bytes are widened and stored as they are. Otherwise the bytes of a
  // whole vector are classed first, as bit masks: ASCII, C2..DF leads, continuations; they are checked up
  // to the first byte of another class or the first lead not followed by one continuation (or
  // continuation not after a lead). Windows inside that checked part then each take 8 bytes (9 when the
  // 8th starts a 2-byte sequence), 4 to 8 chars: the continuation bits of those bytes pick, from a
  // 256-entry table, where the chars start, and one shuffle puts each char's first byte and the byte after
  // it in a 16-bit lane, from which the char is formed. A window's length comes from one bit of the mask,
  // so one window's start follows from the last one's in a shift and an add; with the length from a
  // table load on that chain, and 12 bytes a window, Russian lipsum decoded at 3 GB/s against 4.5 now
  // (VectorDecodeKernelBenchmark). Any other byte (a 3- or 4-byte sequence, an ill-formed byte) ends the
  // call, and the scalar kernel goes on: it finds any error.
  //
  // The store is a whole 8 chars, up to 4 past those decoded. A window is taken only where the 8 bytes
  // after it were checked too: they hold at least 4 whole chars, which whoever decodes next (this kernel
  // or the scalar one) writes over those 4, so nothing past the chars reported is left changed.

  private static final VectorSpecies<Byte> WINDOW = ByteVector.SPECIES_128;
  /** Bytes a window may take, and the checked bytes that must follow them. */
  private static final int WINDOW_REACH = 9 + 8;

  /** Per continuation mask of a window's bytes 1..8: 16 byte indices, each char's first byte and the next. */
  private static final byte[] TWO_BYTE_STARTS = new byte[256 * 16];
  /** Per mask: the chars the window decodes. */
  private static final byte[] TWO_BYTE_CHARS = new byte[256];

  static {
    for (int mask = 0; mask < 256; mask++) {
      int position = 0;
      int chars = 0;
      while (position < 8) {
        TWO_BYTE_STARTS[mask * 16 + 2 * chars] = (byte) position;
        TWO_BYTE_STARTS[mask * 16 + 2 * chars + 1] = (byte) (position + 1);
        // Bit j of the mask is byte j + 1 being a continuation.
        position += (mask & (1 << position)) != 0 ? 2 : 1;
        chars++;
      }
      TWO_BYTE_CHARS[mask] = (byte) chars;
    }
  }

  /**
   * Most bytes above 7F a vector of {@link #NARROWED} may hold to count as sparse: its ASCII is stored
   * through a lane mask and each sequence is decoded here in scalar code. Denser vectors go to the
   * windows, which decode 2-byte text (Cyrillic, Arabic) several chars at a time and hand 3- and 4-byte
   * text (CJK, emoji) back to the caller's scalar loop. Measured with a quarter, a half and three
   * quarters of the lanes (VectorDecodeKernelBenchmark, JDK 25, one fork each): mostly-ASCII 65,536
   * chars 26 / 21 / 22 µs, 512 chars 223 / 170 / 165 ns, Chinese Wikipedia 158 / 132 / 105 µs; Russian
   * Wikipedia and lipsum, Arabic, Chinese and emoji lipsum within the noise. Every lane (no windows) made
   * Russian text twice as slow.
   */
  private static final int SPARSE_HIGH_BYTES = CHAR_LANES * 3 / 4;

  /** 0, 1, 2, ... in the lanes of {@link #CHARS}: compared with a count, the lanes before it. */
  private static final ShortVector LANE_INDEXES = ShortVector.zero(CHARS).addIndex(1);

  /**
   * {@inheritDoc}
   *
   * <p>One method, more than 325 bytes of bytecode, on purpose: C2 inlines a hot method only below that
   * ({@code FreqInlineSize}). As a helper of 370 bytes, the mostly-ASCII sequence step was called from
   * this loop, with the vector registers saved around each call (mostly-ASCII text 32 µs against 27
   * inlined, 65,536 chars). And inlined into its caller's loop, this method took the registers of the
   * caller's scalar stretch: emoji text, which this kernel leaves to that stretch, decoded in 75-81 µs
   * with the tier against 45 without it, and in 47 with this method kept apart (JDK 25,
   * -XX:+PrintInlining, -XX:+PrintAssembly, VectorDecodeKernelBenchmark).
   */
  @Override
  public long decodeUtf8(byte[] src, int begin, int end, char[] dst, int dstBegin, int dstEnd) {
    int sp = begin;
    int dp = dstBegin;
    while (sp <= end - CHAR_LANES && dp <= dstEnd - CHAR_LANES) {
      ByteVector b = ByteVector.fromArray(NARROWED, src, sp);
      long high = b.compare(LT, (byte) 0).toLong();
      if (high == 0) {
        ((ShortVector) b.convertShape(VectorOperators.B2S, CHARS, 0)).intoCharArray(dst, dp);
        sp += CHAR_LANES;
        dp += CHAR_LANES;
        continue;
      }
      if (Long.bitCount(high) > SPARSE_HIGH_BYTES) {
        long run = oneOrTwoByteWindows(src, sp, end, dst, dp, dstEnd);
        if (run == 0) {
          break;
        }
        sp += IndexPair.source(run);
        dp += IndexPair.destination(run);
        continue;
      }
      // Mostly-ASCII text: the ASCII up to the first high byte, then that one sequence. Leaving for the
      // caller at each 3- or 4-byte sequence (about one in thirty bytes there) cost more than the JDK's
      // whole decode (issue 16). The ASCII lanes are stored over the chars dst holds, by a bitwise blend
      // with those chars read back (the lanes after the ASCII are written with what they held), not by a
      // masked store: a masked store of 16-bit lanes needs AVX-512 (BW) on x86, and on an AVX2 machine (an
      // AMD EPYC) C2 left it, with the vector and the mask, to the Java fallback, boxed: 136,640 B per
      // decode of 8,400 Latin-1 chars, in every call, and 2-4 times the time (stop 54).
      int asciiCount = Long.numberOfTrailingZeros(high);
      if (asciiCount > 0) {
        ShortVector ascii = (ShortVector) b.convertShape(VectorOperators.B2S, CHARS, 0);
        // All ones in the lanes before asciiCount, where the lane's index less the count is negative.
        ShortVector before = LANE_INDEXES.sub((short) asciiCount).lanewise(VectorOperators.ASHR, 15);
        ShortVector.fromCharArray(CHARS, dst, dp).lanewise(VectorOperators.BITWISE_BLEND, ascii, before)
            .intoCharArray(dst, dp);
        sp += asciiCount;
        dp += asciiCount;
      }
      // The one 2-, 3- or 4-byte sequence there, checked and decoded. Not within 4 bytes of the end or 2
      // chars of the room's end, nor anything ill-formed: the caller's scalar kernel goes on from there
      // and says what is wrong.
      if (sp > end - 4 || dp > dstEnd - 2) {
        break;
      }
      int b1 = src[sp]; // as in Utf8ToChars, signed: 80..FF are -128..-1
      int b2 = src[sp + 1];
      if (b1 < (byte) 0xE0) {
        if (b1 < (byte) 0xC2 || !Utf8Bytes.isContinuation(b2)) {
          break;
        }
        dst[dp] = (char) (((b1 & 0x1F) << 6) | (b2 & 0x3F));
        sp += 2;
        dp++;
        continue;
      }
      int b3 = src[sp + 2];
      if (b1 < (byte) 0xF0) {
        if (!Utf8Bytes.isSecondOfThree(b1, b2) || !Utf8Bytes.isContinuation(b3)) {
          break;
        }
        dst[dp] = (char) (((b1 & 0x0F) << 12) | ((b2 & 0x3F) << 6) | (b3 & 0x3F));
        sp += 3;
        dp++;
        continue;
      }
      if (b1 > (byte) 0xF4 || !Utf8Bytes.isSecondOfFour(b1, b2) || !Utf8Bytes.isContinuation(b3)
          || !Utf8Bytes.isContinuation(src[sp + 3])) {
        break;
      }
      int codePoint = Utf8Bytes.codePoint4(src, sp);
      dst[dp] = Character.highSurrogate(codePoint);
      dst[dp + 1] = Character.lowSurrogate(codePoint);
      sp += 4;
      dp += 2;
    }
    return IndexPair.of(sp, dp);
  }

  /**
   * Windows of ASCII and 2-byte sequences: an IndexPair of the bytes and chars done. (Classifying each
   * window after the last one's length was known, rather than a whole vector at once, put two loads and
   * a mask move on the chain from window to window: Russian lipsum decoded no faster than the JDK.)
   */
  private static long oneOrTwoByteWindows(byte[] src, int begin, int end, char[] dst, int dstBegin, int dstEnd) {
    int sp = begin;
    int dp = dstBegin;
    long allLanes = BYTE_LANES == 64 ? -1L : (1L << BYTE_LANES) - 1;
    while (sp <= end - BYTE_LANES && dp <= dstEnd - BYTE_LANES) {
      ByteVector b = ByteVector.fromArray(BYTES, src, sp);
      // As signed bytes: continuations 80..BF are below -64, leads C2..DF are -62..-33.
      long continuations = b.compare(LT, (byte) 0xC0).toLong();
      long leads = b.compare(VectorOperators.GE, (byte) 0xC2).and(b.compare(VectorOperators.LE, (byte) 0xDF)).toLong();
      long ascii = b.compare(VectorOperators.GE, (byte) 0).toLong();
      // Checked up to the first byte of another class, and to before the first place where a lead is not
      // followed by a continuation or a continuation does not follow a lead (it may be the lead's fault).
      long other = ~(continuations | leads | ascii) & allLanes;
      long unpaired = (continuations ^ (leads << 1)) & allLanes;
      int checked = Math.min(Long.numberOfTrailingZeros(other), Long.numberOfTrailingZeros(unpaired) - 1);
      if (checked > BYTE_LANES) {
        checked = BYTE_LANES; // neither found (trailing zeros of 0 are 64)
      }
      int o = 0;
      while (o <= checked - WINDOW_REACH) {
        long bits = continuations >>> o;
        int mask = (int) (bits >>> 1) & 0xFF;
        ByteVector w = ByteVector.fromArray(WINDOW, src, sp + o);
        // Lane k: the first byte of char k low, the byte after it high.
        ShortVector pair = ByteVector.fromArray(WINDOW, TWO_BYTE_STARTS, mask * 16).selectFrom(w).reinterpretAsShorts();
        // A lead (110xxxxx) keeps its 5 bits shifted by 6 and adds the next byte's 6; ASCII is its byte.
        // Chosen by a bitwise blend on a lane mask made by shifts, not by blend(): a blend compiled to
        // allocate in some JMH forks on JDK 25 (see the encoder). Shifts and multiplies by the lead bit
        // were the form before: 14 instructions a window against these 9 (-XX:+PrintAssembly).
        ShortVector lead = pair.lanewise(LSHL, 8).lanewise(VectorOperators.ASHR, 15); // all ones at a lead
        ShortVector twoByte = pair.and((short) 0x1F).lanewise(LSHL, 6).or(pair.lanewise(LSHR, 8).and((short) 0x3F));
        pair.and((short) 0xFF).lanewise(VectorOperators.BITWISE_BLEND, twoByte, lead).intoCharArray(dst, dp);
        dp += TWO_BYTE_CHARS[mask];
        o += 8 + (int) ((bits >>> 8) & 1);
      }
      sp += o;
      if (o == 0) {
        break;
      }
    }
    return IndexPair.of(sp - begin, dp - dstBegin);
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
    return validPrefix(src, begin, end, false, false);
  }

  @Override
  public int validUtf8FamilyPrefix(byte[] src, int begin, int end, boolean noFourBytes, boolean noNul) {
    return validPrefix(src, begin, end, noFourBytes, noNul);
  }

  /**
   * The lookup algorithm, stopping also at a vector holding a 4-byte lead (F0..FF) when
   * {@code noFourBytes}, or a 00 byte when {@code noNul}: without those, a well-formed UTF-8 vector is
   * well-formed CESU-8 and modified UTF-8 too. Their own forms (encoded surrogates, C0 80) are ill-formed
   * UTF-8, so the lookup stops at them, and the scalar kernel of the variant goes on from there.
   */
  private static int validPrefix(byte[] src, int begin, int end, boolean noFourBytes, boolean noNul) {
    int i = begin;
    int last = end - BYTE_LANES;
    while (true) {
      if (i > last) {
        if (i == end || last < begin) {
          break;
        }
        // The bytes left are fewer than a vector: check the last vector of the input, which overlaps
        // the part already checked, rather than leave up to 63 bytes to the scalar loop. A sequence cut
        // short by the end passes the lookup (its missing continuations are past the end), so the stop
        // below backs off to its lead.
        i = last;
      }
      ByteVector input = ByteVector.fromArray(BYTES, src, i);
      if (noNul && input.compare(EQ, (byte) 0).anyTrue()) {
        break; // a raw 00, ill-formed in modified UTF-8
      }
      VectorMask<Byte> high = input.compare(LT, (byte) 0);
      if (!high.anyTrue() && !sequenceOpen(src, i)) {
        // All ASCII, and no sequence before it waits for a continuation. The vectors after it need
        // only the one test while they stay ASCII (and, in modified UTF-8, hold no 00), in a loop of
        // their own: through the outer loop, 65,536 ASCII bytes took as long as System.arraycopy of
        // them (1.0-1.15x); in this one, half as long (JDK 25, VectorTierValidateBenchmark).
        i += BYTE_LANES;
        while (i <= last && !(noNul
            ? ByteVector.fromArray(BYTES, src, i).compare(VectorOperators.LE, (byte) 0).anyTrue()
            : ByteVector.fromArray(BYTES, src, i).compare(LT, (byte) 0).anyTrue())) {
          i += BYTE_LANES;
        }
        continue;
      }
      if (noFourBytes && input.compare(UNSIGNED_GT, (byte) 0xEF).anyTrue()) {
        break; // F0..FF: no 4-byte forms in CESU-8 and modified UTF-8
      }
      ByteVector prev1 = ByteVector.fromArray(BYTES, src, i - 1);
      ByteVector prev2 = ByteVector.fromArray(BYTES, src, i - 2);
      ByteVector prev3 = ByteVector.fromArray(BYTES, src, i - 3);
      // x86 has no byte shifts: shifted as bytes, each vector compiled (JDK 25, -XX:+PrintAssembly) to a
      // widening to 16-bit lanes, two shifts, two masks, a pack and a lane permute. Shifted as 32-bit
      // lanes it is one instruction; the bits that cross into a byte from its neighbour are masked off
      // (the high nibbles). The shifts are written out here rather than in helper methods: C2 declined
      // to inline such a helper into a large caller (NodeCountInliningCutoff), and the vectors it
      // returned were then allocated, 192 B a vector.
      // The lookups as selectFrom, not rearrange(toShuffle()): on JDK 25 toShuffle wrapped each index
      // vector in five instructions (and, subtract, compare, blend, and) before the permute; selectFrom
      // is the permute alone.
      ByteVector special = prev1.reinterpretAsInts().lanewise(LSHR, 4).reinterpretAsBytes().and((byte) 0x0F)
          .selectFrom(BYTE_1_HIGH)
          .and(prev1.and((byte) 0x0F).selectFrom(BYTE_1_LOW))
          .and(input.reinterpretAsInts().lanewise(LSHR, 4).reinterpretAsBytes().and((byte) 0x0F).selectFrom(BYTE_2_HIGH));
      // A continuation is due two bytes after an E0..FF lead and three after an F0..FF lead: two unsigned
      // comparisons into lane masks, where shifts and logic (top 3 or 4 bits all set) took eight vector
      // operations (JDK 25, mostly-ASCII text: 5.1 -> 4.5 us for 65,536 chars; most vectors of that text
      // come here).
      VectorMask<Byte> mustContinue =
          prev2.compare(UNSIGNED_GT, (byte) 0xDF).or(prev3.compare(UNSIGNED_GT, (byte) 0xEF));
      // Well-formed: special is 0x80 (two continuations) exactly where a continuation is due, else 0.
      // Tested on lane masks alone, "special is not 0 exactly where a continuation is due", which lets
      // one error through in its own lane: a continuation due at j, the byte at j - 1 not one, and
      // special holding another flag. An earlier lane is then always stopped at:
      // - lead at j - 2 (E0..FF): lane j - 1 has a lead then a non-continuation, flagged too short; it
      //   stops the test unless a continuation is due at j - 1 as well, the same case one lane back;
      // - lead at j - 3 (F0..FF), j - 2 a continuation: lane j - 1 has a continuation due and, after a
      //   continuation, no flag: stopped;
      // - lead at j - 3, j - 2 not a continuation: lane j - 2 flagged too short, as in the first case.
      // Going back ends at or after the lead, so at or after begin (sequences before begin are
      // complete; the all-ASCII loop holds no lead and is not entered with a sequence open): in this
      // vector or in one that the lookup checked already.
      // validationStopsBeforeEveryFourByteRunOfEdgeBytes checks the claim. Against the exact test (a
      // masked xor, a blend and a comparison) it is one comparison: mostly-ASCII text, 65,536 chars,
      // JDK 25, 4.7 -> 3.8 us.
      if (!special.compare(NE, (byte) 0).eq(mustContinue).allTrue()) {
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
