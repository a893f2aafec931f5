package dev.textwire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * Virtual threads that encode and decode and then wait keep no working space of their own: what they
 * hold while parked is what the same threads hold after doing the same work with the JDK
 * ({@code getBytes}, {@code new String}, {@code DataOutputStream.writeUTF}), within a small margin. Each
 * used to keep its own scratch (about 13 KiB, more after a decode), as long as the thread lived. Runs on
 * JDK 21 and later (virtual threads are looked up reflectively; the code is built for Java 17). The
 * million-thread version with timings is {@code textwire-benchmarks/tools/million-virtual-threads.sh}.
 */
// Alone: what it measures (allocation, the heap) must not depend on the tests running beside it.
@Isolated
class VirtualThreadMemoryTest {
  private static final int THREADS = 20_000;

  /** Per parked thread, above what the JDK's own calls leave; the old per-thread scratch was 13 KiB or more. */
  private static final long MARGIN_BYTES_PER_THREAD = 2048;

  /** A 1,000-char text outside Latin-1 (so no String takes the Latin-1 fast path) and its UTF-8. */
  private static final String TEXT = "abcdefghi\u20AC".repeat(100);

  private static final byte[] BYTES = TEXT.getBytes(StandardCharsets.UTF_8);

  private static Method startVirtualThread() {
    try {
      return Thread.class.getMethod("startVirtualThread", Runnable.class);
    } catch (NoSuchMethodException e) {
      return null;
    }
  }

  private static long usedHeapAfterGc() {
    for (int i = 0; i < 3; i++) {
      System.gc();
    }
    return Management.heapUsed();
  }

  /** Heap in use while {@code THREADS} virtual threads that each ran {@code work} are parked. */
  private static long heapWhileParked(Method start, Runnable work) throws Exception {
    CountDownLatch done = new CountDownLatch(THREADS);
    CountDownLatch release = new CountDownLatch(1);
    AtomicInteger failures = new AtomicInteger();
    List<Thread> threads = new ArrayList<>(THREADS);
    for (int i = 0; i < THREADS; i++) {
      Runnable body = () -> {
        try {
          work.run();
        } catch (RuntimeException e) {
          failures.incrementAndGet();
        }
        done.countDown();
        try {
          release.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      };
      threads.add((Thread) start.invoke(null, body));
    }
    done.await();
    long used = usedHeapAfterGc();
    release.countDown();
    for (Thread thread : threads) {
      thread.join();
    }
    assertEquals(0, failures.get(), "threads whose work failed");
    return used;
  }

  private static byte[] jdkWriteUtf(String s) {
    try {
      ByteArrayOutputStream out = new ByteArrayOutputStream(16);
      new DataOutputStream(out).writeUTF(s);
      return out.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static byte[] ourWriteUtf(String s) {
    try {
      ByteArrayOutputStream out = new ByteArrayOutputStream(16);
      ModifiedUtf8.writeUTF(new DataOutputStream(out), s);
      return out.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Test
  void parkedVirtualThreadsKeepNoScratch() throws Exception {
    Method start = startVirtualThread();
    assumeTrue(start != null, "virtual threads need JDK 21 or later");
    Runnable jdk = () -> {
      if (TEXT.getBytes(StandardCharsets.UTF_8).length != BYTES.length
          || new String(BYTES, StandardCharsets.UTF_8).length() != TEXT.length()
          || jdkWriteUtf("hello").length != 7) {
        throw new IllegalStateException("JDK result");
      }
    };
    Runnable ours = () -> {
      if (Utf8.encode(TEXT).length != BYTES.length
          || Utf8.decode(BYTES).length() != TEXT.length()
          || ourWriteUtf("hello").length != 7) {
        throw new IllegalStateException("textwire result");
      }
    };
    heapWhileParked(start, jdk); // warm-up: classes, JIT, the heap's own sizing
    heapWhileParked(start, ours);
    long jdkBytes = heapWhileParked(start, jdk);
    long ourBytes = heapWhileParked(start, ours);
    long perThread = (ourBytes - jdkBytes) / THREADS;
    assertTrue(perThread <= MARGIN_BYTES_PER_THREAD,
        () -> THREADS + " parked virtual threads: " + ourBytes + " bytes of heap after textwire's calls, "
            + jdkBytes + " after the JDK's: " + perThread + " bytes more per thread");
  }
}
