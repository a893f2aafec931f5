package dev.textwire.internal;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Supplier;

/**
 * Lends reusable working space ({@link Scratch}, {@link DataUtf}'s windows, {@link ShortCopies}' space) to
 * one call at a time, so that calls allocate nothing once warm, and so that what is kept does not grow
 * with the number of virtual threads.
 *
 * <ul>
 *   <li>On a platform thread: the thread's own space, through a {@code ThreadLocal} (a few nanoseconds,
 *       no atomics; measured, see docs/DESIGN.md). Platform threads are few and long-lived, and each
 *       keeps its space for the next call.
 *   <li>On a virtual thread: space from a small pool shared by all virtual threads, taken and put back
 *       with one compare-and-set each. A virtual thread's {@code ThreadLocal} lives as long as the
 *       thread, so a million threads that each encoded once and then parked kept a million spaces
 *       (13 KiB or more each: out of memory at {@code -Xmx2g}). Only the calls in progress hold space:
 *       about as many as there are carrier threads. When every slot is taken, the call gets fresh space,
 *       which goes back into the pool if a slot is free by then and is otherwise dropped.
 * </ul>
 *
 * <p>A caller's {@code CharSequence.charAt} can run any code, even another encode on the same thread, so
 * {@link #acquire} never hands out space that is already lent: a nested call gets other space and the
 * outer call's chunk survives.
 */
final class Lender<T extends Lender.Loanable> {
  /** What a lender lends: the flag marks a platform thread's own space while a call uses it. */
  abstract static class Loanable {
    boolean lent;
  }

  /** {@code Thread.isVirtual()} on JDK 21 and later; null before (there, no thread is virtual). */
  private static final MethodHandle IS_VIRTUAL = isVirtualHandle();

  private static MethodHandle isVirtualHandle() {
    try {
      return MethodHandles.publicLookup()
          .findVirtual(Thread.class, "isVirtual", MethodType.methodType(boolean.class));
    } catch (ReflectiveOperationException | RuntimeException unavailable) {
      return null; // JDK 17 to 20: there are no virtual threads
    }
  }

  /** True on a virtual thread. A constant handle: the JIT inlines it to a type check. */
  static boolean onVirtualThread() {
    if (IS_VIRTUAL == null) {
      return false;
    }
    try {
      return (boolean) IS_VIRTUAL.invokeExact(Thread.currentThread());
    } catch (Throwable impossible) {
      throw new AssertionError(impossible); // isVirtual() throws nothing
    }
  }

  /**
   * Slots for virtual threads: a few per CPU, as only calls in progress hold space, and at most as many
   * run at once as there are carriers (one per CPU by default), plus any blocked inside a caller's code.
   */
  static final int POOL_SLOTS = Math.max(8, Math.min(64, 4 * Runtime.getRuntime().availableProcessors()));

  private final Supplier<T> factory;
  private final ThreadLocal<T> perThread;
  private final AtomicReferenceArray<T> pool = new AtomicReferenceArray<>(POOL_SLOTS);

  Lender(Supplier<T> factory) {
    this.factory = factory;
    this.perThread = ThreadLocal.withInitial(factory);
  }

  /**
   * Space for this call alone, until {@link #release}: never space another call on this thread is
   * using. Pair with {@link #release} in a finally block.
   */
  T acquire() {
    if (onVirtualThread()) {
      return take();
    }
    T space = perThread.get();
    if (space.lent) {
      return factory.get(); // re-entered from a caller's code: the outer call keeps its space
    }
    space.lent = true;
    return space;
  }

  void release(T space) {
    if (onVirtualThread()) {
      give(space);
    } else {
      space.lent = false;
    }
  }

  /**
   * Space for work that runs no caller code and so cannot be re-entered (decoding, validating): on a
   * platform thread, the thread's own even while an encode on it holds it, so that work must only use
   * parts an encode does not keep across a call to the caller's code. Pair with {@link #giveBack}.
   */
  T borrow() {
    return onVirtualThread() ? take() : perThread.get();
  }

  void giveBack(T space) {
    if (onVirtualThread()) {
      give(space);
    }
  }

  private T take() {
    for (int i = 0; i < POOL_SLOTS; i++) {
      T space = pool.get(i);
      if (space != null && pool.compareAndSet(i, space, null)) {
        return space;
      }
    }
    return factory.get();
  }

  private void give(T space) {
    for (int i = 0; i < POOL_SLOTS; i++) {
      if (pool.get(i) == null && pool.compareAndSet(i, null, space)) {
        return;
      }
    }
    // Every slot is full: this space is dropped, so the pool never holds more than POOL_SLOTS.
  }
}
