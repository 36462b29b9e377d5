package io.pmbench.experiments.attack;

import io.pmbench.core.data.FeatureMatrix;
import io.pmbench.core.mechanism.ClientData;
import io.pmbench.core.mechanism.ClientRelease;
import io.pmbench.core.mechanism.Embedding;
import io.pmbench.core.mechanism.EmbeddingMechanism;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.protocol.ProtocolRunner;
import io.pmbench.core.random.Seeds;
import io.pmbench.core.retrieval.Knn;
import io.pmbench.experiments.attack.AttackRow.Release;
import io.pmbench.reports.Interval;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ForkJoinPool;
import java.util.function.DoubleFunction;
import java.util.stream.IntStream;

/**
 * "Dummies hide the query's class", attacked (issue 22, deliverable 7). The paper's Algorithm 1,
 * "Obfuscation", adds dummy queries P_r (one public row of every public class except r's; SPEC.md
 * §2) so that "the client's target image class is equally likely to be any of the possible
 * classes in the dataset, so the server cannot directly infer the target class" (section 4).
 *
 * <p>The attack plays the server. It sees the client's release of D = [r; P_r; P], the public
 * rows P (in their known order, with their labels), its own embedding of [S; P] and the gallery
 * labels, never the private rows' labels. Per query:
 *
 * <ol>
 *   <li>Which row is r: under {@link Release#PROTOCOL} the protocol puts r at row 0 and the server
 *       reads it there; under {@link Release#SHUFFLED} the client permutes [r; P_r] uniformly
 *       (seeded) before its mechanism embeds D, and the server guesses the private row farthest
 *       from its twin ({@link TwinAttack}).
 *   <li>r's class, two ways: <i>nearest</i>, the label of the gallery row nearest to the guessed
 *       row once placed in the server's space (aligned as SPEC.md §6 says; no gallery row is
 *       excluded, since the server does not know which one is r); <i>combined</i>, the one public
 *       class no twin of the other private rows covers, when exactly one, else <i>nearest</i>.
 * </ol>
 *
 * <p>Identification is compared with 1/m (m private rows), the class guess with 1/C (C gallery
 * classes); intervals are the two-level bootstrap of SPEC.md §10 ({@link AttackBootstrap}). The
 * releases are the protocol's own: the same D, client side and noise stream as
 * {@link ProtocolRunner#run}; the shuffled release reuses the noise stream on the permuted D.
 */
public final class DummiesAttack {
  /** The claims row's id. */
  public static final String CLAIM_ID = "dummies-hide-class";
  /** The verdict of a claim whose interval cannot resolve its threshold (SPEC.md §10). */
  public static final String UNDECIDED = "undecided (n too small)";
  /** How far from 1/C the class guess may be for "equally likely" to hold (SPEC.md §10, "±0.02"). */
  public static final double CHANCE_MARGIN = 0.02;
  /** The ε at which the claim is judged (Figure 6's smallest). */
  public static final double CLAIM_EPSILON = 0.1;

  private final ProtocolRunner runner;
  private final String preset;

  /** One query's outcome under one release order. */
  record Outcome(boolean identified, boolean classNearest, boolean classCombined, int privateRows) {}

  /**
   * An attack on the releases of {@code runner}'s protocol (which must add dummy queries).
   *
   * @param preset the preset's name, for the result rows
   */
  public DummiesAttack(ProtocolRunner runner, String preset) {
    if (!runner.config().dummies()) {
      throw new IllegalArgumentException("dummies must be on for the dummies attack. Provided value: off");
    }
    this.runner = runner;
    this.preset = preset;
  }

