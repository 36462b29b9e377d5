package io.pmbench.testkit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.pmbench.core.mechanism.AuditStage;
import io.pmbench.core.mechanism.Auditable;
import io.pmbench.core.mechanism.ClientData;
import io.pmbench.core.mechanism.ClientRelease;
import io.pmbench.core.mechanism.ClientSide;
import io.pmbench.core.mechanism.ClientView;
import io.pmbench.core.mechanism.EmbeddingMechanism;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.Preset;
import io.pmbench.core.mechanism.ServerSide;
import io.pmbench.core.mechanism.ServerView;
import io.pmbench.core.privacy.Guarantee;
import io.pmbench.core.privacy.NoiseCalibration;
import io.pmbench.core.privacy.PrivacyClaim;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;

/**
 * The conformance checks every mechanism gets from one test class (see the package javadoc):
 * <pre>{@code
 * @TestFactory
 * Stream<DynamicTest> conformance() {
 *   return MechanismConformance.of(new MyMechanism()).withParams(params).tests();
 * }
 * }</pre>
 * Each check is also a public method ({@code checkDeterminism()}, …) for a plain {@code @Test}.
 * A check that does not apply (noise and sensitivity of a mechanism that is not
 * {@link Auditable}) is left out of {@link #tests()}.
 *
 * <p>Defaults: {@link Preset#PAPER} at σ = 1, α = 0.5, (ε, δ) = (0.5, 1e-5);
 * {@link ConformanceData#synthetic(long)}; its {@link ConformanceData#addRemoveNeighbours add/remove
 * neighbours}; ε-independence compared at ε = 0.1 and 8; 40,000 pooled noise values per stage.
 * Instances are immutable: each {@code with…} returns a copy.
 *
 * @param mechanism the mechanism under test
 * @param label its name in test names
 * @param params the parameters it runs at
 * @param data the data it runs on
 * @param neighbours the neighbouring pairs of the sensitivity check, or null for the data's
 *     add/remove ones
 * @param rules noise rules by calibration name, beyond the {@link NoiseCalibration} ones
 * @param epsilons the two ε of the ε-independence check
 * @param noiseValues standardised noise values pooled per stage
 * @param seed the seed of every release
 */
