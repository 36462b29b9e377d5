package io.pmbench.experiments.cli;

import io.pmbench.core.protocol.CellResult;
import io.pmbench.experiments.sweep.Sweep;
import java.io.PrintWriter;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * Progress on stderr: a progress bar with ETA when stderr is a terminal, otherwise one line per
 * finished cell (so logs stay readable).
 */
final class Progress implements Sweep.Listener, AutoCloseable {
  private final ProgressBar bar;
  private final PrintWriter err;
  private final long total;
  private long cells;

  private Progress(ProgressBar bar, PrintWriter err, long total) {
    this.bar = bar;
    this.err = err;
    this.total = total;
  }

  static Progress start(PrintWriter err, String task, long totalQueries) {
    ProgressBar bar = null;
    if (System.console() != null) {
      bar = new ProgressBarBuilder().setTaskName(task).setInitialMax(totalQueries).setUnit(" queries", 1)
          .setStyle(ProgressBarStyle.ASCII).setConsumer(new ConsoleProgressBarConsumer(System.err)).showSpeed()
          .build();
    }
    return new Progress(bar, err, totalQueries);
  }

  @Override
  public void accept(int value) {
    if (bar != null) {
      bar.stepBy(value);
    }
  }

  @Override
  public synchronized void cellFinished(CellResult r) {
    cells++;
    if (bar == null) {
      err.printf("  cell %d: %s eps=%s seed=%d R@%d=%.4f (%.2f ms/query)%n", cells, r.mechanism(),
          r.params().epsilon(), r.seed(), r.ks()[r.ks().length - 1], r.recall(r.ks().length - 1), r.meanQueryMillis());
      err.flush();
    } else {
      bar.setExtraMessage(" " + r.mechanism() + " eps=" + r.params().epsilon() + " seed=" + r.seed());
    }
  }

  @Override
  public void close() {
    if (bar != null) {
      bar.close();
    }
  }

  long total() {
    return total;
  }
}
