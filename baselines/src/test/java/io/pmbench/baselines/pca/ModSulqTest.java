package io.pmbench.baselines.pca;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.ejml.data.DMatrixRMaj;
import org.junit.jupiter.api.Test;

/**
 * MOD-SULQ's noise level and noise (Chaudhuri, Sarwate &amp; Sinha 2013, Algorithm 1; BASELINES.md §3).
 * If β were computed with another formula (a wrong δ split, a log of the wrong argument) or E
 * had the wrong scale or were not symmetric, the (ε₁, δ₁) claim would not hold.
 */
class ModSulqTest {

  @Test
  void beta_fashionMnistSetting_matchesHandComputedValue() {
    // d = 784, n = 1010, eps1 = 0.05, delta1 = 5e-6 (MOD-SULQ at eps = 0.1, delta = 1e-5):
    //   d^2 + d = 615440; 2*sqrt(2*pi)*delta1 = 2.50662827e-5; ratio = 2.45525037e10
    //   ln(ratio) = 23.9240797; sqrt(2*ln) = 6.91723639
    //   (d+1)/(n*eps1) = 785/50.5 = 15.5445545; 1/(sqrt(n)*eps1) = 1/(31.7804972*0.05) = 0.629316776
    //   beta = 15.5445545*6.91723639 + 0.629316776 = 108.154675
    assertEquals(108.154675, ModSulq.beta(784, 1010, 0.05, 5e-6), 1e-6);
  }

  @Test
  void beta_smallSetting_matchesHandComputedValue() {
    // d = 10, n = 50, eps1 = 0.5, delta1 = 0.01: ratio = 110/(5.01325654*0.01) = 2194.18254,
    //   ln = 7.69356484, sqrt(2*ln) = 3.92264320, (d+1)/(n*eps1) = 0.44, 1/(sqrt(50)*0.5) = 0.282842712
    //   beta = 0.44*3.92264320 + 0.282842712 = 2.00880572
    assertEquals(2.00880572, ModSulq.beta(10, 50, 0.5, 0.01), 1e-8);
  }

  @Test
  void beta_deltaTooLarge_refused() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ModSulq.beta(1, 10, 1, 0.9));
    assertTrue(e.getMessage().startsWith("delta must be"), e.getMessage());
  }

  @Test
  void noisyCovariance_noise_isSymmetricWithStatedScale() {
    // (A + E − A)/β on and above the diagonal must be iid N(0, 1): mean within 5/√N and variance
    // within 5·√(2/N) (false-failure probability < 1e-6 per check); E must be exactly symmetric.
    int d = 40;
    int n = 100;
    DMatrixRMaj gram = new DMatrixRMaj(d, d);
    SplittableRandom data = new SplittableRandom(2);
    for (int i = 0; i < d; i++) {
      for (int j = i; j < d; j++) {
        double v = data.nextDouble();
        gram.unsafe_set(i, j, v);
        gram.unsafe_set(j, i, v);
      }
    }
    double beta = 0.7;
    SplittableRandom rng = new SplittableRandom(3);
    double sum = 0;
    double sum2 = 0;
    long count = 0;
    for (int rep = 0; rep < 50; rep++) {
      DMatrixRMaj m = ModSulq.noisyCovariance(gram, n, beta, rng);
      for (int i = 0; i < d; i++) {
        for (int j = 0; j < d; j++) {
          assertEquals(m.get(i, j), m.get(j, i), 0.0);
          if (j >= i) {
            double z = (m.get(i, j) - gram.get(i, j) / n) / beta;
            sum += z;
            sum2 += z * z;
            count++;
          }
        }
      }
    }
    double mean = sum / count;
    double var = sum2 / count - mean * mean;
    assertTrue(Math.abs(mean) < 5 / Math.sqrt(count), "mean " + mean);
    assertTrue(Math.abs(var - 1) < 5 * Math.sqrt(2.0 / count), "variance ratio " + var);
  }
}
