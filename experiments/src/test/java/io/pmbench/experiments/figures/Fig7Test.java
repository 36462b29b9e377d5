package io.pmbench.experiments.figures;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pmbench.experiments.sweep.CellKey;
import io.pmbench.experiments.sweep.CellRecord;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** Figure 7's scatter panels drawn from a hand-made cell. */
class Fig7Test {
  /** A fig7 cell whose client rows and gallery rows carry labels 0..classes-1. */
  private static CellRecord cell(int classes) {
    int n = 3 * classes;
    double[] client = new double[2 * n];
    double[] clientLabels = new double[n];
    double[] gallery = new double[2 * n];
    double[] galleryLabels = new double[n];
    for (int i = 0; i < n; i++) {
      client[2 * i] = i;
      client[2 * i + 1] = -i;
      gallery[2 * i] = 0.5 * i;
      gallery[2 * i + 1] = i % 7;
      clientLabels[i] = i % classes;
      galleryLabels[i] = i % classes;
    }
    TreeMap<String, double[]> extras = new TreeMap<>(Map.of("k", new double[] {2}, "client", client,
        "clientAligned", client, "clientLabels", clientLabels, "publicOffset", new double[] {classes},
        "gallery", gallery, "galleryLabels", galleryLabels, "alignmentResidual", new double[] {0.5},
        "noiseScale", new double[] {1}));
    return new CellRecord(new CellKey("d", "privatemail", "fig7", 0.1, 1), "f", CellRecord.Outcome.OK, "", "paper",
        1e-5, Map.of(), new int[] {8}, new int[0], new boolean[0][1], 1, 0, new CellRecord.Claim("APPROXIMATE_DP",
            "s", 1, 1, "CLASSIC", "n/a", "n/a", List.of()), 0, extras, "abc");
  }

  @Test
  void panelChart_tenClasses_legendShowsClassesAndRoles() {
    var chart = Fig7.panelChart(cell(10), "clientAligned");
    assertEquals(Fig7.MAX_LEGEND_ENTRIES, chart.getSeriesCollection().size(), "10 server + 10 client classes + r");
    assertEquals(true, chart.getStyler().isLegendVisible());
  }

  @Test
  void panelChart_manyClasses_legendHidden() {
    var chart = Fig7.panelChart(cell(11), "client");
    assertEquals(23, chart.getSeriesCollection().size());
    assertEquals(false, chart.getStyler().isLegendVisible(), "23 entries do not fit the chart's height");
  }
}
