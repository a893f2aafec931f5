package dev.textwire.clob;

import java.sql.Clob;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * Clobs from a database connection, in one of two flavours: {@code Connection.createClob()} (a temporary
 * Clob filled with setString), or a Clob read back from a CLOB column inside a live transaction (Derby's
 * Clobs die with the transaction, so nothing commits until {@link #close()}). Derby and H2 differ only in
 * how their connection is opened and their database dropped ({@link DerbyClobFactory}, {@link H2ClobFactory}).
 */
final class DatabaseClobFactory implements ClobFactory {
  private final String name;
  private final boolean viaTable;
  private final Connection connection;
  private final Runnable afterClose;
  private final List<AutoCloseable> openResources = new ArrayList<>();
  private int nextRowId;

  /** @param connection autocommit off; closed (after a rollback) by {@link #close()}, then {@code afterClose} runs */
  DatabaseClobFactory(String name, boolean viaTable, Connection connection, Runnable afterClose) throws SQLException {
    this.name = name;
    this.viaTable = viaTable;
    this.connection = connection;
    this.afterClose = afterClose;
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
    afterClose.run();
  }

  @Override
  public String toString() {
    return name;
  }
}