  /**
   * Attacks every mechanism at every ε (once, at the first ε, for a mechanism that reads none)
   * on every query of every seed, under both release orders; one row per (mechanism, ε, order).
   *
   * @param params the mechanism parameters at ε
   * @param log receives one line per (seed, mechanism, ε)
   */
  public List<AttackRow> run(List<EmbeddingMechanism> mechanisms, DoubleFunction<MechanismParams> params,
      List<Double> epsilons, List<Long> seeds, PrintWriter log) {
    Map<String, List<Outcome[][]>> bySetting = new LinkedHashMap<>();
    for (long seed : seeds) {
      for (EmbeddingMechanism m : mechanisms) {
        for (double eps : m.readsEpsilon() ? epsilons : epsilons.subList(0, 1)) {
          long start = System.nanoTime();
          Outcome[][] o = seed(m, params.apply(eps), seed);
          bySetting.computeIfAbsent(m.name() + "|" + eps, k -> new ArrayList<>()).add(o);
          log.printf(Locale.ROOT, "pmbench attack-dummies: seed %d, %s eps=%s: %d queries, %.1f s%n", seed, m.name(),
              eps, o[0].length, (System.nanoTime() - start) / 1e9);
          log.flush();
        }
      }
      runner.clearServerCache();
    }
    List<AttackRow> rows = new ArrayList<>();
    for (EmbeddingMechanism m : mechanisms) {
      for (double eps : m.readsEpsilon() ? epsilons : epsilons.subList(0, 1)) {
        List<Outcome[][]> perSeed = bySetting.get(m.name() + "|" + eps);
        for (Release release : Release.values()) {
          rows.add(row(m, eps, release, seeds, perSeed.stream().map(o -> o[release.ordinal()]).toList()));
        }
      }
    }
    return rows;
  }

  /** The outcomes of every query of one seed, indexed [release order][query]. */
  Outcome[][] seed(EmbeddingMechanism m, MechanismParams p, long seed) {
    ProtocolRunner.Sides sides = runner.sides(m, p, seed);
    ProtocolRunner.SeedContext ctx = runner.context(seed);
    int[] queries = ctx.queries();
    Outcome[][] out = new Outcome[Release.values().length][queries.length];
    ForkJoinPool pool = new ForkJoinPool(Runtime.getRuntime().availableProcessors());
    try {
      pool.submit(() -> IntStream.range(0, queries.length).parallel().forEach(i -> {
        ClientData d = runner.clientData(ctx, queries[i]);
        for (Release release : Release.values()) {
          out[release.ordinal()][i] = query(m, p, sides, d, seed, queries[i], release);
        }
      })).join();
    } finally {
      pool.shutdown();
    }
    return out;
  }

  /** The attack on the release of query {@code q} (D as the protocol builds it, r at row 0). */
  private Outcome query(EmbeddingMechanism m, MechanismParams p, ProtocolRunner.Sides sides, ClientData d, long seed,
      int q, Release release) {
    int rRow = 0;
    ClientData released = d;
    if (release == Release.SHUFFLED) {
      int[] order = permutation(d.publicOffset(), Seeds.stream(seed, runner.data().name(), "client-shuffle", q));
      released = permuted(d, order);
      rRow = indexOf(order, 0);
    }
    ClientRelease rel = sides.client().embed(released, runner.queryStream(m, p, seed, q));
    int mRows = released.publicOffset();
    int[] publicLabels = runner.context(seed).publicSet().labels();
    TwinAttack twins = TwinAttack.of(rel.embedding().data(), mRows, publicRowsOf(m, rel, sides, mRows,
        publicLabels.length), publicLabels.length, rel.embedding().dim());
    int guess = release == Release.PROTOCOL ? 0 : twins.farthest();
    double[] point = ProtocolRunner.placeRow(m, rel, mRows, sides.server(), guess);
    Embedding gallery = sides.server().galleryFor(rel);
    int[] galleryLabels = runner.data().test().labels();
    int nearestLabel = galleryLabels[Knn.nearest(gallery.data(), gallery.rows(), gallery.dim(), point, 1, -1)[0]];
    int truth = galleryLabels[q];
    return new Outcome(guess == rRow, nearestLabel == truth,
        twins.uncoveredClass(guess, publicLabels).orElse(nearestLabel) == truth, mRows);
  }