public record MechanismConformance(EmbeddingMechanism mechanism, String label, MechanismParams params,
    ConformanceData data, List<NeighbourPair> neighbours, Map<String, NoiseRule> rules, double[] epsilons,
    int noiseValues, long seed) {
  /** Relative tolerance of the equations a claim must satisfy exactly (only rounding may differ). */
  public static final double EXACT = 1e-9;

  /**
   * Absolute tolerance of a randomised-response flip probability: a sampler that compares 53-bit
   * uniform integers rounds q up to a multiple of 2⁻⁵³ (plus a few units for the rounding of
   * e^ε), which can exceed {@link #EXACT} relative when q is tiny.
   */
  public static final double FLIP_GRID = 0x1p-50;

  /** A noise rule: the scale a release of ℓ-sensitivity Δ at (ε, δ) must use. */
  @FunctionalInterface
  public interface NoiseRule {
    double scale(double sensitivity, double epsilon, double delta);
  }

  /** The checks of {@code mechanism} with the defaults above. */
  public static MechanismConformance of(EmbeddingMechanism mechanism) {
    ConformanceData data = ConformanceData.synthetic(11);
    return new MechanismConformance(mechanism, mechanism.name(), Preset.PAPER.builder(1.0, 0.5).build(0.5, 1e-5),
        data, null, Map.of(), new double[] {0.1, 8}, 40_000, 5);
  }

  /** The parameters the mechanism runs at (ε-independence varies their ε). */
  public MechanismConformance withParams(MechanismParams p) {
    return new MechanismConformance(mechanism, label, p, data, neighbours, rules, epsilons, noiseValues, seed);
  }

  /** The data it runs on; unless {@link #neighbours} are given, the neighbours become its add/remove ones. */
  public MechanismConformance withData(ConformanceData d) {
    return new MechanismConformance(mechanism, label, params, d, neighbours, rules, epsilons, noiseValues, seed);
  }

  /** The neighbouring pairs the sensitivity check runs over, instead of the data's add/remove ones. */
  public MechanismConformance neighbours(List<NeighbourPair> pairs) {
    return new MechanismConformance(mechanism, label, params, data, List.copyOf(pairs), rules, epsilons, noiseValues,
        seed);
  }

  /** A name for this configuration in test names (default: the mechanism's name). */
  public MechanismConformance labelled(String newLabel) {
    return new MechanismConformance(mechanism, newLabel, params, data, neighbours, rules, epsilons, noiseValues, seed);
  }

  /**
   * The noise rule of a claim whose {@link PrivacyClaim#calibration()} is not a
   * {@link NoiseCalibration} (whose rules the kit knows), e.g. a mechanism's own formula.
   */
  public MechanismConformance noiseRule(String calibration, NoiseRule rule) {
    Map<String, NoiseRule> r = new HashMap<>(rules);
    r.put(calibration, rule);
    return new MechanismConformance(mechanism, label, params, data, neighbours, Map.copyOf(r), epsilons, noiseValues,
        seed);
  }

  /** The two ε the release is compared at by the ε-independence check. */
  public MechanismConformance epsilons(double low, double high) {
    return new MechanismConformance(mechanism, label, params, data, neighbours, rules, new double[] {low, high},
        noiseValues, seed);
  }

  /** How many standardised noise values each stage's moment test pools (default 40,000). */
  public MechanismConformance noiseValues(int values) {
    return new MechanismConformance(mechanism, label, params, data, neighbours, rules, epsilons, values, seed);
  }

  /** Every applicable check as a dynamic test named "label: check". */
  public Stream<DynamicTest> tests() {
    List<DynamicTest> out = new ArrayList<>();
    out.add(DynamicTest.dynamicTest(label + ": determinism", this::checkDeterminism));
    out.add(DynamicTest.dynamicTest(label + ": declared epsilon-independence", this::checkEpsilonIndependence));
    out.add(DynamicTest.dynamicTest(label + ": privacy claim", this::checkPrivacyClaim));
    if (!stages(setup(params).client).isEmpty()) {
      out.add(DynamicTest.dynamicTest(label + ": noise calibration", this::checkNoiseCalibration));
      out.add(DynamicTest.dynamicTest(label + ": sensitivity over neighbours", this::checkSensitivity));
    }
    return out.stream();
  }

  /**
   * (a) Same inputs and seed, same bits: two independently built server and client sides give
   * bit-identical server embeddings and releases for the same stream. Fails if any randomness
   * bypasses the seeds (an unseeded generator, shared mutable state between queries).
   */
  public void checkDeterminism() {
    Setup first = setup(params);
    Setup second = setup(params);
    assertArrayEquals(bits(first.server.gallery().data()), bits(second.server.gallery().data()),
        label + ": server gallery embedding differs between two builds");
    assertArrayEquals(bits(first.server.publicRows().data()), bits(second.server.publicRows().data()),
        label + ": server public embedding differs between two builds");
    assertEquals(releaseBits(first.release(data.client(), seed)), releaseBits(second.release(data.client(), seed)),
        label + ": release differs for the same seed");
    assertEquals(releaseBits(first.release(data.client(), seed)), releaseBits(first.release(data.client(), seed)),
        label + ": the same client side releases differently for the same seed");
  }

  /**
   * (b) {@link EmbeddingMechanism#readsEpsilon()} is what the release does. False: the server and
   * the release are bit-identical at the two ε for the same stream, and the claim is not
   * differential privacy (grids draw such a mechanism once per seed, so an ε-dependence would put
   * one ε's numbers at every ε). True: the release differs between the two ε (else grids recompute
   * a constant and the declaration is wrong).
   */
  public void checkEpsilonIndependence() {
    Setup low = setup(atEpsilon(epsilons[0]));
    Setup high = setup(atEpsilon(epsilons[1]));
    ClientRelease a = low.release(data.client(), seed);
    ClientRelease b = high.release(data.client(), seed);
    String at = " at epsilon " + epsilons[0] + " and " + epsilons[1];
    if (mechanism.readsEpsilon()) {
      assertNotEquals(releaseBits(a), releaseBits(b), label + ": readsEpsilon() is true but the release is the same"
          + at);
      return;
    }
    assertArrayEquals(bits(low.server.gallery().data()), bits(high.server.gallery().data()),
        label + ": readsEpsilon() is false but the server embedding differs" + at);
    assertEquals(releaseBits(a), releaseBits(b), label + ": readsEpsilon() is false but the release differs" + at);
    Guarantee g = a.claim().guarantee();
    assertFalse(g == Guarantee.APPROXIMATE_DP || g == Guarantee.PURE_DP,
        label + ": readsEpsilon() is false but it claims " + g);
  }

  /**
   * (c) A private claim is complete and consistent: ε and δ are the parameters' (δ = 0 for pure
   * DP), a neighbouring relation is named, Δ and the noise scale are finite and positive, and the
   * scale is what the claim's calibration gives for Δ at the (ε, δ) share the noisy stage gets
   * (the whole budget unless every {@link AuditStage} reports the same smaller share). For each
   * stage: its share is within the claim, its Δ and scale are positive, and its scale follows the
   * rule for Δ·√releases (Gaussian: T releases of sensitivity Δ are one Gaussian mechanism of
   * sensitivity Δ·√T) or Δ/ε for a Laplace stage; a randomised-response stage (Hamming Δ bits)
   * flips with q = 1/(1 + e^{ε/(Δ·releases)}), up to {@link #FLIP_GRID}, and never below it by
   * more than rounding: its realised Δ·ln((1 − q)/q) must not exceed its ε. A failure means the
   * claim misstates what the release does, or the noise is not calibrated to the stated Δ.
   */
  public void checkPrivacyClaim() {
    Setup s = setup(params);
    PrivacyClaim c = s.release(data.client(), seed).claim();
    Guarantee g = c.guarantee();
    if (g == Guarantee.NONE) {
      return;
    }
    assertEquals(params.epsilon(), c.epsilon(), label + ": claim's epsilon");
    assertEquals(g == Guarantee.PURE_DP ? 0.0 : params.delta(), c.delta(), label + ": claim's delta");
    assertTrue(c.neighbouring() != null && !c.neighbouring().isBlank() && !c.neighbouring().equals("n/a"),
        label + ": claim names no neighbouring relation");
    assertPositive(c.noiseScale(), "claim's noise scale");
    if (g != Guarantee.NOT_DP) {
      assertPositive(c.sensitivity(), "claim's sensitivity");
    }
    List<AuditStage> stages = stages(s.client);
    double[] share = {c.epsilon(), c.delta()};
    for (AuditStage st : stages) {
      assertTrue(st.epsilon() <= c.epsilon() * (1 + EXACT) && st.delta() <= c.delta() * (1 + EXACT) + 1e-300,
          label + ": stage " + st.name() + " at (" + st.epsilon() + ", " + st.delta() + ") exceeds the claim");
      double expected = rule(c.calibration(), st.norm()).scale(st.sensitivity() * gaussianComposition(st),
          st.epsilon(), st.delta());
      assertEquals(expected, st.noiseScale(), tolerance(st.norm(), expected), label + ": stage " + st.name()
          + "'s noise scale is not its calibration (" + c.calibration() + ") of its sensitivity");
      if (st.norm() == AuditStage.Norm.HAMMING) {
        double q = st.noiseScale();
        double realised = st.sensitivity() * st.releases() * (Math.log1p(-q) - Math.log(q));
        assertTrue(realised <= st.epsilon() * (1 + EXACT), label + ": stage " + st.name() + " flips with q = " + q
            + ", so its privacy loss " + realised + " exceeds its epsilon " + st.epsilon());
      }
    }
    if (stages.stream().map(st -> st.epsilon() + "/" + st.delta()).distinct().count() == 1) {
      share = new double[] {stages.get(0).epsilon(), stages.get(0).delta()};
    } else if (stages.size() > 1) {
      return; // stages at different shares: each was checked above
    }
    if (g != Guarantee.NOT_DP) {
      AuditStage.Norm norm = stages.isEmpty() ? AuditStage.Norm.L2 : stages.get(0).norm();
      double expected = rule(c.calibration(), norm).scale(c.sensitivity(), share[0], share[1]);
      assertEquals(expected, c.noiseScale(), tolerance(norm, expected), label + ": claim's noise scale is not "
          + c.calibration() + " of its sensitivity " + c.sensitivity() + " at (" + share[0] + ", " + share[1] + ")");
    }
  }

  /**
   * (d) Each stage's own release is f(D) plus noise of the stated scale: the pooled standardised
   * noise has the stated mean and variance ({@link NoiseMoments}: 6 standard errors,
   * false-failure probability about 2e-9 per moment) — for a randomised-response stage, every
   * coordinate is f(D)'s ±1 or its negation and the pooled flip rate is the stated q
   * ({@link FlipRate}, same tolerance) — and the same internal seed gives the same f(D). Fails if
   * the noise is added at another scale than the claim's, is not centred, or the stage's internal
   * randomness depends on something other than its seed.
   */
  public void checkNoiseCalibration() {
    Setup s = setup(params);
    for (String name : ((Auditable) s.client).auditStages()) {
      AuditStage st = stage(s, name, data.client());
      assertArrayEquals(bits(st.preNoise()), bits(stage(s, name, data.client()).preNoise()),
          label + ": stage " + name + "'s f(D) differs for the same internal seed");
      SplittableRandom noise = new SplittableRandom(seed + 1);
      if (st.norm() == AuditStage.Norm.HAMMING) {
        FlipRate f = new FlipRate();
        while (f.count() < noiseValues) {
          f.add(st.release().draw(noise), st.preNoise());
        }
        f.assertStated(label + ": stage " + name, st.noiseScale());
        continue;
      }
      NoiseMoments m = st.norm() == AuditStage.Norm.L2 ? NoiseMoments.gaussian() : NoiseMoments.laplace();
      while (m.count() < noiseValues) {
        m.add(st.release().draw(noise), st.preNoise(), st.noiseScale());
      }
      m.assertStated(label + ": stage " + name);
    }
  }

  /**
   * (e) For every supplied neighbouring pair, each stage's noise-free output moves by at most its
   * claimed Δ in its declared norm (the same internal seed for both, as the claim is conditional
   * on it), and Δ is the same for both (a Δ that depends on the data would itself leak). Only
   * rounding of the products may exceed Δ, by {@link #EXACT} relative. Fails if the bound (or the
   * clipping it relies on) is wrong — never widen the tolerance; also fails if no pair moves the
   * output at all (the check would be vacuous).
   */
  public void checkSensitivity() {
    Setup s = setup(params);
    List<NeighbourPair> pairs = neighbours != null ? neighbours : data.addRemoveNeighbours(seed);
    for (String name : ((Auditable) s.client).auditStages()) {
      double worst = 0;
      String worstPair = "";
      for (NeighbourPair pair : pairs) {
        AuditStage a = stage(s, name, pair.a());
        AuditStage b = stage(s, name, pair.b());
        assertEquals(a.sensitivity(), b.sensitivity(), EXACT * a.sensitivity(),
            label + ": stage " + name + "'s claimed sensitivity depends on the data (" + pair.name() + ")");
        double ratio = distance(a.preNoise(), b.preNoise(), a.norm()) / a.sensitivity();
        if (ratio > worst) {
          worst = ratio;
          worstPair = pair.name();
        }
      }
      System.out.printf("%s stage %s: max ||f(D) - f(D')|| / Delta = %.6g over %d neighbour pairs (%s)%n", label,
          name, worst, pairs.size(), worstPair);
      assertTrue(worst <= 1 + EXACT, label + ": stage " + name + " exceeds its claimed sensitivity: ratio " + worst
          + " for " + worstPair);
      assertTrue(worst > 0, label + ": stage " + name + ": no neighbour pair changes f(D)");
    }
  }

  /**
   * (f) A fingerprint of what the mechanism computes on the kit's data: SHA-256 (hex) over the bits of
   * the server's gallery and public embeddings and of the release (its embedding, then its published
   * blocks by name) at the parameters' ε and at the two ε of {@link #epsilons}, for the kit's seed. Not
   * a pass/fail check by itself: a test pins it with the mechanism's
   * {@link EmbeddingMechanism#revision() revision}, so a change of code that changes the draws without
   * a new revision fails there (a resumed run would otherwise mix the old code's stored cells with the
   * new code's). The bits are those of this platform's floating point ({@code Math}'s intrinsics), so
   * a pin holds for the architecture it was recorded on.
   */
  public String computationDigest() {
    MessageDigest sha;
    try {
      sha = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 must be available", e);
    }
    List<MechanismParams> settings = List.of(params, atEpsilon(epsilons[0]), atEpsilon(epsilons[1]));
    for (MechanismParams p : settings) {
      Setup s = setup(p);
      update(sha, "gallery", s.server.gallery().data());
      update(sha, "public", s.server.publicRows().data());
      ClientRelease r = s.release(data.client(), seed);
      update(sha, "embedding", r.embedding().data());
      new TreeMap<>(r.published()).forEach((name, block) -> update(sha, "published:" + name, block.data()));
    }
    return HexFormat.of().formatHex(sha.digest());
  }

  private static void update(MessageDigest sha, String tag, double[] values) {
    sha.update(tag.getBytes(StandardCharsets.UTF_8));
    ByteBuffer b = ByteBuffer.allocate(Long.BYTES * (values.length + 1));
    b.putLong(values.length);
    for (double v : values) {
      b.putLong(Double.doubleToRawLongBits(v));
    }
    sha.update(b.array());
  }

  private record Setup(ServerSide server, ClientSide client) {
    ClientRelease release(ClientData d, long streamSeed) {
      return client.embed(d, new SplittableRandom(streamSeed));
    }
  }

  private Setup setup(MechanismParams p) {
    mechanism.validate(p);
    ServerSide server = mechanism.server(new ServerView(data.gallery(), data.publicSet(), data.numClasses(),
        data.sharedSeed()), p);
    ClientSide client = mechanism.client(new ClientView(data.publicSet(), data.numClasses(), server.publicRows(),
        data.sharedSeed()), p);
    return new Setup(server, client);
  }

  private AuditStage stage(Setup s, String name, ClientData d) {
    return ((Auditable) s.client).auditStage(name, d, new SplittableRandom(seed + 2));
  }

  private List<AuditStage> stages(ClientSide client) {
    if (!(client instanceof Auditable a)) {
      return List.of();
    }
    return a.auditStages().stream().map(n -> a.auditStage(n, data.client(), new SplittableRandom(seed + 2))).toList();
  }

  /** The parameters at ε; CLASSIC (valid only below 1) becomes ANALYTIC from ε = 1, as the presets do. */
  private MechanismParams atEpsilon(double epsilon) {
    NoiseCalibration c = params.calibration();
    return params.withPrivacy(epsilon, c == NoiseCalibration.CLASSIC && epsilon >= 1 ? NoiseCalibration.ANALYTIC : c);
  }

  private NoiseRule rule(String calibration, AuditStage.Norm norm) {
    if (rules.containsKey(calibration)) {
      return rules.get(calibration);
    }
    if (norm == AuditStage.Norm.L1) {
      return (sensitivity, epsilon, delta) -> sensitivity / epsilon; // the Laplace mechanism
    }
    if (norm == AuditStage.Norm.HAMMING) {
      return (bits, epsilon, delta) -> 1 / (1 + Math.exp(epsilon / bits)); // randomised response, eps/bits per bit
    }
    try {
      return NoiseCalibration.valueOf(calibration)::sigma;
    } catch (IllegalArgumentException e) {
      fail(label + ": no noise rule for calibration " + calibration + "; give one with noiseRule(\"" + calibration
          + "\", ...)");
      throw e;
    }
  }

  private static double tolerance(AuditStage.Norm norm, double expected) {
    return EXACT * expected + (norm == AuditStage.Norm.HAMMING ? FLIP_GRID : 0);
  }

  private static double gaussianComposition(AuditStage st) {
    return st.norm() == AuditStage.Norm.L2 ? Math.sqrt(st.releases()) : st.releases();
  }

  private void assertPositive(double v, String what) {
    assertTrue(v > 0 && Double.isFinite(v), label + ": " + what + " must be finite and > 0. Provided value: " + v);
  }

  private static double distance(double[] a, double[] b, AuditStage.Norm norm) {
    double s = 0;
    for (int i = 0; i < a.length; i++) {
      double diff = a[i] - b[i];
      s += switch (norm) {
        case L1 -> Math.abs(diff);
        case L2 -> diff * diff;
        case HAMMING -> diff != 0 ? 1 : 0;
      };
    }
    return norm == AuditStage.Norm.L2 ? Math.sqrt(s) : s;
  }

  private static long[] bits(double[] a) {
    return Arrays.stream(a).mapToLong(Double::doubleToRawLongBits).toArray();
  }

  /** The release's embedding and published blocks as comparable bit strings. */
  private static Map<String, List<Long>> releaseBits(ClientRelease r) {
    Map<String, List<Long>> out = new TreeMap<>();
    out.put("embedding", Arrays.stream(bits(r.embedding().data())).boxed().toList());
    r.published().forEach((k, v) -> out.put(k, Arrays.stream(bits(v.data())).boxed().toList()));
    return out;
  }
}
