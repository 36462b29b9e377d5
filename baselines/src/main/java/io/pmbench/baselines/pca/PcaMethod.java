package io.pmbench.baselines.pca;

/** How private-pca chooses its DP subspace V (BASELINES.md §3). */
public enum PcaMethod {
  /**
   * PPCA (Chaudhuri, Sarwate &amp; Sinha 2013, Algorithm 2): V drawn from the matrix Bingham density
   * ∝ exp((n·ε₁/2)·tr(VᵀAV)) — the exponential mechanism, ε₁-DP (pure) for an exact sample.
   */
  PPCA,
  /**
   * MOD-SULQ (Chaudhuri, Sarwate &amp; Sinha 2013, Algorithm 1): V = top-k eigenvectors of A + E with
   * E symmetric Gaussian; (ε₁, δ₁)-DP.
   */
  MOD_SULQ
}
