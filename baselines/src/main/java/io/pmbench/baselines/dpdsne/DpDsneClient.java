package io.pmbench.baselines.dpdsne;

import io.pmbench.baselines.tsne.ExactTsne;
import io.pmbench.baselines.tsne.SmileAffinities;
import io.pmbench.baselines.tsne.SmileTsne;
import io.pmbench.core.data.FeatureMatrix;
import io.pmbench.core.mechanism.AuditStage;
import io.pmbench.core.mechanism.Auditable;
import io.pmbench.core.mechanism.ClientData;
import io.pmbench.core.mechanism.ClientRelease;
import io.pmbench.core.mechanism.ClientSide;
import io.pmbench.core.mechanism.ClientView;
import io.pmbench.core.mechanism.Embedding;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.privacy.Guarantee;
import io.pmbench.core.privacy.NoiseCalibration;
import io.pmbench.core.privacy.PrivacyClaim;
import io.pmbench.core.random.NoiseDraw;
import io.pmbench.core.random.NoiseSource;
import io.pmbench.core.random.Seeds;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import smile.math.MathEx;

/**
 * The client side of {@code dp-dsne} (BASELINES.md §2). Per query: affinities of the free rows of
 * D (r and the dummies, rows [0, m) with m = {@code publicOffset}) against all of D; the public
 * rows fixed at the server's Y_P; the free rows start at N(0, (10⁻⁴)²) (Smile's start, drawn from
 * the query's stream); then T steps of: gradient of the free rows ({@link FixedPointTsne}), each
 * row clipped to ℓ2 norm C, N(0, s²) added to every entry, Smile's step. The release is the m free
 * rows (row 0 = r), already in the server's space.
 *
 * <p>Shared across queries (read-only, computed once from public data): the public–public
 * squared distances (used for the public rows and for the dummies, which repeat public rows) and
 * the fixed–fixed part of t-SNE's normaliser Z.
 */
final class DpDsneClient implements ClientSide, Auditable {
  /** The name of the audited stage. */
  static final String AUDIT_STAGE = "gradient step";

  /** Receives each step's clipped gradient and the noisy gradient actually used (tests only). */
  interface StepObserver {
    void step(int t, double[][] clipped, double[][] noisy);
  }

  private static final StepObserver NONE = (t, clipped, noisy) -> {};

  private final MechanismParams params;
  private final DpDsneOptions options;
  /** How the noise is drawn, resolved once per cell. */
  private final NoiseDraw noise;
  private final boolean addNoise;
  private final int nPublic;
  private final double[][] publicRows;
  private final double[][] publicDistances;
  private final FeatureMatrix publicFeatures;
  private final Map<Integer, Integer> publicByHash;
  private final double[][] serverPublic;
  private final double[] fixedRowSums;
  private final AffinityCache cache;

  /** A client with its own affinity cache (tests). */
  DpDsneClient(ClientView view, MechanismParams params, boolean addNoise) {
    this(view, params, addNoise, new AffinityCache());
  }

  /** A client sharing {@code cache} (the mechanism's: one per registry, so across ε cells). */
  DpDsneClient(ClientView view, MechanismParams params, boolean addNoise, AffinityCache cache) {
    this.cache = cache;
    this.params = params;
    this.options = DpDsneOptions.of(params);
    this.noise = params.noise();
    this.addNoise = addNoise;
    this.publicRows = SmileTsne.rows(view.publicSet().features());
    this.nPublic = publicRows.length;
    Embedding yP = view.serverPublic();
    if (yP.rows() != nPublic || yP.dim() != params.k()) {
      throw new IllegalArgumentException("serverPublic must be nPublic x k = " + nPublic + "x" + params.k()
          + ". Provided value: " + yP.rows() + "x" + yP.dim());
    }
    this.serverPublic = new double[nPublic][];
    for (int j = 0; j < nPublic; j++) {
      serverPublic[j] = yP.row(j);
    }
    this.publicDistances = SmileTsne.squaredDistances(publicRows);
    this.publicFeatures = view.publicSet().features();
    this.publicByHash = new HashMap<>();
    for (int j = 0; j < nPublic; j++) {
      publicByHash.putIfAbsent(rowHash(publicFeatures, j), j);
    }
    this.fixedRowSums = FixedPointTsne.fixedRowSums(serverPublic);
  }

