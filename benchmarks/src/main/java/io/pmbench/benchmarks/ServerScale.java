package io.pmbench.benchmarks;

import io.pmbench.core.builtin.SmlqMechanism;
import io.pmbench.core.data.FeatureSet;
import io.pmbench.core.data.LabelledSet;
import io.pmbench.core.kernel.LaplacianLayout;
import io.pmbench.core.mechanism.Embedding;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.Preset;
import io.pmbench.core.mechanism.ServerSide;
import io.pmbench.core.mechanism.ServerView;
import io.pmbench.core.retrieval.ExactIndex;
import io.pmbench.core.retrieval.GalleryIndex;
import io.pmbench.core.retrieval.IvfIndex;
import io.pmbench.core.retrieval.RecallAtK;
import io.pmbench.datasets.descriptor.Descriptors;
import io.pmbench.datasets.synthetic.SyntheticConfig;
import io.pmbench.datasets.synthetic.SyntheticFeatures;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

/**
 * The SMLQ server at gallery scale (issue 23; docs/performance/server-scale.md): builds the
 * {@code smlq} server embedding of a synthetic gallery in each requested L_X layout, one after
 * the other in this JVM, and prints per layout the build time, the peak heap seen while building
 * (used heap sampled every 5 ms, garbage included: an upper bound of the live data), and the
 * leave-one-out Recall@8 of the gallery embedding with exact search and with IVF; for each
 * layout after the first, the fraction of the first layout's 8 nearest neighbours it keeps.
 *
 * <p>Arguments {@code key=value}: {@code rows} (gallery, default 10,000), {@code public} (1,000),
 * {@code classes} (10), {@code spread} (0.5), {@code sigma} (6, Table 2's default), {@code alpha}
 * (0.6), {@code layouts} (comma-separated {@link LaplacianLayout} values, default
 * {@code blockwise,knn}), {@code neighbours} (κ of knn, 32), {@code queries} (1,000), {@code iterations}
 * (T, default 5: the server runs 1 + T iterations, each one kernel sweep for the exact blockwise
 * layout, plus one sweep for the degrees and one for the last objective), {@code dataset} (a
 * data-set descriptor file; default none, a synthetic d = 64 set). With {@code dataset}, the
 * train split's rows are shuffled once with seed {@code seed} (1): the first {@code public} rows
 * of that order are the public set, the next {@code rows} the gallery (docs/performance/cifar100-scale.md).
 */
public final class ServerScale {
  private static final int NEAREST = 8;

  private ServerScale() {}

