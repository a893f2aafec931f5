package dev.textwire.internal;

import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.IntFunction;
import java.util.function.ToIntFunction;

/**
 * Arrays for decodes longer than a thread keeps ({@link Scratch#DECODE_MAX_CHARS}), shared by the whole
 * process: {@link #SLOTS} of each kind, each at most {@link #MAX_LENGTH} long, taken and put back with one
 * compare-and-set each. So what is kept is bounded (at most 8 MiB of chars and 4 MiB of Latin-1 bytes,
 * and only once texts that long were decoded), whatever the number of threads, virtual or not.
 *
 * <p>Why: such a decode used to get a new array each time. For 65,536 mostly-ASCII chars that array cost
 * as much as the decode loop itself (about 17 µs of 58 on JDK 25 with the vector tier: zeroed, then
 * written again, in memory the cache had not seen; docs/BENCHMARKS.md, "Long decodes into shared
 * arrays"). A reused array stays in the cache. A call that finds no slot free, or only shorter arrays,
 * gets a new array, as before; putting back, a longer array takes the place of a shorter one, so the
 * arrays grow to the texts the process decodes.
 *
 * <p>The String copies the chars, so an array is put back as soon as the String is built, and holds
 * nothing a caller can see.
 */
final class SharedArrays<A> {
  /** Enough for two decodes at once on two cores; more threads at once get arrays of their own. */
  static final int SLOTS = Math.max(2, Math.min(4, Runtime.getRuntime().availableProcessors()));

  /** 1 Mi elements: every corpus file fits; a longer text's array is not kept. */
  static final int MAX_LENGTH = 1 << 20;

  // Below SLOTS, which the constructor reads: static fields are set in the order they are written.
  /** Decoded chars. */
  static final SharedArrays<char[]> CHARS = new SharedArrays<>(char[]::new, chars -> chars.length);

  /** Decoded Latin-1 text, one byte per char: the layout of a compact string. */
  static final SharedArrays<byte[]> LATIN1 = new SharedArrays<>(byte[]::new, bytes -> bytes.length);

  private final IntFunction<A> allocate;
  private final ToIntFunction<A> length;
  private final AtomicReferenceArray<A> pool = new AtomicReferenceArray<>(SLOTS);

  private SharedArrays(IntFunction<A> allocate, ToIntFunction<A> length) {
    this.allocate = allocate;
    this.length = length;
  }

  /** An array of at least {@code count} elements, which the caller puts back with {@link #give}. */
  A take(int count) {
    if (count > MAX_LENGTH) {
      return allocate.apply(count);
    }
    for (int i = 0; i < SLOTS; i++) {
      A kept = pool.get(i);
      if (kept != null && length.applyAsInt(kept) >= count && pool.compareAndSet(i, kept, null)) {
        return kept;
      }
    }
    // Rounded up, so that texts of slightly different lengths share one array once it is kept.
    return allocate.apply(Math.max(count, Math.min(MAX_LENGTH, Integer.highestOneBit(count - 1) << 1)));
  }

  /** Keeps {@code array} in a free slot, or in place of a shorter array; drops it otherwise. */
  void give(A array) {
    int arrayLength = length.applyAsInt(array);
    if (arrayLength > MAX_LENGTH) {
      return;
    }
    for (int i = 0; i < SLOTS; i++) {
      if (pool.get(i) == null && pool.compareAndSet(i, null, array)) {
        return;
      }
    }
    for (int i = 0; i < SLOTS; i++) {
      A kept = pool.get(i);
      if (kept != null && length.applyAsInt(kept) < arrayLength && pool.compareAndSet(i, kept, array)) {
        return;
      }
    }
  }
}