  /** Standard deviation of the free rows' start: Smile's {@code GaussianDistribution(0.0, 0.0001)}. */
  static double startScale() {
    return ExactTsne.startScale();
  }

  /** Per-step ℓ2 sensitivity Δ = 2C·√(m + 1) for a client with m free rows (see the mechanism's javadoc). */
  static double stepSensitivity(double clip, int freeRows) {
    return 2 * clip * Math.sqrt(freeRows + 1.0);
  }

  /** The noise scale s of every step for a client with m free rows (0 when noise is switched off). */
  double noiseScale(int freeRows) {
    return addNoise ? options.accounting().noiseScale(stepSensitivity(options.clip(), freeRows),
        options.iterations(), params.budget()) : 0.0;
  }

  @Override
  public ClientRelease embed(ClientData data, SplittableRandom rng) {
    return embed(data, rng, NONE);
  }

  ClientRelease embed(ClientData data, SplittableRandom rng, StepObserver observer) {
    int m = data.publicOffset();
    int n = data.size();
    if (n - m != nPublic) {
      throw new IllegalArgumentException("D must end with the " + nPublic + " public rows. Provided value: "
          + (n - m) + " rows after publicOffset " + m);
    }
    double s = noiseScale(m);
    double[][] y = start(m, rng);
    FixedPointTsne tsne = new FixedPointTsne(y, m, affinities(data), fixedRowSums);
    NoiseSource noise = noiseSource(s, stepSensitivity(options.clip(), m), m);
    for (int t = 0; t < options.iterations(); t++) {
      double[][] g = clipRows(tsne.gradient(), options.clip());
      double[][] noisy = addNoise(g, noise, rng);
      observer.step(t, g, noisy);
      tsne.step(noisy);
    }
    int k = params.k();
    double[] out = SmileTsne.flatten(Arrays.copyOf(y, m), k);
    double stepDelta = stepSensitivity(options.clip(), m);
    return new ClientRelease(new Embedding(out, m, k), claim(m, stepDelta, s),
        Map.of("stepSensitivity", stepDelta, "steps", (double) options.iterations(), "freeRows", (double) m,
            "clip", options.clip()));
  }

  /** The first gradient step, the one noisy stage opened to audit (none when the noise is switched off). */
  @Override
  public List<String> auditStages() {
    return addNoise ? List.of(AUDIT_STAGE) : List.of();
  }

  /**
   * The first step by the same code as {@link #embed}: the start map drawn from {@code internal},
   * f(D) = the free rows' clipped t-SNE gradient there, Δ = 2C·√(m+1) (ℓ2) per step, the step's
   * noise scale s, and the release by {@link #addNoise}, repeated T times (on f flattened: the
   * draws of {@link #embed}'s row-by-row noise, in the same order, without copying rows).
   * Releasing this f T times is one non-adaptive sequence of T Δ-sensitive steps, which the T-step
   * claim covers; later steps' gradients (at the noisy maps) are not audited.
   */
  @Override
  public AuditStage auditStage(String stage, ClientData data, SplittableRandom internal) {
    requireStage(stage);
    int m = data.publicOffset();
    int k = params.k();
    double[][] g = clipRows(new FixedPointTsne(start(m, internal), m, affinities(data), fixedRowSums).gradient(),
        options.clip());
    double s = noiseScale(m);
    double stepDelta = stepSensitivity(options.clip(), m);
    NoiseSource source = noiseSource(s, stepDelta, g.length);
    double[] f = SmileTsne.flatten(g, k);
    return new AuditStage(stage, f, stepDelta, AuditStage.Norm.L2, s, params.epsilon(), params.delta(),
        options.iterations(), noise -> addNoise(f, source, noise),
        "clipped gradient at the start map released T = " + options.iterations() + " times (" + options.accounting()
            + " accounting" + (options.accounting() == Accounting.GAUSSIAN ? ", " + params.calibration() : "")
            + "); later steps' gradients are not audited");
  }

