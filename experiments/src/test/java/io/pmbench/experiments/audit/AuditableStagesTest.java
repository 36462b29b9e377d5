package io.pmbench.experiments.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pmbench.core.mechanism.AuditStage;
import io.pmbench.core.mechanism.Preset;
import io.pmbench.testkit.FlipRate;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every stage a private mechanism opens to audit is what the audit assumes: its own release is
 * f(D) plus centred noise of the stated scale (Gaussian: variance s²; Laplace: 2b²; randomised
 * response: ±1 coordinates of f(D) negated at the stated rate q, {@link FlipRate}), and the same
 * internal seed gives the same f, so D and D′ are compared under the same Q or V. This fails if a
 * mechanism's {@code Auditable} reports a noise scale its release does not use (the audit's
 * bookkeeping would then not be the mechanism's) or draws its internal randomness from the data.
 * Tolerance: 6 standard errors of the pooled mean and variance over 2,000 releases
 * (false-failure probability below 1e-8 per check).
 */
class AuditableStagesTest {
  private static final AuditSettings S = AuditSettings.defaults(11, Preset.PAPER).withTrials(100);
  private static final int DRAWS = 2_000;

  /**
   * The mechanisms the audit discovers at {@link #S}, pinned: {@link #discovery_findsThePinnedSet}
   * fails when one drops out, instead of its checks vanishing from the parameterised test.
   */
  private static final List<String> AUDITED = List.of("dp-dsne", "private-pca", "private-rp", "privatemail",
      "privatemail-v1", "public-pca", "public-pca-tuned", "shuffled-labels", "simhash-rr");

  static List<String> audited() {
    return AUDITED;
  }

  @Test
  void discovery_findsThePinnedSet() {
    assertEquals(AUDITED, Targets.mechanisms(S));
  }

  @ParameterizedTest
  @MethodSource("audited")
  void release_isPreNoisePlusNoiseOfTheStatedScale(String mechanism) {
    for (AuditTarget t : Targets.of(mechanism, S)) {
      AuditData data = t.randomData(new SplittableRandom(3));
      AuditStage stage = t.stage(data);
      assertEquals(java.util.Arrays.toString(stage.preNoise()), java.util.Arrays.toString(t.stage(data).preNoise()),
          t.stageName());
      if (stage.norm() == AuditStage.Norm.HAMMING) {
        FlipRate flips = new FlipRate();
        SplittableRandom rng = new SplittableRandom(4);
        for (int i = 0; i < DRAWS; i++) {
          flips.add(stage.release().draw(rng), stage.preNoise());
        }
        flips.assertStated(mechanism + " " + t.calibration() + " " + t.stageName(), stage.noiseScale());
        continue;
      }
      double expectedVar = stage.norm() == AuditStage.Norm.L2 ? 1 : 2;
      double kurtosisExcess = stage.norm() == AuditStage.Norm.L2 ? 0 : 3;
      SplittableRandom rng = new SplittableRandom(4);
      double sum = 0;
      double sumSq = 0;
      long count = 0;
      for (int i = 0; i < DRAWS; i++) {
        double[] x = stage.release().draw(rng);
        for (int j = 0; j < x.length; j++) {
          double z = (x[j] - stage.preNoise()[j]) / stage.noiseScale();
          sum += z;
          sumSq += z * z;
          count++;
        }
      }
      double meanSe = Math.sqrt(expectedVar / count);
      double varSe = expectedVar * Math.sqrt((2 + kurtosisExcess) / count);
      String what = mechanism + " " + t.calibration() + " " + t.stageName();
      assertEquals(0, sum / count, 6 * meanSe, what + ": mean");
      assertEquals(expectedVar, sumSq / count, 6 * varSe, what + ": variance");
    }
  }
}
