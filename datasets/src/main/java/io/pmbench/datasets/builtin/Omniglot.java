package io.pmbench.datasets.builtin;

import io.pmbench.core.data.DatasetDefaults;
import io.pmbench.core.data.FeatureSet;
import io.pmbench.core.data.InvalidDataException;
import io.pmbench.datasets.assembly.FeatureSets;
import io.pmbench.datasets.assembly.TableTwo;
import io.pmbench.datasets.format.Checksums;
import io.pmbench.datasets.format.FeatureArray;
import io.pmbench.datasets.format.LabelArray;
import io.pmbench.datasets.format.LabelledArray;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.IntStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

/**
 * Omniglot (Lake, Salakhutdinov &amp; Tenenbaum, "Human-level concept learning through
 * probabilistic program induction", Science 350(6266), 2015; MIT licence, © 2015 Brenden Lake),
 * built into pmbench: the two "minimal" background zips ship in this jar under
 * {@value #RESOURCE_DIR} with their {@code LICENSE} and a {@code README.md}.
 *
 * <p>A class-disjoint split, like CUB-200-2011 and Cars196: {@code train} is every image of
 * {@value #SMALL1} (136 characters, 2,720 rows); {@code test} is every image of {@value #SMALL2}
 * whose alphabet is not in {@value #SMALL1} (Japanese_(katakana), Sanskrit, Tagalog: 106
 * characters, 2,120 rows). A class is {@code alphabet/characterNN}. Labels are one numbering
 * over both splits, as {@link FeatureSet} requires: the train classes sorted by name are
 * 0..135, then the test classes sorted by name are 136..241. Rows are in order of their entry
 * path. Features: {@link InkFeatures} (1,225 box-averaged ink values), L2-normalised.
 * Non-private cosine k-NN over the test split (leave-one-out) gives Recall@1 ≈ 0.317 and
 * Recall@8 ≈ 0.664 (the data's README; checked by this module's tests).
 *
 * <p>Defaults σ = 5, α = 0.5 are <b>borrowed</b>: {@value #DEFAULTS_SOURCE}
 * ({@link TableTwo#cub200()}), CUB-200-2011 being the paper's class-disjoint set closest in kind.
 *
 * <p>Every load checks the SHA-256 of each zip against the values pinned here, so a result made
 * on this set is made on exactly these bytes. The loaded set is cached (softly) within the JVM:
 * callers share its arrays and must not modify them. {@code --data-dir} plays no part.
 */
public final class Omniglot {
  /** The registry name. */
  public static final String NAME = "omniglot";
  /** Classpath folder of the zips, their licence and README. */
  public static final String RESOURCE_DIR = "/io/pmbench/datasets/omniglot/";
  /** Where σ and α come from, shown wherever they are. */
  public static final String DEFAULTS_SOURCE = "σ, α borrowed from CUB-200-2011's Table 2: Omniglot is not in the paper";
  /** One line for listings. */
  public static final String TITLE = "Omniglot, 1,225 ink features per 105x105 character (2,720 train / 2,120 test, "
      + "136 + 106 disjoint classes; built in)";
  /** Licence and attribution recorded with every result. */
  public static final String LICENCE = "MIT, Copyright (c) 2015 Brenden Lake; Omniglot by Brenden M. Lake, Ruslan "
      + "Salakhutdinov, Joshua B. Tenenbaum (Science 350(6266), 2015); images_background_small1.zip and "
      + "images_background_small2.zip; " + DEFAULTS_SOURCE + "; see classpath:" + RESOURCE_DIR + "LICENSE";

  static final String SMALL1 = "images_background_small1.zip";
  static final String SMALL2 = "images_background_small2.zip";

  /** SHA-256 of each shipped zip (as listed in the README next to them). */
  static final Map<String, String> EXPECTED_SHA256 = Map.of(
      SMALL1, "f38eb80f801274ac2b4dff5b24289016bfaba4a7d5bb50deebf27104ad6cb8a4",
      SMALL2, "3ccaa407515a8778e5d0861875af38b17e418f301ad5bb3b5a6b65d901a41c7f");

  /** Names the feature recipe in the set's combined checksum, so a new recipe gets a new checksum. */
  static final String RECIPE = "ink=1-pixel/255 box-mean 3x3 -> 35x35, L2";

  private static final SoftCache CACHE = new SoftCache(Omniglot::loadUncached);

  private Omniglot() {}

  /** σ = 5 and α = 0.5: {@value #DEFAULTS_SOURCE}. */
  public static DatasetDefaults defaults() {
    return TableTwo.cub200();
  }

