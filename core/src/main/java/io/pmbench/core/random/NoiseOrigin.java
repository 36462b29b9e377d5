package io.pmbench.core.random;

import java.security.DrbgParameters;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Locale;

/**
 * Where the uniform bits of a mechanism's privacy noise come from (option {@code noiseSource};
 * {@code pmbench --noise-source}).
 *
 * <ul>
 *   <li>{@link #SEEDED} (the default): from the query's {@link java.util.SplittableRandom} stream,
 *       derived by {@link Seeds} from public values (root seed, data set, mechanism, ε, query).
 *       Anyone who knows them can regenerate the noise and subtract it, so the release has
 *       <b>no</b> privacy against such an adversary: {@value #SEEDED_STATEMENT}.
 *   <li>{@link #SYSTEM}: from a fresh OS-seeded DRBG ({@code SecureRandom.getInstance("DRBG")},
 *       256-bit strength, prediction resistance off, instantiated from the platform's entropy
 *       source) per release, through the exact discrete samplers of {@link NoiseSampler#SECURE}.
 *       Only the privacy noise (the {@link NoiseSource} draws) uses it; everything the protocol
 *       treats as public or internal — the public set, the queries, the dummies, PrivateMail's
 *       initial Q — still comes from the seeded stream. Results are not reproducible:
 *       {@value #SYSTEM_STATEMENT}.
 * </ul>
 */
public enum NoiseOrigin {
  /** Noise from the seeded per-query stream: reproducible, not a release. */
  SEEDED,
  /** Noise from an OS-seeded DRBG: unpredictable, not reproducible. */
  SYSTEM;

  /** The option key, e.g. {@code noiseSource=system}; absent means {@link #SEEDED}. */
  public static final String OPTION = "noiseSource";

  /** What every report says of a {@link #SEEDED} run. */
  public static final String SEEDED_STATEMENT = "noise reproducible from public seeds — a benchmark, not a release";

  /** What every report says of a {@link #SYSTEM} run. */
  public static final String SYSTEM_STATEMENT = "noise drawn from an OS-seeded DRBG (exact discrete samplers) — "
      + "results not reproducible";

  /** The user-facing name ({@code seeded} or {@code system}). */
  public String cliName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The sentence reports print for this source. */
  public String statement() {
    return this == SEEDED ? SEEDED_STATEMENT : SYSTEM_STATEMENT;
  }

  /** Whether a run under this source can be reproduced from its configuration. */
  public boolean reproducible() {
    return this == SEEDED;
  }

  /** Parses {@code seeded} or {@code system} (case-insensitive). */
  public static NoiseOrigin parse(String s) {
    for (NoiseOrigin o : values()) {
      if (o.cliName().equalsIgnoreCase(s.strip())) {
        return o;
      }
    }
    throw new IllegalArgumentException(OPTION + " must be one of seeded, system. Provided value: " + s);
  }

  /**
   * A new DRBG seeded by the operating system's entropy source (SP 800-90A Hash_DRBG or the
   * platform's default DRBG mechanism at 256-bit strength). The JDK's DRBG is thread-safe; callers
   * still make one per release, so parallel queries never contend for it.
   */
  public static SecureRandom drbg() {
    try {
      return SecureRandom.getInstance("DRBG",
          DrbgParameters.instantiation(256, DrbgParameters.Capability.RESEED_ONLY, null));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("this JVM has no DRBG SecureRandom, needed for noiseSource=system", e);
    }
  }
}
