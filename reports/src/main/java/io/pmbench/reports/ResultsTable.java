package io.pmbench.reports;

import io.pmbench.core.Preconditions;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.NumberColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;
import tech.tablesaw.columns.Column;

/**
 * Result tables built from {@link CellSummary} rows, and the end-of-run console table.
 *
 * <ul>
 *   <li>{@link #perSeed}: one row per (data set, mechanism, ε, seed), the content of {@code
 *       results.csv}.
 *   <li>{@link #aggregate}: one row per (data set, mechanism, preset, ε, δ) over seeds, the
 *       content of {@code summary.csv}.
 *   <li>{@link #toConsole}: a compact fixed-width rendering of either table.
 * </ul>
 *
 * Missing numbers (a K that a row does not report, Δ of a non-private mechanism) are NaN in the
 * table and an empty cell in the CSV.
 */
public final class ResultsTable {
  public static final String DATASET = "dataset";
  public static final String MECHANISM = "mechanism";
  public static final String PRESET = "preset";
  public static final String EPSILON = "epsilon";
  public static final String DELTA = "delta";
  public static final String SEED = "seed";
  /** Aggregate table: number of seeds in the row. */
  public static final String SEEDS = "seeds";
  /** Per-seed table: queries of the seed; aggregate table: queries summed over seeds. */
  public static final String QUERIES = "queries";
  /** Aggregate table: queries of each seed, missing when the seeds differ in it. */
  public static final String QUERIES_PER_SEED = "queries/seed";
  /** Aggregate table: how the Recall@K interval is made ({@link Bootstrap#METHOD}). */
  public static final String INTERVAL = "interval";
  public static final String MS_PER_QUERY = "ms/query";
  public static final String SERVER_SECONDS = "server s";
  public static final String GUARANTEE = "guarantee";
  public static final String SENSITIVITY = "Δ";
  public static final String NOISE_SCALE = "noise scale";
  public static final String NEIGHBOURING = "neighbouring";
  public static final String ASSUMED_PUBLIC = "assumed public";
  public static final String CALIBRATION = "calibration";
  public static final String CAVEAT = "caveat";

  private static final Pattern RECALL_COLUMN = Pattern.compile("R@(\\d+)");
  private static final String MISSING = "-";
  /** Console header of the aggregate table's sample size. */
  private static final String SAMPLE = "seeds × queries";

  private ResultsTable() {}

  /** Name of the Recall@k column (the point estimate). */
  public static String recallColumn(int k) {
    return "R@" + k;
  }

  /** Name of the lower end of Recall@k's 95% interval. */
  public static String recallLowColumn(int k) {
    return recallColumn(k) + " lo";
  }

  /** Name of the upper end of Recall@k's 95% interval. */
  public static String recallHighColumn(int k) {
    return recallColumn(k) + " hi";
  }

  /** The K values that {@code table} has a Recall@K column for, ascending. */
  public static SortedSet<Integer> recallKs(Table table) {
    SortedSet<Integer> ks = new TreeSet<>();
    for (String name : table.columnNames()) {
      Matcher m = RECALL_COLUMN.matcher(name);
      if (m.matches()) {
        ks.add(Integer.parseInt(m.group(1)));
      }
    }
    return ks;
  }

  /**
   * One row per cell, in the order given. Columns: dataset, mechanism, preset, epsilon, delta,
   * seed, queries, then {@code R@K, R@K lo, R@K hi} for every K any cell reports (ascending),
   * ms/query, server s, guarantee, Δ, noise scale, neighbouring, assumed public, calibration,
   * caveat.
   */
  public static Table perSeed(List<CellSummary> cells) {
    Preconditions.nonNull(cells, "cells");
    CellColumns key = CellColumns.key();
    LongColumn seed = LongColumn.create(SEED);
    IntColumn queries = IntColumn.create(QUERIES);
    RecallColumns recall = new RecallColumns(ksOf(cells));
    CellColumns timeAndClaim = new CellColumns().number(MS_PER_QUERY, CellSummary::meanQueryMillis)
        .number(SERVER_SECONDS, c -> c.serverMillis() / 1000.0).claim(true);
    for (CellSummary cell : cells) {
      key.append(cell);
      seed.append(cell.seed());
      queries.append(cell.queries());
      recall.append(cell.recall());
      timeAndClaim.append(cell);
    }
    Table table = Table.create("results");
    key.addTo(table);
    table.addColumns(seed, queries);
    recall.addTo(table);
    timeAndClaim.addTo(table);
    return table;
  }

