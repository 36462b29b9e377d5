package io.pmbench.datasets.descriptor;

import io.pmbench.datasets.format.DataSource;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Where a descriptor was read from, and so where its relative file paths point: a file on disk
 * (its folder) or a classpath resource shipped inside pmbench (its package folder).
 *
 * @param name the descriptor as named in messages and provenance
 * @param folder the folder relative paths resolve against when no data directory is given: a
 *     file-system folder, or an absolute classpath folder such as {@code /io/pmbench/datasets/}
 * @param classpath whether {@code folder} is on the classpath (a descriptor shipped with pmbench)
 * @param sha256 SHA-256 of the descriptor's bytes
 */
public record DescriptorOrigin(String name, String folder, boolean classpath, String sha256) {

  /** Where a relative path was looked for, and whether it is there. */
  public record Candidate(String shown, DataSource source, boolean exists) {}

  /**
   * The places a descriptor's file path is looked for, in order: {@code dataDir/path} when a data
   * directory is given; then the descriptor's own folder (for a descriptor shipped with pmbench,
   * only when the file ships there too). An absolute path is the one place.
   */
  public List<Candidate> candidates(String path, Optional<Path> dataDir) {
    List<Candidate> out = new ArrayList<>();
    Path p = Path.of(path);
    if (p.isAbsolute()) {
      out.add(file(p));
      return out;
    }
    dataDir.ifPresent(d -> out.add(file(d.resolve(p))));
    if (classpath) {
      String resource = folder + path;
      URL url = DescriptorOrigin.class.getResource(resource);
      if (url != null) {
        String fileName = resource.substring(resource.lastIndexOf('/') + 1);
        out.add(new Candidate("classpath:" + resource + " (inside pmbench)",
            new DataSource(fileName, () -> open(resource)), true));
      }
    } else {
      out.add(file(Path.of(folder).resolve(p)));
    }
    return out;
  }

  private static Candidate file(Path p) {
    return new Candidate(p.toString(), DataSource.of(p), Files.isRegularFile(p));
  }

  private static InputStream open(String resource) throws IOException {
    InputStream in = DescriptorOrigin.class.getResourceAsStream(resource);
    if (in == null) {
      throw new java.nio.file.NoSuchFileException("classpath:" + resource);
    }
    return in;
  }
}
