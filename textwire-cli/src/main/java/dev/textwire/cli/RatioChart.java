package dev.textwire.cli;

import dev.textwire.bench.SideBySide;
import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.knowm.xchart.AnnotationLine;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.style.CategoryStyler;
import org.knowm.xchart.style.Styler;

/**
 * The benchmark's ratios as a bar chart: one group of bars per input, one bar per operation, the height
 * the fastest baseline's time over textwire's, with a line at 1 (above it, textwire is faster).
 */
final class RatioChart {
  private RatioChart() {}

  /**
   * Why {@code png} cannot be written, or null if it can: its directory must exist and be writable (it is
   * not created: a typo in it would otherwise make a new tree), and the file, if it exists, must be a
   * writable regular file.
   */
  static String cannotWrite(Path png) {
    Path parent = png.toAbsolutePath().getParent();
    if (Files.isDirectory(png)) {
      return "it is a directory";
    }
    if (parent == null || !Files.isDirectory(parent)) {
      return "no such directory: " + (parent == null ? "/" : FileNames.show(parent));
    }
    if (Files.exists(png) ? !Files.isWritable(png) : !Files.isWritable(parent)) {
      return "permission denied";
    }
    return null;
  }

  static void write(SideBySide results, String jdk, Path png) throws IOException {
    System.setProperty("java.awt.headless", "true");
    List<SideBySide.Line> lines = results.lines();
    Set<String> inputs = new LinkedHashSet<>();
    Map<String, Map<String, Double>> byOperation = new LinkedHashMap<>();
    for (SideBySide.Line line : lines) {
      inputs.add(line.input);
      byOperation.computeIfAbsent(line.operation, k -> new LinkedHashMap<>()).put(line.input, line.ratio());
    }
    CategoryChart chart =
        new CategoryChartBuilder()
            .width(Math.max(800, 160 * inputs.size() + 200))
            .height(560)
            .title("textwire vs the fastest baseline (" + results.modeName() + " run, " + jdk + ")")
            .xAxisTitle("input")
            .yAxisTitle("baseline time / textwire time (above 1: textwire faster)")
            .build();
    CategoryStyler styler = chart.getStyler();
    styler.setLegendPosition(Styler.LegendPosition.OutsideS);
    styler.setLegendLayout(Styler.LegendLayout.Horizontal);
    styler.setChartBackgroundColor(Color.WHITE);
    styler.setPlotGridVerticalLinesVisible(false);
    styler.setYAxisMin(0.0);
    chart.getStyler().setLabelsVisible(true);
    chart.getStyler().setLabelsFontColorAutomaticEnabled(false);
    chart.getStyler().setLabelsFontColor(Color.DARK_GRAY);
    chart.getStyler().setDecimalPattern("0.0");
    List<String> categories = new ArrayList<>(inputs);
    for (Map.Entry<String, Map<String, Double>> e : byOperation.entrySet()) {
      List<Double> ratios = new ArrayList<>();
      for (String input : categories) {
        Double ratio = e.getValue().get(input);
        ratios.add(ratio == null || ratio.isNaN() ? 0.0 : ratio);
      }
      chart.addSeries(e.getKey(), categories, ratios);
    }
    AnnotationLine parity = new AnnotationLine(1.0, false, false);
    chart.addAnnotation(parity);
    chart.getStyler().setAnnotationLineColor(Color.RED);
    chart.getStyler().setAnnotationLineStroke(new BasicStroke(1.5f));
    try (OutputStream out = Files.newOutputStream(png)) {
      BitmapEncoder.saveBitmap(chart, out, BitmapEncoder.BitmapFormat.PNG);
    }
  }
}
