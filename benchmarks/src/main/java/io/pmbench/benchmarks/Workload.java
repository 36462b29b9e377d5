package io.pmbench.benchmarks;

import io.pmbench.core.builtin.PrivateMailMechanism;
import io.pmbench.core.data.DatasetDefaults;
import io.pmbench.core.data.FeatureMatrix;
import io.pmbench.core.data.FeatureSet;
import io.pmbench.core.data.LabelledSet;
import io.pmbench.core.mechanism.ClientData;
import io.pmbench.core.mechanism.ClientSide;
import io.pmbench.core.mechanism.ClientView;
import io.pmbench.core.mechanism.Embedding;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.Preset;
import io.pmbench.core.random.Seeds;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Seeded synthetic inputs shaped like the default experiment (Fashion-MNIST: C = 10 classes,
 * d = 784, P = 1,000 public rows, one dummy per other class, k = 2, T = 5): C random unit-norm
 * class centres, each row its centre plus N(0, spread²) per coordinate, L2-normalised. Timing
 * does not depend on the values beyond their shapes, so synthetic rows stand in for the real
 * features (the fig6 wall time of docs/performance/performance.md is measured on Fashion-MNIST itself).
 */
public final class Workload {
  /** Classes (Fashion-MNIST has 10). */
  public static final int CLASSES = 10;
  /** Table 2's σ for CIFAR-100/CARS196 (the benchmarks use the paper preset). */
  public static final double SIGMA = 6;
  public static final double ALPHA = 0.6;
  public static final double EPSILON = 0.1;
  public static final double DELTA = 1e-5;
  private static final double SPREAD = 0.05;
  /**
   * The JVM option that lets the kernel rebuilt after the noise run its exponentials on SIMD
   * lanes (core's {@code NegExp}; the same bits without it, only slower): every JMH fork that
   * times a PrivateMail query gets it, whatever options the host JVM was started with.
   */
  public static final String VECTOR_MODULE = "--add-modules=jdk.incubator.vector";

  private Workload() {}

  /** PrivateMail's paper-preset parameters at ε = 0.1 (k = 2, T = 5). */
  public static MechanismParams params() {
    return Preset.PAPER.builder(SIGMA, ALPHA).build(EPSILON, DELTA);
  }

  /** The public set P of the per-query benchmarks: {@code nPublic} rows of seed 1. */
  public static LabelledSet publicSet(int nPublic, int dim) {
    return rows(1, "public", nPublic, dim);
  }

  /** The per-query benchmarks' query row r: the first (class 0) row of a seed-1 gallery. */
  public static float[] queryRow(int dim) {
    return row(rows(1, "gallery", 1, dim), 0);
  }

  /** D = [r; P_r; P] of the per-query benchmarks: {@link #queryRow} (class 0) against {@code publicSet}. */
  public static ClientData query(LabelledSet publicSet) {
    return clientData(publicSet, queryRow(publicSet.dimension()), 0);
  }

  /** The client's view of {@code publicSet} (C classes, seed 7) given the server's embedding of it (or null). */
  public static ClientView clientView(LabelledSet publicSet, Embedding serverPublic) {
    return new ClientView(publicSet, CLASSES, serverPublic, 7);
  }

  /** A stand-in server embedding of P: {@code nPublic} iid N(0, 1) rows of dimension k. */
  public static Embedding serverPublic(int nPublic, int k) {
    return new Embedding(gaussian(1, "server-public", nPublic * k), nPublic, k);
  }

  /** PrivateMail's client of {@code publicSet}, with a {@link #serverPublic} stand-in for the server's embedding of it. */
  public static ClientSide privateMailClient(LabelledSet publicSet, MechanismParams p) {
    return new PrivateMailMechanism().client(clientView(publicSet, serverPublic(publicSet.size(), p.k())), p);
  }

  /** {@code rows} labelled unit-norm rows of dimension {@code dim} (row i has class i mod C). */
  public static LabelledSet rows(long seed, String purpose, int rows, int dim) {
    double[][] centres = centres(seed, dim);
    SplittableRandom rng = Seeds.stream(seed, "benchmark", purpose);
    float[] x = new float[rows * dim];
    int[] y = new int[rows];
    for (int i = 0; i < rows; i++) {
      y[i] = i % CLASSES;
      for (int j = 0; j < dim; j++) {
        x[i * dim + j] = (float) (centres[y[i]][j] + SPREAD * Seeds.gaussian(rng));
      }
    }
    FeatureMatrix.normalizeInPlace(x, rows, dim, "benchmark");
    return new LabelledSet(new FeatureMatrix(x, rows, dim), y);
  }

