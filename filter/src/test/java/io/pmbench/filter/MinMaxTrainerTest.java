package io.pmbench.filter;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.core.random.Seeds;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The min–max game on a toy latent where the private label y is linearly separable along e₁
 * (z₁ = ±1 + 0.3·N(0, 1)) and the utility label u along e₂, with two nuisance coordinates; the
 * encoder's covariance is 0.1·I and the budget b = 8 (enough to bring the two private classes
 * together along e₁ and add noise there: aligning the means costs ½·10·1 = 5).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MinMaxTrainerTest {
  static final int D = 4;
  static final double BUDGET = 8;
  static final double[] COV = {0.1, 0, 0, 0, 0, 0.1, 0, 0, 0, 0, 0.1, 0, 0, 0, 0, 0.1};
  static final EvalConfig EVAL = new EvalConfig(20, 128, 3e-3, 32);

  record Toy(double[] z, int[] y, int[] u) {}

  Toy train;
  Toy test;
  MinMaxTrainer.Result trained;

  static Toy toy(int n, long seed) {
    SplittableRandom rng = new SplittableRandom(seed);
    double[] z = new double[n * D];
    int[] y = new int[n];
    int[] u = new int[n];
    for (int i = 0; i < n; i++) {
      y[i] = rng.nextInt(2);
      u[i] = rng.nextInt(2);
      z[i * D] = (2 * y[i] - 1) + 0.3 * Seeds.gaussian(rng);
      z[i * D + 1] = (2 * u[i] - 1) + 0.3 * Seeds.gaussian(rng);
      z[i * D + 2] = 0.3 * Seeds.gaussian(rng);
      z[i * D + 3] = 0.3 * Seeds.gaussian(rng);
    }
    return new Toy(z, y, u);
  }

  @BeforeAll
  void trainFilter() {
    train = toy(2000, 7);
    test = toy(2000, 8);
    GameConfig cfg = GameConfig.paper(60, D, 5, GameConfig.Penalty.ONE_SIDED);
    trained = MinMaxTrainer.train(train.z(), train.y(), train.u(), D, 2, 2, COV, BUDGET, cfg, new SplittableRandom(1));
  }

  /** {private, utility} test accuracy of fresh classifiers of {@code kind} on a release of train and test. */
  double[] score(double[] relTrain, double[] relTest, Evaluator.Kind kind) {
    return new double[] {
        Evaluator.accuracy(relTrain, train.y(), relTest, test.y(), D, 2, kind, EVAL, new SplittableRandom(5)),
        Evaluator.accuracy(relTrain, train.u(), relTest, test.u(), D, 2, kind, EVAL, new SplittableRandom(6))};
  }

  /**
   * Releases train and test through {@code r}'s filter and asserts that fresh classifiers of
   * both families find the private label near chance (≤ 0.65; chance 0.5) and the utility label
   * still (≥ 0.97), within the budget.
   */
  void assertHidesPrivateKeepsUtility(MinMaxTrainer.Result r, long seed) {
    assertTrue(r.distortion() <= BUDGET * 1.01, "within budget: " + r.distortion());
    double[] relTrain = r.filter().release(train.z(), train.y(), new SplittableRandom(seed));
    double[] relTest = r.filter().release(test.z(), test.y(), new SplittableRandom(seed + 1));
    for (Evaluator.Kind kind : Evaluator.Kind.values()) {
      double[] acc = score(relTrain, relTest, kind);
      assertTrue(acc[0] <= 0.65, kind + " private accuracy " + acc[0]);
      assertTrue(acc[1] >= 0.97, kind + " utility accuracy " + acc[1]);
    }
  }

  @Test
  void train_privateSeparableAlongOneDirection_privateNearChanceUtilityKept() {
    // Fails if the game does not hide y (private accuracy of a fresh classifier stays high) or if it
    // buys that with utility. Chance is 0.5; the unreleased latent gives ~1.0 for both labels.
    assertHidesPrivateKeepsUtility(trained, 11);
  }

  @Test
  void train_linearGameClassifiers_privateNearChanceUtilityKept() {
    // The game with softmax-regression adversary and utility classifier (--game-classifier linear).
    // Fails if the linear game does not hide y from fresh classifiers or gives up utility for it.
    GameConfig paper = GameConfig.paper(60, D, 5, GameConfig.Penalty.ONE_SIDED);
    GameConfig linear = new GameConfig(paper.beta(), paper.epochs(), paper.batch(), paper.learningRate(),
        paper.lambdaStart(), paper.halvingEpochs(), paper.lambdaFloor(), 0, paper.warmupEpochs(), paper.noiseDim(),
        paper.initScale(), paper.adversarySteps(), paper.penalty());
    assertHidesPrivateKeepsUtility(MinMaxTrainer.train(train.z(), train.y(), train.u(), D, 2, 2, COV, BUDGET, linear,
        new SplittableRandom(2)), 15);
  }

  @Test
  void gaussianMechanism_equalDistortion_lowersBothLabels() {
    double[] p = GaussianKl.precision(COV);
    double s = GaussianKl.gaussianScale(trained.distortion(), p);
    double[] relTrain = GaussianMechanism.release(train.z(), s, new SplittableRandom(13));
    double[] relTest = GaussianMechanism.release(test.z(), s, new SplittableRandom(14));
    for (Evaluator.Kind kind : Evaluator.Kind.values()) {
      double[] raw = score(train.z(), test.z(), kind);
      double[] acc = score(relTrain, relTest, kind);
      assertTrue(raw[0] - acc[0] >= 0.03, kind + " private " + raw[0] + " -> " + acc[0]);
      assertTrue(raw[1] - acc[1] >= 0.03, kind + " utility " + raw[1] + " -> " + acc[1]);
    }
  }

  @Test
  void train_sameSeedTwice_identicalFilter() {
    // fails if any randomness escapes the seed
    GameConfig cfg = GameConfig.paper(4, D, 2, GameConfig.Penalty.ONE_SIDED);
    Toy small = toy(400, 3);
    double[] a = MinMaxTrainer.train(small.z(), small.y(), small.u(), D, 2, 2, COV, BUDGET, cfg,
        new SplittableRandom(9)).filter().gamma();
    double[] b = MinMaxTrainer.train(small.z(), small.y(), small.u(), D, 2, 2, COV, BUDGET, cfg,
        new SplittableRandom(9)).filter().gamma();
    double[] c = MinMaxTrainer.train(small.z(), small.y(), small.u(), D, 2, 2, COV, BUDGET, cfg,
        new SplittableRandom(10)).filter().gamma();
    assertArrayEquals(a, b);
    assertFalse(Arrays.equals(a, c));
  }

  @Test
  void distortion_matchesClosedForm() {
    double[] freq = MinMaxTrainer.frequencies(train.y(), 2);
    double[] p = GaussianKl.precision(COV);
    LinearFilter f = trained.filter();
    assertEquals(GaussianKl.filterDistortion(f, p, freq), MinMaxTrainer.distortion(f.gamma(), p, freq, D, D, 2), 1e-9);
    assertEquals(trained.distortion(), GaussianKl.filterDistortion(f, p, freq), 1e-12);
  }

  @Test
  void penalty_shapes_areEq17AndItsConstraintForm() {
    // eq. 17 as printed: λ·max(D − b, 0) + λ·(D − b)², also > 0 below the budget
    assertEquals(10 * (0 + 4), GameConfig.Penalty.TWO_SIDED.value(1, 3, 10), 1e-12);
    assertEquals(10 * (2 + 4), GameConfig.Penalty.TWO_SIDED.value(5, 3, 10), 1e-12);
    assertEquals(10 * (0 + 2 * -2), GameConfig.Penalty.TWO_SIDED.slope(1, 3, 10), 1e-12);
    // the constraint form is zero on feasible filters
    assertEquals(0, GameConfig.Penalty.ONE_SIDED.value(1, 3, 10), 0);
    assertEquals(0, GameConfig.Penalty.ONE_SIDED.slope(1, 3, 10), 0);
    assertEquals(10 * (2 + 4), GameConfig.Penalty.ONE_SIDED.value(5, 3, 10), 1e-12);
    assertEquals(10 * (1 + 4), GameConfig.Penalty.ONE_SIDED.slope(5, 3, 10), 1e-12);
  }

  @Test
  void lambda_paperSchedule_halvesAndStopsAtTheFloor() {
    GameConfig paper = new GameConfig(2, 5000, 128, 1e-3, 1000, 500, 2, 15, 0, 10, 0.01, 1,
        GameConfig.Penalty.TWO_SIDED);
    assertEquals(1000, paper.lambda(0));
    assertEquals(1000, paper.lambda(499));
    assertEquals(500, paper.lambda(500));
    assertEquals(250, paper.lambda(1000));
    assertEquals(2, paper.lambda(4999), "1000 / 2^9 < 2: the floor");
    assertEquals(30, GameConfig.paper(60, 10, 5, GameConfig.Penalty.ONE_SIDED).halvingEpochs());
  }
}
