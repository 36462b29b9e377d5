package io.pmbench.experiments.cli;

import io.pmbench.core.data.FeatureSet;
import io.pmbench.datasets.Datasets;
import io.pmbench.datasets.images.ImageLayout;
import io.pmbench.datasets.images.ImageLayouts;
import io.pmbench.datasets.images.ImageOptions;
import io.pmbench.experiments.extract.ExtractRequest;
import io.pmbench.experiments.extract.FeatureExtractor;
import io.pmbench.experiments.learn.FeatureLearner;
import io.pmbench.experiments.learn.LearnRequest;
import io.pmbench.experiments.learn.TestSplitRecall;
import io.pmbench.experiments.sweep.RunFolders;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalInt;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code pmbench features}: features derived from a data set ({@code learn}) or from images ({@code extract}). */
@Command(name = "features", mixinStandardHelpOptions = true,
    header = "Learns features, or extracts them from images.",
    description = {"Derives new features from a data set or from image files and writes them as a data set of their own."},
    subcommands = {FeaturesCommand.Learn.class, FeaturesCommand.Extract.class})
public final class FeaturesCommand implements Runnable {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  /**
   * {@code pmbench features learn}: trains the {@link FeatureLearner} on the class path (the
   * optional learn module) on the train split and writes the learned data set; without one, says
   * in one line how to build it (exit 2).
   */
  @Command(name = "learn", mixinStandardHelpOptions = true, sortOptions = false,
      header = "Trains a CNN embedding, or a projection head on frozen features, on a data set's train classes.",
      description = {"Trains a small CNN embedding on the train split's classes only (rows must be square grey "
          + "images, e.g. Fashion-MNIST's 28x28 or Omniglot's 35x35 ink), then writes train.npy, test.npy, their "
          + "labels, a descriptor NAME-learned.yaml that --dataset reads, and provenance.json into the output "
          + "folder. Needs the optional learn module (mvn -Plearn; docs/learned-features.md).",
          "With --head K, the rows are taken as frozen features of any dimension d (e.g. 512-d SqueezeNet "
          + "features): a linear projection d -> K (with --hidden H: d -> H -> K), L2-normalised, is trained "
          + "with the same loss on the train "
          + "split's rows and classes only, both splits are projected and written as NAME-headK.yaml, and "
          + "non-private Recall@1 and @8 of the raw and the projected features on the test split are printed."})
  public static final class Learn extends CliCommand {
    @Option(names = "--dataset", required = true, paramLabel = "SPEC",
        description = "The data set: omniglot, fashion-mnist or a descriptor FILE.yaml|FILE.json.")
    String dataset;

    @Mixin
    DataDirOption dataDir = new DataDirOption();

    @Option(names = "--out", paramLabel = "DIR",
        description = "Output folder. Default: learned/NAME-learned, or learned/NAME-headK with --head (NAME the data "
            + "set's short name).")
    Path out;

    @Option(names = "--seed", defaultValue = "1", paramLabel = "N",
        description = "Root seed of the initial weights, batch order and shifts. Default: ${DEFAULT-VALUE}.")
    long seed;

    @Option(names = "--epochs", paramLabel = "N",
        description = "Passes over the train split. Default: enough to see 80,000 images (rows with --head), at "
            + "least 2 "
            + "(Omniglot 30, Fashion-MNIST 2; Cars196's 4,052 train rows 20).")
    Integer epochs;

    @Option(names = "--head", paramLabel = "K",
        description = "Train a linear projection head d -> K (K >= 2) on the rows as frozen features instead of a CNN "
            + "on images.")
    Integer head;

    @Option(names = "--hidden", paramLabel = "H",
        description = "With --head: one hidden ReLU layer of width H (d -> H -> K). Default: none (linear).")
    Integer hidden;

