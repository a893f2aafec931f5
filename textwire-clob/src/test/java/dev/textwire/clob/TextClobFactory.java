package dev.textwire.clob;

import java.sql.Clob;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/** textwire's Clob in the layouts that take different paths: held to the contract column, not to an oracle. */
final class TextClobFactory implements ClobFactory {
  private final String name;
  private final TextClob.Builder builder;
  private final List<TextClob> made = new ArrayList<>();

  private TextClobFactory(String name, TextClob.Builder builder) {
    this.name = name;
    this.builder = builder;
  }

  static List<ClobFactory> layouts() {
    return List.of(
        new TextClobFactory("textwire", TextClob.builder()),
        // Every char its own segment or nearly, and every write through the spill file.
        new TextClobFactory("textwire-spilled-tiny", TextClob.builder().segmentBytes(8).spillThreshold(0)),
        new TextClobFactory("textwire-modified-utf8", TextClob.builder().segmentBytes(16).modifiedUtf8(true)));
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public Clob create(String initialContent) throws SQLException {
    TextClob clob = builder.build(initialContent);
    made.add(clob);
    return clob;
  }

  /** Frees every Clob made, which deletes their spill files. */
  @Override
  public void close() {
    made.forEach(TextClob::free);
    made.clear();
  }

  @Override
  public String toString() {
    return name;
  }
}