  private static double[][] centres(long seed, int dim) {
    SplittableRandom rng = Seeds.stream(seed, "benchmark", "centres", dim);
    double[][] centres = new double[CLASSES][dim];
    for (double[] c : centres) {
      double norm = 0;
      for (int j = 0; j < dim; j++) {
        c[j] = Seeds.gaussian(rng);
        norm += c[j] * c[j];
      }
      for (int j = 0; j < dim; j++) {
        c[j] /= Math.sqrt(norm);
      }
    }
    return centres;
  }

  /** A feature set with a {@code train} split of {@code trainRows} and a gallery of {@code galleryRows}. */
  public static FeatureSet featureSet(long seed, int trainRows, int galleryRows, int dim) {
    return new FeatureSet("benchmark", rows(seed, "train", trainRows, dim), rows(seed, "gallery", galleryRows, dim),
        CLASSES, new DatasetDefaults(SIGMA, ALPHA), "0".repeat(64), Map.of(), "synthetic benchmark data");
  }

  /**
   * D = [r; P_r; P] with {@code dummies} dummies: {@link #clientData(LabelledSet, float[], int)} for
   * 9 (one of every other class), otherwise the first {@code dummies} public rows (e.g. 100 for
   * CIFAR-100's shape: only the row count matters for timing).
   */
  public static ClientData clientData(LabelledSet publicSet, float[] query, int queryLabel, int dummies) {
    if (dummies == CLASSES - 1) {
      return clientData(publicSet, query, queryLabel);
    }
    int d = publicSet.dimension();
    int nP = publicSet.size();
    int m = 1 + dummies;
    float[] rows = new float[(m + nP) * d];
    int[] labels = new int[m + nP];
    System.arraycopy(query, 0, rows, 0, d);
    labels[0] = queryLabel;
    float[] x = publicSet.features().data();
    System.arraycopy(x, 0, rows, d, dummies * d);
    System.arraycopy(x, 0, rows, m * d, nP * d);
    System.arraycopy(publicSet.labels(), 0, labels, 1, dummies);
    System.arraycopy(publicSet.labels(), 0, labels, m, nP);
    return new ClientData(new FeatureMatrix(rows, m + nP, d), labels, m);
  }

  /**
   * D = [r; P_r; P] as the protocol runner builds it: the query row, then one public row of every
   * other class (the first of that class), then P.
   */
  public static ClientData clientData(LabelledSet publicSet, float[] query, int queryLabel) {
    int d = publicSet.dimension();
    int nP = publicSet.size();
    int[] py = publicSet.labels();
    int[] dummies = new int[CLASSES];
    int m = 1;
    for (int c = 0; c < CLASSES; c++) {
      if (c == queryLabel) {
        continue;
      }
      for (int i = 0; i < nP; i++) {
        if (py[i] == c) {
          dummies[m++ - 1] = i;
          break;
        }
      }
    }
    float[] rows = new float[(m + nP) * d];
    int[] labels = new int[m + nP];
    System.arraycopy(query, 0, rows, 0, d);
    labels[0] = queryLabel;
    float[] pub = publicSet.features().data();
    for (int i = 0; i < m - 1; i++) {
      System.arraycopy(pub, dummies[i] * d, rows, (1 + i) * d, d);
      labels[1 + i] = py[dummies[i]];
    }
    System.arraycopy(pub, 0, rows, m * d, nP * d);
    System.arraycopy(py, 0, labels, m, nP);
    return new ClientData(new FeatureMatrix(rows, m + nP, d), labels, m);
  }

  /** Row {@code i} of a set as a float copy. */
  public static float[] row(LabelledSet set, int i) {
    int d = set.dimension();
    float[] out = new float[d];
    System.arraycopy(set.features().data(), i * d, out, 0, d);
    return out;
  }

  /** All rows of D as a row-major double block. */
  public static double[] doubles(FeatureMatrix m) {
    float[] src = m.data();
    double[] out = new double[src.length];
    for (int i = 0; i < src.length; i++) {
      out[i] = src[i];
    }
    return out;
  }

  /**
   * {@code rows} iid N(0, 1) rows of dimension {@code dim} (the stand-in server embedding of
   * {@link #gaussian}, stored as floats) labelled i mod C: a gallery without class structure.
   */
  public static LabelledSet gaussianSet(long seed, String purpose, int rows, int dim) {
    double[] x = gaussian(seed, purpose, rows * dim);
    float[] f = new float[x.length];
    int[] y = new int[rows];
    for (int i = 0; i < x.length; i++) {
      f[i] = (float) x[i];
    }
    for (int i = 0; i < rows; i++) {
      y[i] = i % CLASSES;
    }
    return new LabelledSet(new FeatureMatrix(f, rows, dim), y);
  }

  /** An iid N(0, 1) block (a stand-in server embedding for retrieval timings). */
  public static double[] gaussian(long seed, String purpose, int n) {
    SplittableRandom rng = Seeds.stream(seed, "benchmark", purpose);
    double[] out = new double[n];
    for (int i = 0; i < n; i++) {
      out[i] = Seeds.gaussian(rng);
    }
    return out;
  }
}
