package dev.textwire.cli;

import java.io.Console;
import java.lang.reflect.Method;
import java.util.Locale;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * A progress bar on standard error for long work, shown only when the output is a terminal: a file
 * larger than {@link #MIN_BYTES}, or the benchmark. Anything piped or redirected stays free of it.
 * {@code TEXTWIRE_PROGRESS=always} or {@code never} overrides the guess.
 */
abstract class Progress implements AutoCloseable {
  /** Smaller inputs finish before a bar would be worth drawing. */
  static final long MIN_BYTES = 8L << 20;

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
            .setConsumer(new ConsoleProgressBarConsumer(System.err))
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
            .setConsumer(new ConsoleProgressBarConsumer(System.err))
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
    return onTerminal();
  }

  /**
   * Whether standard input and output are a terminal. On JDK 17 to 21 that is {@code System.console() !=
   * null}; from JDK 22 there is a console even when redirected, and {@code Console.isTerminal()} (not in
   * Java 17's API, so called reflectively) tells.
   */
  private static boolean onTerminal() {
    Console console = System.console();
    if (console == null) {
      return false;
    }
    try {
      Method isTerminal = Console.class.getMethod("isTerminal");
      return (Boolean) isTerminal.invoke(console);
    } catch (NoSuchMethodException e) {
      return true;
    } catch (ReflectiveOperationException | RuntimeException e) {
      return false;
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
