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
 * H2 in-memory database. H2's Clobs are write-once: {@code createClob()} accepts one setString at
 * position 1 and is then read-only, and Clobs read from a table are read-only from the start. The
 * contract suite records that as H2's behaviour rather than working around it.
 */
final class H2ClobFactory implements ClobFactory {
  private static final AtomicInteger DATABASE_COUNTER = new AtomicInteger();

  private final String name;
  private final boolean viaTable;
  private final Connection connection;
  private final List<AutoCloseable> openResources = new ArrayList<>();
  private int nextRowId;

  static H2ClobFactory createClob() throws SQLException {
    return new H2ClobFactory(H2_CREATE, false);
  }

  static H2ClobFactory fromTable() throws SQLException {
    return new H2ClobFactory(H2_TABLE, true);
  }

  /** An in-memory database that lives as long as the returned connection; autocommit off. */
  static Connection openFreshDatabase(String databaseName) throws SQLException {
    Connection connection = DriverManager.getConnection("jdbc:h2:mem:" + databaseName);
    connection.setAutoCommit(false);
    return connection;
  }

  private H2ClobFactory(String name, boolean viaTable) throws SQLException {
    this.name = name;
    this.viaTable = viaTable;
    this.connection = openFreshDatabase("twclob" + DATABASE_COUNTER.incrementAndGet());
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
        // See DerbyClobFactory.close: the rollback is what matters.
      }
    }
    connection.rollback();
    connection.close();
  }

  @Override
  public String toString() {
    return name;
  }
}
