package io.pmbench.baselines.pca;

import io.pmbench.core.data.FeatureMatrix;
import io.pmbench.core.mechanism.AuditStage;
import io.pmbench.core.mechanism.Auditable;
import io.pmbench.core.mechanism.ClientData;
import io.pmbench.core.mechanism.ClientRelease;
import io.pmbench.core.mechanism.ClientSide;
import io.pmbench.core.mechanism.ClientView;
import io.pmbench.core.mechanism.Embedding;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.privacy.PrivacyClaim;
import io.pmbench.core.random.NoiseDraw;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;

/**
 * The client side of private-pca (BASELINES.md §3). Per query: G = DᵀD over the client's
 * D = [r; P_r; P] (rows clipped to norm ≤ 1; the public block PᵀP — and for PPCA its
 * eigen-decomposition — is computed once per cell, and only the m = publicOffset private rows are
 * added per query: PPCA by m rank-one updates of the eigenbasis, {@link UpdatedEigenbasis}, built once per
 * query and shared by the ε cells through the mechanism's {@link EigenbasisCache}), the DP
 * subspace V (PPCA: Hoff's Gibbs chain on the matrix Bingham ∝ exp((ε₁/2)·tr(VᵀGV)) from a
 * data-independent random start; MOD-SULQ: top-k eigenvectors of G/n + E), then the release
 * D·V + N with N iid N(0, s²), s = Calibrate(1) at (ε₂, δ₂). V is published with the release:
 * the server projects its gallery with it.
 */
final class PrivatePcaClient implements ClientSide, Auditable {
  /** The name of the audited stage. */
  static final String PROJECTION_STAGE = "projection D*V + N";

  /** Printed with every PPCA result (BASELINES.md §3). */
  static final String GIBBS_CAVEAT = "PPCA: V is drawn by Hoff's (2009) Gibbs sampler, started from a"
      + " data-independent random orthonormal matrix and stopped after burnIn=%d sweeps%s; the subspace's"
      + " pure eps/2-DP holds for an exact matrix-Bingham sample, so for this chain it is an approximation whose"
      + " error is not bounded";

  private final MechanismParams p;
  private final PrivatePcaOptions options;
  /** How the noise is drawn, resolved once per cell. */
  private final NoiseDraw noise;
  private final int d;
  private final DMatrixRMaj publicGram;
  private final SymmetricEigen publicEigen; // PPCA only: the eigenbasis of publicGram (null for MOD_SULQ)
  private final double noiseScale;
  /** PPCA: the per-query eigenbases, shared with the clients of the other ε cells. */
  private final EigenbasisCache bases;
  private final FeatureMatrix publicFeatures;

  /** A client with its own eigenbasis cache (tests). */
  PrivatePcaClient(ClientView view, MechanismParams p) {
    this(view, p, new EigenbasisCache());
  }

  /** A client sharing {@code bases} (the mechanism's: one per registry, so across ε cells). */
  PrivatePcaClient(ClientView view, MechanismParams p, EigenbasisCache bases) {
    this.p = p;
    this.bases = bases;
    this.options = PrivatePcaOptions.of(p);
    this.noise = p.noise();
    this.d = view.publicSet().dimension();
    PrivatePcaMechanism.checkDimension(options, d, p.k());
    FeatureMatrix pub = view.publicSet().features();
    this.publicFeatures = pub;
    DMatrixRMaj rows = DMatrixRMaj.wrap(pub.rows(), d, clippedRows(pub, 0, pub.rows()));
    this.publicGram = new DMatrixRMaj(d, d);
    CommonOps_DDRM.multTransA(rows, rows, publicGram);
    this.publicEigen = options.method() == PcaMethod.PPCA ? SymmetricEigen.of(publicGram) : null;
    this.noiseScale = p.calibration().sigma(1.0, options.epsilonRelease(), options.deltaRelease());
  }

  /**
   * Rows [from, from + count) as a row-major double block, each scaled down to L2 norm 1 if it is
   * longer (rows are unit-norm by SPEC.md §2; this makes the sensitivity bounds hold exactly
   * despite float rounding).
   */
  static double[] clippedRows(FeatureMatrix m, int from, int count) {
    int cols = m.cols();
    double[] out = new double[count * cols];
    double[] row = new double[cols];
    for (int i = 0; i < count; i++) {
      m.row(from + i, row);
      double s = 0;
      for (double v : row) {
        s += v * v;
      }
      double f = s > 1 ? 1 / Math.sqrt(s) : 1;
      for (int c = 0; c < cols; c++) {
        out[i * cols + c] = row[c] * f;
      }
    }
    return out;
  }

