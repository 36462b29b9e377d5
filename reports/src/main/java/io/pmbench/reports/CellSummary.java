package io.pmbench.reports;

import io.pmbench.core.Preconditions;
import java.util.Collections;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The result of one cell of a run: one (data set, mechanism, ε, seed), with its Recall@K, time
 * and the privacy claim it was made under. One row of {@code results.csv}.
 *
 * @param dataset data-set name, e.g. {@code "cub200"}
 * @param mechanism mechanism name as registered (SPEC.md §7), e.g. {@code "privatemail"}
 * @param preset fidelity preset (SPEC.md §8), e.g. {@code "paper"}
 * @param epsilon the run's ε, finite and &gt; 0 (recorded for non-private mechanisms too, so
 *     every mechanism of one ε sits in one group)
 * @param delta the run's δ, in [0, 1)
 * @param seed the seed of this cell
 * @param queries number of queries evaluated, &ge; 1
 * @param recall Recall@K keyed by K (each K &ge; 1, non-empty): the fraction of queries with a
 *     same-class item in the top K, with its 95% bootstrap interval over queries ({@link Bootstrap});
 *     copied into an unmodifiable map in ascending K
 * @param meanQueryMillis mean client-side wall time per query in milliseconds, finite, &ge; 0
 * @param serverMillis server-side wall time (embedding [S; P]) in milliseconds, finite, &ge; 0
 * @param privacyGuarantee the claim as printed, e.g. {@code "(0.1, 1e-05)-DP"}, {@code "none"}
 *     or {@code "NOT DP (official-code noise)"}
 * @param sensitivity ℓ2 sensitivity Δ of the released quantity, or NaN for none
 * @param noiseScale standard deviation of the added noise, or NaN for none
 * @param neighbouring neighbouring relation, e.g. {@code "add/remove one row"}; may be empty
 *     for a non-private mechanism
 * @param assumedPublic what the guarantee assumes public, e.g. {@code "P, labels"}; may be empty
 * @param calibration how the noise was calibrated, e.g. {@code "CLASSIC"}; may be empty
 * @param caveat a caveat printed with the result (SPEC.md §5.4); may be empty
 */
public record CellSummary(
    String dataset,
    String mechanism,
    String preset,
    double epsilon,
    double delta,
    long seed,
    int queries,
    SortedMap<Integer, Interval> recall,
    double meanQueryMillis,
    double serverMillis,
    String privacyGuarantee,
    double sensitivity,
    double noiseScale,
    String neighbouring,
    String assumedPublic,
    String calibration,
    String caveat) {

  public CellSummary {
    Preconditions.nonBlank(dataset, "dataset");
    Preconditions.nonBlank(mechanism, "mechanism");
    Preconditions.nonBlank(preset, "preset");
    Preconditions.require(epsilon > 0 && Double.isFinite(epsilon), "epsilon", "finite and > 0",
        epsilon);
    Preconditions.require(delta >= 0 && delta < 1, "delta", "in [0, 1)", delta);
    Preconditions.atLeast(queries, 1, "queries");
    recall = copyOfRecall(recall);
    Preconditions.require(meanQueryMillis >= 0 && Double.isFinite(meanQueryMillis),
        "meanQueryMillis",
        "finite and >= 0", meanQueryMillis);
    Preconditions.require(serverMillis >= 0 && Double.isFinite(serverMillis), "serverMillis",
        "finite and >= 0", serverMillis);
    Preconditions.nonBlank(privacyGuarantee, "privacyGuarantee");
    Preconditions.nonNegativeFiniteOrNaN(sensitivity, "sensitivity");
    Preconditions.nonNegativeFiniteOrNaN(noiseScale, "noiseScale");
    requireTexts(neighbouring, assumedPublic, calibration, caveat);
  }

  /** The claim's descriptive texts: each must be non-null, and may be empty (a non-private mechanism). */
  private static void requireTexts(String neighbouring, String assumedPublic, String calibration, String caveat) {
    Preconditions.nonNull(neighbouring, "neighbouring");
    Preconditions.nonNull(assumedPublic, "assumedPublic");
    Preconditions.nonNull(calibration, "calibration");
    Preconditions.nonNull(caveat, "caveat");
  }

  /** Recall@k of this cell. */
  public Interval recallAt(int k) {
    Interval interval = recall.get(k);
    Preconditions.require(interval != null, "k", "one of " + recall.keySet(), k);
    return interval;
  }

  /** {@link #sensitivity()}, empty when the mechanism has none. */
  public OptionalDouble sensitivityIfAny() {
    return Double.isNaN(sensitivity) ? OptionalDouble.empty() : OptionalDouble.of(sensitivity);
  }

  /** {@link #noiseScale()}, empty when the mechanism adds no noise. */
  public OptionalDouble noiseScaleIfAny() {
    return Double.isNaN(noiseScale) ? OptionalDouble.empty() : OptionalDouble.of(noiseScale);
  }

  private static SortedMap<Integer, Interval> copyOfRecall(SortedMap<Integer, Interval> recall) {
    Preconditions.nonNull(recall, "recall");
    Preconditions.require(!recall.isEmpty(), "recall", "non-empty", recall);
    // Copied entry by entry so the copy uses natural K order whatever the caller's comparator.
    SortedMap<Integer, Interval> copy = new TreeMap<>();
    for (Map.Entry<Integer, Interval> e : recall.entrySet()) {
      Integer k = e.getKey();
      Preconditions.require(k != null && k >= 1, "recall K", ">= 1", k);
      Interval interval = Preconditions.nonNull(e.getValue(), "recall@" + k);
      Preconditions.unitInterval(interval.low(), "recall@" + k + " low");
      Preconditions.unitInterval(interval.high(), "recall@" + k + " high");
      copy.put(k, interval);
    }
    return Collections.unmodifiableSortedMap(copy);
  }
}
