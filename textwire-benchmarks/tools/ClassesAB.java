import java.io.File;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.Arrays;

/**
 * Two builds of textwire-core side by side in one JVM: each loaded by its own class loader, their
 * {@code Utf8.encode} or {@code Utf8.decode} called in alternating batches, so that whatever else the
 * machine does falls on both alike. For a change to the kernels, where two separate JMH runs on this
 * noisy machine differ by more than the change. Prints the median and 25th percentile ns per call of
 * each, and new/old.
 *
 * <pre>
 * git worktree add /tmp/old OLD_COMMIT &amp;&amp; (cd /tmp/old &amp;&amp; ./mvnw -q -pl textwire-core,textwire-benchmarks package -DskipTests)
 * ./mvnw -q -pl textwire-core,textwire-benchmarks package -DskipTests
 * java textwire-benchmarks/tools/ClassesAB.java /tmp/old/textwire-core/target/classes \
 *   textwire-core/target/classes textwire-benchmarks/target/textwire-benchmarks.jar encode cjk 512
 * </pre>
 *
 * Arguments: old classes, new classes, the benchmarks jar (for its synthetic inputs), encode or decode,
 * a synthetic kind, a length in chars. Calls go through a MethodHandle, which adds the same few
 * nanoseconds to both.
 */
public class ClassesAB {
  public static void main(String[] args) throws Throwable {
    String[] dirs = {args[0], args[1]};
    ClassLoader benchLoader = new URLClassLoader(new URL[] {new File(args[2]).toURI().toURL()}, null);
    String op = args[3];
    String kind = args[4];
    int length = Integer.parseInt(args[5]);
    Object inputs =
        benchLoader.loadClass("dev.textwire.bench.Inputs")
            .getMethod("synthetic", String.class, int.class)
            .invoke(null, kind, length);
    String text = (String) inputs.getClass().getMethod("text").invoke(inputs);
    byte[] utf8 = text.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    MethodHandle[] handles = new MethodHandle[2];
    for (int i = 0; i < 2; i++) {
      ClassLoader loader = new URLClassLoader(new URL[] {new File(dirs[i]).toURI().toURL()}, null);
      Class<?> utf8Class = loader.loadClass("dev.textwire.Utf8");
      handles[i] =
          op.equals("encode")
              ? MethodHandles.publicLookup()
                  .findStatic(utf8Class, "encode", MethodType.methodType(int.class, CharSequence.class, byte[].class, int.class))
              : MethodHandles.publicLookup()
                  .findStatic(utf8Class, "decode", MethodType.methodType(String.class, byte[].class));
    }
    byte[] dst = new byte[3 * length + 16];
    int calls = 20_000;
    int rounds = 40;
    int warmupRounds = 10;
    long[][] nanos = new long[2][rounds];
    long sink = 0;
    for (int round = 0; round < warmupRounds + rounds; round++) {
      for (int k = 0; k < 2; k++) {
        int i = (round & 1) == 0 ? k : 1 - k; // alternate which goes first
        long start = System.nanoTime();
        if (op.equals("encode")) {
          for (int c = 0; c < calls; c++) {
            sink += (int) handles[i].invokeExact((CharSequence) text, dst, 0);
          }
        } else {
          for (int c = 0; c < calls; c++) {
            sink += ((String) handles[i].invokeExact(utf8)).length();
          }
        }
        if (round >= warmupRounds) {
          nanos[i][round - warmupRounds] = (System.nanoTime() - start) / calls;
        }
      }
    }
    Arrays.sort(nanos[0]);
    Arrays.sort(nanos[1]);
    System.out.printf(
        "%s %s/%d: old median %d ns (p25 %d), new median %d ns (p25 %d), new/old %.2f  [%d]%n",
        op, kind, length, nanos[0][rounds / 2], nanos[0][rounds / 4], nanos[1][rounds / 2],
        nanos[1][rounds / 4], (double) nanos[1][rounds / 2] / nanos[0][rounds / 2], sink & 1);
  }
}
