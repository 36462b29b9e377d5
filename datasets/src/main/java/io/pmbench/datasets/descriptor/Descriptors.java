package io.pmbench.datasets.descriptor;

import io.pmbench.core.data.FeatureSet;
import io.pmbench.core.data.InvalidDataException;
import io.pmbench.datasets.format.Checksums;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Reading descriptors from files and the ones shipped with pmbench ({@link #BUILT_IN}: CUB-200-2011,
 * Cars196 and CIFAR-100 features the user supplies, and the built-in Fashion-MNIST).
 */
public final class Descriptors {
  /** Classpath folder of the shipped descriptors (and of Fashion-MNIST's files, under {@code fashion-mnist/}). */
  public static final String FOLDER = "/io/pmbench/datasets/";
  /** Names of the shipped descriptors, sorted. */
  public static final List<String> BUILT_IN = List.of("cars196", "cifar100", "cub200", "fashion-mnist");

  private Descriptors() {}

  /** Whether a data-set spec names a descriptor file ({@code .json}, {@code .yaml} or {@code .yml}). */
  public static boolean isDescriptorPath(String spec) {
    String s = spec.toLowerCase(Locale.ROOT);
    return s.endsWith(".json") || s.endsWith(".yaml") || s.endsWith(".yml");
  }

  /** Reads and checks a descriptor file. */
  public static Descriptor read(Path file) {
    byte[] bytes;
    try {
      long size = Files.size(file);
      if (size > DescriptorParser.MAX_LENGTH) {
        throw new InvalidDataException(file + ": " + size + " bytes, longer than a descriptor may be ("
            + DescriptorParser.MAX_LENGTH + " bytes; a descriptor is a few hundred: is this a data file?)");
      }
      bytes = Files.readAllBytes(file);
    } catch (NoSuchFileException e) {
      throw new InvalidDataException(file + ": no such file (a data-set descriptor was expected)");
    } catch (IOException e) {
      throw new InvalidDataException(file + ": cannot read (" + e.getMessage() + ")", e);
    }
    Path folder = file.toAbsolutePath().getParent();
    DescriptorOrigin origin = new DescriptorOrigin(file.toString(), folder.toString(), false,
        Checksums.hex(Checksums.sha256().digest(bytes)));
    return DescriptorParser.parse(origin, new String(bytes, StandardCharsets.UTF_8));
  }

  /** A descriptor shipped with pmbench, by name ({@link #BUILT_IN}). */
  public static Descriptor builtIn(String name) {
    if (!BUILT_IN.contains(name)) {
      throw new IllegalArgumentException("built-in descriptor must be one of " + String.join(", ", BUILT_IN)
          + ". Provided value: " + name);
    }
    String resource = FOLDER + name + ".yaml";
    byte[] bytes;
    try (InputStream in = Descriptors.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException("classpath:" + resource + " is missing from the pmbench jar");
      }
      bytes = in.readAllBytes();
    } catch (IOException e) {
      throw new IllegalStateException("classpath:" + resource + " cannot be read", e);
    }
    DescriptorOrigin origin = new DescriptorOrigin("classpath:" + resource, FOLDER, true,
        Checksums.hex(Checksums.sha256().digest(bytes)));
    return DescriptorParser.parse(origin, new String(bytes, StandardCharsets.UTF_8));
  }

  /** Loads the set a descriptor describes (see {@link DescriptorLoader}). */
  public static FeatureSet load(Descriptor descriptor, Optional<Path> dataDir) {
    return DescriptorLoader.load(descriptor, dataDir);
  }
}
