package dev.textwire.clob;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.concurrent.atomic.AtomicInteger;

/** Derby embedded, in-memory databases: a fresh one per factory, dropped when the factory closes. */
final class DerbyClobFactory {
  private static final AtomicInteger DATABASE_COUNTER = new AtomicInteger();

  static {
    // Derby writes derby.log into the working directory unless told otherwise.
    if (System.getProperty("derby.stream.error.file") == null) {
      System.setProperty("derby.stream.error.file", "target/derby.log");
    }
  }

  private DerbyClobFactory() {}

  static ClobFactory createClob() throws SQLException {
    return open(ClobFactory.DERBY_CREATE, false);
  }

  static ClobFactory fromTable() throws SQLException {
    return open(ClobFactory.DERBY_TABLE, true);
  }

  private static ClobFactory open(String name, boolean viaTable) throws SQLException {
    String databaseName = "twclob" + DATABASE_COUNTER.incrementAndGet();
    return new DatabaseClobFactory(name, viaTable, openFreshDatabase(databaseName), () -> dropDatabase(databaseName));
  }

  /** An open connection to a fresh in-memory database, autocommit off; the caller closes it. */
  static Connection openFreshDatabase(String databaseName) throws SQLException {
    Connection connection = DriverManager.getConnection("jdbc:derby:memory:" + databaseName + ";create=true");
    connection.setAutoCommit(false);
    return connection;
  }

  static void dropDatabase(String databaseName) {
    try {
      DriverManager.getConnection("jdbc:derby:memory:" + databaseName + ";drop=true").close();
    } catch (SQLException expected) {
      // Derby reports a successful drop as SQLState 08006; anything else is not worth failing a test over.
    }
  }
}
