package io.pmbench.baselines.dpdsne;

import io.pmbench.core.data.FeatureMatrix;
import io.pmbench.core.mechanism.ClientData;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The ε-independent part of a {@code dp-dsne} query, computed once and reused across the ε cells
 * of a grid: the free rows' exaggerated affinities (the perplexity search, {@code SmileAffinities},
 * about n² exponentials per bisection step — the bulk of a query). A query's D = [r; P_r; P] is
 * the same at every ε (the runner derives splits, queries and dummies without the mechanism or
 * ε), and the affinities depend on D alone, so a hit returns the doubles a fresh computation
 * would (tested).
 *
 * <p>Key: the public set's feature matrix (by identity: the client of every cell of a seed gets
 * the same one; another matrix is a miss, never a wrong hit) and D's free rows [0, m), compared
 * float by float. Each hit returns a deep copy, because the t-SNE loop divides its P by 12 in
 * place. Entries are dropped least recently used beyond {@link #budgetBytes()} of affinities, so
 * one seed's queries at the default sizes (m = 10, n = 1,010: 81 kB each) stay cached. Thread-safe
 * (queries run in parallel); two threads missing the same key both compute, with equal results.
 */
final class AffinityCache {
  private final long budget;
  private long bytes;
  private final LinkedHashMap<Key, double[][]> entries = new LinkedHashMap<>(16, 0.75f, true);

  AffinityCache() {
    this(budgetBytes());
  }

  AffinityCache(long budget) {
    this.budget = budget;
  }

  /** Memory the cached affinities may take: 128 MiB (≈ 1,650 queries at m = 10, n = 1,010). */
  static long budgetBytes() {
    return 128L << 20;
  }

  /** The affinities of {@code data}'s free rows: a copy of the cached ones, or {@code compute}'s (then cached). */
  double[][] get(FeatureMatrix publicSet, ClientData data, Supplier<double[][]> compute) {
    Key key = new Key(publicSet, data);
    double[][] hit;
    synchronized (this) {
      hit = entries.get(key);
    }
    if (hit != null) {
      return copy(hit);
    }
    double[][] p = compute.get();
    long size = 8L * p.length * (p.length == 0 ? 0 : p[0].length);
    synchronized (this) {
      if (size <= budget && entries.put(key, copy(p)) == null) {
        bytes += size;
        var it = entries.entrySet().iterator();
        while (bytes > budget && it.hasNext()) {
          Map.Entry<Key, double[][]> eldest = it.next();
          bytes -= 8L * eldest.getValue().length * eldest.getValue()[0].length;
          it.remove();
        }
      }
    }
    return p;
  }

  /** Number of cached queries (tests). */
  synchronized int size() {
    return entries.size();
  }

  private static double[][] copy(double[][] p) {
    double[][] out = new double[p.length][];
    for (int i = 0; i < p.length; i++) {
      out[i] = p[i].clone();
    }
    return out;
  }

  /** The public set (identity), D's size and free rows (values). */
  private static final class Key {
    private final FeatureMatrix publicSet;
    private final int n;
    private final float[] free;
    private final int hash;

    Key(FeatureMatrix publicSet, ClientData data) {
      this.publicSet = publicSet;
      this.n = data.size();
      FeatureMatrix rows = data.rows();
      this.free = Arrays.copyOf(rows.data(), data.publicOffset() * rows.cols());
      this.hash = 31 * (31 * System.identityHashCode(publicSet) + n) + Arrays.hashCode(free);
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Key k && k.publicSet == publicSet && k.n == n && k.hash == hash && Arrays.equals(k.free, free);
    }

    @Override
    public int hashCode() {
      return hash;
    }
  }
}
