package dev.textwire.clob;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.sql.Clob;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import javax.sql.rowset.serial.SerialClob;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A Clob made by one implementation handed to another driver's {@code PreparedStatement.setClob}, then read
 * back. The foreign Clob is a SerialClob (the JDK's, as a reference) or a TextClob, in memory or spilled
 * to its temporary file (see {@link #foreignClob}).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ClobDriverRoundTripTest {
  /** Derby's VARCHAR holds at most 32,672 chars; 32,700 was chosen to cross it. */
  static final int DERBY_VARCHAR_MAX_CHARS = 32_672;
  static final int[] CHAR_COUNTS = {0, 1, 5, 32_700, 1_000_000};

  private Connection derby;
  private Connection h2;

  @BeforeAll
  void openDatabases() throws SQLException {
    derby = DerbyClobFactory.openFreshDatabase("twroundtrip");
    h2 = H2ClobFactory.openFreshDatabase("twroundtrip");
    try (Statement statement = derby.createStatement()) {
      statement.execute("CREATE TABLE rt_varchar (id INT PRIMARY KEY, body VARCHAR(" + DERBY_VARCHAR_MAX_CHARS + "))");
      statement.execute("CREATE TABLE rt_clob (id INT PRIMARY KEY, body CLOB)");
    }
    try (Statement statement = h2.createStatement()) {
      // H2's VARCHAR without a length is CHARACTER VARYING(1000000), its maximum.
      statement.execute("CREATE TABLE rt_varchar (id INT PRIMARY KEY, body VARCHAR)");
      statement.execute("CREATE TABLE rt_clob (id INT PRIMARY KEY, body CLOB)");
    }
    derby.commit();
    h2.commit();
  }

  @AfterAll
  void closeDatabases() throws SQLException {
    derby.rollback();
    derby.close();
    DerbyClobFactory.dropDatabase("twroundtrip");
    h2.rollback();
    h2.close();
  }

  static final List<String> FOREIGN_CLOBS = List.of("serial", "textwire-default", "textwire-spilled");

  static Clob foreignClob(String foreign, String text) throws SQLException {
    return switch (foreign) {
      case "serial" -> new SerialClob(text.toCharArray());
      // In memory up to the default 1 MiB threshold: the million-char mixed and emoji texts spill.
      case "textwire-default" -> TextClob.of(text);
      // The default segment size, so the drivers' bulk reads cross segments as they would in use.
      case "textwire-spilled" -> TextClob.builder().spillThreshold(0).build(text);
      default -> throw new IllegalArgumentException(foreign);
    };
  }

  /** Exactly charCount chars of one kind of text; emoji text ends in 'x' when charCount is odd. */
  static String text(String kind, int charCount) {
    String unit = switch (kind) {
      case "ascii" -> "abcdefghij";
      case "mixed" -> "aЖ世😀"; // 1-, 2-, 3- and 4-byte UTF-8; 5 chars
      case "emoji" -> "😀";
      default -> throw new IllegalArgumentException(kind);
    };
    StringBuilder text = new StringBuilder(charCount);
    while (text.length() + unit.length() <= charCount) {
      text.append(unit);
    }
    text.append("xxxxxxxxxx", 0, charCount - text.length());
    return text.toString();
  }

  List<Arguments> cases() {
    List<Arguments> cases = new ArrayList<>();
    for (String database : List.of("derby", "h2")) {
      for (String table : List.of("rt_varchar", "rt_clob")) {
        for (String kind : List.of("ascii", "mixed", "emoji")) {
          for (int charCount : CHAR_COUNTS) {
            for (String foreign : FOREIGN_CLOBS) {
              cases.add(Arguments.of(database, table, kind, charCount, foreign));
            }
          }
        }
      }
    }
    return cases;
  }

  /**
   * The one expected failure: Derby will not bind a Clob to a VARCHAR parameter at all (22005, "An attempt
   * was made to get a data value of type 'VARCHAR' from a data value of type 'java.sql.Clob'"), at any
   * size, even 0 chars, so its 32,672-char VARCHAR limit is never reached. H2 converts, up to its own
   * VARCHAR maximum of 1,000,000 chars (reached exactly here). Everything else must come back char for char.
   */
  static String expectedSqlState(String database, String table) {
    return database.equals("derby") && table.equals("rt_varchar") ? "22005" : null;
  }

  @ParameterizedTest(name = "{0} {1} {2} {3} chars from {4}")
  @MethodSource("cases")
  void setClobThenReadBack(String database, String table, String kind, int charCount, String foreign)
      throws Exception {
    Connection connection = database.equals("derby") ? derby : h2;
    String text = text(kind, charCount);
    assertEquals(charCount, text.length());
    String expectedState = expectedSqlState(database, table);
    Clob clob = foreignClob(foreign, text);
    if (clob instanceof TextClob textClob) {
      boolean aboveThreshold = textClob.storedByteCount() > TextClob.Builder.DEFAULT_SPILL_THRESHOLD_BYTES;
      assertEquals(foreign.equals("textwire-spilled") ? charCount > 0 : aboveThreshold, textClob.isSpilled(), "spilled");
    }
    try (PreparedStatement insert = connection.prepareStatement("INSERT INTO " + table + " VALUES (?, ?)")) {
      insert.setInt(1, 1);
      insert.setClob(2, clob);
      insert.executeUpdate();
      assertEquals(null, expectedState, "insert succeeded where " + expectedState + " was pinned");
    } catch (SQLException e) {
      connection.rollback();
      assertEquals(expectedState, e.getSQLState(), () -> "unexpected " + e);
      return;
    } finally {
      // The drivers have copied the text by the end of executeUpdate; free() deletes a spill file.
      clob.free();
    }
    try (PreparedStatement select = connection.prepareStatement("SELECT body FROM " + table + " WHERE id = 1");
        ResultSet resultSet = select.executeQuery()) {
      resultSet.next();
      Clob readBack = resultSet.getClob(1);
      assertNotNull(readBack);
      assertEquals(charCount, readBack.length());
      String content = ClobContractTest.readAll(readBack.getCharacterStream());
      // assertEquals on a million chars prints a million chars: compare, then report the first difference.
      if (!content.equals(text)) {
        int charIndex = 0;
        while (charIndex < Math.min(content.length(), text.length())
            && content.charAt(charIndex) == text.charAt(charIndex)) {
          charIndex++;
        }
        throw new AssertionError("differs at charIndex " + charIndex + " of " + charCount);
      }
    } finally {
      connection.rollback();
    }
  }
}
