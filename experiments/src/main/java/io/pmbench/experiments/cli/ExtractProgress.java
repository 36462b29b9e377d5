package io.pmbench.experiments.cli;

import io.pmbench.datasets.images.Split;
import io.pmbench.experiments.extract.ExtractionListener;
import java.io.PrintWriter;
import java.util.Locale;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;

/**
 * Extraction progress on stderr: a bar in images per split with rate and ETA when stderr is a
 * terminal, otherwise a line at most every {@link #QUIET_LIMIT_SECONDS} seconds with the count, rate
 * and ETA; one line per finished split either way.
 */
final class ExtractProgress implements ExtractionListener, AutoCloseable {
  /** Longest silence of the log form. */
  static final long QUIET_LIMIT_SECONDS = 30;
  private final PrintWriter err;
  private ProgressBar bar;
  private String split = "";
  private long total;
  private long done;
  private long startNanos;
  private long lastLineNanos;

  ExtractProgress(PrintWriter err) {
    this.err = err;
  }

  @Override
  public synchronized void splitStarted(Split s, int images) {
    split = s.label();
    total = images;
    done = 0;
    startNanos = System.nanoTime();
    lastLineNanos = startNanos;
    if (System.console() != null && images > 0) {
      bar = Progress.bar(split, images, " images").setConsumer(new ConsoleProgressBarConsumer(System.err)).build();
    }
  }

  @Override
  public synchronized void imagesDone(int n) {
    done += n;
    if (bar != null) {
      bar.stepBy(n);
    } else if (System.nanoTime() - lastLineNanos >= QUIET_LIMIT_SECONDS * 1_000_000_000L) {
      double elapsed = (System.nanoTime() - startNanos) / 1e9;
      double rate = done / elapsed;
      err.printf(Locale.ROOT, "  ... %s: %d/%d images, %.1f images/s, ETA %.0f s%n", split, done, total, rate,
          (total - done) / rate);
      err.flush();
      lastLineNanos = System.nanoTime();
    }
  }

  @Override
  public synchronized void splitFinished(Split s, int images, double seconds) {
    close();
    err.printf(Locale.ROOT, "  %s: %d images in %.1f s (%.1f images/s)%n", s.label(), images, seconds,
        seconds > 0 ? images / seconds : 0.0);
    err.flush();
  }

  @Override
  public synchronized void close() {
    if (bar != null) {
      bar.close();
      bar = null;
    }
  }
}
