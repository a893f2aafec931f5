package dev.textwire.cli;

import dev.textwire.bench.SideBySide;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(
    name = "bench",
    mixinStandardHelpOptions = true,
    usageHelpAutoWidth = true,
    usageHelpWidth = 100,
    parameterListHeading = "%nArguments:%n",
    optionListHeading = "%nOptions:%n",
    description = {
      "Benchmarks textwire beside the JDK and its peers on the corpus shipped with it.",
      "",
      "Encode, encoded length, decode and validate, against getBytes, new String, CharsetEncoder/Decoder"
          + " and the peers (protobuf, Netty, Guava, Okio). JMH runs underneath, each benchmark in its own"
          + " JVM, with its allocation profiler. Prints one table: our ns/op, the fastest baseline's, their"
          + " ratio (above 1: textwire is faster) and the bytes each allocates per operation.",
      "",
      "A short run on a busy machine gives indicative figures; docs/BENCHMARKS.md has longer runs, with"
          + " their commands.",
    },
    exitCodeListHeading = "%nExit status:%n",
    exitCodeList = {
      "0:every textwire benchmark ran (a baseline that failed is listed under the table)",
      "1:a textwire benchmark failed",
      "2:a usage error, or the chart could not be written",
      "141:the reader of the output went away (| head)"
    },
    footerHeading = "%nExamples:%n",
    footer = {
      "  textwire bench --quick                    corpus en, ru, zh; about a minute on 2 cores",
      "  textwire bench                            adds synthetic inputs; about 3 minutes",
      "  textwire bench --quick --chart ratios.png the ratios as a bar chart too",
    })
final class BenchCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  static final class Size {
    @Option(names = "--quick", description = "Corpus files en, ru and zh only, short iterations (about a minute).")
    boolean quick;

    @Option(names = "--full", description = "Every benchmark method on every input (about 20 minutes).")
    boolean full;

    @Option(names = "--smoke", hidden = true, description = "One tiny run, to test the machinery.")
    boolean smoke;
  }

  @ArgGroup(exclusive = true, multiplicity = "0..1")
  Size size;

  @Option(
      names = "--chart",
      paramLabel = "FILE.png",
      description = "Also draw the ratios as a bar chart, a PNG file; its directory must exist (checked before the run).")
  Path chart;

  @Override
  public Integer call() throws Exception {
    SideBySide.Mode mode =
        size == null ? SideBySide.Mode.DEFAULT
            : size.quick ? SideBySide.Mode.QUICK
            : size.full ? SideBySide.Mode.FULL
            : SideBySide.Mode.SMOKE;
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    if (chart != null) {
      // Before the run, not after minutes of it.
      String problem = RatioChart.cannotWrite(chart);
      if (problem != null) {
        err.println("textwire bench: cannot write the chart " + FileNames.show(chart) + ": " + problem);
        return 2;
      }
    }
    ProgressListener listener = new ProgressListener(err, mode);
    SideBySide results;
    try {
      results = SideBySide.run(mode, listener);
    } finally {
      listener.close();
    }
    // The table is written by the benchmarks module to a PrintStream; keep it UTF-8 like the rest.
    out.flush();
    PrintStream table = new PrintStream(new StandardOutput(), true, StandardCharsets.UTF_8);
    results.printTable(table);
    table.flush();
    if (table.checkError() && StandardOutput.readerGone()) {
      return StandardOutput.CLOSED;
    }
    if (chart != null) {
      String jdk = "JDK " + System.getProperty("java.version");
      try {
        RatioChart.write(results, jdk, chart);
      } catch (IOException | RuntimeException | Error e) {
        err.println("textwire bench: could not draw the chart " + FileNames.show(chart) + ": " + e);
        return 2;
      }
      err.println("textwire bench: chart written to " + FileNames.show(chart));
    }
    return results.lines().stream().anyMatch(l -> Double.isNaN(l.oursNanos)) ? 1 : 0;
  }

  /** A progress bar on a terminal; otherwise one line saying what is coming. */
  private static final class ProgressListener implements SideBySide.Listener {
    private final PrintWriter err;
    private final SideBySide.Mode mode;
    private Progress bar;
    private int started;

    ProgressListener(PrintWriter err, SideBySide.Mode mode) {
      this.err = err;
      this.mode = mode;
    }

    @Override
    public void planned(int runs, double seconds) {
      err.printf(
          Locale.ROOT,
          "textwire bench (%s): %d benchmark runs, each in its own JVM; about %d s. The table comes at the end.%n",
          mode.name().toLowerCase(Locale.ROOT),
          runs,
          Math.round(seconds));
      err.flush();
      bar = Progress.forSteps("bench", runs);
    }

    @Override
    public void runStarted(String benchmark, String input) {
      if (started++ > 0) {
        bar.step(1);
      }
    }

    @Override
    public void partFinished(String operation, String inputs, int runs, double seconds, int failed) {}

    void close() {
      if (bar != null) {
        bar.step(1);
        bar.close();
      }
    }
  }
}
