package io.pmbench.experiments.learn;

/** Progress of a training run: one call per step and per finished epoch. */
public interface TrainingListener {
  /** An epoch of {@code steps} steps begins ({@code epoch} counts from 1). */
  void epochStarted(int epoch, int epochs, int steps);

  /** One optimisation step finished. */
  void step();

  /** The epoch finished with this mean training loss after {@code seconds} of wall time. */
  void epochFinished(int epoch, double meanLoss, double seconds);

  /** A line worth showing between epochs (e.g. a validation figure); ignored by default. */
  default void message(String line) {}

  /** A listener that ignores everything (tests). */
  TrainingListener NONE = new TrainingListener() {

    @Override
    public void epochStarted(int epoch, int epochs, int steps) {}

    @Override
    public void step() {}

    @Override
    public void epochFinished(int epoch, double meanLoss, double seconds) {}
  };
}
