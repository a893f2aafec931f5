package dev.textwire.cli;

import java.io.BufferedOutputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.security.SecureRandom;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(
    name = "convert",
    mixinStandardHelpOptions = true,
    usageHelpAutoWidth = true,
    usageHelpWidth = 100,
    parameterListHeading = "%nArguments:%n",
    optionListHeading = "%nOptions:%n",
    description = {
      "Converts text from one encoding to another, streaming, in bounded memory.",
      "",
      "Strict by default: at the first byte sequence that is not well-formed in the input encoding, or the"
          + " first character the output encoding cannot hold, it stops, says where (as validate does) and"
          + " fails. An output file is then left as it was: the new text goes to a temporary file beside"
          + " it, renamed into place only on success (keeping the old file's permissions), and removed on"
          + " an error, Ctrl-C, SIGTERM or SIGHUP. On standard"
          + " output, a pipe or a device, everything before the error has been written and is correct, and"
          + " the exit status says the output is incomplete.",
      "",
      "With --replace, each ill-formed sequence becomes U+FFFD (one per maximal subpart) and each character"
          + " the output cannot hold becomes the output's substitute ('?' in Latin-1, 3F in EBCDIC).",
      "",
      "UTF-16LE and UTF-16BE go through the JDK; a byte order mark is passed through as U+FEFF.",
    },
    exitCodeListHeading = "%nExit status:%n",
    exitCodeList = {
      "0:converted",
      "1:the input is not well-formed, or holds a character the output cannot",
      "2:a usage error, or a file that could not be read or written, or that changed while it was read",
      "141:the reader of standard output went away (| head): the tool stops quietly, as cat does",
      "130, 143, 129:stopped by Ctrl-C, SIGTERM or SIGHUP; the output file is left as it was"
    },
    footerHeading = "%nExamples:%n",
    footer = {
      "  textwire convert --from latin-1 --to utf-8 old.txt new.txt",
      "  textwire convert --from utf-8 --to ebcdic-500 report.txt > report.ebc",
      "  textwire convert --from modified-utf-8 --to utf-8 --replace dump.bin dump.txt",
      "  cat data.txt | textwire convert --from utf-8 --to utf-16le - data.utf16",
    })
final class ConvertCommand implements Callable<Integer> {
  private static final int BUFFER_BYTES = 64 << 10;

  @Spec CommandSpec spec;

  @Option(
      names = {"-f", "--from"},
      required = true,
      paramLabel = "ENCODING",
      converter = Encoding.Converter.class,
      completionCandidates = Encoding.Names.class,
      description = "The input's encoding: ${COMPLETION-CANDIDATES}.")
  Encoding from;

  @Option(
      names = {"-t", "--to"},
      required = true,
      paramLabel = "ENCODING",
      converter = Encoding.Converter.class,
      description = "The output's encoding, from the same list.")
  Encoding to;

  @Option(
      names = {"-r", "--replace"},
      description = "Replace what cannot be read or written instead of stopping.")
  boolean replace;

  @Parameters(index = "0", arity = "0..1", paramLabel = "IN", description = "Input file; - or none for standard input.")
  String in = Input.STDIN;

  @Parameters(index = "1", arity = "0..1", paramLabel = "OUT", description = "Output file; - or none for standard output.")
  String out = "-";

  @Override
  public Integer call() throws UserError {
    PrintWriter err = spec.commandLine().getErr();
    String shownOut = FileNames.show(out);
    Path target;
    try {
      target = out.equals("-") ? null : Paths.get(out);
    } catch (InvalidPathException e) {
      throw new UserError(FileNames.unusable(out));
    }
    if (target != null && FileNames.damaged(out)) {
      throw new UserError(FileNames.unusable(out)); // it would be written under another name
    }
    if (target != null && Files.isDirectory(target)) {
      throw new UserError(shownOut + ": is a directory");
    }
    // A regular file (new or not) gets the whole output or nothing. Standard output, a pipe or a device
    // (/dev/null, a FIFO) can only be written as it goes, and cannot be taken back.
    boolean streaming = target == null || (Files.exists(target) && !Files.isRegularFile(target));
    try (Input input = Input.open(in)) {
      Path temporary = null;
      OutputStream sink;
      if (target == null) {
        // Closing it only flushes: standard output stays open for whatever prints after.
        sink = new BufferedOutputStream(Progress.stdout(), BUFFER_BYTES);
      } else if (streaming) {
        sink = new BufferedOutputStream(new FileOutputStream(target.toFile()), BUFFER_BYTES);
      } else {
        target = Files.exists(target) ? target.toRealPath() : target; // through a link: keep the link
        temporary = createTemporary(target, shownOut);
        sink = new BufferedOutputStream(Files.newOutputStream(temporary), BUFFER_BYTES);
      }
      boolean done = false;
      try {
        String error;
        try (OutputStream s = sink) {
          error = new Conversion(input, from.decoder(), to, replace, s).run();
        }
        if (error != null) {
          err.println(error);
          if (streaming) {
            err.println("textwire convert: stopped there; the output is incomplete.");
          } else {
            err.println("textwire convert: nothing written to " + shownOut + ".");
          }
          return 1;
        }
        if (temporary != null) {
          PartialFiles.rename(temporary, target, ConvertCommand::moveIntoPlace);
        }
        done = true;
        return 0;
      } finally {
        if (temporary != null && !done) {
          PartialFiles.remove(temporary);
        }
      }
    } catch (IOException e) {
      if (target == null && StandardOutput.readerGone()) {
        return StandardOutput.CLOSED; // | head: quietly, as cat does
      }
      throw new UserError(describe(e) + (streaming || target == null ? "" : "; nothing written to " + shownOut));
    }
  }

  /**
   * A new, empty file beside {@code target}, with the permissions a new file gets from the umask (not
   * the 0600 of {@code Files.createTempFile}), or those of {@code target} if it exists.
   */
  private static Path createTemporary(Path target, String shownTarget) throws UserError {
    Path dir = target.toAbsolutePath().getParent();
    SecureRandom random = new SecureRandom();
    for (int attempt = 0; ; attempt++) {
      Path temporary =
          dir.resolve("." + target.getFileName() + "." + Long.toHexString(random.nextLong()) + ".textwire-partial");
      try {
        PartialFiles.create(temporary);
        if (Files.exists(target)) {
          try {
            Files.setPosixFilePermissions(temporary, Files.getPosixFilePermissions(target));
          } catch (UnsupportedOperationException e) {
            // Not a POSIX file system: the new file keeps the defaults.
          }
        }
        return temporary;
      } catch (FileAlreadyExistsException e) {
        if (attempt > 10) {
          throw new UserError(shownTarget + ": cannot create a temporary file beside it");
        }
      } catch (NoSuchFileException e) {
        throw new UserError(shownTarget + ": no such directory: " + FileNames.show(dir));
      } catch (AccessDeniedException e) {
        throw new UserError(shownTarget + ": permission denied");
      } catch (IOException e) {
        throw new UserError(shownTarget + ": cannot write: " + describe(e));
      }
    }
  }

  private static void moveIntoPlace(Path temporary, Path target) throws IOException {
    try {
      Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING);
    }
  }

  /** The exception's message, with the file it names as the user typed it. */
  private static String describe(IOException e) {
    if (e instanceof FileSystemException) {
      FileSystemException f = (FileSystemException) e;
      if (f.getFile() != null) {
        return FileNames.show(f.getFile()) + ": " + (f.getReason() == null ? e.getClass().getSimpleName() : f.getReason());
      }
    }
    return e.getMessage() == null ? e.toString() : e.getMessage();
  }
}
