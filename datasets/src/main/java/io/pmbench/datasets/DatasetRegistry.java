package io.pmbench.datasets;

import io.pmbench.core.ParameterException;

import io.pmbench.core.data.DatasetDefaults;
import io.pmbench.core.data.FeatureSet;
import io.pmbench.datasets.builtin.FashionMnist;
import io.pmbench.datasets.builtin.Omniglot;
import io.pmbench.datasets.descriptor.Descriptor;
import io.pmbench.datasets.descriptor.Descriptors;
import io.pmbench.datasets.synthetic.SyntheticConfig;
import io.pmbench.datasets.synthetic.SyntheticFeatures;
import java.util.Collections;
import java.util.List;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * Data-set names and the loaders behind them. A spec is {@code name} or {@code name:argument};
 * the name picks the loader, the argument is passed to it. Names are unique: registering one
 * twice fails (a clash must be loud). Messages list the names sorted.
 *
 * <p>{@link #standard()} knows:
 * <ul>
 *   <li>{@code fashion-mnist} — the built-in default set ({@link FashionMnist});
 *   <li>{@code omniglot} — a built-in class-disjoint set ({@link Omniglot}; σ, α borrowed from
 *       CUB-200-2011's Table 2: Omniglot is not in the paper);
 *   <li>{@code cub200}, {@code cars196}, {@code cifar100} — the descriptors shipped with pmbench
 *       for features the user supplies under {@code --data-dir} ({@link Descriptors#BUILT_IN});
 *   <li>{@code PATH.json}, {@code PATH.yaml}, {@code PATH.yml} — a data-set descriptor file
 *       (DATASETS.md §6);
 *   <li>{@code synthetic[:key=value,...]} — the generator ({@link SyntheticConfig#parse});
 *   <li>{@code npy:TRAIN_X,TRAIN_Y,TEST_X,TEST_Y}, {@code npz:FILE[:train_x=NAME,...]},
 *       {@code csv:TRAIN.csv,TEST.csv} (labels in
 *       the last column) and {@code idx:DIR} (a folder with the four MNIST-named IDX files) —
 *       user files ({@link UserFiles}).
 * </ul>
 */
public final class DatasetRegistry {

  /**
   * One registered kind of data set.
   *
   * @param name the name before the colon
   * @param usage how a spec for it is written, for help and error messages
   * @param loader what loads it
   */
  public record Entry(String name, String usage, DatasetLoader loader) {
    public Entry {
      Objects.requireNonNull(loader, "loader");
      if (name == null || !name.matches("[a-z0-9][a-z0-9_-]*")) {
        throw new IllegalArgumentException("data-set name must be lower-case letters, digits, '-' or '_'. "
            + "Provided value: " + name);
      }
    }
  }

  /**
   * A data set carried inside the jar without a descriptor, as listings show it.
   *
   * @param name the registry name
   * @param title one line on what it holds
   * @param defaults its σ and α
   * @param defaultsSource where σ and α come from
   * @param location where its files are (a classpath folder)
   */
  public record BuiltIn(String name, String title, DatasetDefaults defaults, String defaultsSource, String location) {
    public BuiltIn {
      Objects.requireNonNull(defaults, "defaults");
      for (String text : new String[] {name, title, defaultsSource, location}) {
        if (text == null || text.isBlank()) {
          throw new IllegalArgumentException("built-in data-set texts must be non-blank. Provided value: " + text);
        }
      }
    }
  }

  /** How a descriptor file is named in a spec, for help and error messages. */
  public static final String DESCRIPTOR_USAGE = "FILE.yaml|FILE.json (a data-set descriptor)";

  private static final DatasetRegistry STANDARD = builder()
      .add(FashionMnist.NAME, FashionMnist.NAME, new DescriptorEntry(FashionMnist.NAME))
      .add(Omniglot.NAME, Omniglot.NAME, new BuiltInEntry(new BuiltIn(Omniglot.NAME, Omniglot.TITLE,
          Omniglot.defaults(), Omniglot.DEFAULTS_SOURCE, "classpath:" + Omniglot.RESOURCE_DIR), Omniglot::load))
      .add("cub200", "cub200", new DescriptorEntry("cub200"))
      .add("cars196", "cars196", new DescriptorEntry("cars196"))
      .add("cifar100", "cifar100", new DescriptorEntry("cifar100"))
      .add(SyntheticFeatures.NAME, SyntheticFeatures.NAME + "[:n=..,d=..,classes=..,spread=..,split=row|class,seed=..]",
          argument -> SyntheticFeatures.generate(SyntheticConfig.parse(argument)))
      .add(UserFiles.NPY, UserFiles.NPY + ":TRAIN_X,TRAIN_Y,TEST_X,TEST_Y", UserFiles::npy)
      .add(UserFiles.NPZ, UserFiles.NPZ + ":FILE[:train_x=NAME,train_y=NAME,test_x=NAME,test_y=NAME]", UserFiles::npz)
      .add(UserFiles.CSV, UserFiles.CSV + ":TRAIN.csv,TEST.csv", UserFiles::csv)
      .add(UserFiles.IDX, UserFiles.IDX + ":DIR", UserFiles::idx)
      .build();

  private final SortedMap<String, Entry> entries;

  private DatasetRegistry(SortedMap<String, Entry> entries) {
    this.entries = Collections.unmodifiableSortedMap(new TreeMap<>(entries));
  }

  /** The registry of everything this module provides. */
  public static DatasetRegistry standard() {
    return STANDARD;
  }

  public static Builder builder() {
    return new Builder();
  }

  /** The registered names, sorted. */
  public SortedSet<String> names() {
    return Collections.unmodifiableSortedSet(new TreeSet<>(entries.keySet()));
  }

  /** The usage line of each name, in name order. */
  public List<String> usages() {
    return entries.values().stream().map(Entry::usage).collect(Collectors.toList());
  }

  /** How a spec for {@code name} is written. */
  public String usage(String name) {
    Entry e = entries.get(name);
    if (e == null) {
      throw new IllegalArgumentException("data set must be one of " + String.join(", ", names()) + ". Provided value: "
          + name);
    }
    return e.usage();
  }

  /**
   * Loads the set a spec names, e.g. {@code fashion-mnist},
   * {@code synthetic:n=2000,d=64,classes=10,spread=0.5,split=row,seed=1} or
   * {@code npy:tx.npy,ty.npy,qx.npy,qy.npy}.
   *
   * @throws IllegalArgumentException for an unknown name (the message lists the known ones) or
   *     a malformed argument
   * @throws io.pmbench.core.data.InvalidDataException for a missing or malformed file
   */
  public FeatureSet load(String spec) {
    return load(spec, LoadOptions.none());
  }

  /**
   * Loads the set a spec names, with {@code options} (the data directory where descriptors'
   * files are looked for first). A spec ending {@code .json}, {@code .yaml} or {@code .yml} is a
   * descriptor file.
   */
  public FeatureSet load(String spec, LoadOptions options) {
    try {
      return loadUnguarded(spec, options);
    } catch (OutOfMemoryError e) {
      throw io.pmbench.datasets.format.ArrayFiles.outOfMemory(spec.strip(), e);
    }
  }

  private FeatureSet loadUnguarded(String spec, LoadOptions options) {
    String s = spec.strip();
    if (Descriptors.isDescriptorPath(s)) {
      return Descriptors.load(Descriptors.read(Path.of(s)), options.dataDir());
    }
    int colon = s.indexOf(':');
    String name = colon < 0 ? s : s.substring(0, colon);
    String argument = colon < 0 ? "" : s.substring(colon + 1);
    Entry entry = entries.get(name);
    if (entry == null) {
      throw new IllegalArgumentException("data set must be one of " + String.join(", ", usages()) + ", or "
          + DESCRIPTOR_USAGE + ". Provided value: " + spec);
    }
    return entry.loader().load(argument, options);
  }

  /**
   * Where a spec's default σ and α come from, in words for the first console lines: the
   * descriptor's {@code defaults.source}, a built-in set's note, or {@link UserFiles#DEFAULTS_SOURCE}
   * for user files and generated data. Reads at most a descriptor file, never data.
   */
  public String defaultsSource(String spec) {
    String s = spec.strip();
    if (Descriptors.isDescriptorPath(s)) {
      return sourceOf(Descriptors.read(Path.of(s)));
    }
    String name = s.indexOf(':') < 0 ? s : s.substring(0, s.indexOf(':'));
    Optional<Descriptor> d = descriptor(name);
    if (d.isPresent()) {
      return sourceOf(d.get());
    }
    return builtIn(name).map(BuiltIn::defaultsSource).orElse(UserFiles.DEFAULTS_SOURCE);
  }

  private static String sourceOf(Descriptor d) {
    return d.defaultsSource().isBlank() ? "the descriptor " + d.origin().name() : d.defaultsSource();
  }

  /** The descriptor behind a registered name, when it has one (the shipped data sets). */
  public Optional<Descriptor> descriptor(String name) {
    Entry e = entries.get(name);
    return e != null && e.loader() instanceof DescriptorEntry d ? Optional.of(Descriptors.builtIn(d.name())) : Optional.empty();
  }

  /** The built-in set behind a registered name, when it has no descriptor (Omniglot). */
  public Optional<BuiltIn> builtIn(String name) {
    Entry e = entries.get(name);
    return e != null && e.loader() instanceof BuiltInEntry b ? Optional.of(b.info()) : Optional.empty();
  }

  /** A set built into the jar without a descriptor: no argument, and {@code --data-dir} plays no part. */
  private record BuiltInEntry(BuiltIn info, Supplier<FeatureSet> loader) implements DatasetLoader {
    @Override
    public FeatureSet load(String argument) {
      if (!argument.isEmpty()) {
        throw new IllegalArgumentException(info.name() + " takes no argument (it is built in). Provided value: "
            + argument);
      }
      return loader.get();
    }
  }

  /**
   * A data set shipped as a descriptor. Fashion-MNIST without a data directory is the cached
   * built-in set ({@link FashionMnist#load()}).
   */
  private record DescriptorEntry(String name) implements DatasetLoader {
    @Override
    public FeatureSet load(String argument) {
      return load(argument, LoadOptions.none());
    }

    @Override
    public FeatureSet load(String argument, LoadOptions options) {
      if (!argument.isEmpty()) {
        throw new ParameterException("dataset", "${dataset} " + name + " takes no argument (its files are found "
            + "under ${dataDir}). Provided value: " + argument);
      }
      if (name.equals(FashionMnist.NAME) && options.dataDir().isEmpty()) {
        return FashionMnist.load();
      }
      return Descriptors.load(Descriptors.builtIn(name), options.dataDir());
    }
  }

  /** Collects entries; {@link #add} fails on a name already added. */
  public static final class Builder {
    private final SortedMap<String, Entry> entries = new TreeMap<>();

    private Builder() {}

    public Builder add(String name, String usage, DatasetLoader loader) {
      Entry entry = new Entry(name, usage, loader);
      if (entries.putIfAbsent(name, entry) != null) {
        throw new IllegalArgumentException("data-set name must be unique. Provided value: " + name + " (registered twice)");
      }
      return this;
    }

    /** Adds every entry of {@code registry} (e.g. the standard ones), failing on a clash. */
    public Builder addAll(DatasetRegistry registry) {
      registry.entries.values().forEach(e -> add(e.name(), e.usage(), e.loader()));
      return this;
    }

    public DatasetRegistry build() {
      return new DatasetRegistry(entries);
    }
  }
}
