package dev.textwire;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * The JVM's allocation and heap counters, looked up by name: the tests compile inside the module
 * {@code dev.textwire}, which does not read {@code java.management}, and run on the class path, where
 * everything is readable. Method handles with exact types, so reading a counter allocates nothing itself.
 */
public final class Management {
  private Management() {}

  private static final MethodHandle THREAD_ALLOCATED_BYTES; // (long threadId) -> long, or null
  private static final MethodHandle HEAP_USED; // () -> long, or null

  static {
    MethodHandle allocated = null;
    MethodHandle heap = null;
    try {
      MethodHandles.Lookup lookup = MethodHandles.publicLookup();
      Class<?> factory = Class.forName("java.lang.management.ManagementFactory");
      Object threads = factory.getMethod("getThreadMXBean").invoke(null);
      Class<?> sunThreads = Class.forName("com.sun.management.ThreadMXBean");
      if (sunThreads.isInstance(threads)
          && (boolean) sunThreads.getMethod("isThreadAllocatedMemorySupported").invoke(threads)) {
        sunThreads.getMethod("setThreadAllocatedMemoryEnabled", boolean.class).invoke(threads, true);
        allocated =
            lookup
                .findVirtual(sunThreads, "getThreadAllocatedBytes", MethodType.methodType(long.class, long.class))
                .bindTo(threads);
      }
      Object memory = factory.getMethod("getMemoryMXBean").invoke(null);
      Class<?> memoryBean = Class.forName("java.lang.management.MemoryMXBean");
      Class<?> usage = Class.forName("java.lang.management.MemoryUsage");
      heap =
          MethodHandles.filterReturnValue(
              lookup.findVirtual(memoryBean, "getHeapMemoryUsage", MethodType.methodType(usage)).bindTo(memory),
              lookup.findVirtual(usage, "getUsed", MethodType.methodType(long.class)));
    } catch (ReflectiveOperationException | RuntimeException | LinkageError unavailable) {
      // Left null: the tests that need a counter are skipped.
    }
    THREAD_ALLOCATED_BYTES = allocated;
    HEAP_USED = heap;
    // Past the JDK's customization threshold now (a handle invoked 127 times gets a class of its own,
    // spun on the invoking thread), so that no later reading, in whichever test, does that work inside a
    // measured window. Once test classes ran two at a time, FirstCallAllocationTest counted 12,552 B for a
    // 5-byte decode in every full run (2 of 2) and never alone; with this loop, 0 failures in 3 full runs.
    // That the threshold is the cause is inferred from the figures, not proved.
    if (allocated != null) {
      long threadId = Thread.currentThread().getId();
      for (int i = 0; i < 1_000; i++) {
        threadAllocatedBytes(threadId);
      }
    }
  }

  /** True when {@link #threadAllocatedBytes} works in this JVM. */
  public static boolean countsThreadAllocation() {
    return THREAD_ALLOCATED_BYTES != null;
  }

  /** Bytes the thread with this id has allocated so far. */
  public static long threadAllocatedBytes(long threadId) {
    try {
      return (long) THREAD_ALLOCATED_BYTES.invokeExact(threadId);
    } catch (Throwable e) {
      throw new AssertionError(e);
    }
  }

  /** Heap in use, as {@code MemoryMXBean} reports it. */
  public static long heapUsed() {
    try {
      return (long) HEAP_USED.invokeExact();
    } catch (Throwable e) {
      throw new AssertionError(e);
    }
  }
}
