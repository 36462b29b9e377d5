package io.pmbench.experiments.cli;

import io.pmbench.experiments.learn.TrainingListener;
import java.io.PrintWriter;
import java.util.Locale;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;

/**
 * Training progress on stderr: a bar in steps for each epoch when stderr is a terminal, and one
 * line per finished epoch (its mean loss and wall time) either way.
 */
final class EpochProgress implements TrainingListener, AutoCloseable {
  private final PrintWriter err;
  private ProgressBar bar;

  EpochProgress(PrintWriter err) {
    this.err = err;
  }

  @Override
  public void epochStarted(int epoch, int epochs, int steps) {
    if (System.console() != null) {
      bar = Progress.bar("epoch " + epoch + "/" + epochs, steps, " steps")
          .setConsumer(new ConsoleProgressBarConsumer(System.err)).build();
    }
  }

  @Override
  public void step() {
    if (bar != null) {
      bar.step();
    }
  }

  @Override
  public void epochFinished(int epoch, double meanLoss, double seconds) {
    close();
    err.printf(Locale.ROOT, "  epoch %d: loss %.4f (%.1f s)%n", epoch, meanLoss, seconds);
    err.flush();
  }

  @Override
  public void message(String line) {
    close();
    err.println("  " + line);
    err.flush();
  }

  @Override
  public void close() {
    if (bar != null) {
      bar.close();
      bar = null;
    }
  }
}
