package io.pmbench.baselines.pca;

/** How PPCA's Gibbs chain ({@link MatrixBingham}) redraws a column given the others (BASELINES.md §3). */
public enum ColumnDraw {
  /**
   * Hoff's (2009) column step: one sweep of the vector-Bingham Gibbs sampler ({@link VectorBingham})
   * in the eigenbasis of the conditional's parameter (O(d²) per step). The default of private-pca's
   * revision 1.
   */
  SWEEP,
  /**
   * An exact draw of the column's full conditional by ACG rejection ({@link AcgVectorBingham}, Kent,
   * Ganeiber &amp; Mardia 2018; O(d) per proposal): the same stationary distribution, a different chain.
   * The default since private-pca's revision 2 (4–8× faster per query, docs/performance/performance.md).
   */
  EXACT
}