  /** The built-in set, loaded once per JVM (a few seconds) and then shared. */
  public static FeatureSet load() {
    return CACHE.get();
  }

  /** Reads and decodes the shipped zips afresh (new arrays), checking their pinned checksums. */
  public static FeatureSet loadUncached() {
    Map<String, String> checksums = new LinkedHashMap<>();
    SortedMap<String, byte[]> train = images(SMALL1, checksums);
    SortedMap<String, byte[]> test = images(SMALL2, checksums);
    TreeSet<String> trainAlphabets = new TreeSet<>();
    train.keySet().forEach(path -> trainAlphabets.add(alphabet(path)));
    test.keySet().removeIf(path -> trainAlphabets.contains(alphabet(path)));
    TreeSet<String> trainClasses = classes(train);
    List<String> classOrder = new ArrayList<>(trainClasses);
    classOrder.addAll(classes(test));
    String sha256 = Checksums.ofText(SMALL1 + " " + checksums.get(SMALL1) + "\n" + SMALL2 + " "
        + checksums.get(SMALL2) + "\nrecipe " + RECIPE + "\n");
    return FeatureSets.assemble(NAME, split(SMALL1, train, classOrder, checksums),
        split(SMALL2, test, classOrder, checksums), defaults(), LICENCE, sha256, checksums);
  }

  /** The split's features and labels; rows in path order, label = index in {@code classOrder}. */
  private static LabelledArray split(String zip, SortedMap<String, byte[]> images, List<String> classOrder,
      Map<String, String> checksums) {
    List<String> paths = new ArrayList<>(images.keySet());
    float[] x = new float[paths.size() * InkFeatures.DIMENSION];
    IntStream.range(0, paths.size()).parallel().forEach(i -> InkFeatures.write(
        classpath(zip) + "!" + paths.get(i), images.get(paths.get(i)), x, i * InkFeatures.DIMENSION));
    long[] y = paths.stream().mapToLong(p -> classOrder.indexOf(characterClass(p))).toArray();
    String source = classpath(zip);
    return new LabelledArray(new FeatureArray(source, x, paths.size(), InkFeatures.DIMENSION, checksums.get(zip)),
        new LabelArray(source, y, checksums.get(zip)));
  }

  /**
   * The PNGs of a shipped zip by path below its top folder ({@code alphabet/characterNN/file.png}),
   * sorted; records the zip's SHA-256 in {@code checksums} after checking it against the pinned one.
   */
  static SortedMap<String, byte[]> images(String zip, Map<String, String> checksums) {
    byte[] bytes = resource(zip);
    String actual = Checksums.hex(Checksums.sha256().digest(bytes));
    checksums.put(zip, Pinned.require(RESOURCE_DIR, zip, actual, EXPECTED_SHA256));
    SortedMap<String, byte[]> images = new TreeMap<>();
    try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(bytes))) {
      for (ZipEntry e = in.getNextEntry(); e != null; e = in.getNextEntry()) {
        if (!e.isDirectory()) {
          images.put(relativePath(zip, e.getName()), in.readAllBytes());
        }
      }
    } catch (IOException e) {
      throw new InvalidDataException(classpath(zip) + ": unreadable zip (" + e.getMessage() + ")", e);
    }
    return images;
  }

  /** {@code top/alphabet/characterNN/file.png} without {@code top/}; any other entry is an error. */
  private static String relativePath(String zip, String entry) {
    String[] parts = entry.split("/");
    if (parts.length != 4 || !parts[3].endsWith(".png")) {
      throw new InvalidDataException(classpath(zip) + ": entry " + entry
          + " is not top/alphabet/character/image.png");
    }
    return entry.substring(parts[0].length() + 1);
  }

  private static String alphabet(String path) {
    return path.substring(0, path.indexOf('/'));
  }

  private static String characterClass(String path) {
    return path.substring(0, path.lastIndexOf('/'));
  }

  private static TreeSet<String> classes(SortedMap<String, byte[]> images) {
    TreeSet<String> classes = new TreeSet<>();
    images.keySet().forEach(p -> classes.add(characterClass(p)));
    return classes;
  }

  private static byte[] resource(String file) {
    try (InputStream in = Omniglot.class.getResourceAsStream(RESOURCE_DIR + file)) {
      if (in == null) {
        throw new InvalidDataException(classpath(file) + ": missing from the jar");
      }
      return in.readAllBytes();
    } catch (IOException e) {
      throw new InvalidDataException(classpath(file) + ": unreadable (" + e.getMessage() + ")", e);
    }
  }

  private static String classpath(String file) {
    return "classpath:" + RESOURCE_DIR + file;
  }
}
