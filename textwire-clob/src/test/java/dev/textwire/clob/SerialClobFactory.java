package dev.textwire.clob;

import java.sql.Clob;
import java.sql.SQLException;
import javax.sql.rowset.serial.SerialClob;

/** The JDK's in-memory Clob: no database, no transaction. */
final class SerialClobFactory implements ClobFactory {

  @Override
  public String name() {
    return SERIAL;
  }

  @Override
  public Clob create(String initialContent) throws SQLException {
    return new SerialClob(initialContent.toCharArray());
  }

  @Override
  public void close() {}

  @Override
  public String toString() {
    return name();
  }
}