  /** The n × k start: free rows N(0, (10⁻⁴)²) like Smile's, then the fixed Y_P (copied). */
  private double[][] start(int m, SplittableRandom rng) {
    int k = params.k();
    double[][] y = new double[m + nPublic][];
    for (int i = 0; i < m; i++) {
      y[i] = new double[k];
      for (int c = 0; c < k; c++) {
        y[i][c] = startScale() * Seeds.gaussian(rng);
      }
    }
    for (int j = 0; j < nPublic; j++) {
      y[m + j] = serverPublic[j].clone();
    }
    return y;
  }

  /**
   * The free rows' affinities against all of D, reusing the shared public–public distances: for
   * the public rows and for the dummies (free rows that repeat a public row), so that only r's
   * distances are computed per query. They do not depend on ε: they come from the mechanism's
   * {@link AffinityCache} when another ε cell computed them for the same D (a copy).
   */
  double[][] affinities(ClientData data) {
    return cache.get(publicFeatures, data, () -> computeAffinities(data));
  }

  /** {@link #affinities} without the cache. */
  double[][] computeAffinities(ClientData data) {
    int m = data.publicOffset();
    int n = data.size();
    FeatureMatrix rows = data.rows();
    double[][] free = new double[m][];
    int[] copy = new int[m];
    for (int i = 0; i < m; i++) {
      free[i] = rows.row(i);
      copy[i] = publicCopy(rows, i);
    }
    double[][] freeToAll = new double[m][n];
    for (int i = 0; i < m; i++) {
      for (int j = 0; j < n; j++) {
        if (j != i) {
          int a = copy[i];
          int b = j < m ? copy[j] : j - m;
          freeToAll[i][j] = a >= 0 && b >= 0 && a != b ? publicDistances[a][b]
              : MathEx.squaredDistance(free[i], j < m ? free[j] : publicRows[j - m]);
        }
      }
    }
    double[] buffer = new double[n];
    return SmileAffinities.freeRows(n, m, j -> {
      if (j < m) {
        return freeToAll[j];
      }
      for (int i = 0; i < m; i++) {
        buffer[i] = freeToAll[i][j];
      }
      System.arraycopy(publicDistances[j - m], 0, buffer, m, nPublic);
      return buffer;
    });
  }

  /**
   * The index of a public row that row i of {@code rows} repeats bit for bit, or −1 (also for rows
   * with a non-finite value). Reading a distance between two such rows from the shared public
   * distances gives the double {@link MathEx#squaredDistance} computes: the doubles are the same,
   * and Σ (x − y)² does not depend on the order of x and y (finite values, so no NaN either).
   */
  int publicCopy(FeatureMatrix rows, int i) {
    Integer l = publicByHash.get(rowHash(rows, i));
    return l != null && sameBits(rows, i, publicFeatures, l) ? l : -1;
  }

  /** A hash of row i's raw float bits. */
  private static int rowHash(FeatureMatrix x, int i) {
    int d = x.cols();
    int h = 1;
    for (int c = i * d; c < (i + 1) * d; c++) {
      h = 31 * h + Float.floatToRawIntBits(x.data()[c]);
    }
    return h;
  }

  /** Whether row i of x and row j of z hold the same float bits (and are finite). */
  private static boolean sameBits(FeatureMatrix x, int i, FeatureMatrix z, int j) {
    int d = x.cols();
    if (z.cols() != d) {
      return false;
    }
    for (int c = 0; c < d; c++) {
      float v = x.data()[i * d + c];
      if (Float.floatToRawIntBits(v) != Float.floatToRawIntBits(z.data()[j * d + c]) || !Float.isFinite(v)) {
        return false;
      }
    }
    return true;
  }

  /** Each row scaled to ℓ2 norm at most C (in place; returns {@code g}). */
  static double[][] clipRows(double[][] g, double clip) {
    for (double[] row : g) {
      double norm = 0;
      for (double v : row) {
        norm += v * v;
      }
      norm = Math.sqrt(norm);
      if (norm > clip) {
        double scale = clip / norm;
        for (int c = 0; c < row.length; c++) {
          row[c] *= scale;
        }
      }
    }
    return g;
  }

