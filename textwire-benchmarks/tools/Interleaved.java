import java.io.IOException;
import java.io.PrintStream;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * A JMH benchmark's methods side by side in one JVM, in short alternating batches: textwire's method and
 * its peers' take turns of {@code il.batchMillis} (20 ms) each, round after round, so that the shared
 * machine's slow and fast spells fall on all of them alike and a ratio of two methods' times in one round
 * is taken over 40 ms, not over the minutes between two JMH forks.
 *
 * <pre>
 *   java -Xms1g -Xmx1g -cp BENCH_JAR:TOOLS_CLASSES Interleaved BenchmarkClass method1,method2,... [param=value ...]
 * </pre>
 *
 * The benchmark class is a JMH state class, named in {@code dev.textwire.bench} or in full; its {@code @Param} fields are set
 * from the arguments and its {@code @Setup} methods run once (they check that every method produces the
 * same output, as under JMH). Each method gets a timing loop of its own, a class compiled here from
 * generated source that calls the method directly, as JMH's generated code does, so that every call
 * site sees one receiver and C2 inlines the method into its loop. Prints one JSON object: each method's
 * ns/op and B/op (the thread's allocated bytes, {@code com.sun.management}) per round.
 *
 * <p>What it is for: deciding, in seconds, whether a change moves a row or where a row stands against its
 * peers in one set of compilations. What it is not: the record; docs/BENCHMARKS.md keeps JMH's figures.
 * The spread between JVMs (each compiles the methods its own way) is seen by running it in several, as
 * {@code paired-rows.py --interleaved} does.
 */
public final class Interleaved {
  private Interleaved() {}

  public static void main(String[] args) throws Exception {
    if (args.length < 2) {
      System.err.println("usage: Interleaved BenchmarkClass method1,method2,... [param=value ...]");
      System.exit(2);
    }
    long warmupMillis = Long.getLong("il.warmupMillis", 3000);
    int rounds = Integer.getInteger("il.rounds", 40);
    long batchNanos = Long.getLong("il.batchMillis", 20) * 1_000_000L;
    Class<?> benchClass = Class.forName(args[0].contains(".") ? args[0] : "dev.textwire.bench." + args[0]);
    List<String> names = Arrays.asList(args[1].split(","));
    Object bench = benchClass.getConstructor().newInstance();
    for (int i = 2; i < args.length; i++) {
      setParam(bench, args[i]);
    }
    runAnnotated(bench, "org.openjdk.jmh.annotations.Setup");
    List<Method> loops = compileLoops(benchClass, names);
    int n = names.size();
    int[] inner = new int[n];
    for (int m = 0; m < n; m++) {
      inner[m] = calibrate(loops.get(m), bench);
    }
    // Warm-up in 100 ms turns, so that no method is compiled while the others sit idle for seconds.
    for (long spent = 0; spent < warmupMillis; spent += 100) {
      for (int m = 0; m < n; m++) {
        run(loops.get(m), bench, inner[m], 100_000_000L);
      }
    }
    double[][] nsPerOp = new double[n][rounds];
    double[][] bytesPerOp = new double[n][rounds];
    List<Integer> order = new ArrayList<>();
    for (int m = 0; m < n; m++) {
      order.add(m);
    }
    for (int r = 0; r < rounds; r++) {
      for (int m : order) {
        double[] timed = run(loops.get(m), bench, inner[m], batchNanos);
        nsPerOp[m][r] = timed[0];
        bytesPerOp[m][r] = timed[1];
      }
      Collections.reverse(order); // the first-listed method first in even rounds, last in odd ones
    }
    runAnnotated(bench, "org.openjdk.jmh.annotations.TearDown");
    print(System.out, args, names, inner, nsPerOp, bytesPerOp);
  }

  private static void setParam(Object bench, String assignment) throws ReflectiveOperationException {
    int eq = assignment.indexOf('=');
    if (eq < 0) {
      throw new IllegalArgumentException("a parameter is name=value: " + assignment);
    }
    Field field = bench.getClass().getField(assignment.substring(0, eq));
    String value = assignment.substring(eq + 1);
    Class<?> type = field.getType();
    if (type == String.class) {
      field.set(bench, value);
    } else if (type == int.class) {
      field.setInt(bench, Integer.parseInt(value));
    } else if (type == long.class) {
      field.setLong(bench, Long.parseLong(value));
    } else if (type == boolean.class) {
      field.setBoolean(bench, Boolean.parseBoolean(value));
    } else {
      throw new IllegalArgumentException("parameter of a type this tool does not set: " + field);
    }
  }

  /** Calls the public no-argument methods annotated so (by name: JMH is on the benchmark jar's path). */
  private static void runAnnotated(Object bench, String annotation) throws Exception {
    for (Method method : bench.getClass().getMethods()) {
      for (var a : method.getAnnotations()) {
        if (!a.annotationType().getName().equals(annotation)) {
          continue;
        }
        String level = String.valueOf(a.annotationType().getMethod("value").invoke(a));
        if (level.equals("Invocation")) {
          throw new IllegalArgumentException(method + ": Level.Invocation is not supported here");
        }
        if (method.getParameterCount() != 0) {
          throw new IllegalArgumentException(method + " takes arguments (JMH's own objects): not supported here");
        }
        try {
          method.invoke(bench);
        } catch (InvocationTargetException e) {
          throw new IllegalStateException(annotation + " failed: " + method, e.getCause());
        }
      }
    }
  }

  /**
   * One class per method, {@code static double[] run(B bench, int inner, long nanos)}: calls the method
   * {@code inner} times between two reads of the clock until {@code nanos} have passed; answers
   * {ns per call, bytes the thread allocated per call} (the loop's own, not this class's reflection).
   * The result is consumed about as JMH's Blackhole does: a number is summed, an object compared with one
   * read from a volatile field. Each call is followed by a volatile read, as in
   * JMH's loop (its stop flag): without it C2 hoisted the loads of the benchmark's fields and of the
   * String's coder and length out of the loop, and 16 ASCII chars measured 1.3x the JDK's encoder here
   * where JMH had 0.6x. (Storing each object into a static field instead cost {@code getBytes} 4 ns a
   * call in G1's write barrier, a cost JMH does not have.)
   */
  private static List<Method> compileLoops(Class<?> benchClass, List<String> names) throws Exception {
    Path dir = Files.createTempDirectory("interleaved");
    List<Path> sources = new ArrayList<>();
    String b = benchClass.getName();
    for (int m = 0; m < names.size(); m++) {
      Method target = benchClass.getMethod(names.get(m));
      Class<?> type = target.getReturnType();
      String call = "bench." + target.getName() + "()";
      String consume;
      if (type == void.class) {
        consume = call + ";";
      } else if (type == boolean.class) {
        consume = "sum += " + call + " ? 1 : 0;";
      } else if (type == double.class || type == float.class) {
        consume = "sum += (long) " + call + ";";
      } else if (type.isPrimitive()) {
        consume = "sum += " + call + ";";
      } else {
        consume = "Object o = " + call + "; if (o == last) sum++;";
      }
      String name = "IlLoop" + m;
      String source = String.join("\n",
          "public final class " + name + " {",
          "  public static long total;",
          "  public static volatile Object last;",
          "  public static volatile int gate;",
          "  static final com.sun.management.ThreadMXBean THREADS =",
          "      (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();",
          "  public static double[] run(" + b + " bench, int inner, long nanos) throws Throwable {",
          "    long allocatedBefore = THREADS.getCurrentThreadAllocatedBytes();",
          "    long sum = 0, calls = 0, start = System.nanoTime(), now;",
          "    do {",
          "      for (int i = 0; i < inner; i++) {",
          "        " + consume,
          "        sum += gate;",
          "      }",
          "      calls += inner;",
          "      now = System.nanoTime();",
          "    } while (now - start < nanos);",
          "    long allocated = THREADS.getCurrentThreadAllocatedBytes() - allocatedBefore;",
          "    total += sum;",
          "    return new double[] {(double) (now - start) / calls, (double) allocated / calls};",
          "  }",
          "}");
      Path file = dir.resolve(name + ".java");
      Files.writeString(file, source);
      sources.add(file);
    }
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    List<String> javacArgs = new ArrayList<>(List.of(
        "-nowarn", "-d", dir.toString(), "-cp", System.getProperty("java.class.path")));
    for (Path p : sources) {
      javacArgs.add(p.toString());
    }
    if (javac.run(null, null, System.err, javacArgs.toArray(new String[0])) != 0) {
      throw new IllegalStateException("could not compile the timing loops in " + dir);
    }
    ClassLoader loader = new URLClassLoader(new URL[] {dir.toUri().toURL()}, benchClass.getClassLoader());
    List<Method> loops = new ArrayList<>();
    for (int m = 0; m < names.size(); m++) {
      loops.add(loader.loadClass("IlLoop" + m).getMethod("run", benchClass, int.class, long.class));
    }
    deleteOnExit(dir);
    return loops;
  }

  private static void deleteOnExit(Path dir) throws IOException {
    try (var files = Files.list(dir)) {
      files.forEach(f -> f.toFile().deleteOnExit());
    }
    dir.toFile().deleteOnExit();
  }

  /** Calls a batch takes for at least 20 µs between two reads of the clock, whose own ~25 ns then weigh under 0.2%. */
  private static int calibrate(Method loop, Object bench) throws Exception {
    double[] once = run(loop, bench, 1, 200_000_000L);
    return (int) Math.max(1, Math.min(1 << 20, Math.ceil(20_000 / once[0])));
  }

  private static double[] run(Method loop, Object bench, int inner, long nanos) throws Exception {
    try {
      return (double[]) loop.invoke(null, bench, inner, nanos);
    } catch (InvocationTargetException e) {
      throw new IllegalStateException("the benchmark method threw", e.getCause());
    }
  }

  private static void print(
      PrintStream out, String[] args, List<String> names, int[] inner, double[][] nsPerOp, double[][] bytesPerOp) {
    StringBuilder json = new StringBuilder();
    json.append("{\"benchmark\": \"").append(args[0]).append("\", \"params\": [");
    for (int i = 2; i < args.length; i++) {
      json.append(i > 2 ? ", " : "").append('"').append(args[i]).append('"');
    }
    json.append("], \"jvm\": \"").append(Runtime.version()).append("\", \"methods\": {");
    for (int m = 0; m < names.size(); m++) {
      json.append(m > 0 ? ", " : "").append('"').append(names.get(m)).append("\": {\"inner\": ").append(inner[m])
          .append(", \"nsPerOp\": ").append(numbers(nsPerOp[m])).append(", \"bytesPerOp\": ")
          .append(numbers(bytesPerOp[m])).append('}');
    }
    json.append("}}");
    out.println(json);
  }

  private static String numbers(double[] values) {
    StringBuilder s = new StringBuilder("[");
    for (int i = 0; i < values.length; i++) {
      s.append(i > 0 ? ", " : "").append(String.format(Locale.ROOT, "%.3f", values[i]));
    }
    return s.append(']').toString();
  }
}
