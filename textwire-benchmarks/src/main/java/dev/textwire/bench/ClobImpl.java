package dev.textwire.bench;

import dev.textwire.clob.TextClob;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.nio.file.Path;
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
import javax.sql.rowset.serial.SerialClob;

/**
 * One Clob implementation of the Clob benchmarks (their {@code @Param impl}), and the database it needs:
 *
 * <ul>
 *   <li>{@code textwire}: {@link TextClob} kept in memory (a spill threshold no value here reaches);
 *   <li>{@code textwire-spilled}: {@link TextClob} with {@code spillThreshold(0)}: in a temporary file
 *       from the first char;
 *   <li>{@code derby-table}: Derby embedded in memory; the Clob is read from a CLOB column inside an open
 *       transaction (Derby's Clobs die with it), as Derby's own ClobAccessTest does;
 *   <li>{@code derby-create}: Derby's {@code Connection.createClob()} filled with {@code setString};
 *   <li>{@code h2}: H2 in memory, the Clob read from a CLOB column. Read-only: H2 refuses every write;
 *   <li>{@code serial}: the JDK's {@code javax.sql.rowset.serial.SerialClob}: a char[], which on JDK 17
 *       cannot grow (a write past the end throws; JDK 25's grows).
 * </ul>
 *
 * Each benchmark fork opens one of these, so databases never outlive their trial.
 */
final class ClobImpl implements AutoCloseable {
  static final String TEXTWIRE = "textwire";
  static final String TEXTWIRE_SPILLED = "textwire-spilled";
  static final String DERBY_TABLE = "derby-table";
  static final String DERBY_CREATE = "derby-create";
  static final String H2 = "h2";
  static final String SERIAL = "serial";

  /** Keeps {@code textwire} in memory for every value benchmarked (the 15 M mixed text is about 25 MB). */
  static final long IN_MEMORY_SPILL_THRESHOLD = Long.MAX_VALUE;

  private static final AtomicInteger DATABASE_COUNTER = new AtomicInteger();

  static {
    // Derby writes derby.log into the working directory unless told otherwise.
    if (System.getProperty("derby.stream.error.file") == null) {
      System.setProperty(
          "derby.stream.error.file",
          Path.of(System.getProperty("java.io.tmpdir"), "textwire-bench-derby.log").toString());
    }
  }

  final String name;
  private final Connection connection;
  private final String derbyDatabase;
  /** Statements, result sets and Clobs to release, in order, before the transaction is rolled back. */
  private final List<AutoCloseable> openResources = new ArrayList<>();
  private int nextRowId;

  private ClobImpl(String name, Connection connection, String derbyDatabase) {
    this.name = name;
    this.connection = connection;
    this.derbyDatabase = derbyDatabase;
  }

  static ClobImpl open(String name) throws SQLException {
    switch (name) {
      case TEXTWIRE:
      case TEXTWIRE_SPILLED:
      case SERIAL:
        return new ClobImpl(name, null, null);
      case DERBY_TABLE:
      case DERBY_CREATE:
        String database = "twbench" + DATABASE_COUNTER.incrementAndGet();
        Connection derby = DriverManager.getConnection("jdbc:derby:memory:" + database + ";create=true");
        derby.setAutoCommit(false);
        return new ClobImpl(name, derby, database);
      case H2:
        // The in-memory database lives as long as this one connection.
        Connection h2 = DriverManager.getConnection("jdbc:h2:mem:twbench" + DATABASE_COUNTER.incrementAndGet());
        h2.setAutoCommit(false);
        return new ClobImpl(name, h2, null);
      default:
        throw new IllegalArgumentException("unknown Clob implementation: " + name);
    }
  }

  /** Whether setString and truncate work (H2's Clobs are read-only). */
  boolean canWrite() {
    return !name.equals(H2);
  }

  /** Whether a write past the end grows the Clob (SerialClob's cannot, on JDK 17: treated as never). */
  boolean canGrow() {
    return canWrite() && !name.equals(SERIAL);
  }

  /** Whether the Clob comes back from a table rather than being created by the caller. */
  boolean fromTable() {
    return name.equals(DERBY_TABLE) || name.equals(H2);
  }

  /** A Clob holding {@code text}, obtained the way this implementation's users get one; freed by {@link #close}. */
  Clob large(String text) throws SQLException {
    Clob clob;
    if (fromTable()) {
      clob = fetchFromTable(text);
    } else {
      clob = create(text);
    }
    openResources.add(clob::free);
    return clob;
  }

  /** A new Clob holding {@code text}; for the implementations that are not read from a table. */
  Clob create(String text) throws SQLException {
    switch (name) {
      case TEXTWIRE:
        return TextClob.builder().spillThreshold(IN_MEMORY_SPILL_THRESHOLD).build(text);
      case TEXTWIRE_SPILLED:
        return TextClob.builder().spillThreshold(0).build(text);
      case SERIAL:
        return new SerialClob(text.toCharArray());
      case DERBY_CREATE:
        Clob clob = connection.createClob();
        clob.setString(1, text);
        return clob;
      default:
        throw new IllegalStateException(name + " reads its Clobs from a table");
    }
  }

