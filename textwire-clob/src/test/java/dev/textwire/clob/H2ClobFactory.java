package dev.textwire.clob;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * H2 in-memory databases, each living as long as its connection. H2's Clobs are write-once:
 * {@code createClob()} accepts one setString at position 1 and is then read-only, and Clobs read from a
 * table are read-only from the start. The contract suite records that as H2's behaviour rather than
 * working around it.
 */
final class H2ClobFactory {
  private static final AtomicInteger DATABASE_COUNTER = new AtomicInteger();

  private H2ClobFactory() {}

  static ClobFactory createClob() throws SQLException {
    return open(ClobFactory.H2_CREATE, false);
  }

  static ClobFactory fromTable() throws SQLException {
    return open(ClobFactory.H2_TABLE, true);
  }

  private static ClobFactory open(String name, boolean viaTable) throws SQLException {
    return new DatabaseClobFactory(name, viaTable, openFreshDatabase("twclob" + DATABASE_COUNTER.incrementAndGet()),
        () -> {});
  }

  /** An in-memory database that lives as long as the returned connection; autocommit off. */
  static Connection openFreshDatabase(String databaseName) throws SQLException {
    Connection connection = DriverManager.getConnection("jdbc:h2:mem:" + databaseName);
    connection.setAutoCommit(false);
    return connection;
  }
}
