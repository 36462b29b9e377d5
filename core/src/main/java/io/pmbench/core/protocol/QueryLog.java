package io.pmbench.core.protocol;

/**
 * Keeps the finished queries of a cell while it runs, so that a run stopped part-way through a
 * cell (which for a slow mechanism can take an hour) resumes without recomputing them. A query's
 * outcome is a pure function of (configuration, seed, mechanism, ε, query) — every draw comes
 * from {@code Seeds.stream(seed, data set, mechanism, ε, "query", q)} — so a recorded outcome is
 * exactly what recomputing it would give, except for its wall time.
 *
 * <p>Implementations must be safe to call from several query threads at once.
 */
public interface QueryLog {
  /** Records nothing and recalls nothing. */
  QueryLog NONE = Disabled.INSTANCE;

  /**
   * The outcome an earlier, interrupted run of this cell recorded for the query at position
   * {@code i} of the cell's query list, or {@code null}.
   */
  QueryOutcome recorded(int i);

  /** Records the outcome of the query at position {@code i}, computed by this run. */
  void record(int i, QueryOutcome outcome);

  /** The implementation of {@link #NONE}. */
  enum Disabled implements QueryLog {
    INSTANCE;

    @Override
    public QueryOutcome recorded(int i) {
      return null;
    }

    @Override
    public void record(int i, QueryOutcome outcome) {
      // nothing to keep
    }
  }
}