  /**
   * One row per (dataset, mechanism, preset, ε, δ), in order of first appearance, aggregating
   * over its seeds:
   *
   * <ul>
   *   <li>{@code seeds}, {@code queries} (summed over seeds), {@code queries/seed} (missing when
   *       the seeds differ in it) and {@code interval} ({@link Bootstrap#METHOD}): the sample
   *       behind the interval (SPEC.md §10).
   *   <li>{@code R@K}: mean over all queries of all seeds; {@code R@K lo/hi}: its 95% two-level
   *       bootstrap interval over seeds and queries ({@link Bootstrap#recallOfCounts}), inside
   *       [0, 1] by construction. With one seed the bootstrap resamples its queries only.
   *   <li>{@code ms/query}: mean time per query over all queries of all seeds (weighted by each
   *       seed's query count); {@code server s}: mean over seeds.
   *   <li>the privacy claim (guarantee, neighbouring, assumed public, calibration, caveat),
   *       which every seed of a row must share.
   * </ul>
   *
   * Preset and δ are part of the group so that results made under different claims are never
   * averaged; in a run with one preset and one δ the groups are (dataset, mechanism, ε).
   *
   * @throws IllegalArgumentException if a group repeats a seed, or its seeds differ in the K
   *     they report or in their privacy claim
   */
  public static Table aggregate(List<CellSummary> cells) {
    Preconditions.nonNull(cells, "cells");
    Map<GroupKey, List<CellSummary>> groups = new LinkedHashMap<>();
    for (CellSummary cell : cells) {
      groups.computeIfAbsent(GroupKey.of(cell), k -> new ArrayList<>()).add(cell);
    }
    CellColumns key = CellColumns.key();
    IntColumn seeds = IntColumn.create(SEEDS);
    IntColumn queries = IntColumn.create(QUERIES);
    IntColumn queriesPerSeed = IntColumn.create(QUERIES_PER_SEED);
    StringColumn interval = StringColumn.create(INTERVAL);
    RecallColumns recall = new RecallColumns(ksOf(cells));
    DoubleColumn msPerQuery = DoubleColumn.create(MS_PER_QUERY);
    DoubleColumn serverSeconds = DoubleColumn.create(SERVER_SECONDS);
    CellColumns claim = new CellColumns().claim(false);
    for (Map.Entry<GroupKey, List<CellSummary>> e : groups.entrySet()) {
      List<CellSummary> group = e.getValue();
      checkGroup(e.getKey(), group);
      CellSummary first = group.get(0);
      int totalQueries = group.stream().mapToInt(CellSummary::queries).sum();
      key.append(first);
      seeds.append(group.size());
      queries.append(totalQueries);
      if (group.stream().allMatch(c -> c.queries() == first.queries())) {
        queriesPerSeed.append(first.queries());
      } else {
        queriesPerSeed.appendMissing();
      }
      interval.append(Bootstrap.METHOD);
      recall.append(recallOverSeeds(group));
      msPerQuery.append(
          group.stream().mapToDouble(c -> c.meanQueryMillis() * c.queries()).sum()
              / totalQueries);
      serverSeconds.append(
          group.stream().mapToDouble(CellSummary::serverMillis).average().orElseThrow()
              / 1000.0);
      claim.append(first);
    }
    Table table = Table.create("summary");
    key.addTo(table);
    table.addColumns(seeds, queries, queriesPerSeed, interval);
    recall.addTo(table);
    table.addColumns(msPerQuery, serverSeconds);
    claim.addTo(table);
    return table;
  }

