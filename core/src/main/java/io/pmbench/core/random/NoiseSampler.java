package io.pmbench.core.random;

import io.pmbench.core.Preconditions;
import io.pmbench.core.CliEnum;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;

/**
 * How a mechanism draws its additive noise (option {@code noiseSampler}; the {@code corrected}
 * preset defaults to {@link #SECURE}).
 *
 * <ul>
 *   <li>{@link #STANDARD}: textbook sampling in double precision ({@link Seeds#gaussian},
 *       {@link Seeds#laplace}). Its output's low-order bits can reveal the unperturbed value
 *       (Mironov 2012, "On significance of the least significant bits for differential privacy"),
 *       so the stated (ε, δ) holds for the idealised real-valued mechanism only.
 *   <li>{@link #SECURE}: the release is put on a grid γ = 2^(⌊log₂ s⌋ − 26) (a power of two, so
 *       every scaling is exact): each coordinate f_i is rounded to the nearest grid point and an
 *       exact integer deviate Z_i — discrete Gaussian or discrete Laplace ({@link DiscreteNoise},
 *       Canonne, Kamath &amp; Steinke 2020) — is added, giving γ·(round(f_i/γ) + Z_i). The output is
 *       a function of the integers only, so no floating-point artefact of the noise leaks.
 *       <b>Privacy cost of the grid:</b> rounding moves each coordinate by at most γ/2, so the ℓ2
 *       sensitivity of the rounded query over m coordinates is at most Δ + γ·√m (ℓ1: Δ₁ + γ·m).
 *       The scale is enlarged by the same factor, s′ = s·(1 + γ·√m/Δ) (Laplace: b′ = b·(1 +
 *       γ·m/Δ₁)), then rounded up to a whole number of grid units (≥ 2²⁶), so the ratio
 *       sensitivity/scale — which fixes the guarantee — is no larger than the real-valued
 *       mechanism's: the guarantee is kept and the price is noise larger by a factor 1 + γ·√m/Δ
 *       (≈ 1 + 10⁻⁴ for PrivateMail at ε = 0.1). For the Laplace mechanism this is exactly pure
 *       (Δ₁/b)-DP; for the Gaussian, CKS 2020 show the discrete Gaussian's privacy matches the
 *       continuous one's (same concentrated DP; (ε, δ) within a negligible term at σ ≥ 2²⁶ grid
 *       units). The uniform integers come from the run's seeded {@link SplittableRandom} (exact
 *       and reproducible, not unpredictable), or under {@link NoiseOrigin#SYSTEM} from an OS-seeded
 *       DRBG ({@link #gaussian(double, double, int, NoiseOrigin)}).
 * </ul>
 */
public enum NoiseSampler implements CliEnum {
  /** Textbook double-precision sampling (not floating-point hardened). */
  STANDARD,
  /** Exact discrete noise on a power-of-two grid (floating-point safe). */
  SECURE;

  /** The option key that selects the sampler, e.g. {@code noiseSampler=secure}. */
  public static final String OPTION = "noiseSampler";

  /** log₂ of the smallest scale in grid units. */
  static final int GRID_BITS = 26;

  /** Parses {@code standard} or {@code secure} ({@link #cliName()}; case-insensitive). */
  public static NoiseSampler parse(String s) {
    return CliEnum.parse(values(), s, OPTION, true);
  }

  /**
   * Gaussian noise N(0, s²) per coordinate for a release of {@code coordinates} entries with ℓ2
   * sensitivity {@code l2Sensitivity} (used only by {@link #SECURE}, to pay for the grid; an
   * underestimate only adds noise).
   */
  public NoiseSource gaussian(double s, double l2Sensitivity, int coordinates) {
    checkScale(s, l2Sensitivity, coordinates);
    if (this == STANDARD) {
      return new Standard(s, false);
    }
    return new Secure(s, 1 + gridFor(s) * Math.sqrt(coordinates) / l2Sensitivity, false);
  }

  /**
   * Laplace noise Lap(b) per coordinate for a release of {@code coordinates} entries with ℓ1
   * sensitivity {@code l1Sensitivity} (used only by {@link #SECURE}, as for {@link #gaussian}).
   */
  public NoiseSource laplace(double b, double l1Sensitivity, int coordinates) {
    checkScale(b, l1Sensitivity, coordinates);
    if (this == STANDARD) {
      return new Standard(b, true);
    }
    return new Secure(b, 1 + gridFor(b) * coordinates / l1Sensitivity, true);
  }

