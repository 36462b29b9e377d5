package io.pmbench.datasets.descriptor;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Where each file of a descriptor is looked for and whether it is there (for
 * {@code pmbench datasets}); nothing is read or checksummed.
 *
 * @param name the data set's name
 * @param title its description
 * @param files one status per file, in descriptor order
 */
public record Availability(String name, String title, List<FileStatus> files) {

  /**
   * One file.
   *
   * @param id the key under {@code files}
   * @param path as the descriptor writes it
   * @param foundAt where it was found
   * @param lookedFor every place it is looked for, in order (empty: no data directory given)
   */
  public record FileStatus(String id, String path, Optional<String> foundAt, List<String> lookedFor) {}

  /** Whether every file was found. */
  public boolean found() {
    return files.stream().allMatch(f -> f.foundAt().isPresent());
  }

  /** Looks for every file of {@code d} (with {@code dataDir} as {@code --data-dir}). */
  public static Availability of(Descriptor d, Optional<Path> dataDir) {
    List<FileStatus> files = d.files().values().stream().map(e -> {
      List<DescriptorOrigin.Candidate> c = d.origin().candidates(e.path(), dataDir);
      return new FileStatus(e.id(), e.path(),
          c.stream().filter(DescriptorOrigin.Candidate::exists).map(DescriptorOrigin.Candidate::shown).findFirst(),
          c.stream().map(DescriptorOrigin.Candidate::shown).toList());
    }).toList();
    return new Availability(d.name(), d.title(), files);
  }
}
