package dev.textwire.resp;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * The JVM's count of bytes a thread allocated, looked up by name: the tests compile inside the module
 * {@code dev.textwire.resp}, which does not read {@code java.management}, and run on the class path. A
 * method handle with an exact type, so reading the counter allocates nothing itself (as textwire-core's
 * test {@code Management} does).
 */
final class ThreadAllocation {
  private ThreadAllocation() {}

  private static final MethodHandle THREAD_ALLOCATED_BYTES; // (long threadId) -> long, or null

  static {
    MethodHandle allocated = null;
    try {
      Class<?> factory = Class.forName("java.lang.management.ManagementFactory");
      Object threads = factory.getMethod("getThreadMXBean").invoke(null);
      Class<?> sunThreads = Class.forName("com.sun.management.ThreadMXBean");
      if (sunThreads.isInstance(threads)
          && (boolean) sunThreads.getMethod("isThreadAllocatedMemorySupported").invoke(threads)) {
        sunThreads.getMethod("setThreadAllocatedMemoryEnabled", boolean.class).invoke(threads, true);
        allocated = MethodHandles.publicLookup()
            .findVirtual(sunThreads, "getThreadAllocatedBytes", MethodType.methodType(long.class, long.class))
            .bindTo(threads);
      }
    } catch (ReflectiveOperationException | RuntimeException | LinkageError unavailable) {
      // Left null: the tests that need the counter are skipped.
    }
    THREAD_ALLOCATED_BYTES = allocated;
  }

  static boolean counted() {
    return THREAD_ALLOCATED_BYTES != null;
  }

  /** Bytes this thread has allocated so far. */
  static long bytes() {
    try {
      return (long) THREAD_ALLOCATED_BYTES.invokeExact(Thread.currentThread().getId());
    } catch (Throwable e) {
      throw new AssertionError(e);
    }
  }
}