  /**
   * The private steps of one query (package-visible so tests can check them).
   *
   * @param v the DP subspace, d × k row-major
   * @param projected D·V, n × k (before noise)
   * @param noisy the release D·V + N
   * @param noiseScale s
   * @param beta MOD-SULQ's β (NaN for PPCA)
   * @param proposals PPCA with columnDraw=EXACT: mean ACG proposals per column step (NaN otherwise)
   */
  record Release(double[] v, double[] projected, double[] noisy, double noiseScale, double beta, double proposals) {}

  /**
   * PPCA's subspace and its chain's mean ACG proposals per column step.
   *
   * @param v d × k row-major
   * @param proposalsPerColumnStep NaN unless the column draw is {@link ColumnDraw#EXACT}
   */
  record Ppca(double[] v, double proposalsPerColumnStep) {}

  Release release(ClientData data, SplittableRandom rng) {
    int n = data.size();
    int k = p.k();
    int m = data.publicOffset();
    double[] rows = clippedRows(data.rows(), 0, n); // the first m rows are r and the dummies
    double beta = Double.NaN;
    double proposals = Double.NaN;
    double[] v;
    if (options.method() == PcaMethod.PPCA) {
      Eigenbasis eig = bases.get(publicFeatures, data, () -> UpdatedEigenbasis.of(publicEigen, rows, m));
      Ppca ppca = ppca(eig, options.epsilonSubspace() / 2, k, options.burnIn(), options.columnDraw(), rng);
      v = ppca.v();
      proposals = ppca.proposalsPerColumnStep();
    } else {
      DMatrixRMaj gram = publicGram.copy();
      DMatrixRMaj priv = DMatrixRMaj.wrap(m, d, rows);
      CommonOps_DDRM.multAddTransA(priv, priv, gram);
      beta = ModSulq.beta(d, n, options.epsilonSubspace(), options.deltaSubspace());
      v = ModSulq.subspace(gram, n, k, beta, noise.sampler(), noise.origin(), rng);
    }
    double[] projected = project(rows, n, d, v, k);
    return new Release(v, projected, noisyProjection(projected, rng), noiseScale, beta, proposals);
  }

  /** The second stage's release D·V + N from D·V (not modified): Δ = 1, one clipped row of D·V. */
  private double[] noisyProjection(double[] projected, SplittableRandom rng) {
    double[] noisy = projected.clone();
    noise.gaussian(noiseScale, 1.0, noisy.length).addTo(noisy, rng);
    return noisy;
  }

  /**
   * The projection stage D·V + N at (ε₂, δ₂); the subspace stage (PPCA's exponential mechanism or
   * MOD-SULQ's noisy covariance) is not an additive release of a fixed f and is not opened here.
   */
  @Override
  public List<String> auditStages() {
    return List.of(PROJECTION_STAGE);
  }

  /**
   * The projection stage conditionally on V, which the subspace stage publishes (basic composition
   * proves the stage (ε₂, δ₂)-DP for every fixed V): V is a uniform orthonormal d × k matrix drawn
   * from {@code internal}, f(D) = D·V with the rows clipped, Δ = 1 (ℓ2), and the release by the
   * same clipping, projection and noise code as {@link #embed}.
   */
  @Override
  public AuditStage auditStage(String stage, ClientData data, SplittableRandom internal) {
    requireStage(stage);
    int n = data.size();
    double[] v = SymmetricEigen.uniformStiefel(d, p.k(), internal);
    double[] projected = project(clippedRows(data.rows(), 0, n), n, d, v, p.k());
    return new AuditStage(stage, projected, 1.0, AuditStage.Norm.L2, noiseScale, options.epsilonRelease(),
        options.deltaRelease(), 1, noise -> noisyProjection(project(clippedRows(data.rows(), 0, n), n, d, v, p.k()),
            noise), "second stage D*V + N at (epsilon/2, " + options.deltaRelease() + ") given a fixed orthonormal V ("
            + p.calibration() + " noise); the " + options.method() + " subspace stage is not audited");
  }

