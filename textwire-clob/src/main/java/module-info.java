/** textwire-clob: a {@code java.sql.Clob} store on textwire-core. Depends on nothing else but the JDK's java.sql. */
module dev.textwire.clob {
  requires transitive dev.textwire;
  requires transitive java.sql;

  exports dev.textwire.clob;
}
