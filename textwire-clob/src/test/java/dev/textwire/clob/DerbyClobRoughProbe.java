package dev.textwire.clob;

import java.sql.Clob;
import java.sql.SQLException;

/**
 * A ROUGH probe (System.nanoTime, single shots, no JMH, no warm-up worth the name), run by hand for
 * docs/results/issue14-oracles.md, not by the test suite:
 *
 * <pre>java -Xmx256m -cp target/test-classes:target/classes:DERBY_AND_H2_JARS dev.textwire.clob.DerbyClobRoughProbe</pre>
 *
 * 1. Does Derby's getSubString(1, len) on a 5-char Clob allocate len chars up front?
 * 2. How long does Derby's length() take on a 1M-char mixed-width Clob read from a table, twice?
 */
final class DerbyClobRoughProbe {
  private DerbyClobRoughProbe() {}

  public static void main(String[] args) throws SQLException {
    System.out.println("ROUGH PROBE, System.nanoTime single shots; max heap "
        + Runtime.getRuntime().maxMemory() / (1024 * 1024) + " MiB");
    int[] lengths = {Integer.MAX_VALUE, Integer.MAX_VALUE - 8, 200_000_000, 50_000_000, 1_000};
    for (ClobFactory factory : new ClobFactory[] {DerbyClobFactory.createClob(), DerbyClobFactory.fromTable(),
        H2ClobFactory.createClob(), new SerialClobFactory()}) {
      for (int len : lengths) {
        Clob clob = factory.create("Hello");
        long start = System.nanoTime();
        String outcome;
        try {
          outcome = "returned " + clob.getSubString(1, len).length() + " chars";
        } catch (Throwable e) {
          outcome = e.getClass().getSimpleName() + ": " + e.getMessage();
        }
        System.out.printf("%-17s getSubString(1, %,d) on 5 chars: %.3f ms, %s%n",
            factory.name(), len, (System.nanoTime() - start) / 1e6, outcome);
      }
      factory.close();
    }

    String mixed = ClobDriverRoundTripTest.text("mixed", 1_000_000);
    for (ClobFactory factory : new ClobFactory[] {DerbyClobFactory.fromTable(), H2ClobFactory.fromTable()}) {
      for (int round = 1; round <= 3; round++) {
        Clob clob = factory.create(mixed);
        for (int call = 1; call <= 2; call++) {
          long start = System.nanoTime();
          long length = clob.length();
          System.out.printf("%-17s round %d length() call %d on 1M mixed-width chars from a table: %.3f ms (%,d)%n",
              factory.name(), round, call, (System.nanoTime() - start) / 1e6, length);
        }
        long start = System.nanoTime();
        String tail = clob.getSubString(999_991, 10);
        System.out.printf("%-17s round %d getSubString(999991, 10) afterwards: %.3f ms (%d chars)%n",
            factory.name(), round, (System.nanoTime() - start) / 1e6, tail.length());
      }
      factory.close();
    }
    lengthOfStreamedDerbyValue(mixed);
  }

  /**
   * Same, but the value went in through setCharacterStream without a length: Derby then cannot write the
   * char count into the stored value's header and length() has to decode the whole value.
   */
  private static void lengthOfStreamedDerbyValue(String mixed) throws SQLException {
    try (java.sql.Connection connection = DerbyClobFactory.openFreshDatabase("twprobe")) {
      try (java.sql.Statement statement = connection.createStatement()) {
        statement.execute("CREATE TABLE clobs (id INT PRIMARY KEY, body CLOB)");
      }
      try (java.sql.PreparedStatement insert = connection.prepareStatement("INSERT INTO clobs VALUES (1, ?)")) {
        insert.setCharacterStream(1, new java.io.StringReader(mixed));
        insert.executeUpdate();
      }
      for (int round = 1; round <= 3; round++) {
        try (java.sql.Statement select = connection.createStatement();
            java.sql.ResultSet resultSet = select.executeQuery("SELECT body FROM clobs")) {
          resultSet.next();
          Clob clob = resultSet.getClob(1);
          for (int call = 1; call <= 2; call++) {
            long start = System.nanoTime();
            long length = clob.length();
            System.out.printf("derby-streamed     round %d length() call %d on 1M mixed-width chars inserted "
                + "without a length: %.3f ms (%,d)%n", round, call, (System.nanoTime() - start) / 1e6, length);
          }
        }
      }
      connection.rollback();
    }
    DerbyClobFactory.dropDatabase("twprobe");
  }
}