  /**
   * A compact fixed-width text rendering of a {@link #perSeed} or {@link #aggregate} table for
   * the end of a run: dataset, mechanism, (preset, when the table holds more than one), ε,
   * seed (per-seed table) or the sample size {@code seeds × queries} (aggregate table, e.g.
   * {@code 3 × 1,000}; {@code 3 seeds, 2,400 q} when the seeds differ in their queries), Recall@K
   * as {@code mean [lo, hi]} for the smallest and the largest K in the table (R@1 and R@8 by
   * default), ms/query and guarantee.
   */
  public static String toConsole(Table table) {
    SortedSet<Integer> ks = recallKs(table);
    Preconditions.require(!ks.isEmpty(), "table", "a table with at least one R@K column",
        table.columnNames());
    return toConsole(table, ks.first().equals(ks.last())
        ? List.of(ks.first())
        : List.of(ks.first(), ks.last()));
  }

  /** {@link #toConsole(Table)} showing Recall@K for the given K values, in the given order. */
  public static String toConsole(Table table, List<Integer> ks) {
    return textTable(table, ks).render();
  }

  /**
   * The rows of {@link #toConsole(Table)} as an HTML table in {@code html} (the same columns; an
   * interval cell is drawn as its mean over the bracket).
   */
  public static void toHtml(HtmlReport html, Table table) {
    SortedSet<Integer> ks = recallKs(table);
    Preconditions.require(!ks.isEmpty(), "table", "a table with at least one R@K column",
        table.columnNames());
    TextTable t = textTable(table, List.copyOf(ks));
    html.table(t.headers(), t.rows().stream().map(List::of).toList());
  }

  private static TextTable textTable(Table table, List<Integer> ks) {
    Preconditions.nonNull(table, "table");
    for (String name : List.of(DATASET, MECHANISM, PRESET, EPSILON, MS_PER_QUERY, GUARANTEE)) {
      Preconditions.require(table.containsColumn(name), "table", "a table with a column " + name,
          table.columnNames());
    }
    for (int k : ks) {
      Preconditions.require(table.containsColumn(recallColumn(k)), "K", "one of " + recallKs(table),
          k);
    }
    boolean showPreset = table.column(PRESET).countUnique() > 1;
    boolean aggregate = table.containsColumn(SEEDS) && table.containsColumn(QUERIES);
    String seedColumn = aggregate ? SAMPLE : table.containsColumn(SEED) ? SEED : null;
    TextTable text = new TextTable().column(DATASET, false).column(MECHANISM, false);
    if (showPreset) {
      text.column(PRESET, false);
    }
    text.column("ε", true);
    if (seedColumn != null) {
      text.column(seedColumn, true);
    }
    for (int k : ks) {
      text.column(recallColumn(k) + " [95% CI]", true);
    }
    text.column(MS_PER_QUERY, true).column(GUARANTEE, false);
    for (int row = 0; row < table.rowCount(); row++) {
      List<String> cells = new ArrayList<>();
      cells.add(cellText(table.column(DATASET), row));
      cells.add(cellText(table.column(MECHANISM), row));
      if (showPreset) {
        cells.add(cellText(table.column(PRESET), row));
      }
      cells.add(cellText(table.column(EPSILON), row));
      if (aggregate) {
        cells.add(sampleText(table, row));
      } else if (seedColumn != null) {
        cells.add(cellText(table.column(seedColumn), row));
      }
      for (int k : ks) {
        cells.add(recallText(table, k, row));
      }
      cells.add(fixed(number(table.column(MS_PER_QUERY), row), 2));
      cells.add(cellText(table.column(GUARANTEE), row));
      text.row(cells.toArray(new String[0]));
    }
    return text;
  }

