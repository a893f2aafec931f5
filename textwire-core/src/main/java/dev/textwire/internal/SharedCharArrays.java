package dev.textwire.internal;

import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Char arrays for decodes longer than a thread keeps ({@link Scratch#DECODE_MAX_CHARS}), shared by the
 * whole process: {@link #SLOTS} of them, each at most {@link #MAX_CHARS} long, taken and put back with
 * one compare-and-set each. So what is kept is bounded (8 MiB at most, and only once texts that long were
 * decoded), whatever the number of threads, virtual or not.
 *
 * <p>Why: such a decode used to get a new array each time. For 65,536 mostly-ASCII chars that array cost
 * as much as the decode loop itself (about 17 µs of 58 on JDK 25 with the vector tier: zeroed, then
 * written again, in memory the cache had not seen; docs/BENCHMARKS.md, "Decoding mostly-ASCII text in
 * the tier"). A reused array stays in the cache. A call that finds no slot free, or only shorter arrays,
 * gets a new array, as before; putting back, a longer array takes the place of a shorter one, so the
 * arrays grow to the texts the process decodes.
 *
 * <p>The String copies the chars, so an array is put back as soon as the String is built, and holds
 * nothing a caller can see.
 */
final class SharedCharArrays {
  private SharedCharArrays() {}

  /** Enough for two decodes at once on two cores; more threads at once get arrays of their own. */
  static final int SLOTS = Math.max(2, Math.min(4, Runtime.getRuntime().availableProcessors()));

  /** 1 Mi chars (2 MiB): every corpus file fits; a longer text's array is not kept. */
  static final int MAX_CHARS = 1 << 20;

  private static final AtomicReferenceArray<char[]> POOL = new AtomicReferenceArray<>(SLOTS);

  /** An array of at least {@code charCount} chars, which the caller puts back with {@link #give}. */
  static char[] take(int charCount) {
    if (charCount <= MAX_CHARS) {
      for (int i = 0; i < SLOTS; i++) {
        char[] kept = POOL.get(i);
        if (kept != null && kept.length >= charCount && POOL.compareAndSet(i, kept, null)) {
          return kept;
        }
      }
      // Rounded up, so that texts of slightly different lengths share one array once it is kept.
      return new char[Math.max(charCount, Math.min(MAX_CHARS, Integer.highestOneBit(charCount - 1) << 1))];
    }
    return new char[charCount];
  }

  /** Keeps {@code chars} in a free slot, or in place of a shorter array; drops it otherwise. */
  static void give(char[] chars) {
    if (chars.length > MAX_CHARS) {
      return;
    }
    for (int i = 0; i < SLOTS; i++) {
      if (POOL.get(i) == null && POOL.compareAndSet(i, null, chars)) {
        return;
      }
    }
    for (int i = 0; i < SLOTS; i++) {
      char[] kept = POOL.get(i);
      if (kept != null && kept.length < chars.length && POOL.compareAndSet(i, kept, chars)) {
        return;
      }
    }
  }
}