    @Option(names = "--select-epochs", paramLabel = "MAX",
        description = "With --head: hold out a fifth of the train classes (drawn from the seed), train on the rest "
            + "for MAX epochs, take the epoch count with the best Recall@1 on the held-out classes, then train on "
            + "every train class for that many epochs. The test split is not read for this.")
    Integer selectEpochs;

    @Option(names = "--verbose", description = "Print the stack trace of an error.")
    boolean verbose;

    @Override
    public Integer call() throws IOException {
      PrintWriter err = err();
      FeatureLearner learner = FeatureLearner.find().orElseThrow(() -> new IllegalStateException(
          FeatureLearner.ENABLE_HINT));
      OptionalInt n = epochs == null ? OptionalInt.empty() : OptionalInt.of(epochs);
      OptionalInt k = head == null ? OptionalInt.empty() : OptionalInt.of(head);
      String shortName = RunFolders.shortName(dataset);
      String name = head == null ? LearnRequest.learnedName(shortName)
          : LearnRequest.headName(shortName, hidden == null ? 0 : hidden, head);
      Path dir = out != null ? out : Path.of("learned", name);
      String invocation = "pmbench " + String.join(" ", cmd.commandLine().getParseResult().originalArgs());
      OptionalInt select = selectEpochs == null ? OptionalInt.empty() : OptionalInt.of(selectEpochs);
      OptionalInt h = hidden == null ? OptionalInt.empty() : OptionalInt.of(hidden);
      LearnRequest request = new LearnRequest(dataset, name, dir, seed, n, k, select, h, invocation);
      FeatureSet data = Datasets.load(dataset, dataDir.options());
      String what = head == null ? "a small CNN embedding" : (hidden == null ? "a linear " + data.dimension()
          : "a one-hidden-layer " + data.dimension() + " -> " + hidden) + " -> " + head
          + " projection head on frozen features";
      err.println("Training " + what + " with " + learner.description() + " on " + data.name() + " (train: "
          + data.train().size() + " rows) ...");
      err.flush();
      Path descriptor;
      try (EpochProgress progress = new EpochProgress(err)) {
        descriptor = learner.learn(data, request, progress);
      }
      PrintWriter o = out();
      o.println("Wrote " + dir + " (provenance.json says how). Use it with: pmbench run --dataset " + descriptor);
      o.flush();
      if (head != null) {
        printRecall(data, Datasets.load(descriptor.toString()), err, o);
      }
      return 0;
    }

    /** Non-private Recall@1 and @8 on the test split of the raw and the learned features. */
    private static void printRecall(FeatureSet raw, FeatureSet learned, PrintWriter err, PrintWriter o) {
      err.println("Recall on the test split (" + raw.test().size() + " queries, each against the others) ...");
      err.flush();
      int[] ks = {1, 8};
      o.println("non-private Recall@1, Recall@8 on the test split (every row a query against the others):");
      for (FeatureSet f : new FeatureSet[] {raw, learned}) {
        long start = System.nanoTime();
        double[] r = TestSplitRecall.of(f.test(), ks);
        o.printf(Locale.ROOT, "  %-8s %4d-d  R@1 %.3f  R@8 %.3f  (%.1f s)%n", f == raw ? "raw" : "learned",
            f.dimension(), r[0], r[1], (System.nanoTime() - start) / 1e9);
        o.flush();
      }
    }
  }

