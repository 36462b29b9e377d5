package io.pmbench.baselines.publicpca;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pmbench.baselines.pca.PcaTestData;
import io.pmbench.core.mechanism.ClientData;
import io.pmbench.core.privacy.GaussianCalibration;
import io.pmbench.core.privacy.NoiseCalibration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * public-pca's noise scale is the run's calibration of Δ = 1 under each calibration (the moments of
 * the released noise are the test kit's check, {@code BaselinesConformanceTest}). Fails if s is not
 * Calibrate(1).
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

  private static PublicPcaClient client(ClientData data, double eps, NoiseCalibration c) {
    return (PublicPcaClient) PublicPcaMechanismTest.MECHANISM.client(PcaTestData.view(data, 3),
        PublicPcaMechanismTest.params(Map.of(), eps, c));
  }
}
