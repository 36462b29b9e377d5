package io.pmbench.benchmarks;

import io.pmbench.reports.figures.Charts;
import io.pmbench.reports.figures.LineFigure;
import io.pmbench.reports.figures.Series;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Draws measured sweeps of a quantity against gallery size (docs/performance/cifar100-scale.md)
 * with the project's own chart code: {@code ScalePlot CSV OUT_DIR} reads rows
 * {@code quantity,series,n,value} (a header line first) and writes one {@code OUT_DIR/STEM.png}
 * and {@code .svg} per quantity, where the quantity is {@code stem|y-axis label|title}.
 */
public final class ScalePlot {
  private ScalePlot() {}

  public static void main(String[] args) throws IOException {
    if (args.length != 2) {
      throw new IllegalArgumentException("arguments must be CSV OUT_DIR. Provided value: " + List.of(args));
    }
    Map<String, Map<String, TreeMap<Double, Double>>> byQuantity = new LinkedHashMap<>();
    List<String> lines = Files.readAllLines(Path.of(args[0]), StandardCharsets.UTF_8);
    for (String line : lines.subList(1, lines.size())) {
      if (line.isBlank()) {
        continue;
      }
      String[] f = line.split(",");
      if (f.length != 4) {
        throw new IllegalArgumentException(args[0] + ": a row must be quantity,series,n,value. Provided value: "
            + line);
      }
      byQuantity.computeIfAbsent(f[0], k -> new LinkedHashMap<>()).computeIfAbsent(f[1], k -> new TreeMap<>())
          .put(Double.parseDouble(f[2]), Double.parseDouble(f[3]));
    }
    Path out = Path.of(args[1]);
    Files.createDirectories(out);
    for (Map.Entry<String, Map<String, TreeMap<Double, Double>>> q : byQuantity.entrySet()) {
      String[] name = q.getKey().split("\\|");
      if (name.length != 3) {
        throw new IllegalArgumentException(args[0] + ": a quantity must be stem|y-axis label|title. Provided value: "
            + q.getKey());
      }
      List<Series> series = new ArrayList<>();
      for (Map.Entry<String, TreeMap<Double, Double>> s : q.getValue().entrySet()) {
        double[] x = s.getValue().keySet().stream().mapToDouble(Double::doubleValue).toArray();
        double[] y = s.getValue().values().stream().mapToDouble(Double::doubleValue).toArray();
        series.add(Series.of(s.getKey(), x, y));
      }
      Charts.write(Charts.chart(new LineFigure(name[2], "gallery rows G (log scale)", name[1], true, series,
          List.of(), false)), out, name[0]);
    }
  }
}