  /**
   * {@code pmbench features extract}: runs the {@link FeatureExtractor} on the class path (the
   * optional extract module) over an image data set and writes its features; without one, says
   * in one line how to build it (exit 2).
   */
  @Command(name = "extract", mixinStandardHelpOptions = true, sortOptions = false,
      header = "Extracts pretrained-network features from an image data set.",
      description = {"Runs an ImageNet-pretrained network over every image of both splits of an image data set in "
          + "its published layout (read streaming, never unpacked) and writes train.npy, test.npy (float32, raw "
          + "features), their labels, a descriptor NAME.yaml that --dataset reads, and provenance.json into the output "
          + "folder. Rows come out in the layout's order, byte-identical run after run whatever the thread count. "
          + "Layouts: cifar100-binary:PATH (the cifar-100-binary/ folder or its .tar.gz; the data set's own split), "
          + "cifar100-python:PATH (the cifar-100-python/ folder or its .tar.gz; the same split), "
          + "cars196-list:PATH (folder with train_perfect_preds.txt and the zip of cars_train/*.jpg; classes 1-98 "
          + "train, 99-196 test), cars196-devkit:PATH (folder with cars_train/, cars_test/ and devkit/; classes 1-98 "
          + "train, 99-196 test), cub200:PATH (the CUB_200_2011/ folder; classes 1-100 train, 101-200 test). "
          + "Needs the optional extract module (mvn -Pextract; docs/DATASETS.md sections 3.1 and 4.5)."})
  public static final class Extract extends CliCommand {
    @Option(names = "--images", required = true, paramLabel = "LAYOUT:PATH",
        description = "The images: LAYOUT:PATH, LAYOUT one of cars196-devkit, cars196-list, cifar100-binary, "
            + "cifar100-python, cub200.")
    String images;

    @Option(names = "--model", defaultValue = "squeezenet1.1", paramLabel = "NAME",
        description = "The network. Default: ${DEFAULT-VALUE} (ImageNet-pretrained, shipped in the jar).")
    String model;

    @Option(names = "--out", paramLabel = "DIR",
        description = "Output folder. Default: features/DATASET-MODEL.")
    Path out;

    @Option(names = "--labels", paramLabel = "fine|coarse",
        description = "cifar100-binary and cifar100-python only: fine (100 classes, the default) or coarse "
            + "(20 superclasses) labels.")
    String labels;

    @Option(names = "--crop", paramLabel = "bbox|none",
        description = "cars196-devkit and cub200 only: bbox (the default) crops each image to its bounding box, none "
            + "keeps the whole image.")
    String crop;

    @Option(names = "--threads", paramLabel = "N",
        description = "Worker threads, each running one image at a time on one core. Default: the number of cores "
            + "(the output does not depend on it).")
    Integer threads;

    @Option(names = "--verbose", description = "Print the stack trace of an error.")
    boolean verbose;

    @Override
    public Integer call() throws IOException {
      PrintWriter err = err();
      FeatureExtractor extractor = FeatureExtractor.find().orElseThrow(() -> new IllegalStateException(
          FeatureExtractor.ENABLE_HINT));
      if (!extractor.models().contains(model)) {
        throw new IllegalArgumentException("--model must be one of " + extractor.models() + ". Provided value: " + model);
      }
      Map<String, String> options = new LinkedHashMap<>();
      if (labels != null) {
        options.put("labels", labels);
      }
      if (crop != null) {
        options.put("crop", crop);
      }
      int n = threads != null ? threads : Runtime.getRuntime().availableProcessors();
      Path descriptor;
      try (ImageLayout layout = ImageLayouts.open(images, new ImageOptions(options))) {
        String name = ExtractRequest.extractedName(layout.dataset(), model);
        Path dir = out != null ? out : Path.of("features", name);
        String invocation = "pmbench " + String.join(" ", cmd.commandLine().getParseResult().originalArgs());
        ExtractRequest request = new ExtractRequest(model, images, name, dir, n, invocation);
        err.println("Extracting " + model + " features (" + extractor.description() + ", " + n + " threads) of "
            + layout.title() + ": " + layout.splitRule() + " ...");
        err.flush();
        try (ExtractProgress progress = new ExtractProgress(err)) {
          descriptor = extractor.extract(layout, request, progress);
        }
        PrintWriter o = out();
        o.println("Wrote " + dir + " (provenance.json says how). Use it with: pmbench run --dataset " + descriptor);
        o.flush();
      }
      return 0;
    }
  }
}
