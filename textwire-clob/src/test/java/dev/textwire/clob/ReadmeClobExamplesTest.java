package dev.textwire.clob;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.Reader;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

/** The README's Clob section, line for line, with its comments turned into assertions. */
class ReadmeClobExamplesTest {
  @Test
  void readmeExample() throws Exception {
    String text = "ab" + "Жx世😀".repeat(400_000);
    Reader reader = new StringReader(text);
    try (Connection h2 = DriverManager.getConnection("jdbc:h2:mem:readme_clob");
        Statement ddl = h2.createStatement()) {
      ddl.execute("CREATE TABLE docs (body CLOB)");
      Path file;
      try (PreparedStatement statement = h2.prepareStatement("INSERT INTO docs VALUES (?)");
          TextClob clob = TextClob.builder().spillThreshold(64 * 1024).build(reader)) {
        assertEquals(text.length(), clob.length());
        assertTrue(clob.isSpilled());
        file = clob.spillPath();
        assertEquals(text.substring(1_000_000, 1_001_000), clob.getSubString(1_000_001, 1_000));
        clob.setString(3, "Ж");
        String expected = "abЖ" + text.substring(3);
        assertEquals("", clob.getSubString(clob.length() + 1, 5));
        assertEquals(expected, clob.getSubString(1, Integer.MAX_VALUE));
        statement.setClob(1, clob);
        statement.executeUpdate();
        try (ResultSet rows = ddl.executeQuery("SELECT body FROM docs")) {
          assertTrue(rows.next());
          assertEquals(expected, rows.getString(1));
        }
      }
      assertFalse(Files.exists(file), "close() deletes the temporary file");
    }
    SQLException e = assertThrows(SQLException.class, () -> TextClob.of("abc").getSubString(0, 1));
    assertEquals("getSubString: pos is 0; positions start at 1", e.getMessage());
    assertEquals("22011", e.getSQLState());
  }
}