  /**
   * Inserts {@code text} as a stream with its length (like ClobAccessTest's LoopingAlphabetReader), commits,
   * and reads the row back in a new transaction that stays open until {@link #close}.
   */
  private Clob fetchFromTable(String text) throws SQLException {
    if (nextRowId == 0) {
      try (Statement statement = connection.createStatement()) {
        statement.execute("CREATE TABLE large_clobs (id INT PRIMARY KEY, body CLOB)");
      }
    }
    int rowId = ++nextRowId;
    try (PreparedStatement insert = connection.prepareStatement("INSERT INTO large_clobs VALUES (?, ?)")) {
      insert.setInt(1, rowId);
      insert.setCharacterStream(2, new StringReader(text), (long) text.length());
      insert.executeUpdate();
    }
    connection.commit();
    PreparedStatement select = connection.prepareStatement("SELECT body FROM large_clobs WHERE id = ?");
    openResources.add(select);
    select.setInt(1, rowId);
    ResultSet resultSet = select.executeQuery();
    openResources.add(resultSet);
    if (!resultSet.next()) {
      throw new SQLException("row " + rowId + " vanished");
    }
    return resultSet.getClob(1);
  }

  /**
   * The small-Clob workload of ClobAccessTest.testFetchSmallClobs: for every one of {@code contents}, a
   * Clob holding it (created, or for table implementations fetched: the rows are inserted and committed
   * here, once), its length() and getSubString(1, length), then free(). Returns a check sum.
   */
  SmallClobs small(String[] contents) throws SQLException {
    if (!fromTable()) {
      return () -> {
        long sum = 0;
        for (String content : contents) {
          Clob clob = create(content);
          sum += readSmall(clob);
        }
        return sum;
      };
    }
    try (Statement statement = connection.createStatement()) {
      statement.execute("CREATE TABLE small_clobs (dclob CLOB, length INT)");
    }
    try (PreparedStatement insert = connection.prepareStatement("INSERT INTO small_clobs VALUES (?, ?)")) {
      for (String content : contents) {
        insert.setString(1, content);
        insert.setInt(2, content.length());
        insert.executeUpdate();
      }
    }
    connection.commit();
    PreparedStatement select = connection.prepareStatement("SELECT dclob, length FROM small_clobs");
    openResources.add(select);
    return () -> {
      long sum = 0;
      try (ResultSet resultSet = select.executeQuery()) {
        while (resultSet.next()) {
          sum += readSmall(resultSet.getClob(1));
        }
      }
      return sum;
    };
  }

  /** length(), the whole content through getSubString, then free(): Derby keeps unfreed Clobs until commit. */
  private static long readSmall(Clob clob) throws SQLException {
    long length = clob.length();
    String content = clob.getSubString(1, (int) length);
    clob.free();
    return length + content.charAt(content.length() - 1);
  }

  /** The small-Clob workload, one pass over all of them. */
  interface SmallClobs {
    long run() throws SQLException;
  }

  /**
   * Fails the trial unless {@code clob} holds {@code text}: its length, three windows and the start
   * through a reader. A benchmark over a Clob holding something else compares nothing.
   */
  static void verify(Clob clob, String text, String who) throws SQLException, IOException {
    long length = clob.length();
    check(length == text.length(), who, "length() is " + length + ", expected " + text.length());
    int window = Math.min(1000, text.length());
    int[] starts = {0, text.length() / 2 - window / 2, text.length() - window};
    for (int start : starts) {
      String got = clob.getSubString(start + 1L, window);
      String call = "getSubString(" + (start + 1) + ", " + window + ")";
      check(got.equals(text.substring(start, start + window)), who, call);
    }
    char[] head = new char[Math.min(8192, text.length())];
    try (Reader reader = clob.getCharacterStream()) {
      int filled = 0;
      while (filled < head.length) {
        int n = reader.read(head, filled, head.length - filled);
        check(n > 0, who, "reader ended after " + filled + " chars");
        filled += n;
      }
    }
    check(new String(head).equals(text.substring(0, head.length)), who, "getCharacterStream() start");
  }

  static void check(boolean ok, String who, String what) {
    if (!ok) {
      throw new IllegalStateException("sanity check failed for " + who + ": " + what);
    }
  }

  @Override
  public void close() throws SQLException {
    SQLException first = null;
    for (int i = openResources.size() - 1; i >= 0; i--) {
      try {
        openResources.get(i).close();
      } catch (Exception e) {
        // Keep releasing: a rollback and a dropped database matter more than one failed free().
        if (first == null) {
          first = e instanceof SQLException ? (SQLException) e : new SQLException(e);
        }
      }
    }
    openResources.clear();
    if (connection != null) {
      connection.rollback();
      connection.close();
    }
    if (derbyDatabase != null) {
      try {
        DriverManager.getConnection("jdbc:derby:memory:" + derbyDatabase + ";drop=true").close();
      } catch (SQLException expected) {
        // Derby reports a successful drop as SQLState 08006.
      }
    }
    if (first != null) {
      throw first;
    }
  }
}