  /**
   * The public rows in the space of the release: the release's own rows from {@code mRows} on,
   * or, for a mechanism that releases only its private rows in a space it shares with the server
   * (no alignment, e.g. {@code features}), the server's embedding of P.
   */
  private static double[] publicRowsOf(EmbeddingMechanism m, ClientRelease rel, ProtocolRunner.Sides sides, int mRows,
      int nPublic) {
    Embedding e = rel.embedding();
    if (e.rows() >= mRows + nPublic) {
      return e.rows(mRows, nPublic);
    }
    Embedding shared = sides.server().publicRowsFor(rel);
    if (m.alignsOnPublic() || shared.dim() != e.dim() || shared.rows() != nPublic) {
      throw new IllegalStateException(m.name() + " released " + e.rows() + "x" + e.dim() + " rows: the attack needs "
          + "its " + nPublic + " public rows, or a shared space with the server's " + shared.rows() + "x"
          + shared.dim());
    }
    return shared.data();
  }

  /** A uniform permutation of 0..m−1 (Fisher–Yates). */
  static int[] permutation(int m, SplittableRandom rng) {
    int[] order = IntStream.range(0, m).toArray();
    for (int i = m - 1; i > 0; i--) {
      int j = rng.nextInt(i + 1);
      int t = order[i];
      order[i] = order[j];
      order[j] = t;
    }
    return order;
  }

  /** D with private row i taken from row {@code order[i]} of {@code d}; the public rows stay in place. */
  static ClientData permuted(ClientData d, int[] order) {
    FeatureMatrix x = d.rows();
    int cols = x.cols();
    float[] rows = x.data().clone();
    int[] labels = d.labels().clone();
    for (int i = 0; i < order.length; i++) {
      System.arraycopy(x.data(), order[i] * cols, rows, i * cols, cols);
      labels[i] = d.labels()[order[i]];
    }
    return new ClientData(new FeatureMatrix(rows, x.rows(), cols), labels, d.publicOffset());
  }

  private static int indexOf(int[] a, int value) {
    return IntStream.range(0, a.length).filter(i -> a[i] == value).findFirst().orElseThrow();
  }

  private AttackRow row(EmbeddingMechanism m, double eps, Release release, List<Long> seeds, List<Outcome[]> perSeed) {
    int classes = (int) Arrays.stream(runner.data().test().labels()).distinct().count();
    double privateRows = perSeed.stream().flatMap(Arrays::stream).mapToInt(Outcome::privateRows).average().orElseThrow();
    double identifyChance = perSeed.stream().flatMap(Arrays::stream).mapToDouble(o -> 1.0 / o.privateRows())
        .average().orElseThrow();
    String name = runner.data().name();
    return new AttackRow(name, preset, m.name(), eps, m.readsEpsilon(), release, seeds, perSeed.get(0).length,
        classes, privateRows, identifyChance,
        interval(perSeed, o -> o.identified(), name, m, eps, release, "identify"), 1.0 / classes,
        interval(perSeed, o -> o.classNearest(), name, m, eps, release, "class-nearest"),
        interval(perSeed, o -> o.classCombined(), name, m, eps, release, "class-combined"));
  }

  private static Interval interval(List<Outcome[]> perSeed, java.util.function.Predicate<Outcome> hit, String dataset,
      EmbeddingMechanism m, double eps, Release release, String measure) {
    double[][] values = perSeed.stream()
        .map(o -> Arrays.stream(o).mapToDouble(x -> hit.test(x) ? 1 : 0).toArray()).toArray(double[][]::new);
    return AttackBootstrap.interval(values,
        Seeds.derive(0, "dummies-attack-bootstrap", dataset, m.name(), eps, release.cliName(), measure));
  }

  /** The console table: one line per row. */
  public static String table(List<AttackRow> rows) {
    StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "%-14s %-6s %-16s %-22s %-6s %-22s %-22s %-6s%n",
        "mechanism", "eps", "release", "r identified", "1/m", "class (nearest)", "class (combined)", "1/C"));
    for (AttackRow r : rows) {
      b.append(String.format(Locale.ROOT, "%-14s %-6s %-16s %-22s %-6.3f %-22s %-22s %-6.3f%n", r.mechanism(),
          r.readsEpsilon() ? Double.toString(r.epsilon()) : "-", r.release().cliName(), fmt(r.identify()),
          r.identifyChance(), fmt(r.classNearest()), fmt(r.classCombined()), r.classChance()));
    }
    return b.toString();
  }

  private static String fmt(Interval i) {
    return String.format(Locale.ROOT, "%.3f [%.3f, %.3f]", i.mean(), i.low(), i.high());
  }
}
