package io.pmbench.baselines.dpdsne;

import io.pmbench.baselines.shared.SharedFutures;
import io.pmbench.baselines.tsne.SmileAffinities;
import io.pmbench.baselines.tsne.SmileTsne;
import io.pmbench.core.data.FeatureMatrix;
import io.pmbench.core.mechanism.ClientData;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * The ε-independent part of a {@code dp-dsne} query, computed once and reused across the ε cells
 * of a grid: the free rows' exaggerated affinities (the perplexity search, {@code SmileAffinities},
 * about n² exponentials per bisection step — the bulk of a query's affinities). A query's
 * D = [r; P_r; P] is the same at every ε (the runner derives splits, queries and dummies without
 * the mechanism or ε), and the affinities depend on D, the perplexity and the search's tolerance
 * alone, so a hit returns the doubles a fresh computation would (tested, bit for bit, through the
 * protocol runner).
 *
 * <p>Key: the public set's feature matrix (by identity: the client of every cell of a seed gets
 * the same one from the runner's seed context; another matrix is a miss, never a wrong hit), D's
 * size and free rows [0, m) compared float by float, the perplexity and the tolerance. Each caller
 * gets its own deep copy, because the t-SNE loop divides its P by 12 in place.
 *
 * <p>Concurrency: the sweep runs cells of different ε at once ({@code --parallel}, 2 on a 2-core
 * machine), whose queries ask for the same keys at about the same time. The first caller of a key
 * computes; a caller arriving while that computation runs waits for it instead of repeating it
 * (a failure reaches every waiter). So the calibration runs once per (seed, query) whatever the
 * order or overlap of the cells (tested with two threads).
 *
 * <p>Memory: entries (affinities and key) are dropped least recently used beyond
 * {@link #budgetBytes()}, which holds a whole cell at the defaults (Fashion-MNIST: m = 10,
 * n = 1,010: 112 kB a query, 1,000 queries: 112 MB) and on Omniglot (m ≤ 137, n ≤ 1,137: ≈ 1.9 MB
 * a query, 200 queries: ≈ 380 MB) under the JVM's default heap (a quarter of the memory) from a
 * 16 GB machine up. The sweep runs the ε cells of one seed one after another, so one cell's queries
 * are what must fit. A cell larger than the budget still computes every query correctly, only
 * without reuse (least-recently-used eviction under a cyclic scan keeps nothing useful).
 */
final class AffinityCache {
  private final long budget;
  private long bytes;
  private final LinkedHashMap<Key, double[][]> entries = new LinkedHashMap<>(16, 0.75f, true);
  private final Map<Key, FutureTask<double[][]>> running = new HashMap<>();
  private final AtomicLong computations = new AtomicLong();

  AffinityCache() {
    this(budgetBytes());
  }

  AffinityCache(long budget) {
    this.budget = budget;
  }

  /** Memory the cached entries may take: an eighth of the JVM's maximum heap, between 128 MiB and 1 GiB. */
  static long budgetBytes() {
    return Math.max(128L << 20, Math.min(1L << 30, Runtime.getRuntime().maxMemory() / 8));
  }

  /**
   * The affinities of {@code data}'s free rows: a copy of the cached ones, of those another thread
   * is computing (after waiting for it), or of {@code compute}'s (then cached).
   */
  double[][] get(FeatureMatrix publicSet, ClientData data, Supplier<double[][]> compute) {
    Key key = new Key(publicSet, data);
    FutureTask<double[][]> task;
    boolean mine = false;
    synchronized (this) {
      double[][] hit = entries.get(key);
      if (hit != null) {
        return copy(hit);
      }
      task = running.get(key);
      if (task == null) {
        task = new FutureTask<>(() -> {
          computations.incrementAndGet();
          return compute.get();
        });
        running.put(key, task);
        mine = true;
      }
    }
    if (mine) {
      task.run();
      settle(key, task);
    }
    return copy(await(task));
  }

  /** Moves a finished computation from {@link #running} to the entries (when it succeeded and fits). */
  private synchronized void settle(Key key, FutureTask<double[][]> task) {
    running.remove(key);
    double[][] p;
    try {
      p = task.get();
    } catch (ExecutionException | InterruptedException e) {
      return; // the caller rethrows it through await
    }
    long size = key.bytes() + 8L * p.length * (p.length == 0 ? 0 : p[0].length);
    if (size > budget || entries.put(key, p) != null) {
      return;
    }
    bytes += size;
    var it = entries.entrySet().iterator();
    while (bytes > budget && it.hasNext()) {
      Map.Entry<Key, double[][]> eldest = it.next();
      double[][] e = eldest.getValue();
      bytes -= eldest.getKey().bytes() + 8L * e.length * (e.length == 0 ? 0 : e[0].length);
      it.remove();
    }
  }

  /** The task's result, or its failure rethrown ({@link SharedFutures#result}). */
  private static double[][] await(FutureTask<double[][]> task) {
    return SharedFutures.result(task, "dp-dsne affinities");
  }

  /** Number of cached queries (tests). */
  synchronized int size() {
    return entries.size();
  }

  /** Number of computations started so far, i.e. of misses not served by a running computation (tests). */
  long computations() {
    return computations.get();
  }

  private static double[][] copy(double[][] p) {
    double[][] out = new double[p.length][];
    for (int i = 0; i < p.length; i++) {
      out[i] = p[i].clone();
    }
    return out;
  }

  /** The public set (identity), D's size and free rows (values), the perplexity and the search's tolerance. */
  private static final class Key {
    private final FeatureMatrix publicSet;
    private final int n;
    private final float[] free;
    private final double perplexity = SmileTsne.perplexity();
    private final double tolerance = SmileAffinities.entropyTolerance();
    private final int hash;

    Key(FeatureMatrix publicSet, ClientData data) {
      this.publicSet = publicSet;
      this.n = data.size();
      FeatureMatrix rows = data.rows();
      this.free = Arrays.copyOf(rows.data(), data.publicOffset() * rows.cols());
      this.hash = 31 * (31 * System.identityHashCode(publicSet) + n) + Arrays.hashCode(free);
    }

    /** Memory of the key's copy of the free rows. */
    long bytes() {
      return 4L * free.length;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Key k && k.publicSet == publicSet && k.n == n && k.hash == hash
          && Double.compare(k.perplexity, perplexity) == 0 && Double.compare(k.tolerance, tolerance) == 0
          && Arrays.equals(k.free, free);
    }

    @Override
    public int hashCode() {
      return hash;
    }
  }
}
