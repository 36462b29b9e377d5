package io.pmbench.datasets.builtin;

import io.pmbench.core.data.FeatureSet;
import java.lang.ref.SoftReference;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * One built-in set, loaded on first use and kept through a {@link SoftReference}: shared while
 * memory allows, reloaded (by the same loader, so to the same values) after the collector drops
 * it. Callers share the set's arrays and must not modify them.
 */
final class SoftCache {
  private final Supplier<FeatureSet> loader;
  private SoftReference<FeatureSet> cached = new SoftReference<>(null);

  SoftCache(Supplier<FeatureSet> loader) {
    this.loader = Objects.requireNonNull(loader, "loader");
  }

  /** The cached set, or a fresh one from the loader (then cached). */
  synchronized FeatureSet get() {
    FeatureSet set = cached.get();
    if (set == null) {
      set = loader.get();
      cached = new SoftReference<>(set);
    }
    return set;
  }
}
