package dev.textwire.cli;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.api.io.TempDir;

/**
 * The progress bar on a real pseudo-terminal ({@code script}): drawn when standard error is a terminal,
 * whatever standard input and output are, and wiped before anything else is printed, so that an error
 * found while the bar is up starts its own line. Reads of 16 bytes make the check of 9 MiB slow enough
 * (about a second) for the bar to be drawn before the error at its end is found.
 */
@EnabledIf("dev.textwire.cli.Cli#afterPackage")
class ProgressTerminalIT {
  @TempDir static Path dir;

  private static final Map<String, String> SMALL_READS =
      Map.of("TEXTWIRE_JAVA_OPTS", System.getenv().getOrDefault("TEXTWIRE_JAVA_OPTS", "") + " -Dtextwire.cli.chunkBytes=16");

  /** 9 MiB of valid lines, then a bad byte: above the 8 MiB from which a bar is drawn. */
  @BeforeAll
  static void files() throws IOException {
    byte[] line = "0123456789 abcdefghijklmnopqrstuvwxyz é 日本 😀 ABCDEFGHIJKLMNOPQRSTUVWXYZ .,;:!?\n".getBytes(UTF_8);
    try (OutputStream out = Files.newOutputStream(dir.resolve("bad.txt"))) {
      for (long n = 0; n < 9L << 20; n += line.length) {
        out.write(line);
      }
      out.write(new byte[] {'x', (byte) 0xFF, 'y', '\n'});
    }
  }

  /** Runs a shell command line on a pseudo-terminal; returns what the terminal received. */
  private static Cli.Result onTerminal(String commandLine) {
    assumeTrue(Files.isExecutable(Path.of("/usr/bin/script")), "no /usr/bin/script for a pseudo-terminal");
    return Cli.exec(dir, null, SMALL_READS, 120, List.of("/usr/bin/script", "-qec", commandLine, "/dev/null"));
  }

  private static String launcher() {
    return "'" + Cli.LAUNCHER + "'";
  }

  @Test
  void anErrorFoundUnderTheBarStartsItsOwnLineAndNoBarIsLeftOnIt() {
    Cli.Result r = onTerminal(launcher() + " validate bad.txt");
    assertEquals(1, r.code(), r::toString);
    assertTrue(r.out().contains("MiB"), "a bar was drawn before the error: " + r);
    List<String> screen = screen(r.out());
    String error = screen.stream().filter(l -> l.contains("bad.txt:")).findFirst().orElseThrow(() -> new AssertionError(screen));
    assertTrue(error.startsWith("bad.txt:"), "the error line starts at column 0: " + screen);
    assertFalse(error.contains("MiB") || error.contains("│") || error.contains("%"), "no bar on the error's line: " + screen);
    for (String l : screen) {
      assertFalse(l.contains("MiB"), "no bar left on the screen at the end: " + screen);
    }
  }

  @Test
  void barWhenOnlyStandardErrorIsATerminal() throws IOException {
    Cli.Result r = onTerminal(launcher() + " validate bad.txt > out.txt < /dev/null");
    assertEquals(1, r.code(), r::toString);
    assertTrue(r.out().contains("MiB"), "the bar is drawn on standard error: " + r);
    assertTrue(Files.readString(dir.resolve("out.txt")).startsWith("bad.txt:"));
  }

  @Test
  void noBarWhenStandardErrorIsNotATerminal() throws IOException {
    Cli.Result r = onTerminal(launcher() + " validate bad.txt 2> err.txt");
    assertEquals(1, r.code(), r::toString);
    assertEquals("", Files.readString(dir.resolve("err.txt")), "no bar in a redirected standard error");
    assertFalse(r.out().contains("MiB"), r::toString);
    assertTrue(screen(r.out()).get(0).startsWith("bad.txt:"), r::toString);
  }

  @Test
  void helpSaysWhenTheBarIsDrawnAndHowToChooseOtherwise() {
    for (List<String> args : List.of(List.of("--help"), List.of("validate", "--help"))) {
      Cli.Result r = Cli.run(dir, args.toArray(new String[0]));
      assertEquals(0, r.code(), r::toString);
      String help = r.out().replaceAll("\\s+", " ");
      assertTrue(help.contains("TEXTWIRE_PROGRESS") && help.contains("standard error") && help.contains("terminal"), args + ": " + r);
      assertTrue(help.contains("never") && help.contains("always"), args + ": " + r);
    }
  }

  /**
   * The lines a terminal shows for {@code output}: a carriage return goes back to column 0, what comes
   * next overwrites; escape sequences (colours) take no room.
   */
  static List<String> screen(String output) {
    List<String> lines = new ArrayList<>();
    StringBuilder line = new StringBuilder();
    int column = 0;
    for (int i = 0; i < output.length(); i++) {
      char c = output.charAt(i);
      if (c == '\r') {
        column = 0;
      } else if (c == '\n') {
        lines.add(line.toString().stripTrailing());
        line.setLength(0);
        column = 0;
      } else if (c == 0x1B && i + 1 < output.length() && output.charAt(i + 1) == '[') {
        i += 2;
        while (i < output.length() && !Character.isLetter(output.charAt(i))) {
          i++;
        }
      } else {
        if (column < line.length()) {
          line.setCharAt(column, c);
        } else {
          line.append(c);
        }
        column++;
      }
    }
    if (line.length() > 0) {
      lines.add(line.toString().stripTrailing());
    }
    lines.removeIf(String::isEmpty);
    return lines;
  }
}
