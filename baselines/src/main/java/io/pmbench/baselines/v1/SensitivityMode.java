package io.pmbench.baselines.v1;

import java.util.Locale;

/** How {@code privatemail-v1} bounds the sensitivity of a noisy iteration (option {@code sensitivity}). */
public enum SensitivityMode {
  /**
   * Valid: ℓ1 sensitivity Δ₁ = √((n+1)·k)·Δ₂ with Δ₂ the ℓ2 bound of Appendix B (SPEC.md §5.2)
   * evaluated at the Frobenius norm of the iteration's input block (the default).
   */
  APPENDIX_B,
  /** The early paper as written: Corollary 1.1 with Appendix E, Case 2. Not differentially private. */
  EARLY_PAPER;

  /** The option key. */
  public static final String OPTION = "sensitivity";

  /** Parses the option value (case-insensitive). */
  public static SensitivityMode parse(String s) {
    try {
      return valueOf(s.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(OPTION + " must be one of APPENDIX_B, EARLY_PAPER. Provided value: " + s, e);
    }
  }
}
