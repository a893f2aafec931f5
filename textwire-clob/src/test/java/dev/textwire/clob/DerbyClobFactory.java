package dev.textwire.clob;

import java.sql.Clob;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Derby embedded, in-memory database. Two flavours: {@code Connection.createClob()} (a temporary Clob
 * filled with setString), or a Clob read back from a CLOB column inside a live transaction (Derby's
 * Clobs die with the transaction, so nothing commits until {@link #close()}).
 */
final class DerbyClobFactory implements ClobFactory {
  private static final AtomicInteger DATABASE_COUNTER = new AtomicInteger();

  private final String name;
  private final boolean viaTable;
  private final String databaseName;
  private final Connection connection;
  private final List<AutoCloseable> openResources = new ArrayList<>();
  private int nextRowId;

  static {
    // Derby writes derby.log into the working directory unless told otherwise.
    if (System.getProperty("derby.stream.error.file") == null) {
      System.setProperty("derby.stream.error.file", "target/derby.log");
    }
  }

  static DerbyClobFactory createClob() throws SQLException {
    return new DerbyClobFactory(DERBY_CREATE, false);
  }

  static DerbyClobFactory fromTable() throws SQLException {
    return new DerbyClobFactory(DERBY_TABLE, true);
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

  private DerbyClobFactory(String name, boolean viaTable) throws SQLException {
    this.name = name;
    this.viaTable = viaTable;
    this.databaseName = "twclob" + DATABASE_COUNTER.incrementAndGet();
    this.connection = openFreshDatabase(databaseName);
    if (viaTable) {
      try (Statement statement = connection.createStatement()) {
        statement.execute("CREATE TABLE clobs (id INT PRIMARY KEY, body CLOB)");
      }
    }
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public Clob create(String initialContent) throws SQLException {
    if (!viaTable) {
      Clob clob = connection.createClob();
      clob.setString(1, initialContent);
      return clob;
    }
    int rowId = ++nextRowId;
    try (PreparedStatement insert = connection.prepareStatement("INSERT INTO clobs VALUES (?, ?)")) {
      insert.setInt(1, rowId);
      insert.setString(2, initialContent);
      insert.executeUpdate();
    }
    PreparedStatement select = connection.prepareStatement("SELECT body FROM clobs WHERE id = ?");
    openResources.add(select);
    select.setInt(1, rowId);
    ResultSet resultSet = select.executeQuery();
    openResources.add(resultSet);
    if (!resultSet.next()) {
      throw new SQLException("row " + rowId + " vanished");
    }
    return resultSet.getClob(1);
  }

  @Override
  public void close() throws SQLException {
    for (AutoCloseable resource : openResources) {
      try {
        resource.close();
      } catch (Exception ignored) {
        // Closing after the Clobs were mangled by the tests; the rollback below is what matters.
      }
    }
    connection.rollback();
    connection.close();
    dropDatabase(databaseName);
  }

  @Override
  public String toString() {
    return name;
  }
}
