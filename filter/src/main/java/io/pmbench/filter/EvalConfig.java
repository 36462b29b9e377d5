package io.pmbench.filter;

import io.pmbench.core.Preconditions;

/**
 * How the freshly trained classifiers that score a release are fitted (seed paper §2 step 3:
 * "learn the adaptive classifiers ... according to the data [Z̃, Y, U]").
 *
 * @param epochs passes over the released training rows
 * @param batch mini-batch size
 * @param learningRate Adam's learning rate
 * @param hidden hidden ELU units of the 2-layer network (the linear classifier has none)
 */
public record EvalConfig(int epochs, int batch, double learningRate, int hidden) {
  public EvalConfig {
    Preconditions.positive(epochs, "evaluation epochs");
    Preconditions.positive(batch, "evaluation batch size");
    Preconditions.positiveFinite(learningRate, "evaluation learning rate");
    Preconditions.positive(hidden, "evaluation hidden units");
  }
}
