package io.pmbench.baselines.publicpca;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.baselines.pca.PcaTestData;
import io.pmbench.core.mechanism.ClientData;
import io.pmbench.core.privacy.GaussianCalibration;
import io.pmbench.core.privacy.NoiseCalibration;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * public-pca's noise: s is the run's calibration of Δ = 1, and the released noise is N(0, s²).
 * The moment checks pool N = 400 × 60 standardised draws and allow 5 standard errors (mean: 5/√N;
 * variance: 5·√(2/N)); a correct N(0, s²) fails one with probability below 1e-6. Fails if the
 * noise is not added, is added at another scale, or s is not Calibrate(1).
 */
class PublicPcaNoiseTest {

  @Test
  void noiseScale_eachCalibration_isCalibrationOfSensitivityOne() {
    ClientData data = PcaTestData.clientData(30, 6, 2, 3, 4);
    for (double eps : new double[] {0.1, 0.5}) {
      PublicPcaClient c = client(data, eps, NoiseCalibration.CLASSIC);
      assertEquals(GaussianCalibration.classic(1, eps, 1e-5), c.noiseScale(), 0.0);
    }
    assertEquals(GaussianCalibration.analytic(1, 2, 1e-5), client(data, 2, NoiseCalibration.ANALYTIC).noiseScale(),
        0.0);
    assertEquals(GaussianCalibration.officialCode(1, 0.5, 1e-5),
        client(data, 0.5, NoiseCalibration.OFFICIAL_CODE).noiseScale(), 0.0);
  }

  @Test
  void release_pooledNoise_hasMeanZeroAndVarianceSSquared() {
    ClientData data = PcaTestData.clientData(30, 6, 2, 3, 8);
    PublicPcaClient client = client(data, 0.5, NoiseCalibration.CLASSIC);
    SplittableRandom rng = new SplittableRandom(2024);
    double sum = 0;
    double sumSq = 0;
    long count = 0;
    for (int rep = 0; rep < 400; rep++) {
      PublicPcaClient.Release r = client.release(data, rng);
      assertEquals(client.noiseScale(), r.noiseScale(), 0.0);
      for (int i = 0; i < r.noisy().length; i++) {
        double z = (r.noisy()[i] - r.projected()[i]) / r.noiseScale();
        sum += z;
        sumSq += z * z;
        count++;
      }
    }
    double mean = sum / count;
    double var = sumSq / count - mean * mean;
    assertTrue(Math.abs(mean) < 5 / Math.sqrt(count), "standardised noise mean " + mean);
    assertTrue(Math.abs(var - 1) < 5 * Math.sqrt(2.0 / count), "standardised noise variance " + var);
  }

  private static PublicPcaClient client(ClientData data, double eps, NoiseCalibration c) {
    return (PublicPcaClient) PublicPcaMechanismTest.MECHANISM.client(PcaTestData.view(data, 3),
        PublicPcaMechanismTest.params(Map.of(), eps, c));
  }
}
