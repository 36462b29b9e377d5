package io.pmbench.datasets;

import io.pmbench.core.data.FeatureSet;
import io.pmbench.core.data.InvalidDataException;
import io.pmbench.datasets.assembly.FeatureSets;
import io.pmbench.datasets.assembly.TableTwo;
import io.pmbench.datasets.format.ArrayFile;
import io.pmbench.datasets.format.ArrayFiles;
import io.pmbench.datasets.format.CsvReader;
import io.pmbench.datasets.format.DataSource;
import io.pmbench.datasets.format.FeatureArray;
import io.pmbench.datasets.format.FileFormat;
import io.pmbench.datasets.format.LabelColumn;
import io.pmbench.datasets.format.LabelledArray;
import io.pmbench.datasets.format.RowRouting;
import io.pmbench.datasets.format.IdxReader;
import io.pmbench.datasets.format.NpyReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Data sets from the user's own files in the short comma-separated spec forms (a data-set
 * descriptor (DATASETS.md §6) says everything else: arrays inside container
 * files, split rules, σ and α, licence, checksums). The set's name is the spec as given; σ and α
 * are {@link TableTwo#pmbenchDefault()} (override them on the command line); the licence is
 * recorded as unknown.
 */
public final class UserFiles {
  static final String NPY = "npy";
  static final String CSV = "csv";
  static final String IDX = "idx";
  static final String NPZ = "npz";
  /** Where σ and α come from for user files, as the first console lines say it. */
  public static final String DEFAULTS_SOURCE =
      "pmbench's default sigma = 6, alpha = 0.6 (CIFAR-100's Table 2) -- pass --sigma/--alpha for your features";
  /** The roles of an {@code .npz}'s four arrays with their default array names. */
  private static final Map<String, String> NPZ_ARRAYS = npzArrays();
  /** Licence line for files pmbench knows nothing about. */
  public static final String LICENCE = "user-supplied files (licence not recorded)";

  /** MNIST/Fashion-MNIST file stems, in the order train images, train labels, test images, test labels. */
  private static final List<String> IDX_STEMS = List.of(
      "train-images-idx3-ubyte", "train-labels-idx1-ubyte", "t10k-images-idx3-ubyte", "t10k-labels-idx1-ubyte");

  private UserFiles() {}

  /** {@code TRAIN_X,TRAIN_Y,TEST_X,TEST_Y}: four {@code .npy} files (features, labels per split). */
  public static FeatureSet npy(String argument) {
    List<Path> p = paths(NPY, argument, 4, "TRAIN_X,TRAIN_Y,TEST_X,TEST_Y");
    return FeatureSets.fromArrays(NPY + ":" + argument, new NpyReader(), DataSource.of(p.get(0)),
        DataSource.of(p.get(1)), DataSource.of(p.get(2)), DataSource.of(p.get(3)), TableTwo.pmbenchDefault(),
        LICENCE);
  }

  /** {@code TRAIN.csv,TEST.csv}: two tables (or {@code .tsv}), label in the last column, header detected. */
  public static FeatureSet csv(String argument) {
    List<Path> p = paths(CSV, argument, 2, "TRAIN.csv,TEST.csv");
    CsvReader reader = new CsvReader();
    return FeatureSets.assemble(CSV + ":" + argument, reader.read(DataSource.of(p.get(0))),
        reader.read(DataSource.of(p.get(1))), TableTwo.pmbenchDefault(), LICENCE);
  }

  private static Map<String, String> npzArrays() {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("train_x", "train_features");
    m.put("train_y", "train_labels");
    m.put("test_x", "test_features");
    m.put("test_y", "test_labels");
    return Collections.unmodifiableMap(m);
  }

  /**
   * {@code FILE} or {@code FILE:train_x=NAME,train_y=NAME,test_x=NAME,test_y=NAME}: one numpy
   * {@code .npz} holding the four arrays, by default named {@code train_features},
   * {@code train_labels}, {@code test_features} and {@code test_labels}; any of the four names
   * may be given.
   */
  public static FeatureSet npz(String argument) {
    String file = argument;
    Map<String, String> names = new LinkedHashMap<>(NPZ_ARRAYS);
    int colon = argument.lastIndexOf(':');
    if (colon >= 0 && argument.substring(colon + 1).contains("=")) {
      file = argument.substring(0, colon);
      for (String part : argument.substring(colon + 1).split(",", -1)) {
        String[] kv = part.split("=", 2);
        String role = kv[0].strip();
        if (kv.length != 2 || !names.containsKey(role) || kv[1].isBlank()) {
          throw new IllegalArgumentException("npz data set must be npz:FILE or npz:FILE:" + String.join("=NAME,",
              NPZ_ARRAYS.keySet()) + "=NAME. Provided value: npz:" + argument);
        }
        names.put(role, kv[1].strip());
      }
    }
    Path path = paths(NPZ, file, 1, "FILE[:train_x=NAME,...]").get(0);
    try (ArrayFile npz = ArrayFiles.open(DataSource.of(path), FileFormat.NPZ, LabelColumn.last())) {
      List<String> absent = names.values().stream().filter(n -> !npz.arrayNames().contains(n)).toList();
      if (!absent.isEmpty()) {
        throw new InvalidDataException(path + ": no array " + String.join(", ", absent) + " (arrays present: "
            + String.join(", ", npz.arrayNames()) + "; name them with npz:FILE:train_x=NAME,train_y=NAME,"
            + "test_x=NAME,test_y=NAME)");
      }
      LabelledArray train = new LabelledArray(features(npz, names.get("train_x")),
          npz.labels(Optional.of(names.get("train_y"))));
      LabelledArray test = new LabelledArray(features(npz, names.get("test_x")),
          npz.labels(Optional.of(names.get("test_y"))));
      return FeatureSets.assemble(NPZ + ":" + argument, train, test, TableTwo.pmbenchDefault(), LICENCE);
    }
  }

  private static FeatureArray features(ArrayFile file, String array) {
    return file.features(Optional.of(array), RowRouting.whole()).get(0);
  }

  /**
   * {@code DIR}: a folder holding {@code train-images-idx3-ubyte}, {@code train-labels-idx1-ubyte},
   * {@code t10k-images-idx3-ubyte} and {@code t10k-labels-idx1-ubyte} (MNIST naming), each
   * possibly gzipped ({@code .gz}) and possibly with a dot before {@code idx}.
   */
  public static FeatureSet idx(String argument) {
    Path dir = paths(IDX, argument, 1, "DIR").get(0);
    if (!Files.isDirectory(dir)) {
      throw new InvalidDataException(dir + ": not a directory (idx:DIR needs a folder of IDX files)");
    }
    DataSource[] s = IDX_STEMS.stream().map(stem -> DataSource.of(findIdx(dir, stem))).toArray(DataSource[]::new);
    return FeatureSets.fromArrays(IDX + ":" + argument, new IdxReader(), s[0], s[1], s[2], s[3],
        TableTwo.pmbenchDefault(), LICENCE);
  }

  private static Path findIdx(Path dir, String stem) {
    String dotted = stem.replace("-idx", ".idx");
    for (String candidate : List.of(stem, stem + ".gz", dotted, dotted + ".gz")) {
      Path p = dir.resolve(candidate);
      if (Files.isRegularFile(p)) {
        return p;
      }
    }
    throw new InvalidDataException(dir + ": no " + stem + " (or .gz) in this folder (idx:DIR needs "
        + String.join(", ", IDX_STEMS) + ")");
  }

  private static List<Path> paths(String name, String argument, int count, String usage) {
    List<String> parts = Arrays.stream(argument.split(",", -1)).map(String::strip).toList();
    if (parts.size() != count || parts.stream().anyMatch(String::isEmpty)) {
      throw new IllegalArgumentException(name + " data set must be " + name + ":" + usage + ". Provided value: "
          + name + ":" + argument);
    }
    return parts.stream().map(Path::of).toList();
  }
}
