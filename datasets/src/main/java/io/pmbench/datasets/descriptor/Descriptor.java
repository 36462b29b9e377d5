package io.pmbench.datasets.descriptor;

import io.pmbench.core.data.DatasetDefaults;
import io.pmbench.datasets.format.FileFormat;
import io.pmbench.datasets.format.LabelColumn;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A data-set descriptor (DATASETS.md §6): which files hold the features and
 * labels, how rows split into {@code train} and {@code test}, the paper's Table 2 defaults, the
 * licence and the SHA-256 of every file. Made by {@link DescriptorParser}; loaded by
 * {@link DescriptorLoader}.
 *
 * @param origin where the descriptor came from (for messages, relative paths and provenance)
 * @param name the data set's name (results carry it)
 * @param title a human description
 * @param licence licence and attribution, recorded with every result
 * @param defaults σ and α (Table 2)
 * @param defaultsSource where σ and α come from (e.g. "PrivateMail Table 2"), for the listing
 * @param classes the expected number of distinct labels over both splits, when stated
 * @param files the files, by id, in descriptor order
 * @param split how rows become {@code train} and {@code test}
 */
public record Descriptor(
    DescriptorOrigin origin,
    String name,
    String title,
    String licence,
    DatasetDefaults defaults,
    String defaultsSource,
    OptionalInt classes,
    Map<String, FileEntry> files,
    Split split) {

  public Descriptor {
    Objects.requireNonNull(origin, "origin");
    files = Collections.unmodifiableMap(new LinkedHashMap<>(files)); // keeps descriptor order
  }

  /**
   * One file of the set.
   *
   * @param id the key under {@code files}
   * @param path as written (relative paths resolve against {@code --data-dir}, else the descriptor's folder)
   * @param sha256 the expected SHA-256 (lower-case hex), verified on load when present
   * @param format the format, when given (otherwise implied by the extension)
   * @param labelColumn CSV only: the label column
   */
  public record FileEntry(String id, String path, Optional<String> sha256, Optional<FileFormat> format,
      LabelColumn labelColumn) {}

  /** An array of a file: {@code {file: ID, array: NAME}}; the name may be left out for a file's only array. */
  public record ArrayRef(String file, Optional<String> array) {
    @Override
    public String toString() {
      return file + array.map(a -> "[" + a + "]").orElse("");
    }
  }

  /** Features and labels of one split. */
  public record SplitArrays(ArrayRef features, ArrayRef labels) {}

  /** A 1-based, inclusive range of class ranks (the n-th smallest distinct label value is rank n). */
  public record ClassRange(int first, int last) {
    public ClassRange {
      if (first < 1 || last < first) {
        throw new IllegalArgumentException("class range must be 1 <= first <= last. Provided value: [" + first + ", "
            + last + "]");
      }
    }

    boolean contains(int rank) {
      return rank >= first && rank <= last;
    }

    @Override
    public String toString() {
      return first + "-" + last;
    }
  }

  /** How rows become {@code train} and {@code test}. */
  public sealed interface Split permits ByFiles, ByClasses, ByIndices {
    /** The split rule in one canonical line (part of the set's checksum). */
    String canonical();
  }

  /** Each split has its own arrays (CIFAR-100, Fashion-MNIST: the data set's own split). */
  public record ByFiles(SplitArrays train, SplitArrays test) implements Split {
    @Override
    public String canonical() {
      return "files";
    }
  }

  /**
   * One table of all rows split by class: rows whose class rank is in {@code train} go to train,
   * in {@code test} to test, others are left out (CUB-200-2011: 1–100 / 101–200).
   */
  public record ByClasses(ArrayRef features, ArrayRef labels, ClassRange train, ClassRange test) implements Split {
    public ByClasses {
      if (train.first() <= test.last() && test.first() <= train.last()) {
        throw new IllegalArgumentException("train and test class ranges must not overlap. Provided value: " + train
            + " and " + test);
      }
    }

    @Override
    public String canonical() {
      return "classes train=" + train + " test=" + test;
    }
  }

  /** One table of all rows split by explicit row indices ({@code indexBase} 0, or 1 as MATLAB writes them). */
  public record ByIndices(ArrayRef features, ArrayRef labels, ArrayRef train, ArrayRef test, int indexBase)
      implements Split {
    @Override
    public String canonical() {
      return "indices base=" + indexBase;
    }
  }

  /** Every array reference of the split, for checks and listings. */
  public List<ArrayRef> arrays() {
    if (split instanceof ByFiles f) {
      return List.of(f.train().features(), f.train().labels(), f.test().features(), f.test().labels());
    }
    if (split instanceof ByClasses c) {
      return List.of(c.features(), c.labels());
    }
    ByIndices i = (ByIndices) split;
    return List.of(i.features(), i.labels(), i.train(), i.test());
  }
}
