package dev.textwire.clob;

import java.sql.Clob;
import java.sql.SQLException;
import java.util.List;

/**
 * Makes writable Clobs for the contract suite. The oracles (Derby, H2, SerialClob) implement it today;
 * textwire's Clob will be one more implementation, checked against the contract column of
 * {@link ClobExpectations} rather than against any oracle.
 */
interface ClobFactory {

  /** Factory names double as the column keys of {@link ClobExpectations}. */
  String DERBY_CREATE = "derby-createClob";
  String DERBY_TABLE = "derby-table";
  String H2_CREATE = "h2-createClob";
  String H2_TABLE = "h2-table";
  String SERIAL = "serial";

  String name();

  /** A Clob holding exactly {@code initialContent}, as writable as the implementation allows. */
  Clob create(String initialContent) throws SQLException;

  default Clob createEmpty() throws SQLException {
    return create("");
  }

  /**
   * Deliberately not AutoCloseable: JUnit closes AutoCloseable arguments after every parameterized
   * invocation, and the factories are shared by the whole class.
   */
  void close() throws SQLException;

  /** One fresh instance of every oracle, in the column order of {@link ClobExpectations}. */
  static List<ClobFactory> oracles() throws SQLException {
    return List.of(
        DerbyClobFactory.createClob(),
        DerbyClobFactory.fromTable(),
        H2ClobFactory.createClob(),
        H2ClobFactory.fromTable(),
        new SerialClobFactory());
  }
}
