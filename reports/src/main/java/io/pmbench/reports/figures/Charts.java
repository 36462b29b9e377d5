package io.pmbench.reports.figures;

import de.erichseifert.vectorgraphics2d.Document;
import de.erichseifert.vectorgraphics2d.VectorGraphics2D;
import de.erichseifert.vectorgraphics2d.svg.SVGProcessor;
import de.erichseifert.vectorgraphics2d.util.PageSize;
import io.pmbench.runs.AtomicFiles;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.imageio.ImageIO;
import org.knowm.xchart.AnnotationLine;
import org.knowm.xchart.AnnotationText;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.XYStyler;
import org.knowm.xchart.style.markers.Cross;
import org.knowm.xchart.style.markers.Diamond;
import org.knowm.xchart.style.markers.Marker;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Draws {@link LineFigure}s and {@link ScatterFigure}s with XChart (headless: AWT is switched to
 * headless mode before the first chart) and writes each as {@code <stem>.png} and
 * {@code <stem>.svg}, atomically. Colours come from one fixed palette so a mechanism or a class
 * keeps its colour across figures; nothing depends on the time or the machine, so the SVG of a
 * figure is a function of its data.
 */
public final class Charts {
  /** Width and height in pixels of every chart. */
  public static final int WIDTH = 1000;
  public static final int HEIGHT = 560;

  /** Tableau-10 followed by darker variants: distinguishable and printable. */
  private static final Color[] PALETTE = {
      new Color(0x4E79A7), new Color(0xF28E2B), new Color(0xE15759), new Color(0x76B7B2), new Color(0x59A14F),
      new Color(0xEDC948), new Color(0xB07AA1), new Color(0xFF9DA7), new Color(0x9C755F), new Color(0xBAB0AC),
      new Color(0x1F3A5F), new Color(0x8C4A00), new Color(0x7A1F1F), new Color(0x2F5E5A), new Color(0x2C5126)};

  static {
    if (System.getProperty("java.awt.headless") == null) {
      System.setProperty("java.awt.headless", "true");
    }
  }

  private Charts() {}

  /** The palette colour of index i (wraps around). */
  public static Color colour(int i) {
    return PALETTE[Math.floorMod(i, PALETTE.length)];
  }

  /** The XChart chart of a line figure. */
  public static XYChart chart(LineFigure f) {
    XYChart chart = base(f.title(), f.xLabel(), f.yLabel());
    chart.getStyler().setXAxisLogarithmic(f.logX());
    if (f.logX()) {
      chart.getStyler().setXAxisLogarithmicDecadeOnly(false);
      chart.setCustomXAxisTickLabelsFormatter(logTickLabels(f));
    }
    chart.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
    chart.getStyler().setErrorBarsColor(null);
    int withInterval = (int) f.series().stream().map(Series::finitePoints)
        .filter(s -> s.x().length > 0 && s.hasInterval()).count();
    int i = 0;
    int shifted = 0;
    java.util.Map<String, Color> colours = new java.util.HashMap<>();
    double yMax = Double.NEGATIVE_INFINITY;
    double xMin = Double.POSITIVE_INFINITY;
    double xMax = Double.NEGATIVE_INFINITY;
    for (Series raw : f.series()) {
      Series s = raw.finitePoints();
      XYSeries xy;
      if (s.x().length == 0) {
        i++;
        continue;
      }
      for (double x : s.x()) {
        xMin = Math.min(xMin, x);
        xMax = Math.max(xMax, x);
      }
      if (s.hasInterval()) {
        double[] err = new double[s.y().length];
        for (int j = 0; j < err.length; j++) {
          // XChart draws symmetric bars: show the larger side so the bar covers the interval.
          err[j] = Math.max(s.y()[j] - s.low()[j], s.high()[j] - s.y()[j]);
          yMax = Math.max(yMax, s.y()[j] + err[j]);
        }
        double[] x = f.logX() ? offset(s.x(), shifted++, withInterval) : s.x();
        xy = chart.addSeries(s.label(), x, s.y(), err);
      } else {
        xy = chart.addSeries(s.label(), s.x(), s.y());
        for (double v : s.y()) {
          yMax = Math.max(yMax, v);
        }
      }
      xy.setLineColor(colour(i));
      xy.setMarkerColor(colour(i));
      xy.setMarker(seriesMarker(i));
      colours.put(raw.label(), colour(i));
      i++;
    }
    for (LineFigure.Bound b : f.bounds()) {
      Series s = Series.of(b.label(), b.x(), b.y()).finitePoints();
      if (s.x().length > 0 && colours.containsKey(b.of())) {
        bound(chart, s, colours.get(b.of()));
      }
    }
    if (xMin <= xMax) {
      for (LineFigure.Reference r : f.references()) {
        reference(chart, r, colour(i++), xMin, xMax);
        yMax = Math.max(yMax, Double.isFinite(r.high()) ? r.high() : r.y());
      }
    }
    chart.getStyler().setAnnotationLineColor(Color.GRAY);
    chart.getStyler().setAnnotationLineStroke(new BasicStroke(1f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f,
        new float[] {6f, 4f}, 0f));
    chart.getStyler().setAnnotationTextFontColor(Color.DARK_GRAY);
    double labelY = yMax;
    if (f.proportion()) {
      // Recall is a proportion: keep the axis on [0, 1] so bars clipped at the ends read correctly,
      // and label markers in the widest band of the axis that no point, bar or reference line enters.
      chart.getStyler().setYAxisMin(0.0);
      chart.getStyler().setYAxisMax(1.0);
      labelY = emptiestHeight(f);
    }
    for (LineFigure.Marker m : f.markers()) {
      chart.addAnnotation(new AnnotationLine(m.x(), true, false));
      if (Double.isFinite(labelY)) {
        chart.addAnnotation(new AnnotationText(m.label(), m.x(), labelY, false));
      }
    }
    return chart;
  }

