package io.pmbench.experiments.cli;

import io.pmbench.experiments.orchestration.CostEstimate;
import io.pmbench.experiments.orchestration.RunPipeline;
import io.pmbench.experiments.sweep.CellKey;
import io.pmbench.experiments.sweep.CellRecord;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.Map;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * Progress on stderr: a progress bar in queries with speed and ETA when stderr is a terminal,
 * otherwise one line per finished cell (so logs stay readable), plus a line at most every
 * {@link #QUIET_LIMIT_SECONDS} seconds while a slow cell runs, so that a log never looks stalled
 * for the hour a t-SNE cell can take. The log lines' ETA weighs each mechanism's queries by
 * their measured cost ({@link WeightedEta}) when the pending cells are known, else counts queries.
 */
final class Progress implements RunPipeline.Meter {
  private final ProgressBar bar;
  private final PrintWriter err;
  private final long total;
  private final long startNanos = System.nanoTime();
  /** Longest silence of the log form between two progress lines. */
  static final long QUIET_LIMIT_SECONDS = 60;
  private long done;
  private int cells;
  private long lastLineNanos = startNanos;

  private final long quietLimitNanos;
  private WeightedEta weighted;

  private Progress(ProgressBar bar, PrintWriter err, long total, long quietLimitNanos) {
    this.bar = bar;
    this.err = err;
    this.total = total;
    this.quietLimitNanos = quietLimitNanos;
  }

  static Progress start(PrintWriter err, String task, long totalQueries) {
    return start(err, task, totalQueries, QUIET_LIMIT_SECONDS * 1_000_000_000L);
  }

  /**
   * Weighs the ETA by each mechanism's measured cost per query ({@link WeightedEta}), starting
   * from the estimate's costs until this run has timed a mechanism.
   *
   * @param pendingCells the cells still to compute, with their queries
   * @param estimate the estimate printed before the grid started
   */
  synchronized Progress weighted(Map<CellKey, Long> pendingCells, CostEstimate estimate) {
    this.weighted = new WeightedEta(pendingCells, estimate.msPerQuery(), estimate.parallel());
    return this;
  }

  /** As {@link #start(PrintWriter, String, long)}, with another limit on the log form's silence. */
  static Progress start(PrintWriter err, String task, long totalQueries, long quietLimitNanos) {
    ProgressBar bar = null;
    if (System.console() != null && totalQueries > 0) {
      bar = bar(task, totalQueries, " queries").setConsumer(new ConsoleProgressBarConsumer(System.err)).build();
    }
    return new Progress(bar, err, totalQueries, quietLimitNanos);
  }

  /**
   * The terminal form: a bar in {@code unit}s (queries of a grid, steps of an epoch), redrawn every
   * second while a cell runs (queries are counted one by one inside a cell, so one long cell moves
   * the bar too), with the rate per second and the elapsed / remaining time.
   */
  static ProgressBarBuilder bar(String task, long total, String unit) {
    return new ProgressBarBuilder().setTaskName(task).setInitialMax(total).setUnit(unit, 1)
        .setStyle(ProgressBarStyle.ASCII).showSpeed().setSpeedUnit(java.time.temporal.ChronoUnit.SECONDS)
        .setUpdateIntervalMillis(1000).continuousUpdate();
  }

  @Override
  public synchronized void accept(int value) {
    done += value;
    if (bar != null) {
      bar.stepBy(value);
    } else if (System.nanoTime() - lastLineNanos >= quietLimitNanos) {
      err.printf("  ... %d/%d queries, %s%s%n", done, total, rate(), eta());
      err.flush();
      lastLineNanos = System.nanoTime();
    }
  }

  /** Queries per second since the start, e.g. {@code 12.5 queries/s}. */
  private String rate() {
    double elapsed = (System.nanoTime() - startNanos) / 1e9;
    return String.format(Locale.ROOT, "%.1f queries/s", elapsed > 0 ? done / elapsed : 0.0);
  }

  private String eta() {
    double elapsed = (System.nanoTime() - startNanos) / 1e9;
    if (weighted != null) {
      return weighted.text(elapsed);
    }
    return done > 0 && total > done ? String.format(Locale.ROOT, ", ETA %.0f s", elapsed * (total - done) / done) : "";
  }

  @Override
  public synchronized void cellFinished(CellRecord r, boolean computed) {
    if (!computed) {
      return;
    }
    cells++;
    if (weighted != null) {
      weighted.cellFinished(r.key(), r.queries(), r.meanQueryMillis());
    }
    String what = r.key().label() + " eps=" + r.key().epsilon() + " seed=" + r.key().seed();
    if (bar == null) {
      String eta = eta();
      lastLineNanos = System.nanoTime();
      String result = r.ok() ? String.format(Locale.ROOT, "R@%d=%.4f (%.2f ms/query)", r.ks()[r.ks().length - 1],
          r.recallAt(r.ks()[r.ks().length - 1]), r.meanQueryMillis()) : r.outcome() + ": " + r.message();
      err.printf("  cell %d: %s %s [%d/%d queries%s]%n", cells, what, result, done, total, eta);
      err.flush();
    } else {
      bar.setExtraMessage(" " + what);
    }
  }

  @Override
  public void close() {
    if (bar != null) {
      bar.close();
    }
  }
}
