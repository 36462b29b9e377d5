package io.pmbench.experiments.orchestration;

import io.pmbench.core.kernel.LaplacianLayout;
import io.pmbench.core.mechanism.EmbeddingMechanism;
import io.pmbench.core.mechanism.MechanismOptions;
import io.pmbench.core.mechanism.OptionSpec;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The server layout of a run that does not choose one: a gallery of more than
 * {@value #KNN_ABOVE_GALLERY_ROWS} rows gets option {@code server=knn} (the k-NN graph server,
 * {@code serverNeighbours} at its default κ = {@value LaplacianLayout#DEFAULT_NEIGHBOURS}); a smaller
 * gallery keeps the exact server ({@code auto}: dense or blockwise, the same bits).
 *
 * <p>Why at this size: the exact server costs 1 + T + 2 sweeps of n²·d work (n = gallery + public
 * rows), 14–21 minutes at 10⁵ rows on this project's 2-core machine, while the k-NN server builds
 * in one sweep; at 20,000 rows both are affordable and their Recall@K difference is measured
 * (docs/performance/server-scale.md). Every stored run has a gallery of at most 10,000 rows, so
 * their configurations, fingerprints and folder names stay as they were.
 *
 * <p>The choice is an option like any other: it enters the run's configuration (run.json, the
 * fingerprint and the server's cache key say {@code server=knn}), the console says so, and
 * provenance.json records it under {@code serverLayout}. Giving {@code --option server=...}
 * (plainly or for one mechanism) turns the rule off.
 *
 * @param options the mechanism options to run with: the given ones, plus {@code server=knn} when chosen
 * @param note the console and provenance line saying what was chosen and why, or empty when nothing was
 */
public record ServerLayoutDefault(Map<String, String> options, String note) {
  /** Galleries of more rows than this get the k-NN server unless option {@code server} is given. */
  public static final int KNN_ABOVE_GALLERY_ROWS = 20_000;

  public ServerLayoutDefault {
    options = Map.copyOf(options);
  }

  /** Whether the k-NN server was chosen by the rule (not given). */
  public boolean chosen() {
    return !note.isEmpty();
  }

  /**
   * The options a run with {@code galleryRows} gallery rows runs with.
   *
   * @param given the mechanism options as given ({@code KEY} or {@code MECHANISM.KEY} to value)
   * @param galleryRows rows of the gallery S (the test split)
   * @param meant the mechanisms of the command; nothing is added when none of them declares option
   *     {@code server}, so their configurations stay as they were
   */
  public static ServerLayoutDefault of(Map<String, String> given, int galleryRows,
      Collection<EmbeddingMechanism> meant) {
    List<String> served = meant.stream().filter(ServerLayoutDefault::declaresLayout)
        .map(EmbeddingMechanism::name).sorted().toList();
    if (galleryRows <= KNN_ABOVE_GALLERY_ROWS || served.isEmpty() || given.keySet().stream().anyMatch(
        ServerLayoutDefault::setsLayout)) {
      return new ServerLayoutDefault(given, "");
    }
    Map<String, String> out = new LinkedHashMap<>(given);
    out.put(LaplacianLayout.OPTION, LaplacianLayout.KNN.optionValue());
    return new ServerLayoutDefault(out, String.format(Locale.ROOT,
        "server layout knn (approximate k-NN graph, %s=%s unless given) chosen for %s: the gallery has %,d rows, "
            + "more than %,d; --option %s=auto keeps the exact server (recall difference in "
            + "docs/performance/server-scale.md)", LaplacianLayout.NEIGHBOURS_OPTION,
        given.getOrDefault(LaplacianLayout.NEIGHBOURS_OPTION, Integer.toString(LaplacianLayout.DEFAULT_NEIGHBOURS)),
        String.join(", ", served), galleryRows, KNN_ABOVE_GALLERY_ROWS, LaplacianLayout.OPTION));
  }

  private static boolean declaresLayout(EmbeddingMechanism m) {
    return MechanismOptions.accepted(m).stream().anyMatch(s -> s.name().equals(LaplacianLayout.OPTION));
  }

  private static boolean setsLayout(String key) {
    return key.equals(LaplacianLayout.OPTION)
        || key.endsWith(OptionSpec.NAMESPACE + LaplacianLayout.OPTION);
  }
}