  /**
   * As {@link #gaussian(double, double, int)}, the uniform bits from {@code origin}: under
   * {@link NoiseOrigin#SYSTEM} the returned source ignores the stream handed to
   * {@link NoiseSource#perturb} and draws from its own OS-seeded DRBG, so only this release's
   * noise leaves the seeded stream. {@code SYSTEM} needs {@link #SECURE} (a double-precision
   * sampler would undo what unpredictable bits buy).
   */
  public NoiseSource gaussian(double s, double l2Sensitivity, int coordinates, NoiseOrigin origin) {
    return from(origin, gaussian(s, l2Sensitivity, coordinates));
  }

  /** As {@link #laplace(double, double, int)}, the uniform bits from {@code origin} (see {@link #gaussian(double, double, int, NoiseOrigin)}). */
  public NoiseSource laplace(double b, double l1Sensitivity, int coordinates, NoiseOrigin origin) {
    return from(origin, laplace(b, l1Sensitivity, coordinates));
  }

  private NoiseSource from(NoiseOrigin origin, NoiseSource seeded) {
    if (origin == NoiseOrigin.SEEDED) {
      return seeded;
    }
    if (this != SECURE) {
      throw new IllegalArgumentException(OPTION + " must be secure under " + NoiseOrigin.OPTION
          + "=system. Provided value: " + cliName());
    }
    return new SystemDrawn((Secure) seeded, NoiseOrigin.drbg());
  }

  /** The grid γ = 2^(⌊log₂ scale⌋ − 26) for a noise scale. */
  static double gridFor(double scale) {
    return Math.scalb(1.0, Math.getExponent(scale) - GRID_BITS);
  }

  private static void checkScale(double scale, double sensitivity, int coordinates) {
    Preconditions.positiveFinite(scale, "noise scale");
    Preconditions.checkSensitivity(sensitivity);
    Preconditions.atLeast(coordinates, 1, "coordinates");
  }

  private record Standard(double scale, boolean laplace) implements NoiseSource {
    @Override
    public double perturb(double value, SplittableRandom rng) {
      return value + (laplace ? Seeds.laplace(scale, rng) : scale * Seeds.gaussian(rng));
    }

    /**
     * The values of {@link #perturb} entry by entry, in index order, from the same draws; Gaussian
     * noise through {@link Seeds#addGaussians}, which gives those bits about twice as fast.
     */
    @Override
    public void addTo(double[] x, SplittableRandom rng) {
      if (laplace) {
        NoiseSource.super.addTo(x, rng);
      } else {
        Seeds.addGaussians(x, scale, rng);
      }
    }

    @Override
    public String description() {
      return (laplace ? "Laplace" : "Gaussian") + " noise sampled in double precision (noiseSampler=standard; not"
          + " floating-point hardened, Mironov 2012)";
    }
  }

  /** Discrete noise of {@code units} grid steps on the grid {@code grid}. */
  private record Secure(double grid, long units, boolean laplace) implements NoiseSource {
    Secure(double requested, double inflation, boolean laplace) {
      this(gridFor(requested), (long) Math.ceil(Math.scalb(requested * inflation, GRID_BITS
          - Math.getExponent(requested))), laplace);
    }

    @Override
    public double scale() {
      return units * grid;
    }

    @Override
    public double perturb(double value, SplittableRandom rng) {
      return perturbFrom(value, rng);
    }

    double perturbFrom(double value, RandomGenerator rng) {
      double cells = Math.rint(value / grid);
      if (!(Math.abs(cells) < 0x1p62)) {
        throw new IllegalArgumentException("value must be finite and below 2^62 grid steps of " + grid
            + " for the secure sampler. Provided value: " + value);
      }
      long z = laplace ? DiscreteNoise.laplace(units, rng) : DiscreteNoise.gaussian(units, rng);
      return Math.addExact((long) cells, z) * grid;
    }

    @Override
    public String description() {
      return String.format(Locale.ROOT, "discrete %s noise (noiseSampler=secure; Canonne-Kamath-Steinke 2020) on the"
          + " grid %s with scale %d grid steps = %.6g (enlarged to pay for rounding to the grid)",
          laplace ? "Laplace" : "Gaussian", Double.toString(grid), units, scale());
    }
  }

  /** {@link Secure} noise whose uniform bits come from an OS-seeded DRBG, not the caller's stream. */
  private record SystemDrawn(Secure secure, RandomGenerator drbg) implements NoiseSource {
    @Override
    public double scale() {
      return secure.scale();
    }

    /** {@code value} plus one draw from the DRBG; {@code ignored} is not read (so not advanced). */
    @Override
    public double perturb(double value, SplittableRandom ignored) {
      return secure.perturbFrom(value, drbg);
    }

    @Override
    public String description() {
      return secure.description() + ", uniform bits from an OS-seeded DRBG (noiseSource=system; not reproducible)";
    }
  }
}
