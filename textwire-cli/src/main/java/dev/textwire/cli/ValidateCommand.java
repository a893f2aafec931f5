package dev.textwire.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(
    name = "validate",
    mixinStandardHelpOptions = true,
    usageHelpAutoWidth = true,
    description = {
      "Checks that files are well-formed text in an encoding (UTF-8 unless told otherwise).",
      "Prints '<file>: OK' per valid file; for an invalid one, the first error (every error with --all) as",
      "  <file>:<line>:<column>: byte offset <n>: <what is wrong> (bytes <hex>)",
      "followed by an excerpt of the line with the bad bytes as \\xNN. Lines end at each line feed (LF or",
      "CRLF); columns count characters from 1. Reads in bounded memory, whatever the size.",
    },
    exitCodeListHeading = "%nExit status:%n",
    exitCodeList = {
      "0:every file is valid",
      "1:some file is not valid",
      "2:a usage error, or a file that could not be read"
    },
    footerHeading = "%nExamples:%n",
    footer = {
      "  textwire validate data.txt",
      "  textwire validate --all logs/*.log",
      "  textwire validate --encoding cesu-8 export.bin",
      "  curl -s https://example.com/ | textwire validate -",
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
      description = "Threads that check a large UTF-8 file, each a part of it (default: one per CPU, here ${DEFAULT-VALUE});"
          + " errors are always reported in order by one thread.")
  int threads = Math.min(8, Runtime.getRuntime().availableProcessors());

  @Parameters(arity = "1..*", paramLabel = "FILE", description = "Files to check; - for standard input.")
  List<String> files;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    boolean invalid = false;
    boolean unreadable = false;
    for (String name : files) {
      try (Input input = Input.open(name)) {
        long errors = new Validation(encoding, input, all, Math.max(1, threads), out).run();
        if (errors == 0) {
          out.println(input.displayName + ": OK");
        } else {
          invalid = true;
          if (all) {
            out.println(input.displayName + ": " + errors + (errors == 1 ? " error" : " errors"));
          }
        }
      } catch (UserError e) {
        unreadable = true;
        err.println("textwire validate: " + e.getMessage());
      } catch (IOException e) {
        unreadable = true;
        err.println("textwire validate: " + name + ": read failed: " + e.getMessage());
      }
      out.flush();
    }
    return unreadable ? 2 : invalid ? 1 : 0;
  }
}
