package dev.textwire.cli;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Locale;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarConsumer;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * A progress bar on standard error for long work, shown only when standard error is a terminal: a file
 * larger than {@link #MIN_BYTES}, or the benchmark. Java cannot tell whether standard error is a
 * terminal ({@code System.console()} looks at standard input and output), so the launcher tells it
 * ({@code [ -t 2 ]}, as the system property {@value #STDERR_TERMINAL}); run without the launcher, the
 * tool draws no bar. {@code TEXTWIRE_PROGRESS=always} or {@code never} overrides that.
 *
 * <p>The bar is one line that redraws itself from its own thread. Everything else the tool prints goes
 * through {@link #stdout()} and {@link #stderr()}, which wipe the bar first and hold it back while they
 * write, so no message is ever printed on the bar's line; it comes back under the message at its next
 * tick, once the message has ended its line.
 */
abstract class Progress implements AutoCloseable {
  /** Smaller inputs finish before a bar would be worth drawing. */
  static final long MIN_BYTES = 8L << 20;

  /** Set to {@code true} by the launcher when standard error is a terminal. */
  static final String STDERR_TERMINAL = "textwire.stderrTerminal";
  /** Set to {@code true} by the launcher when standard output is a terminal (the same screen as the bar). */
  static final String STDOUT_TERMINAL = "textwire.stdoutTerminal";

  /** Guards the bar's line: the bar's thread and every write to the screen take turns. */
  private static final Object SCREEN = new Object();
  /** Columns the bar now covers; 0 when none is drawn. */
  private static int barColumns;
  /** Whether the last write to the screen ended its line, so that a bar drawn now has a line of its own. */
  private static boolean atLineStart = true;

  private static final Progress NONE =
      new Progress() {
        @Override
        void step(long amount) {}

        @Override
        public void close() {}
      };

  abstract void step(long amount);

  @Override
  public abstract void close();

  /** A bar counting {@code totalBytes} in MiB, or nothing when the input is small or not on a terminal. */
  static Progress forBytes(String task, long totalBytes) {
    if (totalBytes < MIN_BYTES || !wanted()) {
      return NONE;
    }
    return new Bar(
        new ProgressBarBuilder()
            .setTaskName(task)
            .setInitialMax(totalBytes)
            .setUnit(" MiB", 1L << 20)
            .showSpeed()
            .setStyle(ProgressBarStyle.COLORFUL_UNICODE_BLOCK)
            .setConsumer(new BarLine())
            .setUpdateIntervalMillis(200)
            .clearDisplayOnFinish()
            .build());
  }

  /** A bar counting {@code total} steps, or nothing when not on a terminal. */
  static Progress forSteps(String task, long total) {
    if (!wanted()) {
      return NONE;
    }
    return new Bar(
        new ProgressBarBuilder()
            .setTaskName(task)
            .setInitialMax(total)
            .setStyle(ProgressBarStyle.COLORFUL_UNICODE_BLOCK)
            .setConsumer(new BarLine())
            .setUpdateIntervalMillis(500)
            .clearDisplayOnFinish()
            .build());
  }

  static boolean wanted() {
    String setting = System.getenv("TEXTWIRE_PROGRESS");
    if (setting != null) {
      switch (setting.toLowerCase(Locale.ROOT)) {
        case "always":
          return true;
        case "never":
          return false;
        default:
          break;
      }
    }
    return Boolean.getBoolean(STDERR_TERMINAL);
  }

  /** Standard output, wiping the bar before each write when it goes to the bar's screen. */
  static OutputStream stdout() {
    return new ScreenStream(new StandardOutput(), Boolean.getBoolean(STDOUT_TERMINAL));
  }

  /** Standard error, where the bar is: wiped before each write. */
  static OutputStream stderr() {
    return new ScreenStream(new FileOutputStream(FileDescriptor.err), true);
  }

  /** Wipes the bar off its line and leaves the cursor at the start of it. Holds {@link #SCREEN}. */
  private static void wipeBar() {
    if (barColumns > 0) {
      System.err.print("\r" + " ".repeat(barColumns) + "\r");
      System.err.flush();
      barColumns = 0;
    }
  }

  /** A stream to the screen the bar is on (when {@code shared}): the bar is wiped before each write. */
  private static final class ScreenStream extends FilterOutputStream {
    private final boolean shared;

    ScreenStream(OutputStream out, boolean shared) {
      super(out);
      this.shared = shared;
    }

    @Override
    public void write(int b) throws IOException {
      write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] bytes, int offset, int length) throws IOException {
      if (!shared) {
        out.write(bytes, offset, length);
        return;
      }
      synchronized (SCREEN) {
        wipeBar();
        out.write(bytes, offset, length);
        if (length > 0) {
          atLineStart = bytes[offset + length - 1] == '\n';
        }
      }
    }
  }

  /**
   * Draws the bar on standard error as the library renders it, in turn with the other writes to the
   * screen, and only at the start of a line. Closing leaves the line empty (the library's console
   * consumer would end it, leaving an empty line behind each bar).
   */
  private static final class BarLine implements ProgressBarConsumer {
    private final ConsoleProgressBarConsumer console = new ConsoleProgressBarConsumer(System.err);

    @Override
    public int getMaxRenderedLength() {
      return console.getMaxRenderedLength();
    }

    @Override
    public void accept(String rendered) {
      synchronized (SCREEN) {
        if (!atLineStart) {
          return; // a message is still on this line: draw at the next tick, under it
        }
        console.accept(rendered); // "\r" and the bar, cut to the terminal's width
        System.err.flush();
        barColumns = getMaxRenderedLength();
      }
    }

    @Override
    public void clear() {
      synchronized (SCREEN) {
        wipeBar();
      }
    }

    @Override
    public void close() {
      System.err.flush();
    }
  }

  private static final class Bar extends Progress {
    private final ProgressBar bar;

    Bar(ProgressBar bar) {
      this.bar = bar;
    }

    @Override
    void step(long amount) {
      bar.stepBy(amount);
    }

    @Override
    public void close() {
      bar.close();
    }
  }
}
