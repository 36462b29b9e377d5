package io.pmbench.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.core.data.FeatureSet;
import io.pmbench.datasets.DatasetRegistry;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The experiment end to end on small synthetic data (the command: experiments' FilterCommandTest). */
class FilterExperimentTest {
  static final String DATA = "synthetic:train=900,test=300,d=24,classes=10,spread=0.4,split=row,seed=3";

  static FilterExperiment.Config small(int threads) {
    return new FilterExperiment.Config(4, 2 * Math.sqrt(4), List.of(1.0, 10.0),
        GameConfig.paper(3, 4, 2, GameConfig.Penalty.ONE_SIDED), 400, new EvalConfig(2, 64, 3e-3, 8), 500, 2,
        List.of(LabelTask.case1(new int[] {5, 7, 9}, "footwear"), LabelTask.case2()), 2, 1e-5, 42, threads);
  }

  @Test
  void run_sameSeedOneOrThreeThreads_identicalResults() {
    // fails if randomness escapes the seed or results depend on thread scheduling
    FeatureSet data = DatasetRegistry.standard().load(DATA);
    FilterExperiment.Results a = FilterExperiment.run(data, small(1), line -> { });
    FilterExperiment.Results b = FilterExperiment.run(data, small(3), line -> { });
    assertEquals(a.accuracy(), b.accuracy());
    assertEquals(a.renyi(), b.renyi());
    assertEquals(a.traces(), b.traces());
    // 2 cases × (none + 2 budgets × 2 mechanisms) × 2 classifiers
    assertEquals(2 * 5 * 2, a.accuracy().size());
    for (FilterExperiment.AccuracyRow r : a.accuracy()) {
      if (r.mechanism().equals("gaussian")) {
        FilterExperiment.AccuracyRow f = a.accuracy().stream().filter(x -> x.mechanism().equals("filter")
            && x.caseName().equals(r.caseName()) && x.budget() == r.budget()).findFirst().orElseThrow();
        assertEquals(f.distortion(), r.distortion(), 1e-9 * f.distortion(), "same expected distortion");
      }
    }
  }

  /** PPCA's means with a variance per row (1, 2 or 3 times PPCA's, by row): the VAE's kind of encoder. */
  static Encoder rowVariances(PpcaEncoder ppca) {
    return new Encoder() {
      @Override public String name() {
        return "vae";
      }

      @Override public String column() {
        return "test encoder";
      }

      @Override public String note() {
        return "test encoder";
      }

      @Override public int inputDim() {
        return ppca.inputDim();
      }

      @Override public int latentDim() {
        return ppca.latentDim();
      }

      @Override public Posterior posterior(io.pmbench.core.data.FeatureMatrix x) {
        Posterior p = ppca.posterior(x);
        double[] v = p.variance().clone();
        for (int i = 0; i < v.length; i++) {
          v[i] *= 1 + (i / ppca.latentDim()) % 3;
        }
        return new Posterior(p.mean(), v);
      }

      @Override public java.util.Optional<double[]> sharedCovariance() {
        return java.util.Optional.empty();
      }

      @Override public java.util.Map<String, Object> provenance() {
        return java.util.Map.of("type", "test");
      }
    };
  }

  @Test
  void run_covariancePerRow_threadIndependentAndEmpiricalDistortionNearClosedForm() {
    // fails if the per-row path lets thread timing in, or measures D in another norm than the release's
    FeatureSet data = DatasetRegistry.standard().load(DATA);
    java.util.function.Function<FeatureSet, Encoder> source =
        set -> rowVariances(PpcaEncoder.fit(set.train().features(), 4, 1));
    FilterExperiment.Results a = FilterExperiment.run(data, small(1), source, line -> { });
    FilterExperiment.Results b = FilterExperiment.run(data, small(3), source, line -> { });
    assertEquals(a.accuracy(), b.accuracy());
    assertEquals("vae", a.encoder().name());
    for (FilterExperiment.AccuracyRow r : a.accuracy()) {
      if (r.budget() == 10.0 && !r.mechanism().equals("none")) {
        // 300 test rows, one release: the empirical mean is within 25% of the expectation
        assertEquals(r.distortion(), r.empiricalDistortion(), 0.25 * r.distortion(), r.toString());
      }
    }
  }

  @Test
  void run_elevenClasses_refused() {
    FeatureSet data = DatasetRegistry.standard().load("synthetic:train=300,test=100,d=16,classes=11,seed=1");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> FilterExperiment.run(data, small(1), line -> { }));
    assertTrue(e.getMessage().startsWith("data set classes must be 10"), e.getMessage());
  }
}
