package dev.textwire.cli;

/** Something the user can fix (a missing file, a bad option), said in plain words without a stack trace. */
final class UserError extends Exception {
  private static final long serialVersionUID = 1L;

  UserError(String message) {
    super(message);
  }
}
