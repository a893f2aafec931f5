import dev.textwire.Utf8;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * A million virtual threads that each make one call and then park, as a server with a thread per
 * request does: how long until all have made their call, and how much heap they hold while parked,
 * textwire beside the JDK's own call. Run by {@code million-virtual-threads.sh} (JDK 21 or later, the
 * core's classes on the class path, {@code -Xmx2g}), one case per JVM:
 *
 * <pre>
 * java -Xmx2g -cp textwire-core/target/classes textwire-benchmarks/tools/MillionVirtualThreads.java CASE [THREADS]
 * </pre>
 *
 * Cases: {@code jdk-encode}, {@code textwire-encode} (a 13-char String to a new byte[]), {@code
 * jdk-decode}, {@code textwire-decode} (13 ASCII bytes to a String), {@code jdk-encode-1k}, {@code
 * textwire-encode-1k} (1,000 chars, one in ten outside Latin-1), {@code jdk-decode-1k}, {@code
 * textwire-decode-1k} (its 1,200 bytes back). Prints one line: case, threads, seconds until every thread
 * had made its call, heap in use after a full GC while they are all parked (MiB, and bytes per thread).
 */
public class MillionVirtualThreads {
  private static final String SHORT = "hello, world!";
  private static final byte[] SHORT_BYTES = SHORT.getBytes(StandardCharsets.UTF_8);
  private static final String KILO = "abcdefghi\u20AC".repeat(100);
  private static final byte[] KILO_BYTES = KILO.getBytes(StandardCharsets.UTF_8);

  private static Supplier<Object> call(String name) {
    switch (name) {
      case "jdk-encode": return () -> SHORT.getBytes(StandardCharsets.UTF_8);
      case "textwire-encode": return () -> Utf8.encode(SHORT);
      case "jdk-decode": return () -> new String(SHORT_BYTES, StandardCharsets.UTF_8);
      case "textwire-decode": return () -> Utf8.decode(SHORT_BYTES);
      case "jdk-encode-1k": return () -> KILO.getBytes(StandardCharsets.UTF_8);
      case "textwire-encode-1k": return () -> Utf8.encode(KILO);
      case "jdk-decode-1k": return () -> new String(KILO_BYTES, StandardCharsets.UTF_8);
      case "textwire-decode-1k": return () -> Utf8.decode(KILO_BYTES);
      default: throw new IllegalArgumentException("unknown case " + name);
    }
  }

  public static void main(String[] args) throws Exception {
    String name = args[0];
    int threads = args.length > 1 ? Integer.parseInt(args[1]) : 1_000_000;
    Supplier<Object> call = call(name);
    call.get(); // classes loaded before the clock starts
    CountDownLatch called = new CountDownLatch(threads);
    CountDownLatch never = new CountDownLatch(1);
    AtomicInteger failures = new AtomicInteger();
    long start = System.nanoTime();
    for (int i = 0; i < threads; i++) {
      Thread.ofVirtual().start(() -> {
        try {
          if (call.get() == null) {
            failures.incrementAndGet();
          }
        } catch (Throwable e) {
          failures.incrementAndGet();
        }
        called.countDown();
        try {
          never.await(); // parked until the JVM exits
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      });
    }
    if (!called.await(10, TimeUnit.MINUTES)) {
      throw new IllegalStateException("threads did not finish their calls");
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    System.gc(); // a full collection: what is left is what the parked threads hold
    long heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    System.out.printf("%-20s %,10d threads %7.2f s %8.1f MiB heap while parked %7d B/thread %s%n",
        name, threads, seconds, heap / 1048576.0, heap / threads,
        failures.get() == 0 ? "" : failures.get() + " calls failed");
    // The parked threads are daemons: the JVM exits without waking a million of them.
  }
}