  /**
   * The height in [0.03, 0.97] farthest from every y the figure draws (each point, its interval's
   * ends, each reference line and its band): where a marker's label covers no data.
   */
  static double emptiestHeight(LineFigure f) {
    List<Double> drawn = new ArrayList<>();
    for (Series raw : f.series()) {
      Series s = raw.finitePoints();
      for (int j = 0; j < s.y().length; j++) {
        drawn.add(s.y()[j]);
        if (s.hasInterval()) {
          drawn.add(s.low()[j]);
          drawn.add(s.high()[j]);
        }
      }
    }
    for (LineFigure.Reference r : f.references()) {
      for (double y : new double[] {r.y(), r.low(), r.high()}) {
        if (Double.isFinite(y)) {
          drawn.add(y);
        }
      }
    }
    double best = 0.03;
    double bestGap = -1;
    for (int c = 3; c <= 97; c++) {
      double y = c / 100.0;
      double gap = drawn.stream().mapToDouble(d -> Math.abs(d - y)).min().orElse(1);
      if (gap > bestGap) {
        best = y;
        bestGap = gap;
      }
    }
    return best;
  }

  /** Markers cycled over the series, so lines stay apart in print and for colour-blind readers. */
  private static final Marker[] MARKERS = {SeriesMarkers.CIRCLE, SeriesMarkers.SQUARE, SeriesMarkers.DIAMOND,
      SeriesMarkers.TRIANGLE_UP, SeriesMarkers.TRIANGLE_DOWN, new Cross(), SeriesMarkers.PLUS, SeriesMarkers.OVAL,
      SeriesMarkers.TRAPEZOID, SeriesMarkers.RECTANGLE};

  /** Horizontal spread between the error bars of neighbouring series on a log axis, in decades. */
  static final double OFFSET_DECADES = 0.02;

  private static Marker seriesMarker(int i) {
    return MARKERS[Math.floorMod(i, MARKERS.length)];
  }

  /**
   * x shifted by a small factor (series {@code index} of {@code count}, centred on the true x),
   * so the error bars of series at the same x sit side by side instead of on top of each other.
   * The tick labels still name the true x values.
   */
  static double[] offset(double[] x, int index, int count) {
    double factor = Math.pow(10, OFFSET_DECADES * (index - (count - 1) / 2.0));
    double[] out = new double[x.length];
    for (int j = 0; j < x.length; j++) {
      out[j] = x[j] * factor;
    }
    return out;
  }

