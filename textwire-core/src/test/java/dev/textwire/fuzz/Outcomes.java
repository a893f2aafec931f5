package dev.textwire.fuzz;

import dev.textwire.TestSupport;

/**
 * A read's outcome as a value (what it returned, or the exception it threw), and the checks the fuzz tests
 * make of it, with messages that show text as code points.
 */
public final class Outcomes {
  private Outcomes() {}

  /** A read that may throw. */
  public interface Read {
    Object run() throws Exception;
  }

  /** The value returned, or the exception thrown (an Error is rethrown). */
  public static Object outcome(Read read) {
    try {
      return read.run();
    } catch (Exception e) {
      return e;
    }
  }

  /** Bytes allocated by a second run of {@code read}: the first run links and loads what it needs once. */
  public static long allocatedBy(Read read) {
    long before = FuzzSupport.allocatedBytes();
    outcome(read);
    return FuzzSupport.allocatedBytes() - before;
  }

  public static void expectType(Class<? extends Exception> type, Object outcome, String where) {
    if (!type.isInstance(outcome)) {
      AssertionError error =
          new AssertionError(where + ": expected " + type.getSimpleName() + ", got " + describe(outcome));
      if (outcome instanceof Throwable t) {
        error.initCause(t);
      }
      throw error;
    }
  }

  public static void same(Object expected, Object actual, String where) {
    if (!expected.equals(actual)) {
      AssertionError error =
          new AssertionError(where + ": got " + describe(actual) + ", expected " + describe(expected));
      if (actual instanceof Throwable t) {
        error.initCause(t);
      }
      throw error;
    }
  }

  public static void atMost(long limit, long actual, String where) {
    if (actual > limit) {
      throw new AssertionError(where + ": " + actual + ", more than " + limit);
    }
  }

  public static String describe(Object outcome) {
    return outcome instanceof String s ? "\"" + TestSupport.codePoints(s) + "\"" : String.valueOf(outcome);
  }
}
