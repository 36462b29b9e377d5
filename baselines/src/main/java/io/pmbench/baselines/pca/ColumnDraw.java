package io.pmbench.baselines.pca;

/** How PPCA's Gibbs chain ({@link MatrixBingham}) redraws a column given the others (BASELINES.md §3). */
public enum ColumnDraw {
  /**
   * private-pca's default since its revision 2: {@link #EXACT} for k ≤ 2 (at most one other column,
   * where the envelope's shift is the compressed top eigenvalue) and {@link #SWEEP} for k ≥ 3 (where
   * the exact draw keeps the global shift and can fail at large ε: on a Fashion-MNIST-like spectrum
   * at ε = 8 it accepts none of 100,000 proposals). Resolved by {@link PrivatePcaOptions#of}; the
   * chain itself never sees it.
   */
  AUTO,
  /**
   * Hoff's (2009) column step: one sweep of the vector-Bingham Gibbs sampler ({@link VectorBingham})
   * in the eigenbasis of the conditional's parameter (O(d²) per step). The default of private-pca's
   * revision 1, and {@link #AUTO}'s choice for k ≥ 3.
   */
  SWEEP,
  /**
   * An exact draw of the column's full conditional by ACG rejection ({@link AcgVectorBingham}, Kent,
   * Ganeiber &amp; Mardia 2018; O(d) per proposal): the same stationary distribution, a different chain.
   * {@link #AUTO}'s choice for k ≤ 2 (4–8× faster per query than SWEEP, docs/performance/performance.md).
   */
  EXACT
}
