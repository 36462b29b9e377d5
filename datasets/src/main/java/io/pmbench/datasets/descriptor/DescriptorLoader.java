package io.pmbench.datasets.descriptor;

import io.pmbench.core.data.FeatureSet;
import io.pmbench.core.data.InvalidDataException;
import io.pmbench.datasets.assembly.FeatureSets;
import io.pmbench.datasets.descriptor.Descriptor.ArrayRef;
import io.pmbench.datasets.descriptor.Descriptor.ByClasses;
import io.pmbench.datasets.descriptor.Descriptor.ByFiles;
import io.pmbench.datasets.descriptor.Descriptor.ByIndices;
import io.pmbench.datasets.descriptor.Descriptor.FileEntry;
import io.pmbench.datasets.descriptor.Descriptor.SplitArrays;
import io.pmbench.datasets.format.ArrayFile;
import io.pmbench.datasets.format.ArrayFiles;
import io.pmbench.datasets.format.Checksums;
import io.pmbench.datasets.format.FeatureArray;
import io.pmbench.datasets.format.FileFormat;
import io.pmbench.datasets.format.LabelArray;
import io.pmbench.datasets.format.LabelledArray;
import io.pmbench.datasets.format.RowRouting;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * Loads the feature set a {@link Descriptor} describes:
 *
 * <ol>
 *   <li>finds every file ({@link DescriptorOrigin#candidates}: {@code --data-dir}, then the
 *       descriptor's folder) and opens it as its format;
 *   <li>reads the labels, derives the split (by files, class ranks or index arrays) and checks
 *       there is one label per feature row before any feature is read;
 *   <li>reads each feature array once, rows routed straight into their split (no second copy);
 *   <li>checks every row is finite and non-zero, naming the file, array and file row;
 *   <li>verifies the SHA-256 of every file that states one (a mismatch is reported in place of
 *       any other problem with that file: it is not the file the descriptor describes);
 *   <li>assembles the set ({@link FeatureSets#assemble}): L2 rows, labels remapped over both
 *       splits, checksums of every file and of the descriptor recorded.
 * </ol>
 */
public final class DescriptorLoader {
  private final Descriptor d;
  private final Optional<Path> dataDir;
  private final Map<String, ArrayFile> open = new LinkedHashMap<>();
  private final Map<String, String> shown = new LinkedHashMap<>();

  private DescriptorLoader(Descriptor d, Optional<Path> dataDir) {
    this.d = d;
    this.dataDir = dataDir;
  }

  /**
   * Loads the set.
   *
   * @param dataDir where relative file paths are looked for first
   * @throws InvalidDataException one line naming the file (or descriptor) and the problem
   */
  public static FeatureSet load(Descriptor descriptor, Optional<Path> dataDir) {
    DescriptorLoader loader = new DescriptorLoader(descriptor, dataDir);
    try {
      return loader.run();
    } finally {
      loader.open.values().forEach(ArrayFile::close);
    }
  }

  private FeatureSet run() {
    d.files().keySet().forEach(this::file);
    LabelledArray train;
    LabelledArray test;
    if (d.split() instanceof ByFiles f) {
      train = byFiles(f.train());
      test = byFiles(f.test());
    } else {
      ArrayRef featuresRef = d.split() instanceof ByClasses c ? c.features() : ((ByIndices) d.split()).features();
      ArrayRef labelsRef = d.split() instanceof ByClasses c ? c.labels() : ((ByIndices) d.split()).labels();
      LabelArray all = labels(labelsRef);
      int[] partOf = d.split() instanceof ByClasses c ? byClasses(c, all) : byIndices((ByIndices) d.split(), all);
      RowRouting routing = RowRouting.parts(partOf, 2).oneRowPerLabel(all.size(), all.source());
      List<FeatureArray> parts = guarded(featuresRef, () -> file(featuresRef).features(featuresRef.array(), routing));
      RowChecks.requireUsable(parts.get(0), routing.fileRowsOf(0, partOf.length));
      RowChecks.requireUsable(parts.get(1), routing.fileRowsOf(1, partOf.length));
      train = new LabelledArray(parts.get(0), select(all, partOf, 0));
      test = new LabelledArray(parts.get(1), select(all, partOf, 1));
    }
    verifyChecksums();
    checkClassCount(train, test);
    return FeatureSets.assemble(d.name(), train, test, d.defaults(), d.licence(), combinedChecksum(), fileChecksums());
  }

  /** The open file of an id (opened once, after locating it). */
  private ArrayFile file(String id) {
    ArrayFile f = open.get(id);
    if (f != null) {
      return f;
    }
    FileEntry e = d.files().get(id);
    List<DescriptorOrigin.Candidate> candidates = d.origin().candidates(e.path(), dataDir);
    DescriptorOrigin.Candidate found = candidates.stream().filter(DescriptorOrigin.Candidate::exists).findFirst()
        .orElseThrow(() -> notFound(e, candidates));
    FileFormat format = e.format().orElseGet(() -> FileFormat.ofFileName(e.path()));
    ArrayFile af = guarded(e, () -> ArrayFiles.open(found.source(), format, e.labelColumn()));
    open.put(id, af);
    shown.put(id, found.source().name());
    return af;
  }

  private InvalidDataException notFound(FileEntry e, List<DescriptorOrigin.Candidate> candidates) {
    String looked = candidates.isEmpty() ? "no data directory given"
        : "looked for " + candidates.stream().map(DescriptorOrigin.Candidate::shown).collect(Collectors.joining(", "));
    return new InvalidDataException(d.origin().name() + ": file '" + e.path() + "' (files." + e.id() + ") not found ("
        + looked + ")" + (dataDir.isEmpty() ? "; pass --data-dir DIR, the folder holding " + e.path() : ""));
  }

  private ArrayFile file(ArrayRef ref) {
    return file(ref.file());
  }

  private LabelledArray byFiles(SplitArrays s) {
    LabelArray y = labels(s.labels());
    RowRouting routing = RowRouting.whole().oneRowPerLabel(y.size(), y.source());
    FeatureArray x = guarded(s.features(), () -> file(s.features()).features(s.features().array(), routing).get(0));
    RowChecks.requireUsable(x, RowRouting.whole().fileRowsOf(0, x.rows()));
    return new LabelledArray(x, y);
  }

  private LabelArray labels(ArrayRef ref) {
    return guarded(ref, () -> file(ref).labels(ref.array()));
  }

  /** Part of each row by class rank: 0 train, 1 test, -1 neither. */
  private int[] byClasses(ByClasses c, LabelArray labels) {
    long[] distinct = Arrays.stream(labels.values()).sorted().distinct().toArray();
    int needed = Math.max(c.train().last(), c.test().last());
    if (distinct.length < needed) {
      throw new InvalidDataException(labels.source() + ": the labels hold " + distinct.length
          + " distinct classes but the split of " + d.origin().name() + " needs class ranks up to " + needed
          + " (train " + c.train() + ", test " + c.test() + ")");
    }
    long[] v = labels.values();
    int[] partOf = new int[v.length];
    for (int r = 0; r < v.length; r++) {
      int rank = Arrays.binarySearch(distinct, v[r]) + 1;
      partOf[r] = c.train().contains(rank) ? 0 : c.test().contains(rank) ? 1 : -1;
    }
    return partOf;
  }

  /** Part of each row from the index arrays; an index out of range, repeated, or in both splits is an error. */
  private int[] byIndices(ByIndices s, LabelArray labels) {
    int n = labels.size();
    int[] partOf = new int[n];
    Arrays.fill(partOf, -1);
    ArrayRef[] refs = {s.train(), s.test()};
    for (int part = 0; part < 2; part++) {
      LabelArray idx = labels(refs[part]);
      long[] v = idx.values();
      for (int i = 0; i < v.length; i++) {
        long row = v[i] - s.indexBase();
        if (row < 0 || row >= n) {
          throw new InvalidDataException(idx.source() + ": index " + v[i] + " at position " + i + " is out of range for "
              + n + " rows (index_base " + s.indexBase() + ")");
        }
        if (partOf[(int) row] != -1) {
          throw new InvalidDataException(idx.source() + ": row " + v[i] + " (position " + i + ") is listed twice"
              + (partOf[(int) row] != part ? " (in both train and test)" : ""));
        }
        partOf[(int) row] = part;
      }
    }
    return partOf;
  }

  private static LabelArray select(LabelArray all, int[] partOf, int part) {
    long[] v = all.values();
    long[] out = java.util.stream.IntStream.range(0, v.length).filter(r -> partOf[r] == part).mapToLong(r -> v[r])
        .toArray();
    return new LabelArray(all.source(), out, all.sha256());
  }

  private void checkClassCount(LabelledArray train, LabelledArray test) {
    if (d.classes().isEmpty()) {
      return;
    }
    long distinct = java.util.stream.LongStream.concat(Arrays.stream(train.labels().values()),
        Arrays.stream(test.labels().values())).distinct().count();
    if (distinct != d.classes().getAsInt()) {
      throw new InvalidDataException(train.labels().source() + ", " + test.labels().source() + ": " + distinct
          + " distinct classes, but " + d.origin().name() + " says " + d.name() + " has " + d.classes().getAsInt());
    }
  }

  private void verifyChecksums() {
    for (FileEntry e : d.files().values()) {
      e.sha256().ifPresent(expected -> {
        String actual = file(e.id()).sha256();
        if (!actual.equals(expected)) {
          throw shaMismatch(e, actual, expected, null);
        }
      });
    }
  }

  private InvalidDataException shaMismatch(FileEntry e, String actual, String expected, RuntimeException cause) {
    return new InvalidDataException(shown.getOrDefault(e.id(), e.path()) + ": SHA-256 mismatch: the file's SHA-256 is "
        + actual + " but " + d.origin().name() + " (files." + e.id() + ") says " + expected
        + " (a different or damaged file)", cause);
  }

  /**
   * Runs a read of {@code file}; when it fails and the descriptor pins the file's checksum, a
   * mismatch is the real story and replaces the reader's message.
   */
  private <T> T guarded(FileEntry e, Supplier<T> read) {
    try {
      return read.get();
    } catch (OutOfMemoryError oom) {
      throw ArrayFiles.outOfMemory(shown.getOrDefault(e.id(), e.path()), oom);
    } catch (InvalidDataException failure) {
      if (e.sha256().isPresent()) {
        String actual;
        try {
          actual = open.containsKey(e.id()) ? open.get(e.id()).sha256() : shaOf(e);
        } catch (RuntimeException unreadable) {
          throw failure;
        }
        if (!actual.equals(e.sha256().get())) {
          throw shaMismatch(e, actual, e.sha256().get(), failure);
        }
      }
      throw failure;
    }
  }

  private <T> T guarded(ArrayRef ref, Supplier<T> read) {
    return guarded(d.files().get(ref.file()), read);
  }

  private String shaOf(FileEntry e) {
    DescriptorOrigin.Candidate c = d.origin().candidates(e.path(), dataDir).stream()
        .filter(DescriptorOrigin.Candidate::exists).findFirst().orElseThrow();
    return Checksums.of(c.source());
  }

  /**
   * The set's checksum: over each array's role, file checksum and array name, and the split
   * rule. For a split by files with unnamed arrays (single-array files) it equals the checksum
   * {@link FeatureSets} gives the same four files loaded without a descriptor.
   */
  private String combinedChecksum() {
    StringBuilder sb = new StringBuilder();
    if (d.split() instanceof ByFiles f) {
      line(sb, "train.features", f.train().features());
      line(sb, "train.labels", f.train().labels());
      line(sb, "test.features", f.test().features());
      line(sb, "test.labels", f.test().labels());
    } else {
      List<ArrayRef> refs = d.arrays();
      line(sb, "features", refs.get(0));
      line(sb, "labels", refs.get(1));
      if (d.split() instanceof ByIndices) {
        line(sb, "train.indices", refs.get(2));
        line(sb, "test.indices", refs.get(3));
      }
      sb.append("split ").append(d.split().canonical()).append('\n');
    }
    return Checksums.ofText(sb.toString());
  }

  private void line(StringBuilder sb, String role, ArrayRef ref) {
    sb.append(role).append(' ').append(file(ref).sha256());
    ref.array().filter(a -> !a.isEmpty()).ifPresent(a -> sb.append(' ').append(a));
    sb.append('\n');
  }

  /** Every file as found (name → SHA-256), then the descriptor itself. */
  private Map<String, String> fileChecksums() {
    Map<String, String> m = new LinkedHashMap<>();
    open.forEach((id, f) -> m.put(shown.get(id), f.sha256()));
    m.put(d.origin().name(), d.origin().sha256());
    return m;
  }
}
