package dev.textwire.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(
    name = "validate",
    mixinStandardHelpOptions = true,
    usageHelpAutoWidth = true,
    usageHelpWidth = 100,
    parameterListHeading = "%nArguments:%n",
    optionListHeading = "%nOptions:%n",
    description = {
      "Checks that files are well-formed text in an encoding (UTF-8 unless told otherwise).",
      "",
      "Prints '<file>: OK' for each valid file. For an invalid one it prints the first error (every error"
          + " with --all) as",
      "  <file>:<line>:<column>: byte offset <n>: <what is wrong> (bytes <hex>)",
      "and under it an excerpt of the line, with the bad bytes as \\xNN. A line ends at each line feed (LF"
          + " or CRLF); columns count characters (code points) from 1. Ill-formed means what Unicode says:"
          + " no overlongs, no surrogates, nothing above U+10FFFF, one error per maximal subpart.",
      "",
      "Memory stays small whatever the file's size. A large UTF-8 file is checked by several threads, each"
          + " on a part; errors are then reported in order by one.",
      "",
      "A file over 8 MiB gets a progress bar on standard error when that is a terminal (TEXTWIRE_PROGRESS=never"
          + " turns it off; =always draws it even into a pipe or a file). It is wiped before an error is printed.",
    },
    exitCodeListHeading = "%nExit status:%n",
    exitCodeList = {
      "0:every file is valid",
      "1:some file is not valid",
      "2:a usage error, or a file that could not be read",
      "141:the reader of the output went away (| head): the tool stops quietly, as cat and grep do"
    },
    footerHeading = "%nExamples:%n",
    footer = {
      "  textwire validate data.txt",
      "  textwire validate --all logs/*.log",
      "  textwire validate --encoding cesu-8 export.bin",
      "  curl -s https://example.com/ | textwire validate",
    })
final class ValidateCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(
      names = {"-e", "--encoding"},
      paramLabel = "ENCODING",
      converter = Encoding.Converter.class,
      completionCandidates = Encoding.Names.class,
      description = "The encoding to check: ${COMPLETION-CANDIDATES} (default: utf-8).")
  Encoding encoding = Encoding.UTF_8;

  @Option(names = {"-a", "--all"}, description = "List every error in each file, not only the first.")
  boolean all;

  @Option(
      names = {"-j", "--threads"},
      paramLabel = "N",
      description = "Threads that check a large UTF-8 file, each a part of it (default: one per CPU up to 8, here ${DEFAULT-VALUE});"
          + " errors are always reported in order by one thread.")
  int threads = Math.min(8, Runtime.getRuntime().availableProcessors());

  @Parameters(arity = "0..*", paramLabel = "FILE", description = "Files to check; - or none for standard input.")
  List<String> files = List.of(Input.STDIN);

  /** Some input was not valid. */
  private boolean invalid;

  @Override
  public Integer call() {
    if (threads < 1) {
      throw new CommandLine.ParameterException(
          spec.commandLine(), "-j/--threads must be at least 1, not " + threads);
    }
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    int status =
        Input.each(files, "validate", out, err, input -> {
          long errors = new Validation(encoding, input, all, threads, out).run();
          if (errors == 0) {
            out.println(input.displayName + ": OK");
          } else {
            invalid = true;
            if (all) {
              out.println(input.displayName + ": " + errors + (errors == 1 ? " error" : " errors"));
            }
          }
        });
    return status != 0 ? status : invalid ? 1 : 0;
  }
}
