package io.pmbench.filter;

import io.pmbench.core.Preconditions;

/**
 * Hyper-parameters of the filter's min–max training (seed paper §6.3 eq. 15 and 17, §6.7.4).
 *
 * @param beta β, the weight of the utility loss (paper: reports β = 2 for MNIST)
 * @param epochs passes over the filter's training rows (paper: 1,000 on MNIST)
 * @param batch mini-batch size (paper: 128)
 * @param learningRate Adam's learning rate for Γ and both classifiers (paper: 0.001)
 * @param lambdaStart λ₁ = λ₂ at the start (paper: 1,000)
 * @param halvingEpochs λ is halved every this many epochs (paper: 500 of 1,000)
 * @param lambdaFloor λ is never below this (paper: 2)
 * @param hidden hidden ELU units of the adversary and utility classifier in the game (paper:
 *     15); 0 makes them linear
 * @param warmupEpochs epochs the two classifiers train on the initial release before the game
 *     starts (pmbench's choice; the paper does not say)
 * @param noiseDim m, the dimension of the filter's noise w (paper: 10 = d on MNIST)
 * @param initScale standard deviation of the initial entries of Γ (pmbench's choice)
 * @param adversarySteps Adam steps of each classifier per step of Γ (paper: alternating, which
 *     pmbench reads as 1)
 * @param penalty the budget penalty's shape
 */
public record GameConfig(double beta, int epochs, int batch, double learningRate, double lambdaStart,
    int halvingEpochs, double lambdaFloor, int hidden, int warmupEpochs, int noiseDim, double initScale,
    int adversarySteps, Penalty penalty) {

  /** The shape of the budget penalty of eq. 17 (λ₁ = λ₂ = λ). */
  public enum Penalty {
    /**
     * λ·max(D − b, 0) + λ·max(D − b, 0)²: the penalty of the constraint D ≤ b of the paper's
     * problem (eq. 2, 5, 16), zero on feasible filters. pmbench's default.
     */
    ONE_SIDED("one-sided"),
    /**
     * λ·max(D − b, 0) + λ·(D − b)²: eq. 17 as printed. Its quadratic term also penalises a
     * budget that is not used up, so it drives D to b; with λ = 500–1000 that pull outweighs
     * the game's gradient and the game adversary's cross-entropy falls instead of rising (the
     * ablation in docs/filter.md).
     */
    TWO_SIDED("two-sided");

    private final String label;

    Penalty(String label) {
      this.label = label;
    }

    /** The command-line and report name. */
    public String label() {
      return label;
    }

    /** The value λ₁·max(D − b, 0) + λ₂·q(D − b)² at D for budget b and λ₁ = λ₂ = λ. */
    public double value(double d, double b, double lambda) {
      double excess = this == TWO_SIDED ? d - b : Math.max(d - b, 0);
      return lambda * (Math.max(d - b, 0) + excess * excess);
    }

    /** dPenalty/dD at D (the subgradient 0 at the kink D = b). */
    public double slope(double d, double b, double lambda) {
      double excess = this == TWO_SIDED ? d - b : Math.max(d - b, 0);
      return lambda * ((d > b ? 1 : 0) + 2 * excess);
    }

    /** The penalty named {@code label} ("one-sided" or "two-sided"). */
    public static Penalty parse(String label) {
      for (Penalty p : values()) {
        if (p.label.equals(label)) {
          return p;
        }
      }
      throw new IllegalArgumentException("penalty must be one-sided or two-sided. Provided value: " + label);
    }
  }

  public GameConfig {
    Preconditions.nonNegativeFinite(beta, "beta");
    Preconditions.positive(epochs, "filter epochs");
    Preconditions.positive(batch, "filter batch size");
    Preconditions.positiveFinite(learningRate, "filter learning rate");
    Preconditions.positiveFinite(lambdaStart, "lambda start");
    Preconditions.positive(halvingEpochs, "lambda halving epochs");
    Preconditions.positiveFinite(lambdaFloor, "lambda floor");
    Preconditions.require(hidden >= 0, "game classifier hidden units", ">= 0", hidden);
    Preconditions.require(warmupEpochs >= 0, "warm-up epochs", ">= 0", warmupEpochs);
    Preconditions.positive(noiseDim, "filter noise dimension");
    Preconditions.nonNegativeFinite(initScale, "initial Gamma scale");
    Preconditions.positive(adversarySteps, "adversary steps");
    Preconditions.require(penalty != null, "penalty", "one-sided or two-sided", penalty);
  }

  /**
   * The seed paper's settings (β = 2, batch 128, Adam 0.001, λ = 1,000 halved every 500 of 1,000
   * epochs with floor 2, FC(15)–ELU classifiers, m = d) scaled to {@code epochs}: λ is halved
   * every {@code epochs / 2} epochs, as the paper's 500 of 1,000. pmbench's own choices: 2
   * warm-up epochs, initial Γ entries N(0, 0.01²), {@code adversarySteps} classifier steps per
   * filter step, and {@code penalty}.
   */
  public static GameConfig paper(int epochs, int noiseDim, int adversarySteps, Penalty penalty) {
    return new GameConfig(2, epochs, 128, 1e-3, 1000, Math.max(1, epochs / 2), 2, 15, 2, noiseDim, 0.01,
        adversarySteps, penalty);
  }

  /** The penalty weight λ₁ = λ₂ in epoch e (0-based): λ₀ / 2^⌊e / halving⌋, never below the floor. */
  public double lambda(int epoch) {
    return Math.max(lambdaFloor, lambdaStart / Math.pow(2, Math.floor((double) epoch / halvingEpochs)));
  }
}
