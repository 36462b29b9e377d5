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

  @Test
  void run_elevenClasses_refused() {
    FeatureSet data = DatasetRegistry.standard().load("synthetic:train=300,test=100,d=16,classes=11,seed=1");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> FilterExperiment.run(data, small(1), line -> { }));
    assertTrue(e.getMessage().startsWith("data set classes must be 10"), e.getMessage());
  }
}
