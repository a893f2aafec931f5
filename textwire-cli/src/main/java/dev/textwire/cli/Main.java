package dev.textwire.cli;

import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code textwire} command: its subcommands, help and exit statuses. Run through {@code ./textwire}. */
@Command(
    name = "textwire",
    mixinStandardHelpOptions = true,
    versionProvider = Main.Version.class,
    usageHelpAutoWidth = true,
    usageHelpWidth = 100,
    description = {
      "Check, convert and measure text files, and benchmark textwire against the JDK and its peers.",
    },
    footerHeading = "%nExamples:%n",
    footer = {
      "  textwire validate data.txt             is it UTF-8, and where not?",
      "  textwire convert --from latin-1 --to utf-8 old.txt new.txt",
      "  textwire stats corpus/lipsum/*.txt",
      "  textwire bench --quick                 textwire beside the JDK and its peers, in about a minute",
      "  textwire <command> --help              each command's options, with examples",
      "",
      "Environment:",
      "  TEXTWIRE_PROGRESS=never|always         a progress bar (files over 8 MiB, bench) is drawn",
      "                                         on standard error when it is a terminal; never: not",
      "                                         at all; always: even into a pipe or a file",
    })
public final class Main implements java.util.concurrent.Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() {
    // No command: say what there is rather than nothing.
    spec.commandLine().getErr().println("textwire: a command is needed.");
    spec.commandLine().usage(spec.commandLine().getErr());
    return 2;
  }

  public static void main(String[] args) {
    System.exit(run(args));
  }

  /** Runs one command line and returns its exit status. Output is UTF-8, whatever the locale says. */
  static int run(String... args) {
    // Through Progress: a progress bar on the screen is wiped before anything else is printed. Standard
    // output remembers why a write failed, so a reader that went away ends the run quietly.
    PrintWriter out = new PrintWriter(new OutputStreamWriter(Progress.stdout(), StandardCharsets.UTF_8), true);
    PrintWriter err = new PrintWriter(new OutputStreamWriter(Progress.stderr(), StandardCharsets.UTF_8), true);
    CommandLine commandLine = new CommandLine(new Main());
    // Picocli builds each command's model by reflection: the four together took 30-50 ms on this machine
    // (building the top command alone, 160-185 ms). A command line that names its command pays for that
    // one only; anything else (help, a typo, nothing) gets all of them.
    Map<String, Supplier<Object>> commands = new LinkedHashMap<>();
    commands.put("validate", ValidateCommand::new);
    commands.put("convert", ConvertCommand::new);
    commands.put("stats", StatsCommand::new);
    commands.put("bench", BenchCommand::new);
    if (args.length > 0 && commands.containsKey(args[0])) {
      commandLine.addSubcommand(args[0], commands.get(args[0]).get());
    } else {
      commands.forEach((name, command) -> commandLine.addSubcommand(name, command.get()));
      commandLine.addSubcommand("help", new CommandLine.HelpCommand());
    }
    commandLine.setOut(out);
    commandLine.setErr(err);
    commandLine.setCaseInsensitiveEnumValuesAllowed(true);
    commandLine.setParameterExceptionHandler(Main::usageError);
    commandLine.setExecutionExceptionHandler(
        (e, cmd, parseResult) -> {
          if (e instanceof UserError) {
            cmd.getErr().println("textwire " + cmd.getCommandName() + ": " + e.getMessage());
            return 2;
          }
          throw e;
        });
    int status = commandLine.execute(args);
    out.flush();
    err.flush();
    return status;
  }

  /** A usage error: the message and where to read more, without the whole help text. */
  private static int usageError(CommandLine.ParameterException e, String[] args) {
    CommandLine cmd = e.getCommandLine();
    PrintWriter err = cmd.getErr();
    String name = cmd.getCommandSpec().qualifiedName(" ");
    String message = e.getMessage();
    if (e instanceof CommandLine.UnmatchedArgumentException && cmd.getParent() == null) {
      List<String> unmatched = ((CommandLine.UnmatchedArgumentException) e).getUnmatched();
      if (!unmatched.isEmpty() && !unmatched.get(0).startsWith("-")) {
        message = "unknown command '" + unmatched.get(0) + "'";
      }
    }
    err.println(name + ": " + message);
    CommandLine.UnmatchedArgumentException.printSuggestions(e, err);
    err.println("Try '" + name + " --help' for more.");
    return 2;
  }

  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      String version = Main.class.getPackage().getImplementationVersion();
      return new String[] {
        "textwire " + (version == null ? "0.1.0-SNAPSHOT" : version),
        "JVM: ${java.version} (${java.vendor} ${java.vm.name} ${java.vm.version})",
        dev.textwire.Acceleration.describe()
      };
    }
  }
}
