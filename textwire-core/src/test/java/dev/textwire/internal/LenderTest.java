package dev.textwire.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * {@link Lender}: a platform thread reuses its own space and a nested call gets other space; virtual
 * threads share a bounded pool, never hold the same space at once, and keep none after their call.
 */
class LenderTest {
  static final class Space extends Lender.Loanable {
    static final AtomicInteger CREATED = new AtomicInteger();

    Space() {
      CREATED.incrementAndGet();
    }
  }

  /** Starts {@code body} on a new virtual thread; skips the test before JDK 21. */
  private static Thread startVirtual(Runnable body) throws Exception {
    Method start;
    try {
      start = Thread.class.getMethod("startVirtualThread", Runnable.class);
    } catch (NoSuchMethodException e) {
      start = null;
    }
    assumeTrue(start != null, "virtual threads need JDK 21 or later");
    return (Thread) start.invoke(null, body);
  }

  /** Runs {@code body} on a new virtual thread and waits for it. */
  private static void onVirtualThread(Runnable body) throws Exception {
    AtomicReference<Throwable> failure = new AtomicReference<>();
    startVirtual(() -> {
      try {
        body.run();
      } catch (Throwable e) {
        failure.set(e);
      }
    }).join();
    if (failure.get() != null) {
      throw new AssertionError(failure.get());
    }
  }

  @Test
  void platformThreadKeepsItsOwnSpaceAndNestedCallsGetOther() {
    assertFalse(Lender.onVirtualThread());
    Lender<Space> lender = new Lender<>(Space::new);
    Space outer = lender.acquire();
    Space nested = lender.acquire();
    assertNotSame(outer, nested, "a nested call must not get the space the outer call holds");
    assertSame(outer, lender.borrow(), "decoding may use the thread's space while an encode holds it");
    lender.release(nested);
    lender.release(outer);
    assertSame(outer, lender.acquire(), "the thread's space again");
  }

  @Test
  void virtualThreadsShareABoundedPool() throws Exception {
    Lender<Space> lender = new Lender<>(Space::new);
    Set<Space> released = Collections.synchronizedSet(Collections.newSetFromMap(new IdentityHashMap<>()));
    onVirtualThread(() -> {
      assertTrue(Lender.onVirtualThread());
      Space space = lender.acquire();
      Space nested = lender.acquire();
      assertNotSame(space, nested, "a nested call must not get the space the outer call holds");
      lender.release(nested);
      lender.release(space);
      released.add(space);
      released.add(nested);
    });
    // Another virtual thread, later: space from the pool, not a new one of its own.
    onVirtualThread(() -> {
      Space space = lender.borrow();
      assertTrue(released.contains(space), "pooled space is reused");
      lender.giveBack(space);
      Space again = lender.acquire();
      assertTrue(released.contains(again), "pooled space is reused");
      lender.release(again);
    });
    int before = Space.CREATED.get();
    for (int i = 0; i < 1000; i++) {
      onVirtualThread(() -> lender.release(lender.acquire()));
    }
    assertEquals(before, Space.CREATED.get(), "a thousand virtual threads, one after another, created space");
  }

  @Test
  void virtualThreadsNeverHoldTheSameSpaceAtOnce() throws Exception {
    Lender<Space> lender = new Lender<>(Space::new);
    int threads = 4 * Lender.POOL_SLOTS;
    Set<Space> held = Collections.synchronizedSet(Collections.newSetFromMap(new IdentityHashMap<>()));
    Set<Space> seen = Collections.synchronizedSet(Collections.newSetFromMap(new IdentityHashMap<>()));
    AtomicInteger shared = new AtomicInteger();
    CountDownLatch allHolding = new CountDownLatch(threads);
    List<Throwable> failures = Collections.synchronizedList(new ArrayList<>());
    List<Thread> started = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      started.add(startVirtual(() -> {
        Space space = lender.acquire();
        if (!held.add(space)) {
          shared.incrementAndGet();
        }
        seen.add(space);
        allHolding.countDown();
        try {
          allHolding.await(); // everyone holds space at once: the pool runs dry, the rest get fresh space
        } catch (InterruptedException e) {
          failures.add(e);
        }
        held.remove(space);
        lender.release(space);
      }));
    }
    for (Thread thread : started) {
      thread.join();
    }
    assertEquals(List.of(), failures);
    assertEquals(0, shared.get(), "spaces handed to two threads at once");
    assertEquals(threads, seen.size());
    // Afterwards the pool holds at most POOL_SLOTS of them: the rest were dropped.
    Set<Space> pooled = Collections.newSetFromMap(new IdentityHashMap<>());
    List<Space> taken = new ArrayList<>();
    onVirtualThread(() -> {
      for (int i = 0; i < threads; i++) {
        Space space = lender.acquire();
        taken.add(space);
        if (seen.contains(space)) {
          pooled.add(space);
        }
      }
      taken.forEach(lender::release);
    });
    assertEquals(Lender.POOL_SLOTS, pooled.size());
  }
}
