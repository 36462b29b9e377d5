package io.pmbench.experiments.figures;

import io.pmbench.experiments.sweep.CellRecord;
import io.pmbench.reports.Bootstrap;
import io.pmbench.reports.BootstrapInterval;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** Recall over the seeds of one grid point, with the reports' 95% interval (SPEC.md §10). */
final class Stats {
  /** The K of the paper's figures and claims: Recall@8. */
  static final int K = 8;

  private Stats() {}

  /**
   * Recall@K over the OK cells: the mean over all their queries with its 95% two-level bootstrap
   * interval over seeds and queries ({@link Bootstrap#recall}); empty when no cell is OK.
   */
  static Optional<BootstrapInterval> recall(List<CellRecord> cells, int k) {
    List<CellRecord> ok = cells.stream().filter(CellRecord::ok).toList();
    if (ok.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(Bootstrap.recall(ok.stream().map(c -> c.seedHits(k)).toList()));
  }

  /**
   * What the error bars of a figure are, for its caption: {@code 95% two-level bootstrap over 3
   * seeds × 1,000 queries}, the distinct ones joined by "; " when points rest on different samples.
   */
  static String caption(List<Optional<BootstrapInterval>> points) {
    List<String> methods = points.stream().flatMap(Optional::stream).map(BootstrapInterval::method).distinct()
        .toList();
    return methods.isEmpty() ? "95% two-level bootstrap interval" : String.join("; ", methods);
  }

  /** A figure's y-axis label: {@code Recall@8 (95% CI, n = 3 seeds × 1,000 queries)} when every point shares it. */
  static String axis(String quantity, List<Optional<BootstrapInterval>> points) {
    List<String> sizes = points.stream().flatMap(Optional::stream).map(BootstrapInterval::sizeText).distinct()
        .toList();
    return quantity + (sizes.size() == 1 ? " (95% CI, " + sizes.get(0) + ")" : " (95% CI)");
  }

  /** The mean, low and high end of an interval as CSV fields ({@link Double#toString}), blank when empty. */
  static List<String> csv(Optional<BootstrapInterval> i) {
    return List.of(i.map(x -> Double.toString(x.mean())).orElse(""), i.map(x -> Double.toString(x.low())).orElse(""),
        i.map(x -> Double.toString(x.high())).orElse(""));
  }

  /** {@code 0.455 [0.431, 0.480]}. */
  static String text(BootstrapInterval i) {
    return i.text();
  }

  static String num(double v, int decimals) {
    return Double.isFinite(v) ? String.format(Locale.ROOT, "%." + decimals + "f", v) : "-";
  }

  /**
   * What a caption says about a figure's horizontal reference lines: the sentence when it draws
   * some, empty when it draws none (a run with one ε plots against K and has none).
   */
  static String referencesNote(io.pmbench.reports.figures.LineFigure f) {
    return f.references().isEmpty() ? ""
        : " Epsilon-independent mechanisms are computed once and drawn as dashed reference lines (dotted: their "
            + "interval).";
  }
}