  /**
   * PPCA's subspace: Hoff's Gibbs chain for the matrix Bingham density ∝ exp(coefficient·tr(VᵀGV))
   * on d × k orthonormal V, run in the eigen-coordinates {@code eig} of G, started from a
   * data-independent uniform random V (the first draws from {@code rng}; the eigenbasis uses no
   * randomness) and run for {@code sweeps} sweeps. With G = DᵀD and coefficient ε₁/2 this is
   * exp((n·ε₁/2)·tr(VᵀAV)). Row-major d × k.
   */
  static double[] ppcaSubspace(Eigenbasis eig, double coefficient, int k, int sweeps, SplittableRandom rng) {
    return ppca(eig, coefficient, k, sweeps, ColumnDraw.SWEEP, rng).v();
  }

  /** {@link #ppcaSubspace} with the given column draw, and the chain's mean proposals per column step. */
  static Ppca ppca(Eigenbasis eig, double coefficient, int k, int sweeps, ColumnDraw draw, SplittableRandom rng) {
    int d = eig.values().length;
    double[] start = SymmetricEigen.uniformStiefel(d, k, rng);
    double[] l = new double[d];
    for (int i = 0; i < d; i++) {
      l[i] = coefficient * eig.values()[i];
    }
    double[][] startColumns = new double[k][d];
    for (int c = 0; c < k; c++) {
      for (int r = 0; r < d; r++) {
        startColumns[c][r] = start[r * k + c];
      }
    }
    double[][] columns = eig.toEigen(startColumns);
    MatrixBingham chain = new MatrixBingham(l, draw);
    chain.run(columns, sweeps, rng);
    double[] v = new double[d * k];
    for (int c = 0; c < k; c++) {
      double[] x = eig.fromEigen(columns[c]);
      for (int r = 0; r < d; r++) {
        v[r * k + c] = x[r];
      }
    }
    return new Ppca(v, chain.proposalsPerColumnStep());
  }

  /** rows (n × dim, row-major) times v (dim × k, row-major), by EJML. */
  static double[] project(double[] rows, int n, int dim, double[] v, int k) {
    DMatrixRMaj out = new DMatrixRMaj(n, k);
    CommonOps_DDRM.mult(DMatrixRMaj.wrap(n, dim, rows), DMatrixRMaj.wrap(dim, k, v), out);
    return out.data;
  }

  @Override
  public ClientRelease embed(ClientData data, SplittableRandom rng) {
    int n = data.size();
    int k = p.k();
    Release r = release(data, rng);
    Map<String, Double> diagnostics = options.method() == PcaMethod.PPCA
        ? options.columnDraw() == ColumnDraw.EXACT
            ? Map.of("burnIn", (double) options.burnIn(), "proposalsPerColumnStep", r.proposals())
            : Map.of("burnIn", (double) options.burnIn())
        : Map.of("beta", r.beta());
    return new ClientRelease(new Embedding(r.noisy(), n, k), claim(r.beta()), diagnostics,
        Map.of(PrivatePcaMechanism.SUBSPACE, new Embedding(r.v(), d, k)));
  }

  private PrivacyClaim claim(double beta) {
    List<String> caveats = new ArrayList<>();
    if (options.method() == PcaMethod.PPCA) {
      caveats.add(String.format(GIBBS_CAVEAT, options.burnIn(), options.columnDraw() == ColumnDraw.EXACT
          ? " (columnDraw=EXACT: each column drawn exactly from its conditional by ACG rejection)" : ""));
      caveats.add(String.format("budget (basic composition): subspace V by PPCA at (%s, 0), pure; release D*V + N at"
          + " (%s, %s) with sensitivity 1 and s = %.6g", options.epsilonSubspace(), options.epsilonRelease(),
          options.deltaRelease(), noiseScale));
    } else {
      caveats.add(String.format("budget (basic composition): subspace V by MOD-SULQ at (%s, %s), beta = %.6g; release"
          + " D*V + N at (%s, %s) with sensitivity 1 and s = %.6g", options.epsilonSubspace(),
          options.deltaSubspace(), beta, options.epsilonRelease(), options.deltaRelease(), noiseScale));
    }
    caveats.add("rows of D are clipped to L2 norm <= 1 (the sensitivity bounds assume it); V is published with the"
        + " release and the server projects its gallery with it");
    return PrivacyClaim.gaussian(p.calibration(), p.epsilon(), p.delta(), 1.0, noiseScale,
        "P; k; n = |D| (the padded row count, fixed by the protocol); labels are not used", caveats);
  }
}
