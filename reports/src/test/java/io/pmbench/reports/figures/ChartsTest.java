package io.pmbench.reports.figures;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChartsTest {
  private static final double[] X = {0.1, 1, 10};

  @Test
  void write_lineFigure_pngAndSvgOfTheSameChart(@TempDir Path dir) throws Exception {
    LineFigure f = new LineFigure("Recall@8 vs epsilon", "epsilon", "Recall@8", true,
        List.of(new Series("privatemail", X, new double[] {0.4, 0.5, 0.6}, new double[] {0.3, 0.4, 0.5},
            new double[] {0.5, 0.6, 0.7})), List.of(new LineFigure.Marker(1, "CLASSIC | ANALYTIC")));
    byte[] png = Charts.write(Charts.chart(f), dir, "fig");
    assertArrayEquals(png, Files.readAllBytes(dir.resolve("fig.png")), "the returned bytes are the PNG file");
    BufferedImage img = ImageIO.read(new ByteArrayInputStream(png));
    assertEquals(Charts.WIDTH, img.getWidth());
    assertEquals(Charts.HEIGHT, img.getHeight());
    String svg = Files.readString(dir.resolve("fig.svg"));
    assertTrue(svg.contains("<svg") && svg.contains("</svg>"), "an SVG document");
    assertTrue(svg.contains("privatemail") || svg.contains("path"), "the SVG holds the drawing");
    try (var files = Files.list(dir)) {
      assertEquals(2, files.count(), "no temporary file left behind");
    }
  }

  @Test
  void chart_severalSeriesWithIntervals_distinctMarkersSpreadAroundTheTrueX() {
    // fails if the error bars of mechanisms at one epsilon are drawn on top of each other, or if
    // the spread moves a point off its epsilon by more than a small, symmetric factor
    List<Series> three = List.of(new Series("a", X, new double[] {0.4, 0.5, 0.6}, new double[] {0.3, 0.4, 0.5},
        new double[] {0.5, 0.6, 0.7}), new Series("b", X, new double[] {0.4, 0.5, 0.6}, new double[] {0.3, 0.4, 0.5},
        new double[] {0.5, 0.6, 0.7}), new Series("c", X, new double[] {0.4, 0.5, 0.6}, new double[] {0.3, 0.4, 0.5},
        new double[] {0.5, 0.6, 0.7}));
    var chart = Charts.chart(new LineFigure("t", "epsilon", "R@8", true, three, List.of())
        .withReferences(List.of(new LineFigure.Reference("random", 0.2, 0.15, 0.25))));
    double[] xs = new double[3];
    for (int i = 0; i < 3; i++) {
      xs[i] = chart.getSeries(List.of("a", "b", "c").get(i)).getXData()[1];
    }
    assertTrue(xs[0] < 1 && xs[1] == 1 && xs[2] > 1, java.util.Arrays.toString(xs));
    assertEquals(1, xs[0] * xs[2], 1e-12, "symmetric on the log axis");
    assertTrue(xs[2] < 1.1, "a small spread: " + xs[2]);
    assertFalse(chart.getSeries("a").getMarker().equals(chart.getSeries("b").getMarker()));
    var ref = chart.getSeries("random");
    assertArrayEquals(new double[] {0.1 * Math.pow(10, 0), 10}, new double[] {ref.getXData()[0], ref.getXData()[1]},
        "a reference spans the whole x range");
    assertFalse(chart.getSeries("random lo").isShowInLegend(), "band edges stay out of the legend");
  }

  @Test
  void logTickLabels_epsilonSweep_labelsExactlyTheSweptValues() {
    double[] eps = {0.05, 0.1, 0.2, 0.5, 1, 2, 4, 8};
    var labels = Charts.logTickLabels(new LineFigure("t", "epsilon", "R@8", true,
        List.of(Series.of("privatemail", eps, new double[eps.length])), List.of()));
    String[] expected = {"0.05", "0.1", "0.2", "0.5", "1", "2", "4", "8"};
    for (int i = 0; i < eps.length; i++) {
      assertEquals(expected[i], labels.apply(eps[i] * (1 + 1e-15)), "a tick at round-off from " + eps[i]);
    }
    // in-decade ticks that are not swept values stay unlabelled (they overlapped below 0.1)
    for (double tick : new double[] {0.06, 0.07, 0.08, 0.09, 0.3, 0.9, 3, 5, 9}) {
      assertEquals(" ", labels.apply(tick), "tick " + tick);
    }
  }

  @Test
  void logTickLabels_valuesBetweenTicks_alsoLabelsOneTwoFive() {
    // k = 16 and 32 fall between XChart's ticks: 1-2-5 labels are added so they can be read off
    double[] k = {2, 4, 8, 16, 32};
    var labels = Charts.logTickLabels(new LineFigure("t", "k", "R@8", true,
        List.of(Series.of("smlq", k, new double[k.length])), List.of()));
    for (double tick : new double[] {2, 4, 5, 8, 10, 20}) {
      assertEquals(String.valueOf((int) tick), labels.apply(tick), "tick " + tick);
    }
    for (double tick : new double[] {3, 6, 7, 9, 30}) {
      assertEquals(" ", labels.apply(tick), "tick " + tick);
    }
  }

  @Test
  void logTickLabels_smallValues_keepTheirDigits() {
    double[] x = {0.0005, 0.002, 0.01};
    var labels = Charts.logTickLabels(new LineFigure("t", "delta", "R@8", true,
        List.of(Series.of("a", x, new double[x.length])), List.of()));
    assertEquals("0.0005", labels.apply(0.0005));
    assertEquals("0.002", labels.apply(0.002));
    assertEquals(" ", labels.apply(0.003));
  }

  @Test
  void lineFigure_recallValues_takenForProportion() {
    assertTrue(new LineFigure("t", "x", "y", false, List.of(Series.of("a", X, new double[] {0.2, 0.5, 0.9})),
        List.of()).proportion());
  }

  @Test
  void lineFigure_tinyOrLargeValues_axisFollowsTheData() {
    // fails if an objective of order 1e-16 were drawn on a [0, 1] axis (a flat line at 0)
    assertFalse(new LineFigure("t", "x", "y", false, List.of(Series.of("a", X, new double[] {3e-16, 2e-16,
        1e-16})), List.of()).proportion());
    assertFalse(new LineFigure("t", "x", "y", false, List.of(Series.of("a", X, new double[] {0.5, 1.5, 2})),
        List.of()).proportion());
    assertFalse(new LineFigure("t", "x", "y", false, List.of(Series.of("a", X, new double[] {0.5, 0.6, 0.7})),
        List.of(), false).proportion(), "an explicit choice wins");
  }

  @Test
  void emptiestHeight_recallNearTheBottom_markerLabelPlacedInTheEmptyBandAbove() {
    // Omniglot's fig6: every line near 0.05, one reference at 0.68 [0.63, 0.72]; the label used to sit at 0.03
    LineFigure f = new LineFigure("t", "x", "y", true, List.of(new Series("a", X, new double[] {0.05, 0.06, 0.07},
        new double[] {0.02, 0.03, 0.04}, new double[] {0.09, 0.10, 0.11})), List.of(new LineFigure.Marker(1,
        "CLASSIC | ANALYTIC")), true, List.of(new LineFigure.Reference("r", 0.68, 0.63, 0.72)));
    double y = Charts.emptiestHeight(f);
    assertTrue(y > 0.11 + 0.2 && y < 0.63 - 0.2, "label at " + y);
    LineFigure high = new LineFigure("t", "x", "y", true, List.of(Series.of("a", X, new double[] {0.9, 0.95,
        0.92})), List.of(), true);
    assertEquals(0.03, Charts.emptiestHeight(high), 1e-12); // all data high: the bottom is emptiest
  }
}
