package io.pmbench.experiments.orchestration;

import io.pmbench.experiments.sweep.CellKey;
import io.pmbench.reports.TextTable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What a grid will cost before it starts: per mechanism, the pending queries times its measured
 * cost per query ({@link MeasuredCosts#shipped}, the stored reference runs' medians) on this data
 * set, scaled linearly with the public set's size, or, for a data set not measured, the median of
 * the measured ones; spread over the cells that run at once. Server embeddings are not counted.
 * The figures come from a shared 2-core machine: read them as the order of magnitude and the
 * share of each mechanism, which is what decides what to drop.
 *
 * @param lines one per mechanism with pending cells, in the order first met
 * @param parallel cells computed at once
 */
public record CostEstimate(List<Line> lines, int parallel) {
  /** A mechanism whose share of the estimated time is above this dominates the grid. */
  public static final double DOMINANT_SHARE = 0.5;

  public CostEstimate {
    lines = List.copyOf(lines);
  }

  /**
   * One mechanism's pending work.
   *
   * @param mechanism its name
   * @param cells pending cells
   * @param queries their queries
   * @param msPerQuery the estimated ms per query with one query per core (NaN when not measured anywhere)
   * @param source where the figure comes from, in words
   * @param setupSeconds wall seconds outside the queries (server embeddings a {@link Pilot} timed; 0 when the
   *     figure comes from the stored runs, which do not count them)
   */
  public record Line(String mechanism, int cells, long queries, double msPerQuery, String source,
      double setupSeconds) {
    /** A line without setup time (the stored runs' per-query figure). */
    public Line(String mechanism, int cells, long queries, double msPerQuery, String source) {
      this(mechanism, cells, queries, msPerQuery, source, 0);
    }

    /** Summed query time in seconds (0 when not measured). */
    public double seconds() {
      return Double.isNaN(msPerQuery) ? 0 : queries * msPerQuery / 1000;
    }

    /** The wall seconds this line adds with {@code parallel} queries at once: its query time spread, plus setup. */
    double wallSeconds(int parallel) {
      return seconds() / Math.max(1, parallel) + setupSeconds;
    }
  }

  /** The estimate of {@code pending} cells (key to queries) on {@code dataset} with {@code nPublic} public rows. */
  public static CostEstimate of(Map<CellKey, Long> pending, String dataset, int nPublic, int parallel,
      MeasuredCosts costs) {
    Map<String, long[]> work = new LinkedHashMap<>(); // mechanism -> {cells, queries}
    pending.forEach((k, q) -> {
      long[] w = work.computeIfAbsent(k.mechanism(), m -> new long[2]);
      w[0]++;
      w[1] += q;
    });
    List<Line> lines = new ArrayList<>();
    work.forEach((m, w) -> {
      Optional<MeasuredCosts.Row> here = costs.of(dataset, m);
      double ms;
      String source;
      if (here.isPresent()) {
        ms = here.get().msPerQuery() * nPublic / here.get().nPublic();
        source = "measured on " + dataset + (nPublic == here.get().nPublic() ? ""
            : ", scaled to " + nPublic + " public rows");
      } else {
        List<Double> elsewhere = costs.of(m).stream().map(r -> r.msPerQuery() * nPublic / r.nPublic()).sorted()
            .toList();
        ms = elsewhere.isEmpty() ? Double.NaN : elsewhere.get(elsewhere.size() / 2);
        source = elsewhere.isEmpty() ? "not measured" : "median of " + String.join(", ", costs.of(m).stream()
            .map(MeasuredCosts.Row::dataset).toList());
      }
      lines.add(new Line(m, (int) w[0], w[1], ms, source));
    });
    return new CostEstimate(lines, parallel);
  }

  /**
   * The estimated wall time: the summed query time spread over {@link #parallel} cells at once,
   * plus the setup a pilot timed.
   */
  public double wallSeconds() {
    return lines.stream().mapToDouble(l -> l.wallSeconds(parallel)).sum();
  }

  /** This estimate with the lines of the mechanisms {@code pilot} timed replaced by the pilot's figures. */
  public CostEstimate withPilot(Map<String, Line> pilot) {
    return new CostEstimate(lines.stream().map(l -> pilot.getOrDefault(l.mechanism(), l)).toList(), parallel);
  }

  /** Mechanism name to estimated ms per query (measured ones only), for the progress ETA. */
  public Map<String, Double> msPerQuery() {
    Map<String, Double> out = new LinkedHashMap<>();
    lines.stream().filter(l -> !Double.isNaN(l.msPerQuery())).forEach(l -> out.put(l.mechanism(), l.msPerQuery()));
    return out;
  }

  /** The mechanism whose share of the time is above {@link #DOMINANT_SHARE}, if one is. */
  public Optional<Line> dominant() {
    double total = wallSeconds();
    return lines.size() < 2 ? Optional.empty()
        : lines.stream().filter(l -> total > 0 && l.wallSeconds(parallel) > DOMINANT_SHARE * total).findFirst();
  }

  /** The table printed before a grid starts, then the total and, if one mechanism dominates, a warning. */
  public String table() {
    double total = wallSeconds();
    TextTable t = new TextTable().column("mechanism", false).column("cells", true).column("queries", true)
        .column("ms/query", true).column("share", true).column("source", false);
    for (Line l : lines) {
      t.row(l.mechanism(), Integer.toString(l.cells()), String.format(Locale.ROOT, "%,d", l.queries()),
          Double.isNaN(l.msPerQuery()) ? "?" : MeasuredCosts.formatMillis(l.msPerQuery()).replace(" ms", ""),
          total > 0 ? String.format(Locale.ROOT, "%.0f%%", 100 * l.wallSeconds(parallel) / total) : "-", l.source());
    }
    StringBuilder b = new StringBuilder(t.render());
    boolean piloted = lines.stream().anyMatch(l -> l.source().startsWith(Pilot.SOURCE));
    b.append("estimated ").append(duration(wallSeconds())).append(" at ").append(parallel).append(" cells at once")
        .append(piloted ? " (pilot lines: timed here just now, setup included; other lines: the stored runs' cost "
            + "per query, server embeddings not counted)"
            : " (the stored runs' cost per query on a shared 2-core machine; server embeddings not counted)");
    dominant().ifPresent(l -> b.append("\nwarning: ").append(l.mechanism()).append(" is ")
        .append(String.format(Locale.ROOT, "%.0f%%", 100 * l.wallSeconds(parallel) / total))
        .append(" of the estimate; drop it from --mechanisms or lower --queries to save most of the time"));
    return b.toString();
  }

  /** {@code 45 s}, {@code 12 min}, {@code 2.3 h}. */
  public static String duration(double seconds) {
    if (seconds < 90) {
      return String.format(Locale.ROOT, "%.0f s", seconds);
    }
    return seconds < 5400 ? String.format(Locale.ROOT, "%.0f min", seconds / 60)
        : String.format(Locale.ROOT, "%.1f h", seconds / 3600);
  }

  /**
   * A duration as typed: {@code 90s}, {@code 30m}, {@code 2h}, {@code 1h30m}, or an ISO-8601
   * {@code PT1H30M}.
   *
   * @throws IllegalArgumentException naming {@code --budget}
   */
  public static Duration parseDuration(String text) {
    String t = text.strip().toUpperCase(Locale.ROOT);
    try {
      Duration d = Duration.parse(t.startsWith("PT") ? t : "PT" + t.replace("MIN", "M"));
      if (!d.isNegative() && !d.isZero()) {
        return d;
      }
    } catch (java.time.format.DateTimeParseException e) {
      // reported below with the accepted forms
    }
    throw new IllegalArgumentException("--budget must be a duration > 0 such as 90s, 30m, 2h or 1h30m. Provided value: "
        + text);
  }
}