  /** An upper bound drawn dash-dotted, thin, in the colour of the series it bounds, without markers. */
  private static void bound(XYChart chart, Series s, Color colour) {
    XYSeries line = chart.addSeries(s.label(), s.x(), s.y());
    line.setLineColor(colour);
    line.setMarker(SeriesMarkers.NONE);
    line.setLineStyle(new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f,
        new float[] {10f, 3f, 2f, 3f}, 0f));
  }

  /** A reference drawn dashed across [xMin, xMax], its interval as two dotted lines (the band's edges). */
  private static void reference(XYChart chart, LineFigure.Reference r, Color colour, double xMin, double xMax) {
    double[] xs = {xMin, xMax};
    XYSeries line = chart.addSeries(r.label(), xs, new double[] {r.y(), r.y()});
    line.setLineColor(colour);
    line.setMarker(SeriesMarkers.NONE);
    line.setLineStyle(new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {8f, 5f}, 0f));
    if (Double.isFinite(r.low()) && Double.isFinite(r.high()) && r.high() > r.low()) {
      Color light = new Color(colour.getRed(), colour.getGreen(), colour.getBlue(), 110);
      for (double edge : new double[] {r.low(), r.high()}) {
        XYSeries e = chart.addSeries(r.label() + (edge == r.low() ? " lo" : " hi"), xs, new double[] {edge, edge});
        e.setLineColor(light);
        e.setMarker(SeriesMarkers.NONE);
        e.setShowInLegend(false);
        e.setLineStyle(new BasicStroke(1f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {2f, 3f}, 0f));
      }
    }
  }

  /**
   * The tick labels of a logarithmic x axis with in-decade ticks (m·10^e, m = 1..9, one grid line
   * each): a tick is labelled when it is one of the figure's x values (the swept ε or k), and when
   * some x value falls between ticks (16 and 32 on a k axis) the 1–2–5 ticks are labelled too, so
   * that those points can be read off. XChart's own labels are decade ticks only (a k axis from 2
   * to 32 showed only "10") or every in-decade tick (overlapping below 0.1).
   */
  static java.util.function.Function<Double, String> logTickLabels(LineFigure f) {
    java.util.TreeSet<Double> xs = new java.util.TreeSet<>();
    for (Series s : f.series()) {
      for (double x : s.finitePoints().x()) {
        if (x > 0) {
          xs.add(x);
        }
      }
    }
    boolean betweenTicks = xs.stream().anyMatch(x -> !isTick(mantissa(x), 1, 2, 3, 4, 5, 6, 7, 8, 9));
    java.text.DecimalFormat format = new java.text.DecimalFormat("0.##########",
        java.text.DecimalFormatSymbols.getInstance(java.util.Locale.ROOT));
    return tick -> {
      for (double x : xs) {
        if (Math.abs(tick - x) <= 1e-9 * x) {
          return format.format(x);
        }
      }
      return tick > 0 && betweenTicks && isTick(mantissa(tick), 1, 2, 5) ? format.format(tick) : " ";
    };
  }

  /** x / 10^floor(log10 x), in [1, 10). */
  private static double mantissa(double x) {
    return x / Math.pow(10, Math.floor(Math.log10(x) + 1e-12));
  }

  /** Whether m is one of the given integers, up to round-off. */
  private static boolean isTick(double m, int... values) {
    for (int v : values) {
      if (Math.abs(m - v) <= 1e-9 * v) {
        return true;
      }
    }
    return false;
  }

  /** The XChart chart of a scatter figure. */
  public static XYChart chart(ScatterFigure f) {
    XYChart chart = base(f.title(), f.xLabel(), f.yLabel());
    chart.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
    for (ScatterFigure.Group g : f.groups()) {
      if (g.x().length == 0) {
        continue;
      }
      XYSeries s = chart.addSeries(g.label(), g.x(), g.y());
      s.setMarkerColor(colour(g.colour()));
      s.setMarker(marker(g.shape()));
    }
    chart.getStyler().setMarkerSize(6);
    return chart;
  }

  private static Marker marker(ScatterFigure.Shape shape) {
    return switch (shape) {
      case DOT -> SeriesMarkers.CIRCLE;
      case CROSS -> new Cross();
      case DIAMOND -> new Diamond();
    };
  }

  private static XYChart base(String title, String xLabel, String yLabel) {
    XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle(xLabel)
        .yAxisTitle(yLabel).build();
    XYStyler st = chart.getStyler();
    st.setChartBackgroundColor(Color.WHITE);
    st.setPlotBackgroundColor(Color.WHITE);
    st.setPlotGridLinesColor(new Color(0xDDDDDD));
    st.setLegendPosition(Styler.LegendPosition.OutsideE);
    st.setChartTitleFont(new Font(Font.SANS_SERIF, Font.BOLD, 13));
    st.setLegendFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
    st.setAntiAlias(true);
    st.setPlotGridLinesStroke(new BasicStroke(0.5f));
    return chart;
  }

  /** PNG bytes of a chart. */
  public static byte[] png(Chart<?, ?> chart) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      ImageIO.write(BitmapEncoder.getBufferedImage(chart), "png", out);
      return out.toByteArray();
    } catch (IOException e) {
      throw new IllegalStateException("PNG encoding of an in-memory chart failed", e);
    }
  }

  /** SVG bytes of a chart. */
  public static byte[] svg(Chart<?, ?> chart) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    VectorGraphics2D g = new VectorGraphics2D();
    chart.paint(g, chart.getWidth(), chart.getHeight());
    Document doc = new SVGProcessor().getDocument(g.getCommands(),
        new PageSize(0, 0, chart.getWidth(), chart.getHeight()));
    try {
      doc.writeTo(out);
    } catch (IOException e) {
      throw new IllegalStateException("SVG encoding of an in-memory chart failed", e);
    }
    return out.toByteArray();
  }

  /**
   * Writes {@code dir/<stem>.png} and {@code dir/<stem>.svg} atomically and returns the PNG bytes
   * (for embedding in a report).
   */
  public static byte[] write(Chart<?, ?> chart, Path dir, String stem) throws IOException {
    byte[] png = png(chart);
    AtomicFiles.writeBytes(dir.resolve(stem + ".png"), png);
    AtomicFiles.writeBytes(dir.resolve(stem + ".svg"), svg(chart));
    return png;
  }
}
