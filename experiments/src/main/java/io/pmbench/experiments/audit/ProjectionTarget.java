package io.pmbench.experiments.audit;

import io.pmbench.core.privacy.NoiseCalibration;
import io.pmbench.core.random.NoiseSampler;
import io.pmbench.core.random.Seeds;
import java.util.SplittableRandom;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.SingularOps_DDRM;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.QRDecomposition;

/**
 * A release D·W + N with a fixed, data-independent d × k matrix W and rows clipped to norm ≤ 1:
 * <ul>
 *   <li>{@code private-rp} (BASELINES.md §4, RECORD): W = R with iid N(0, 1/k) entries,
 *       Δ = σ_max(R), s = Calibrate(Δ) at (ε, δ);
 *   <li>{@code private-pca} (BASELINES.md §3): the second release D·V with V orthonormal (audited
 *       conditionally on V, which the first, ε/2 release publishes), Δ = 1, s = Calibrate(1) at
 *       (ε/2, δ) — the budget split for PPCA (δ₁ = 0).
 * </ul>
 */
class ProjectionTarget extends SettingsTarget {
  private final boolean pca;
  private final NoiseCalibration calibration;
  private final DMatrixRMaj w;
  private final double claimed;

  ProjectionTarget(AuditSettings s, boolean pca, NoiseCalibration calibration) {
    super(s);
    this.pca = pca;
    this.calibration = calibration;
    SplittableRandom rng = Seeds.stream(s.seed(), "audit", pca ? "V" : "R");
    DMatrixRMaj g = new DMatrixRMaj(s.d(), s.k());
    for (int i = 0; i < g.data.length; i++) {
      g.data[i] = Seeds.gaussian(rng) / Math.sqrt(s.k());
    }
    if (pca) {
      QRDecomposition<DMatrixRMaj> qr = DecompositionFactory_DDRM.qr(s.d(), s.k());
      qr.decompose(g.copy());
      this.w = qr.getQ(null, true);
      this.claimed = 1.0;
    } else {
      this.w = g;
      double[] sv = SingularOps_DDRM.singularValues(g);
      double max = 0;
      for (double v : sv) {
        max = Math.max(max, v);
      }
      this.claimed = max;
    }
  }

  @Override
  public String mechanism() {
    return pca ? "private-pca" : "private-rp";
  }

  @Override
  public String calibration() {
    return calibration.name();
  }

  @Override
  public NoiseKind noise() {
    return NoiseKind.GAUSSIAN;
  }

  @Override
  public double[] f(AuditData data) {
    int k = s.k();
    double[] out = new double[data.n() * k];
    for (int i = 0; i < data.n(); i++) {
      double[] x = data.row(i);
      double norm = Math.sqrt(java.util.Arrays.stream(x).map(v -> v * v).sum());
      double clip = 1 / Math.max(1, norm);
      for (int c = 0; c < k; c++) {
        double v = 0;
        for (int j = 0; j < x.length; j++) {
          v += x[j] * w.get(j, c);
        }
        out[i * k + c] = v * clip;
      }
    }
    return out;
  }

  @Override
  public double claimedSensitivity(AuditData data) {
    return claimed;
  }

  @Override
  public double noiseScale(AuditData data) {
    return calibration.sigma(claimed, pca ? s.epsilon() / 2 : s.epsilon(), s.delta());
  }

  @Override
  public String note() {
    return pca ? "release D*V + N given a fixed orthonormal V (the subspace release is not audited here)"
        : "release D*R + N with a fixed R (RECORD neighbours)";
  }
}
