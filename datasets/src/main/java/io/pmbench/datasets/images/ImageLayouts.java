package io.pmbench.datasets.images;

import io.pmbench.core.ParameterException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Opens an image data set from {@code LAYOUT:PATH}. A new layout is one class and one line in
 * {@link #LAYOUTS}.
 */
public final class ImageLayouts {
  /** Opens a layout on its path; checks what it cheaply can before returning. */
  @FunctionalInterface
  public interface Opener {
    ImageLayout open(Path path, ImageOptions options) throws IOException;
  }

  private static final Map<String, Opener> LAYOUTS = new TreeMap<>();

  static {
    LAYOUTS.put(Cifar100Binary.NAME, Cifar100Binary::open);
    LAYOUTS.put(Cars196List.NAME, Cars196List::open);
    LAYOUTS.put(Cifar100Python.NAME, Cifar100Python::open);
    LAYOUTS.put(Cub200.NAME, Cub200::open);
    LAYOUTS.put(Cars196Devkit.NAME, Cars196Devkit::open);
  }

  private ImageLayouts() {}

  /** The layout names, sorted. */
  public static SortedSet<String> names() {
    return new TreeSet<>(LAYOUTS.keySet());
  }

  /**
   * Opens {@code spec} = {@code LAYOUT:PATH}.
   *
   * @throws IllegalArgumentException for an unknown layout, a malformed spec or an option the layout does not take
   * @throws io.pmbench.core.data.InvalidDataException when a file is missing or malformed (one line naming it)
   */
  public static ImageLayout open(String spec, ImageOptions options) throws IOException {
    int colon = spec.indexOf(':');
    if (colon <= 0 || colon == spec.length() - 1) {
      throw new ParameterException("images", "${images} must be LAYOUT:PATH with LAYOUT one of " + names()
          + ". Provided value: " + spec);
    }
    String layout = spec.substring(0, colon);
    Opener opener = LAYOUTS.get(layout);
    if (opener == null) {
      throw new ParameterException("images", "${images} layout must be one of " + names() + ". Provided value: "
          + layout);
    }
    Path path = Path.of(spec.substring(colon + 1));
    if (!Files.exists(path)) {
      throw new io.pmbench.core.data.InvalidDataException(path + ": no such file or folder (layout " + layout + ")");
    }
    return opener.open(path, options);
  }
}