  /** {@code 3 × 1,000}: seeds × queries per seed of an aggregate row. */
  private static String sampleText(Table table, int row) {
    int seeds = table.intColumn(SEEDS).getInt(row);
    boolean perSeed = table.containsColumn(QUERIES_PER_SEED)
        && !table.column(QUERIES_PER_SEED).isMissing(row);
    return perSeed
        ? String.format(Locale.ROOT, "%d × %,d", seeds, table.intColumn(QUERIES_PER_SEED).getInt(row))
        : String.format(Locale.ROOT, "%d seeds, %,d q", seeds, table.intColumn(QUERIES).getInt(row));
  }

  private static String recallText(Table table, int k, int row) {
    double mean = number(table.column(recallColumn(k)), row);
    if (Double.isNaN(mean)) {
      return MISSING;
    }
    double low = table.containsColumn(recallLowColumn(k))
        ? number(table.column(recallLowColumn(k)), row) : Double.NaN;
    double high = table.containsColumn(recallHighColumn(k))
        ? number(table.column(recallHighColumn(k)), row) : Double.NaN;
    return fixed(mean, 3) + " [" + fixed(low, 3) + ", " + fixed(high, 3) + "]";
  }

  /** A cell as text: integers exactly, doubles to 4 significant digits, NaN or missing as "-". */
  private static String cellText(Column<?> column, int row) {
    if (column.isMissing(row)) {
      return MISSING;
    }
    if (column instanceof LongColumn longs) {
      return Long.toString(longs.getLong(row));
    }
    if (column instanceof IntColumn ints) {
      return Integer.toString(ints.getInt(row));
    }
    if (column instanceof NumberColumn<?, ?> numbers) {
      return significant(numbers.getDouble(row));
    }
    return column.getString(row);
  }

  private static double number(Column<?> column, int row) {
    Preconditions.require(column instanceof NumberColumn, "column " + column.name(), "numeric",
        column.type());
    return column.isMissing(row) ? Double.NaN : ((NumberColumn<?, ?>) column).getDouble(row);
  }

  private static String significant(double value) {
    if (!Double.isFinite(value)) {
      return Double.isNaN(value) ? MISSING : Double.toString(value);
    }
    return new BigDecimal(value).round(new MathContext(4)).stripTrailingZeros().toPlainString();
  }

  private static String fixed(double value, int decimals) {
    return Double.isNaN(value) ? MISSING : String.format(Locale.ROOT, "%." + decimals + "f", value);
  }

  private static SortedSet<Integer> ksOf(List<CellSummary> cells) {
    SortedSet<Integer> ks = new TreeSet<>();
    for (CellSummary cell : cells) {
      ks.addAll(cell.recall().keySet());
    }
    return ks;
  }

  private static SortedMap<Integer, Interval> recallOverSeeds(List<CellSummary> group) {
    SortedMap<Integer, Interval> recall = new TreeMap<>();
    for (int k : group.get(0).recall().keySet()) {
      List<SeedCount> counts = group.stream()
          .map(c -> SeedCount.ofRecall(c.seed(), c.recallAt(k).mean(), c.queries())).toList();
      recall.put(k, Bootstrap.recallOfCounts(counts).interval());
    }
    return recall;
  }

  private static void checkGroup(GroupKey key, List<CellSummary> group) {
    long distinctSeeds = group.stream().mapToLong(CellSummary::seed).distinct().count();
    Preconditions.require(distinctSeeds == group.size(), "seeds of " + key, "distinct",
        group.stream().map(CellSummary::seed).toList());
    requireShared(key, group, "recall K values", c -> c.recall().keySet());
    requireShared(key, group, "privacy guarantee", CellSummary::privacyGuarantee);
    requireShared(key, group, "neighbouring relation", CellSummary::neighbouring);
    requireShared(key, group, "public assumption", CellSummary::assumedPublic);
    requireShared(key, group, "calibration", CellSummary::calibration);
    requireShared(key, group, "caveat", CellSummary::caveat);
  }

