package dev.textwire.clob;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.SQLException;

/**
 * The SQLExceptions a TextClob throws, one place for their SQLStates. The states are the SQL standard's
 * where it has one (22011 substring error, 22023 invalid parameter value, 22021 character not in
 * repertoire, 0F001 invalid LOB locator), and 58030 (I/O error, as DB2 and Derby use it) for the spill
 * file. Derby's own states (XJ070...) are vendor codes a driver author could not rely on elsewhere.
 */
final class ClobErrors {
  static final String SUBSTRING = "22011";
  static final String INVALID_ARGUMENT = "22023";
  static final String MALFORMED_TEXT = "22021";
  static final String FREED = "0F001";
  static final String IO = "58030";

  private ClobErrors() {}

  static SQLException substring(String message) {
    return new SQLException(message, SUBSTRING);
  }

  static SQLException invalidArgument(String message) {
    return new SQLException(message, INVALID_ARGUMENT);
  }

  static SQLException freed(String method) {
    return new SQLException(method + ": the Clob was freed; a freed Clob cannot be used again", FREED);
  }

  static SQLException io(String what, Path path, IOException cause) {
    return new SQLException(what + " (" + path + "): " + cause, IO, cause);
  }

  /** The content is unchanged, so a caller may go on after catching it; the message says so. */
  static SQLException ioUnchanged(String what, Path path, IOException cause) {
    return new SQLException(what + " (" + path + "): " + cause + "; the Clob's content is unchanged", IO, cause);
  }
}
