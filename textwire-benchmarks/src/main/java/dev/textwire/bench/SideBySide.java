package dev.textwire.bench;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * The one command a newcomer runs: a short selection of the benchmarks, textwire beside the strongest
 * baselines, printed as one plain-text table.
 *
 * <pre>
 * ./mvnw -q -B install -DskipTests
 * java -cp textwire-benchmarks/target/textwire-benchmarks.jar dev.textwire.bench.SideBySide [--quick | --full]
 * </pre>
 *
 * ({@code ./textwire bench} at the repository root does both, with a progress bar and an optional chart;
 * it calls {@link #run} and {@link #printTable} directly.)
 *
 * <p>Default: every synthetic kind at 512 chars and the corpus files en and zh; textwire and the strongest
 * baselines of each operation; one fork per benchmark, 2 x 200 ms warmup and 3 x 200 ms measurement
 * (about 2.5 minutes on 2 cores). {@code --quick} runs the corpus files en, ru and zh only, with shorter
 * iterations (2 x 100 ms warmup, 2 x 100 ms measurement; about a minute). {@code --full} runs every benchmark method
 * on every input (all kinds at 16, 512 and 65536 chars, all corpus files) with the default's short
 * iterations (about 20 minutes). For numbers worth quoting, run the benchmark classes
 * themselves with their defaults: see {@link BenchBase}.
 *
 * <p>The table is on stdout, progress on stderr, and JMH's own output is silenced; a benchmark that fails
 * (for example a peer that does not produce the same bytes, caught in {@code @Setup}) is reported with
 * the first lines of its error.
 */
public final class SideBySide {
  private static final String PACKAGE = "dev.textwire.bench.";
  private static final List<String> SHORT_CORPUS = List.of("en", "zh");
  private static final List<String> QUICK_CORPUS = List.of("en", "ru", "zh");
  private static final List<String> FULL_CORPUS = List.of("en", "fr", "ru", "ar", "zh", "ja", "emoji_lipsum");

  /** One table row kind: a textwire method against baselines of the same operation and class. */
  private static final class Row {
    final String operation;
    final String ours;
    final Map<String, String> shortBaselines;
    final Map<String, String> allBaselines;
    final boolean inShort;

    Row(String operation, String ours, boolean inShort, String[][] baselines) {
      this.operation = operation;
      this.ours = ours;
      this.inShort = inShort;
      this.shortBaselines = new LinkedHashMap<>();
      this.allBaselines = new LinkedHashMap<>();
      for (String[] b : baselines) {
        allBaselines.put(b[0], b[1]);
        if (b.length > 2) {
          shortBaselines.put(b[0], b[1]);
        }
      }
    }

    Map<String, String> baselines(Mode mode) {
      return mode == Mode.FULL ? allBaselines : shortBaselines;
    }
  }

  /** One operation: its benchmark classes (synthetic and corpus) and its rows. */
  private static final class Group {
    final String name;
    final String operation;
    final List<Row> rows;

    Group(String name, String operation, Row... rows) {
      this.name = name;
      this.operation = operation;
      this.rows = List.of(rows);
    }
  }

  private static final String S = "short"; // a third element marks a baseline run in the default mode

  private static final List<Group> GROUPS =
      List.of(
          new Group(
              "Encode",
              "encode",
              new Row(
                  "encode to byte[]",
                  "textwire",
                  true,
                  new String[][] {
                    {"jdkGetBytes", "JDK getBytes (allocates)", S},
                    {"jdkGetBytesArraycopy", "JDK getBytes+arraycopy", S},
                    {"jdkCharsetEncoder", "JDK CharsetEncoder", S},
                    {"protobuf", "protobuf CodedOutputStream", S},
                    {"nettyHeap", "Netty writeUtf8 heap", S},
                    {"okio", "Okio Buffer.writeUtf8"},
                  }),
              new Row(
                  "encode StringBuilder",
                  "textwireStringBuilder",
                  false,
                  new String[][] {
                    {"jdkGetBytesArraycopy", "JDK getBytes+arraycopy"},
                    {"protobuf", "protobuf CodedOutputStream"},
                    {"nettyHeap", "Netty writeUtf8 heap"},
                  }),
              new Row(
                  "encode heap ByteBuffer",
                  "textwireHeapBuffer",
                  false,
                  new String[][] {
                    {"jdkCharsetEncoder", "JDK CharsetEncoder"},
                    {"nettyHeap", "Netty writeUtf8 heap"},
                  }),
              new Row(
                  "encode direct ByteBuffer",
                  "textwireDirectBuffer",
                  false,
                  new String[][] {{"nettyDirect", "Netty writeUtf8 direct"}})),
          new Group(
              "EncodedLength",
              "encoded length",
              new Row(
                  "encoded length",
                  "textwire",
                  true,
                  new String[][] {
                    {"guava", "Guava Utf8.encodedLength", S},
                    {"netty", "Netty ByteBufUtil.utf8Bytes", S},
                    {"protobuf", "protobuf computeStringSize", S},
                    {"okio", "Okio Utf8.size"},
                    {"jdkGetBytesLength", "JDK getBytes().length"},
                  }),
              new Row(
                  "encoded length StringBuilder",
                  "textwireStringBuilder",
                  false,
                  new String[][] {{"guavaStringBuilder", "Guava Utf8.encodedLength"}})),
          new Group(
              "Decode",
              "decode",
              new Row(
                  "decode strict",
                  "textwire",
                  true,
                  new String[][] {
                    {"jdkNewString", "JDK new String (replaces)", S},
                    {"jdkDecoder", "JDK CharsetDecoder REPORT"},
                    {"protobufRequireUtf8", "protobuf readStringRequireUtf8", S},
                  }),
              new Row(
                  "decode REPLACE",
                  "textwireReplace",
                  false,
                  new String[][] {{"jdkNewString", "JDK new String (replaces)"}}),
              new Row(
                  "decode direct ByteBuffer",
                  "textwireDirect",
                  false,
                  new String[][] {{"jdkDecoderDirect", "JDK CharsetDecoder REPORT"}})),
          new Group(
              "Validate",
              "validate",
              new Row(
                  "validate",
                  "textwire",
                  true,
                  new String[][] {
                    {"guava", "Guava Utf8.isWellFormed", S},
                    {"protobuf", "protobuf Utf8.isValidUtf8", S},
                    {"protobufByteString", "protobuf ByteString.isValidUtf8"},
                    {"jdkDecoder", "JDK CharsetDecoder REPORT"},
                  })));

  /** How much to run. */
  public enum Mode {
    /** One operation on one input with tiny iterations: checks that the machinery works, nothing more. */
    SMOKE,
    /** Corpus files en, ru and zh only, short iterations: about a minute. */
    QUICK,
    /** Synthetic inputs at 512 chars and corpus files en and zh. */
    DEFAULT,
    /** Everything. */
    FULL
  }

  /** Told how the run goes, for a progress display. Calls come from the thread that runs. */
  public interface Listener {
    /** Before the first run: how many benchmark runs there will be, and a guess of the seconds. */
    void planned(int runs, double seconds);

    /** One benchmark run (a method on an input, in its own JVM) is about to start. */
    void runStarted(String benchmark, String input);

    /** A group of runs (one operation on one kind of input) ended; {@code failed} of them failed. */
    void partFinished(String operation, String inputs, int runs, double seconds, int failed);
  }

  /** One line of the table: textwire and the fastest baseline of one operation on one input. */
  public static final class Line {
    public final String operation;
    public final String input;
    /** NaN when our run failed. */
    public final double oursNanos;
    /** null when every baseline failed. */
    public final String baseline;
    public final double baselineNanos;
    public final double oursBytes;
    public final double baselineBytes;

    Line(String operation, String input, double oursNanos, String baseline, double baselineNanos,
        double oursBytes, double baselineBytes) {
      this.operation = operation;
      this.input = input;
      this.oursNanos = oursNanos;
      this.baseline = baseline;
      this.baselineNanos = baselineNanos;
      this.oursBytes = oursBytes;
      this.baselineBytes = baselineBytes;
    }

    /** Baseline time over ours: above 1 means textwire is faster; NaN if either failed. */
    public double ratio() {
      return baseline == null ? Double.NaN : baselineNanos / oursNanos;
    }
  }

  private final Mode mode;
  private final List<Part> parts = new ArrayList<>();
  private double elapsedSeconds;

  private SideBySide(Mode mode) {
    this.mode = mode;
  }

  /** Runs the selection for {@code mode} and returns the results, to print or chart. */
  public static SideBySide run(Mode mode, Listener listener) throws RunnerException {
    SideBySide sideBySide = new SideBySide(mode);
    sideBySide.runAll(listener);
    return sideBySide;
  }

  public static void main(String[] args) throws RunnerException {
    Mode mode = Mode.DEFAULT;
    for (String arg : args) {
      switch (arg) {
        case "--quick":
          mode = Mode.QUICK;
          break;
        case "--full":
          mode = Mode.FULL;
          break;
        case "-h":
        case "--help":
          usage(System.out);
          return;
        default:
          System.err.println("unknown argument: " + arg);
          usage(System.err);
          System.exit(2);
      }
    }
    run(mode, new StderrListener()).printTable(System.out);
  }

  /** Progress as plain lines on standard error, one per part. */
  private static final class StderrListener implements Listener {
    private int partIndex;

    @Override
    public void planned(int runs, double seconds) {
      System.err.printf(
          Locale.ROOT, "SideBySide: %d benchmark runs, about %s; progress below, the table at the end.%n",
          runs, duration(seconds));
    }

    @Override
    public void runStarted(String benchmark, String input) {}

    @Override
    public void partFinished(String operation, String inputs, int runs, double seconds, int failed) {
      partIndex++;
      System.err.printf(
          Locale.ROOT,
          "[%d] %-15s %-36s %3d runs, %s%s%n",
          partIndex,
          operation,
          inputs,
          runs,
          duration(seconds),
          failed > 0 ? ", " + failed + " FAILED" : "");
    }
  }

  private static void usage(PrintStream out) {
    out.println(
        "usage: java -cp textwire-benchmarks.jar dev.textwire.bench.SideBySide [--quick | --full]\n"
            + "  (default)  ascii, latin1, cjk, emoji, mostly_ascii at 512 chars and corpus en, zh;\n"
            + "             textwire and the strongest baselines; about 2.5 minutes on 2 cores\n"
            + "  --quick    corpus en, ru and zh only, shorter iterations; about a minute\n"
            + "  --full     every benchmark method, every kind at 16/512/65536 chars and every corpus\n"
            + "             file, with the default's short iterations; about 20 minutes");
  }

  // ---------------------------------------------------------------------------------------------------

  /** Results by {@code Class.method|input}. */
  private final Map<String, RunResult> results = new LinkedHashMap<>();
  /** What JMH printed about each benchmark that failed, by {@code Class.method|input}. */
  private final Map<String, String> failures = new LinkedHashMap<>();

  private void runAll(Listener listener) throws RunnerException {
    // Two warm-up iterations even when quick: with one, the JDK's own paths were sometimes measured
    // before the JIT had finished with them, and a baseline looked five times slower than it is.
    boolean quick = mode == Mode.QUICK || mode == Mode.SMOKE;
    int warmupIterations = mode == Mode.SMOKE ? 1 : 2;
    int measurementIterations = quick ? mode == Mode.SMOKE ? 1 : 2 : 3;
    TimeValue iterationTime = TimeValue.milliseconds(mode == Mode.SMOKE ? 20 : quick ? 100 : 200);

    // The runs: per operation, a synthetic part and a corpus part, each one JMH run.
    for (Group group : GROUPS) {
      if (mode == Mode.SMOKE) {
        if (group.name.equals("Validate")) {
          Set<String> methods = new LinkedHashSet<>(List.of(group.rows.get(0).ours, "guava"));
          parts.add(new Part(group, group.name + "CorpusBenchmark", methods, null, null, List.of("en")));
        }
        continue;
      }
      Set<String> methods = new LinkedHashSet<>();
      for (Row row : group.rows) {
        if (mode == Mode.FULL || row.inShort) {
          methods.add(row.ours);
          methods.addAll(row.baselines(mode).keySet());
        }
      }
      List<String> kinds = Inputs.SYNTHETIC_KINDS;
      List<String> lengths = mode == Mode.FULL ? List.of("16", "512", "65536") : List.of("512");
      if (mode != Mode.QUICK) {
        parts.add(new Part(group, group.name + "Benchmark", methods, kinds, lengths, null));
      }
      List<String> corpora = mode == Mode.FULL ? FULL_CORPUS : mode == Mode.QUICK ? QUICK_CORPUS : SHORT_CORPUS;
      parts.add(new Part(group, group.name + "CorpusBenchmark", methods, null, null, corpora));
    }

    // One fork costs about 0.6 to 0.7 s of JVM start-up, JMH handshake and setup on a 2-core machine, on
    // top of the iterations.
    double perRun =
        0.7 + (warmupIterations + measurementIterations) * iterationTime.convertTo(TimeUnit.MILLISECONDS) / 1e3;
    int totalRuns = parts.stream().mapToInt(Part::runs).sum();
    listener.planned(totalRuns, totalRuns * perRun);

    long started = System.nanoTime();
    for (Part part : parts) {
      long t0 = System.nanoTime();
      ChainedOptionsBuilder options =
          new OptionsBuilder()
              .include("^" + (PACKAGE + part.benchmarkClass).replace(".", "\\.") + "\\.("
                  + String.join("|", part.methods) + ")$")
              .forks(1)
              .warmupIterations(warmupIterations)
              .warmupTime(iterationTime)
              .measurementIterations(measurementIterations)
              .measurementTime(iterationTime)
              .addProfiler(GCProfiler.class)
              .shouldFailOnError(false)
              .verbosity(VerboseMode.SILENT);
      if (part.corpora != null) {
        options.param("corpus", part.corpora.toArray(new String[0]));
      } else {
        options.param("kind", part.kinds.toArray(new String[0]));
        options.param("length", part.lengths.toArray(new String[0]));
      }
      Capture capture = new Capture(listener);
      Collection<RunResult> run;
      try {
        run = new Runner(options.build(), capture).run();
      } catch (RunnerException | RuntimeException e) {
        // Not one benchmark failing (that is reported below, per benchmark) but the run itself.
        run = List.of();
        String log = e + "\n" + capture.logs.values().stream().collect(Collectors.joining("\n"));
        capture.logs.clear();
        for (String input : part.inputs()) {
          for (String method : part.methods) {
            capture.logs.put(part.benchmarkClass + "." + method + "|" + input, log);
          }
        }
      }
      for (RunResult r : run) {
        results.put(key(r.getParams()), r);
      }
      int failed = 0;
      for (String method : part.methods) {
        for (String input : part.inputs()) {
          String key = part.benchmarkClass + "." + method + "|" + input;
          if (!results.containsKey(key)) {
            failed++;
            failures.put(key, capture.logs.getOrDefault(key, "(no output from JMH)"));
          }
        }
      }
      listener.partFinished(
          part.group.operation, part.describeInputs(), part.runs(), (System.nanoTime() - t0) / 1e9, failed);
    }
    elapsedSeconds = (System.nanoTime() - started) / 1e9;
  }

  /** One JMH run: one benchmark class, some of its methods, some inputs. */
  private static final class Part {
    final Group group;
    final String benchmarkClass;
    final Set<String> methods;
    final List<String> kinds;
    final List<String> lengths;
    final List<String> corpora;

    Part(Group group, String benchmarkClass, Set<String> methods, List<String> kinds, List<String> lengths,
        List<String> corpora) {
      this.group = group;
      this.benchmarkClass = benchmarkClass;
      this.methods = methods;
      this.kinds = kinds;
      this.lengths = lengths;
      this.corpora = corpora;
    }

    List<String> inputs() {
      List<String> inputs = new ArrayList<>();
      if (corpora != null) {
        inputs.addAll(corpora);
      } else {
        for (String length : lengths) {
          for (String kind : kinds) {
            inputs.add(kind + "/" + length);
          }
        }
      }
      return inputs;
    }

    int runs() {
      return methods.size() * inputs().size();
    }

    String describeInputs() {
      return corpora != null
          ? "(corpus " + String.join(", ", corpora) + ")"
          : "(" + kinds.size() + " kinds x " + String.join("/", lengths) + " chars)";
    }
  }

  private static String key(BenchmarkParams params) {
    String benchmark = params.getBenchmark().substring(PACKAGE.length());
    Collection<String> keys = params.getParamsKeys();
    String input =
        keys.contains("corpus")
            ? params.getParam("corpus")
            : params.getParam("kind") + "/" + params.getParam("length");
    return benchmark + "|" + input;
  }

  // ---------------------------------------------------------------------------------------------------

  /** The table's lines, in the order printed: per operation, per input. */
  public List<Line> lines() {
    List<Line> lines = new ArrayList<>();
    for (Group group : GROUPS) {
      for (Row row : group.rows) {
        if (!(mode == Mode.FULL || row.inShort)) {
          continue;
        }
        for (Part part : parts) {
          if (part.group != group) {
            continue;
          }
          for (String input : part.inputs()) {
            RunResult ours = results.get(part.benchmarkClass + "." + row.ours + "|" + input);
            String bestName = null;
            RunResult best = null;
            for (Map.Entry<String, String> b : row.baselines(mode).entrySet()) {
              RunResult r = results.get(part.benchmarkClass + "." + b.getKey() + "|" + input);
              if (r != null && (best == null || score(r) < score(best))) {
                best = r;
                bestName = b.getValue();
              }
            }
            if (ours == null && best == null && !part.methods.contains(row.ours)) {
              continue; // a row the smoke run leaves out
            }
            lines.add(
                new Line(
                    row.operation,
                    input,
                    ours == null ? Double.NaN : score(ours),
                    bestName,
                    best == null ? Double.NaN : score(best),
                    ours == null ? Double.NaN : alloc(ours),
                    best == null ? Double.NaN : alloc(best)));
          }
        }
      }
    }
    return lines;
  }

  /** The mode this ran in, as a word. */
  public String modeName() {
    return mode.name().toLowerCase(Locale.ROOT);
  }

  /** Prints the table, what it ran on and how to read it, and any failures. */
  public void printTable(PrintStream out) {
    out.println();
    out.printf(
        Locale.ROOT,
        "textwire side by side (%s run, %s)%n",
        modeName(),
        duration(elapsedSeconds));
    out.printf(
        Locale.ROOT,
        "JDK %s (%s %s, %s), %d CPUs, forks run with -Xms1g -Xmx1g%n",
        System.getProperty("java.version"),
        System.getProperty("java.vm.name"),
        System.getProperty("java.vm.version"),
        System.getProperty("java.vendor"),
        Runtime.getRuntime().availableProcessors());
    // The forks inherit this JVM's options, so they run in the same modes.
    out.println("textwire: " + dev.textwire.Acceleration.describe());
    out.println(
        "Figures from a short run on a noisy machine are indicative only: for numbers worth quoting, run");
    out.println("the benchmark classes with their default (longer) settings on a quiet machine.");
    out.println(
        "ns/op: average time per operation, lower is better. ratio = baseline / textwire: above 1"
            + " means textwire is faster.");
    out.println("B/op: bytes allocated per operation (JMH GC profiler, gc.alloc.rate.norm). On the corpus inputs"
        + " a few tens of");
    out.println("B/op can be JMH's own allocation per iteration, spread over the few operations of a short"
        + " iteration.");
    out.println();

    String[] header = {
      "operation", "input", "textwire ns/op", "best baseline", "ns/op", "ratio", "textwire B/op",
      "baseline B/op"
    };
    List<String[]> lines = new ArrayList<>();
    String operation = null;
    for (Line line : lines()) {
      if (operation != null && !operation.equals(line.operation)) {
        lines.add(null); // a blank line between rows of different operations
      }
      operation = line.operation;
      boolean oursFailed = Double.isNaN(line.oursNanos);
      lines.add(
          new String[] {
            line.operation,
            line.input,
            oursFailed ? "FAILED" : ns(line.oursNanos),
            line.baseline == null ? "-" : line.baseline,
            line.baseline == null ? "-" : ns(line.baselineNanos),
            oursFailed || line.baseline == null ? "-" : String.format(Locale.ROOT, "%.2fx", line.ratio()),
            oursFailed ? "-" : bytes(line.oursBytes),
            line.baseline == null ? "-" : bytes(line.baselineBytes)
          });
    }

    int[] widths = new int[header.length];
    for (int i = 0; i < header.length; i++) {
      widths[i] = header[i].length();
      for (String[] line : lines) {
        if (line != null) {
          widths[i] = Math.max(widths[i], line[i].length());
        }
      }
    }
    printLine(out, header, widths);
    StringBuilder rule = new StringBuilder();
    for (int i = 0; i < widths.length; i++) {
      rule.append(i == 0 ? "" : "  ").append("-".repeat(widths[i]));
    }
    out.println(rule);
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i) != null) {
        printLine(out, lines.get(i), widths);
      } else if (i != lines.size() - 1) {
        out.println();
      }
    }

    // Inputs, so a ratio can be read against the bytes per char.
    out.println();
    out.println("inputs:");
    Set<String> inputs = new LinkedHashSet<>();
    parts.forEach(p -> inputs.addAll(p.inputs()));
    for (String input : inputs) {
      Inputs in = Inputs.parse(input);
      out.printf(
          Locale.ROOT,
          "  %-18s %,9d chars  %,9d bytes  %.2f bytes/char%n",
          input,
          in.length(),
          in.byteLength(),
          in.byteLength() / (double) Math.max(1, in.length()));
    }

    if (!failures.isEmpty()) {
      // Grouped by error: a failed sanity check in @Setup fails every method of that input alike.
      Map<String, List<String>> byError = new LinkedHashMap<>();
      failures.forEach(
          (key, log) -> byError.computeIfAbsent(why(log), k -> new ArrayList<>()).add(key.replace('|', ' ')));
      out.println();
      out.printf(Locale.ROOT, "FAILED: %d benchmark runs. Rerun one alone to see JMH's whole output, e.g.%n",
          failures.size());
      out.println("  java -jar textwire-benchmarks/target/textwire-benchmarks.jar 'EncodeBenchmark.textwire$'"
          + " -p kind=cjk -p length=512 -f 1 -wi 1 -i 1");
      for (Map.Entry<String, List<String>> e : byError.entrySet()) {
        List<String> who = e.getValue();
        out.println("- " + e.getKey());
        out.println("    in " + String.join(", ", who.subList(0, Math.min(4, who.size())))
            + (who.size() > 4 ? " and " + (who.size() - 4) + " more" : ""));
      }
    }
    out.flush();
  }

  private static void printLine(PrintStream out, String[] cells, int[] widths) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < cells.length; i++) {
      if (i > 0) {
        sb.append("  ");
      }
      boolean left = i == 0 || i == 1 || i == 3;
      String pad = " ".repeat(widths[i] - cells[i].length());
      sb.append(left ? cells[i] + pad : pad + cells[i]);
    }
    out.println(sb.toString().stripTrailing());
  }

  private static double score(RunResult r) {
    return r.getPrimaryResult().getScore();
  }

  private static double alloc(RunResult r) {
    Result<?> result = r.getSecondaryResults().get("gc.alloc.rate.norm");
    return result == null ? Double.NaN : result.getScore();
  }

  private static String ns(double v) {
    if (v < 10) {
      return String.format(Locale.ROOT, "%.2f", v);
    } else if (v < 100) {
      return String.format(Locale.ROOT, "%.1f", v);
    }
    return String.format(Locale.ROOT, "%,.0f", v);
  }

  /** Bytes per op; below ~1 B/op is measurement noise of the profiler, shown as 0. */
  private static String bytes(double v) {
    if (Double.isNaN(v)) {
      return "?";
    }
    return v < 1 ? "0" : String.format(Locale.ROOT, "%,.0f", v);
  }

  private static String duration(double seconds) {
    long s = Math.round(seconds);
    return s < 90 ? s + " s" : (s / 60) + " min " + (s % 60) + " s";
  }

  /** The exception and where it was thrown, from what JMH printed about a failed benchmark. */
  private static String why(String log) {
    List<String> lines = log.lines().map(String::strip).collect(Collectors.toList());
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      if (line.matches("^([\\w$]+\\.)+[\\w$]*(Exception|Error)\\b.*")) {
        StringBuilder sb = new StringBuilder(line);
        for (int j = i + 1; j < lines.size() && j <= i + 2 && lines.get(j).startsWith("at "); j++) {
          sb.append(" | ").append(lines.get(j));
        }
        return sb.toString();
      }
    }
    return lines.stream()
        .filter(l -> !l.isEmpty() && !l.startsWith("<failure>") && !l.startsWith("#"))
        .limit(3)
        .collect(Collectors.joining(" | "));
  }

  /** JMH's output, silenced: kept per benchmark, to say why one failed. */
  private static final class Capture implements OutputFormat {
    final Map<String, String> logs = new LinkedHashMap<>();
    private final Listener listener;
    private String current;
    private final StringBuilder text = new StringBuilder();

    Capture(Listener listener) {
      this.listener = listener;
    }

    @Override
    public void startBenchmark(BenchmarkParams params) {
      current = key(params);
      text.setLength(0);
      int bar = current.indexOf('|');
      listener.runStarted(current.substring(0, bar), current.substring(bar + 1));
    }

    @Override
    public void endBenchmark(BenchmarkResult result) {
      if (current != null) {
        logs.put(current, text.toString());
      }
      current = null;
      text.setLength(0);
    }

    @Override
    public void println(String s) {
      text.append(s).append('\n');
    }

    @Override
    public void print(String s) {
      text.append(s);
    }

    @Override
    public void verbosePrintln(String s) {
      text.append(s).append('\n');
    }

    @Override
    public void write(int b) {
      text.append((char) b);
    }

    @Override
    public void write(byte[] b) {
      text.append(new String(b, java.nio.charset.StandardCharsets.UTF_8));
    }

    @Override
    public void iteration(BenchmarkParams benchmark, IterationParams params, int iteration) {}

    @Override
    public void iterationResult(
        BenchmarkParams benchmark, IterationParams params, int iteration, IterationResult data) {}

    @Override
    public void startRun() {}

    @Override
    public void endRun(Collection<RunResult> result) {}

    @Override
    public void flush() {}

    @Override
    public void close() {}
  }
}
