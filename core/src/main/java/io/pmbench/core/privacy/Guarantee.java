package io.pmbench.core.privacy;

/** The kind of guarantee a release carries. */
public enum Guarantee {
  /** Non-private (a reference or control). */
  NONE,
  /** Pure ε-differential privacy. */
  PURE_DP,
  /** Approximate (ε, δ)-differential privacy. */
  APPROXIMATE_DP,
  /** Noise is added but no valid guarantee exists at the stated ε (e.g. the official code's noise). */
  NOT_DP
}