  private static void requireShared(
      GroupKey key, List<CellSummary> group, String what, Function<CellSummary, ?> field) {
    List<?> values = group.stream().map(field).distinct().toList();
    Preconditions.require(values.size() == 1, what + " of the seeds of " + key, "one shared value",
        values);
  }

  /** The cells averaged into one aggregate row. */
  private record GroupKey(
      String dataset, String mechanism, String preset, double epsilon, double delta) {
    static GroupKey of(CellSummary c) {
      return new GroupKey(c.dataset(), c.mechanism(), c.preset(), c.epsilon(), c.delta());
    }

    @Override
    public String toString() {
      return "(" + dataset + ", " + mechanism + ", " + preset + ", ε=" + epsilon + ", δ=" + delta
          + ")";
    }
  }

  /** Columns each filled from one field of every row's cell, added to a table in the order made. */
  private static final class CellColumns {
    private final List<Column<?>> columns = new ArrayList<>();
    private final List<Consumer<CellSummary>> fills = new ArrayList<>();

    /** dataset, mechanism, preset, epsilon, delta. */
    static CellColumns key() {
      return new CellColumns().text(DATASET, CellSummary::dataset).text(MECHANISM, CellSummary::mechanism)
          .text(PRESET, CellSummary::preset).number(EPSILON, CellSummary::epsilon).number(DELTA, CellSummary::delta);
    }

    /** Then the privacy claim; Δ and noise scale only per seed (they depend on the seed's draws). */
    CellColumns claim(boolean withNoise) {
      text(GUARANTEE, CellSummary::privacyGuarantee);
      if (withNoise) {
        number(SENSITIVITY, CellSummary::sensitivity).number(NOISE_SCALE, CellSummary::noiseScale);
      }
      return text(NEIGHBOURING, CellSummary::neighbouring).text(ASSUMED_PUBLIC, CellSummary::assumedPublic)
          .text(CALIBRATION, CellSummary::calibration).text(CAVEAT, CellSummary::caveat);
    }

    private CellColumns text(String name, Function<CellSummary, String> field) {
      StringColumn column = StringColumn.create(name);
      return add(column, cell -> column.append(field.apply(cell)));
    }

    /** Then a column of a numeric field. */
    CellColumns number(String name, ToDoubleFunction<CellSummary> field) {
      DoubleColumn column = DoubleColumn.create(name);
      return add(column, cell -> column.append(field.applyAsDouble(cell)));
    }

    private CellColumns add(Column<?> column, Consumer<CellSummary> fill) {
      columns.add(column);
      fills.add(fill);
      return this;
    }

    void append(CellSummary cell) {
      fills.forEach(f -> f.accept(cell));
    }

    void addTo(Table table) {
      columns.forEach(table::addColumns);
    }
  }

  /** R@K, R@K lo, R@K hi for each K; NaN where a row does not report K. */
  private static final class RecallColumns {
    private final SortedMap<Integer, DoubleColumn[]> columns = new TreeMap<>();

    RecallColumns(SortedSet<Integer> ks) {
      for (int k : ks) {
        columns.put(k, new DoubleColumn[] {
            DoubleColumn.create(recallColumn(k)),
            DoubleColumn.create(recallLowColumn(k)),
            DoubleColumn.create(recallHighColumn(k))});
      }
    }

    void append(SortedMap<Integer, Interval> recall) {
      for (Map.Entry<Integer, DoubleColumn[]> e : columns.entrySet()) {
        Interval interval = recall.get(e.getKey());
        DoubleColumn[] c = e.getValue();
        c[0].append(interval == null ? Double.NaN : interval.mean());
        c[1].append(interval == null ? Double.NaN : interval.low());
        c[2].append(interval == null ? Double.NaN : interval.high());
      }
    }

    void addTo(Table table) {
      for (DoubleColumn[] c : columns.values()) {
        table.addColumns(c);
      }
    }
  }
}
