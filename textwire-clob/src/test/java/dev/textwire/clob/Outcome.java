package dev.textwire.clob;

import java.sql.SQLException;
import java.util.Objects;

/**
 * What one Clob call did: returned a value, threw an SQLException (with its SQLState), threw something
 * else. Expected outcomes may be looser: "some SQLException" (all the javadoc promises) or "unspecified"
 * (the javadoc leaves it open, so only oracles are pinned).
 */
final class Outcome {

  /** A Clob call under test; results are normalised to String, Long, Integer or Boolean by the caller. */
  @FunctionalInterface
  interface Action {
    Object run() throws Exception;
  }

  private enum Kind { VALUE, SQL_ERROR, ANY_SQL_ERROR, OTHER_ERROR, UNSPECIFIED }

  private final Kind kind;
  private final Object value;
  /** SQLState for SQL_ERROR (may be null: SerialException has none), class name for OTHER_ERROR. */
  private final String detail;
  /** The observed message, reported but never compared: messages are for humans. */
  private final String message;

  private Outcome(Kind kind, Object value, String detail, String message) {
    this.kind = kind;
    this.value = value;
    this.detail = detail;
    this.message = message;
  }

  static Outcome value(Object value) {
    return new Outcome(Kind.VALUE, value, null, null);
  }

  /** An SQLException with exactly this SQLState ({@code null} for none). */
  static Outcome sqlState(String sqlState) {
    return new Outcome(Kind.SQL_ERROR, null, sqlState, null);
  }

  /** Any SQLException: what the javadoc's "@throws SQLException if ..." promises, no more. */
  static Outcome anySqlException() {
    return new Outcome(Kind.ANY_SQL_ERROR, null, null, null);
  }

  /** A non-SQL exception of exactly this simple class name (a contract violation wherever it happens). */
  static Outcome thrown(String simpleClassName) {
    return new Outcome(Kind.OTHER_ERROR, null, simpleClassName, null);
  }

  /** The javadoc says nothing (or "undefined"): any outcome is accepted for this column. */
  static Outcome unspecified() {
    return new Outcome(Kind.UNSPECIFIED, null, null, null);
  }

  static Outcome observe(Action action) {
    try {
      return value(action.run());
    } catch (SQLException e) {
      return new Outcome(Kind.SQL_ERROR, null, e.getSQLState(), e.getClass().getName() + ": " + e.getMessage());
    } catch (Exception | Error e) {
      Throwable cause = e;
      // Readers and streams wrap SQLExceptions in IOExceptions; the SQLState underneath is the behaviour.
      while (cause.getCause() != null && !(cause instanceof SQLException)) {
        cause = cause.getCause();
      }
      String describedMessage = e.getClass().getName() + ": " + e.getMessage();
      return new Outcome(Kind.OTHER_ERROR, null, e.getClass().getSimpleName(), describedMessage
          + (cause instanceof SQLException ? " [cause SQLState " + ((SQLException) cause).getSQLState() + "]" : ""));
    }
  }

  /** Whether an observed outcome satisfies this expected one. */
  boolean admits(Outcome actual) {
    switch (kind) {
      case UNSPECIFIED:
        return true;
      case ANY_SQL_ERROR:
        return actual.kind == Kind.SQL_ERROR;
      case VALUE:
        return actual.kind == Kind.VALUE && Objects.equals(value, actual.value);
      default:
        return actual.kind == kind && Objects.equals(detail, actual.detail);
    }
  }

  boolean isError() {
    return kind == Kind.SQL_ERROR || kind == Kind.ANY_SQL_ERROR || kind == Kind.OTHER_ERROR;
  }

  String message() {
    return message;
  }

  /** Java source for this outcome, so a recorded run can be pasted into {@link ClobExpectations}. */
  String toJava() {
    switch (kind) {
      case VALUE:
        return "value(" + javaLiteral(value) + ")";
      case SQL_ERROR:
        return "sqlState(" + (detail == null ? "null" : "\"" + detail + "\"") + ")";
      case ANY_SQL_ERROR:
        return "anySqlException()";
      case OTHER_ERROR:
        return "thrown(\"" + detail + "\")";
      default:
        return "unspecified()";
    }
  }

  /** Short human form for the markdown table. */
  String toCell() {
    switch (kind) {
      case VALUE:
        return javaLiteral(value);
      case SQL_ERROR:
        return "SQLException " + (detail == null ? "(no SQLState)" : detail);
      case ANY_SQL_ERROR:
        return "SQLException";
      case OTHER_ERROR:
        return detail;
      default:
        return "unspecified";
    }
  }

  @Override
  public String toString() {
    return toJava() + (message == null ? "" : " {" + message + "}");
  }

  private static String javaLiteral(Object value) {
    if (value instanceof String) {
      return "\"" + escape((String) value) + "\"";
    }
    if (value instanceof Long) {
      return value + "L";
    }
    return String.valueOf(value);
  }

  /** Surrogates and controls escaped (a lone surrogate would not survive a UTF-8 source file). */
  static String escape(String text) {
    StringBuilder escaped = new StringBuilder();
    for (int charIndex = 0; charIndex < text.length(); charIndex++) {
      char c = text.charAt(charIndex);
      if (c == '"' || c == '\\') {
        escaped.append('\\').append(c);
      } else if (c < 0x20 || c == 0x7f || Character.isSurrogate(c)) {
        escaped.append(String.format("\\u%04X", (int) c));
      } else {
        escaped.append(c);
      }
    }
    return escaped.toString();
  }
}
