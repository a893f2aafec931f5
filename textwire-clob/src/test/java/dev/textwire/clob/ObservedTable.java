package dev.textwire.clob;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

/**
 * Writes what the contract suite observed to target/clob-observed.md (one row per point, one column per
 * factory, with the exceptions' messages), the raw material of docs/results/issue14-oracles.md. In record
 * mode it also prints Java rows for {@link ClobExpectations}.
 */
final class ObservedTable {
  private ObservedTable() {}

  static void write(Map<String, Map<String, Outcome>> observed, boolean printJavaRows) throws IOException {
    StringBuilder markdown = new StringBuilder("| point | contract |");
    for (String oracle : ClobExpectations.ORACLES) {
      markdown.append(' ').append(oracle).append(" |");
    }
    markdown.append("\n|---|---|").append("---|".repeat(ClobExpectations.ORACLES.size())).append('\n');
    StringBuilder messages = new StringBuilder("\nMessages:\n\n");
    StringBuilder javaRows = new StringBuilder();
    for (Map.Entry<String, Map<String, Outcome>> point : new TreeMap<>(observed).entrySet()) {
      Outcome contract = ClobExpectations.hasRow(point.getKey())
          ? ClobExpectations.contract(point.getKey()) : Outcome.unspecified();
      markdown.append("| ").append(point.getKey()).append(" | ").append(contract.toCell()).append(" |");
      javaRows.append("    row(\"").append(point.getKey()).append("\", ").append(contract.toJava());
      for (String oracle : ClobExpectations.ORACLES) {
        Outcome actual = point.getValue().get(oracle);
        String cell = actual == null ? "-" : actual.toCell().replace("|", "\\|");
        // ✗ marks an oracle that breaks the contract column (where the contract says anything).
        markdown.append(' ').append(cell).append(actual != null && !contract.admits(actual) ? " ✗" : "").append(" |");
        javaRows.append(",\n        ").append(actual == null ? "unspecified()" : actual.toJava());
        if (actual != null && actual.message() != null) {
          messages.append("- ").append(point.getKey()).append(" / ").append(oracle).append(": `")
              .append(actual.message().replace('\n', ' ')).append("`\n");
        }
      }
      markdown.append('\n');
      javaRows.append(");\n");
    }
    Path target = Path.of("target");
    Files.createDirectories(target);
    Files.writeString(target.resolve("clob-observed.md"), markdown.append(messages), StandardCharsets.UTF_8);
    if (printJavaRows) {
      Files.writeString(target.resolve("clob-rows.java.txt"), javaRows, StandardCharsets.UTF_8);
    }
  }
}