  /**
   * A copy of {@code g} with iid N(0, s²) added to every entry ({@code g} itself when s = 0), drawn
   * by the run's {@code noiseSampler} for one step of ℓ2 sensitivity {@code stepDelta}.
   */
  double[][] addNoise(double[][] g, double s, double stepDelta, SplittableRandom rng) {
    return addNoise(g, noiseSource(s, stepDelta, g.length), rng);
  }

  /**
   * The noise of one step's release of the gradients of {@code rows} rows (k coordinates each):
   * N(0, s²) per coordinate, or null when the noise is switched off (s = 0). Built once per query
   * (and once per audited stage), not once per step: it depends on s, Δ and the row count alone,
   * and a source draws nothing until it perturbs, so the noise is the same values.
   */
  private NoiseSource noiseSource(double s, double stepDelta, int rows) {
    return s == 0 ? null : noise.gaussian(s, stepDelta, rows * params.k());
  }

  /**
   * A copy of the row-major {@code flat} plus the noise of {@code noise}, entry by entry in order: the
   * values {@link #addNoise(double[][], NoiseSource, SplittableRandom)} gives its rows from the same
   * stream, flattened (each entry perturbed by the same draw), without a copy per row. The audited
   * stage's release, drawn a thousand times per run.
   */
  private static double[] addNoise(double[] flat, NoiseSource noise, SplittableRandom rng) {
    double[] out = flat.clone();
    noise.addTo(out, rng);
    return out;
  }

  /** {@code g} (not modified) plus the noise of {@code noise} drawn row by row, in order; g itself when null. */
  private static double[][] addNoise(double[][] g, NoiseSource noise, SplittableRandom rng) {
    if (noise == null) {
      return g;
    }
    double[][] out = new double[g.length][];
    for (int i = 0; i < g.length; i++) {
      out[i] = g[i].clone();
      noise.addTo(out[i], rng);
    }
    return out;
  }

  private PrivacyClaim claim(int m, double stepDelta, double s) {
    if (!addNoise) {
      return PrivacyClaim.none("test only: DP-dSNE with its noise switched off");
    }
    int steps = options.iterations();
    List<String> caveats = new ArrayList<>();
    caveats.add("per-step sensitivity 2C*sqrt(m+1) = " + stepDelta + " (C = " + options.clip() + ", m = " + m
        + " free rows; m+1 counts the larger neighbour), over T = " + steps + " steps");
    caveats.add("Y_P (the server's t-SNE of [S; P]) is public: it is computed from the server's data and P only");
    Guarantee g = Guarantee.APPROXIMATE_DP;
    String calibration;
    double sensitivity;
    if (options.accounting() == Accounting.ZCDP) {
      calibration = "ZCDP";
      sensitivity = stepDelta;
      caveats.add("zCDP accounting: rho = T*Delta^2/(2 s^2), epsilon >= rho + 2 sqrt(rho ln(1/delta))"
          + " (Bun & Steinke 2016); sensitivity is the per-step Delta");
    } else {
      calibration = params.calibration().name();
      sensitivity = stepDelta * Math.sqrt(steps);
      caveats.add("T Gaussian steps composed as one Gaussian mechanism of sensitivity Delta*sqrt(T) (reported)");
      if (params.calibration() == NoiseCalibration.OFFICIAL_CODE) {
        g = Guarantee.NOT_DP;
        caveats.add("OFFICIAL_CODE noise (variance used as standard deviation): not differentially private at"
            + " the stated epsilon");
      }
    }
    return new PrivacyClaim(g, params.epsilon(), params.delta(), sensitivity, s, calibration,
        PrivacyClaim.ADD_REMOVE_ROW,
        "the public rows P and the server's embedding Y_P of them; the number of free rows (1 + dummies);"
            + " perplexity, C, T; labels are not used",
        caveats);
  }
}
