package io.pmbench.baselines.pca;

import io.pmbench.baselines.shared.SharedFutures;
import io.pmbench.core.data.FeatureMatrix;
import io.pmbench.core.mechanism.ClientData;
import java.lang.ref.SoftReference;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * The ε-independent part of a PPCA query, computed once and shared by the ε cells of a grid: the
 * eigenbasis of G = PᵀP + Σ x·xᵀ over D's m free rows ({@link UpdatedEigenbasis}, m rank-one updates
 * of the public eigenbasis: O(m·d²) divisions and O(m²·d²) products, most of a query when m is large —
 * CIFAR-100's 99 dummies). It depends on the public set and the free rows alone: not on ε, the noise
 * or any random draw, and a query's D = [r; P_r; P] is the same at every ε (the runner derives splits,
 * queries and dummies without the mechanism or ε). So a hit returns the basis a fresh computation
 * would build, bit for bit; the basis is read-only (its coordinate maps allocate their results), so
 * one instance serves every thread.
 *
 * <p>Key: the public set's feature matrix by identity (the client of every cell of a seed gets the
 * same one from the runner's seed context; another matrix is a miss, never a wrong hit) and D's free
 * rows [0, m) compared float by float.
 *
 * <p>Concurrency: the sweep runs two cells of different ε at once on a 2-core machine, whose queries
 * ask for the same keys at about the same time. The first caller of a key builds the basis; a caller
 * arriving while it is built waits for it instead of repeating it (a failure reaches every waiter and
 * the key is dropped).
 *
 * <p>Memory: a finished basis is held through a soft reference, so the cache never causes an
 * OutOfMemoryError (the collector clears it first; the next caller builds it again, the same bits), and
 * entries are dropped least recently used beyond a budget of an eighth of the JVM's maximum heap,
 * between 128 MiB and 1 GiB, by {@link UpdatedEigenbasis#bytes()} (CIFAR-100 with SqueezeNet
 * features, d = 512, m = 100: about 4 MB a query; Fashion-MNIST, d = 784, m = 10: about 0.6 MB). Where
 * a whole cell does not fit, cells computed at the same time still share each query (the later one
 * waits for, or finds, the earlier one's basis), and a cell computed alone recomputes every basis (the
 * same bits, only without reuse).
 */
final class EigenbasisCache {
  private final long budget;
  private long bytes;
  /** Finished and running computations, least recently used first. */
  private final LinkedHashMap<Key, Entry> entries = new LinkedHashMap<>(16, 0.75f, true);
  private final AtomicLong builds = new AtomicLong();

  /** A running build (waited for by later callers), then its result held softly and the bytes it was charged. */
  private static final class Entry {
    private FutureTask<UpdatedEigenbasis> running;
    private SoftReference<UpdatedEigenbasis> done;
    private long size;
  }

  EigenbasisCache() {
    this(Math.max(128L << 20, Math.min(1L << 30, Runtime.getRuntime().maxMemory() / 8)));
  }

  EigenbasisCache(long budget) {
    this.budget = budget;
  }

  /**
   * The basis for D's free rows over {@code publicSet}: the cached one, the one another thread is
   * building (after waiting for it), or {@code build}'s (then cached).
   */
  UpdatedEigenbasis get(FeatureMatrix publicSet, ClientData data, Supplier<UpdatedEigenbasis> build) {
    Key key = new Key(publicSet, data);
    FutureTask<UpdatedEigenbasis> task;
    boolean mine = false;
    synchronized (this) {
      Entry e = entries.get(key);
      UpdatedEigenbasis hit = e == null || e.done == null ? null : e.done.get();
      if (hit != null) {
        return hit;
      }
      if (e != null && e.running != null) {
        task = e.running;
      } else {
        if (e != null) { // finished, but its basis was collected: build it again
          bytes -= e.size;
        }
        task = new FutureTask<>(() -> {
          builds.incrementAndGet();
          return build.get();
        });
        Entry fresh = new Entry();
        fresh.running = task;
        entries.put(key, fresh);
        mine = true;
      }
    }
    if (mine) {
      task.run();
      settle(key, task);
    }
    return SharedFutures.result(task, "private-pca eigenbasis");
  }

  /**
   * Holds a finished build softly, charges it to the budget and drops the least recently used finished
   * entries beyond it; drops a failed build (its callers rethrow the failure; a later call tries again).
   */
  private synchronized void settle(Key key, FutureTask<UpdatedEigenbasis> task) {
    Entry e = entries.get(key);
    UpdatedEigenbasis basis;
    try {
      basis = task.get();
    } catch (ExecutionException | InterruptedException failure) {
      entries.remove(key);
      return;
    }
    e.running = null;
    e.done = new SoftReference<>(basis);
    e.size = key.bytes() + basis.bytes();
    bytes += e.size;
    Iterator<Entry> it = entries.values().iterator();
    while (bytes > budget && it.hasNext()) {
      Entry eldest = it.next();
      if (eldest.done != null) { // running builds are not charged and stay
        bytes -= eldest.size;
        it.remove();
      }
    }
  }

  /** Number of cached or running entries (tests). */
  synchronized int size() {
    return entries.size();
  }

  /** Number of bases built so far, i.e. of misses not served by a running build (tests). */
  long builds() {
    return builds.get();
  }

  /** The public set (identity) and D's free rows (values). */
  private static final class Key {
    private final FeatureMatrix publicSet;
    private final float[] free;
    private final int hash;

    Key(FeatureMatrix publicSet, ClientData data) {
      this.publicSet = publicSet;
      FeatureMatrix rows = data.rows();
      this.free = Arrays.copyOf(rows.data(), data.publicOffset() * rows.cols());
      this.hash = 31 * System.identityHashCode(publicSet) + Arrays.hashCode(free);
    }

    long bytes() {
      return 4L * free.length;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Key k && k.publicSet == publicSet && k.hash == hash && Arrays.equals(k.free, free);
    }

    @Override
    public int hashCode() {
      return hash;
    }
  }
}
