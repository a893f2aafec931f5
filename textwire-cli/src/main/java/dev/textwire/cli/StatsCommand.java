package dev.textwire.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(
    name = "stats",
    mixinStandardHelpOptions = true,
    usageHelpAutoWidth = true,
    usageHelpWidth = 100,
    parameterListHeading = "%nArguments:%n",
    optionListHeading = "%nOptions:%n",
    description = {
      "Measures UTF-8 files: bytes, chars, code points, lines, characters by length, invalid sequences.",
      "",
      "Chars are UTF-16 code units, what String.length() would say after decoding. The characters of 1,"
          + " 2, 3 and 4 bytes are counted apart; each ill-formed sequence counts as one invalid sequence"
          + " (one U+FFFD when decoded with replacement). Lines are counted as an editor shows them: every"
          + " line feed ends one, and a last line without a line feed counts too (wc -l counts only the"
          + " line feeds). Throughput is the bytes over the time to read and count them.",
    },
    exitCodeListHeading = "%nExit status:%n",
    exitCodeList = {
      "0:every file was read (valid or not)",
      "2:a usage error, a file that could not be read or that changed while it was read, or output that"
          + " could not be written",
      "141:the reader of the output went away (| head): the tool stops quietly, as cat and grep do"
    },
    footerHeading = "%nExamples:%n",
    footer = {"  textwire stats corpus/lipsum/*.txt", "  textwire stats - < data.txt"})
final class StatsCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(arity = "1..*", paramLabel = "FILE", description = "UTF-8 files to measure; - for standard input.")
  List<String> files;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    return Input.each(files, "stats", out, err, input -> {
      long started = System.nanoTime();
      Utf8Stats stats = Utf8Stats.of(input);
      print(out, input.displayName, stats, (System.nanoTime() - started) / 1e9);
    });
  }

  private static void print(PrintWriter out, String name, Utf8Stats s, double seconds) {
    long characters = s.sequences(1) + s.sequences(2) + s.sequences(3) + s.sequences(4);
    out.println(name);
    row(out, "bytes", s.bytes, "");
    row(out, "chars", s.chars(), "UTF-16 code units");
    row(out, "code points", s.codePoints(), "");
    row(out, "lines", s.lines(), "");
    for (int n = 1; n <= 4; n++) {
      row(out, n + "-byte chars", s.sequences(n), percent(s.sequences(n), characters) + " of the characters");
    }
    row(out, "invalid", s.invalidSequences, String.format(Locale.ROOT, "%,d", s.invalidBytes) + (s.invalidBytes == 1 ? " byte" : " bytes")
        + (s.invalidSequences == 0 ? ": the file is valid UTF-8" : ", each one U+FFFD when replaced"));
    out.printf(
        Locale.ROOT,
        "  %-12s %,15.0f MB/s  (%.3f s)%n",
        "throughput",
        seconds > 0 ? s.bytes / seconds / 1e6 : 0.0,
        seconds);
  }

  private static void row(PrintWriter out, String label, long value, String note) {
    out.printf(Locale.ROOT, "  %-12s %,15d%s%n", label, value, note.isEmpty() ? "" : "  " + note);
  }

  private static String percent(long part, long whole) {
    return String.format(Locale.ROOT, "%5.1f%%", whole == 0 ? 0.0 : 100.0 * part / whole);
  }
}