  public static void main(String[] args) {
    Map<String, String> a = new LinkedHashMap<>(Map.of("rows", "10000", "public", "1000", "classes", "10",
        "spread", "0.5", "sigma", "6", "alpha", "0.6", "layouts", "blockwise,knn", "neighbours", "32",
        "queries", "1000", "iterations", "5"));
    a.put("dataset", "");
    a.put("seed", "1");
    for (String arg : args) {
      int eq = arg.indexOf('=');
      if (eq < 0 || !a.containsKey(arg.substring(0, eq))) {
        throw new IllegalArgumentException("argument must be key=value with key one of " + a.keySet()
            + ". Provided value: " + arg);
      }
      a.put(arg.substring(0, eq), arg.substring(eq + 1));
    }
    String spec;
    FeatureSet set;
    LabelledSet gallery;
    LabelledSet publicSet;
    if (a.get("dataset").isEmpty()) {
      spec = "synthetic:train=" + a.get("public") + ",test=" + a.get("rows") + ",d=64,classes=" + a.get("classes")
          + ",spread=" + a.get("spread");
      set = SyntheticFeatures.generate(SyntheticConfig.parse(spec.substring("synthetic:".length())));
      gallery = set.test();
      publicSet = set.train();
    } else {
      spec = a.get("dataset") + " (train shuffled with seed " + a.get("seed") + ")";
      set = Descriptors.load(Descriptors.read(Path.of(a.get("dataset"))), Optional.empty());
      LabelledSet[] split = publicAndGallery(set.train(), Integer.parseInt(a.get("public")),
          Integer.parseInt(a.get("rows")), Long.parseLong(a.get("seed")));
      publicSet = split[0];
      gallery = split[1];
    }
    System.out.printf("dataset %s  gallery %d  public %d  cores %d  max heap %d MB  load %.2f%n", spec,
        gallery.size(), publicSet.size(), Runtime.getRuntime().availableProcessors(),
        Runtime.getRuntime().maxMemory() >> 20, ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
    int queries = Math.min(Integer.parseInt(a.get("queries")), gallery.size());
    List<int[][]> neighbourLists = new ArrayList<>();
    for (String layout : a.get("layouts").split(",")) {
      MechanismParams p = Preset.PAPER.builder(Double.parseDouble(a.get("sigma")), Double.parseDouble(a.get("alpha")))
          .iterations(Integer.parseInt(a.get("iterations")))
          .options(Map.of(LaplacianLayout.OPTION, layout, LaplacianLayout.NEIGHBOURS_OPTION, a.get("neighbours")))
          .build(1, 1e-5);
      System.gc();
      HeapSampler sampler = new HeapSampler();
      long t0 = System.nanoTime();
      ServerSide server = new SmlqMechanism().server(new ServerView(gallery, publicSet, set.numClasses(), 1), p);
      double buildSeconds = (System.nanoTime() - t0) / 1e9;
      long peak = sampler.stop();
      Embedding g = server.gallery();
      ExactIndex exact = ExactIndex.of(g.data(), g.rows(), g.dim());
      t0 = System.nanoTime();
      IvfIndex ivf = IvfIndex.build(g.data(), g.rows(), g.dim(), 1);
      double ivfBuildMs = (System.nanoTime() - t0) / 1e6;
      Retrieval e = retrieve(exact, g, gallery.labels(), queries);
      Retrieval v = retrieve(ivf, g, gallery.labels(), queries);
      System.out.printf("%-9s build %8.1f s  peak heap %6d MB  Recall@8 exact %.4f (%.3f ms/query)  "
          + "IVF %.4f (%.3f ms/query, %d cells, build %.0f ms, keeps %.4f of exact 8-NN)", layout, buildSeconds,
          peak >> 20, e.recall, e.msPerQuery, v.recall, v.msPerQuery, ivf.lists(), ivfBuildMs,
          overlap(e.lists, v.lists));
      if (!neighbourLists.isEmpty()) {
        System.out.printf("  keeps %.4f of %s's 8-NN", overlap(neighbourLists.get(0), e.lists),
            a.get("layouts").split(",")[0]);
      }
      System.out.println();
      neighbourLists.add(e.lists);
    }
  }

  /**
   * The public set and the gallery drawn from {@code train} without overlap: its rows in a
   * Fisher–Yates order from {@code seed}, the first {@code publicRows} public, the next
   * {@code galleryRows} the gallery.
   */
  static LabelledSet[] publicAndGallery(LabelledSet train, int publicRows, int galleryRows, long seed) {
    if (publicRows < 1 || galleryRows < 1 || (long) publicRows + galleryRows > train.size()) {
      throw new IllegalArgumentException("public and rows must be positive with public + rows at most the train "
          + "split's " + train.size() + " rows. Provided value: public=" + publicRows + ", rows=" + galleryRows);
    }
    int[] order = shuffled(train.size(), seed);
    return new LabelledSet[] {train.select(Arrays.copyOfRange(order, 0, publicRows)),
        train.select(Arrays.copyOfRange(order, publicRows, publicRows + galleryRows))};
  }

  /** 0 … n − 1 in a Fisher–Yates order drawn from {@code seed}. */
  private static int[] shuffled(int n, long seed) {
    int[] order = IntStream.range(0, n).toArray();
    SplittableRandom random = new SplittableRandom(seed);
    for (int i = n - 1; i > 0; i--) {
      int j = random.nextInt(i + 1);
      int t = order[i];
      order[i] = order[j];
      order[j] = t;
    }
    return order;
  }

  private record Retrieval(double recall, double msPerQuery, int[][] lists) {}

  /** Leave-one-out 8-NN of {@code queries} evenly spaced gallery rows and their Recall@8. */
  private static Retrieval retrieve(GalleryIndex index, Embedding g, int[] labels, int queries) {
    int[][] lists = new int[queries][];
    int hits = 0;
    long t0 = System.nanoTime();
    for (int q = 0; q < queries; q++) {
      int row = (int) ((long) q * g.rows() / queries);
      lists[q] = index.nearest(g.row(row), NEAREST, row);
      hits += RecallAtK.hits(lists[q], labels, labels[row], new int[] {NEAREST})[0] ? 1 : 0;
    }
    double ms = (System.nanoTime() - t0) / 1e6 / queries;
    return new Retrieval(hits / (double) queries, ms, lists);
  }

  /** Mean fraction of each list of {@code want} found in the matching list of {@code got}. */
  private static double overlap(int[][] want, int[][] got) {
    return IntStream.range(0, want.length).mapToDouble(q -> IntStream.of(want[q])
        .filter(x -> IntStream.of(got[q]).anyMatch(y -> y == x)).count() / (double) want[q].length).average().orElse(0);
  }

  /** The largest used heap seen, sampled every 5 ms on a daemon thread. */
  private static final class HeapSampler {
    private volatile boolean running = true;
    private volatile long peak;
    private final Thread thread;

    HeapSampler() {
      thread = new Thread(() -> {
        while (running) {
          peak = Math.max(peak, ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
          try {
            Thread.sleep(5);
          } catch (InterruptedException e) {
            return;
          }
        }
      }, "heap-sampler");
      thread.setDaemon(true);
      thread.start();
    }

    long stop() {
      running = false;
      try {
        thread.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      return Math.max(peak, ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
    }
  }
}
