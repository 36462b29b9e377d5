package io.pmbench.experiments.sweep;

import java.nio.file.Path;
import java.util.Locale;

/**
 * Where a run goes when {@code --out} is not given: {@code pmbench-results/[<command>-]<short
 * name>-<config tag>}, one level deep. The short name is the data set in at most
 * {@value #MAX_NAME} characters of {@code [A-Za-z0-9._-]}; the tag is the first 8 hex digits of
 * the run's configuration fingerprint ({@link GridSetup#configTag}). Nothing in it depends on the
 * time, so the same command finds the same folder and resumes; another configuration gets
 * another folder.
 */
public final class RunFolders {
  /** Longest short data-set name. */
  public static final int MAX_NAME = 40;
  /** The folder default run directories are made in. */
  public static final String ROOT = "pmbench-results";

  private RunFolders() {}

  /**
   * A short, path-safe name for a data-set spec: a registered name as is
   * ({@code fashion-mnist}); a descriptor file by its stem ({@code /d/cub.yaml} → {@code cub}); a
   * file spec by its kind and first file's stem ({@code npy:/tmp/train_x.npy,...} →
   * {@code npy-train_x}); a generator by its arguments with separators replaced
   * ({@code synthetic:n=300,d=16} → {@code synthetic-n-300-d-16}).
   */
  public static String shortName(String spec) {
    String s = spec.strip();
    String lower = s.toLowerCase(Locale.ROOT);
    String base;
    if (lower.endsWith(".yaml") || lower.endsWith(".yml") || lower.endsWith(".json")) {
      base = stem(s);
    } else {
      int colon = s.indexOf(':');
      String kind = colon < 0 ? s : s.substring(0, colon);
      String argument = colon < 0 ? "" : s.substring(colon + 1);
      String first = argument.split(",", -1)[0];
      if (argument.isEmpty()) {
        base = kind;
      } else {
        int option = first.lastIndexOf(':'); // npz:FILE:train_x=NAME,... (not a drive letter's colon)
        String file = option >= 0 && first.substring(option + 1).contains("=") ? first.substring(0, option) : first;
        base = file.contains("=") ? kind + "-" + argument : kind + "-" + stem(file);
      }
    }
    String safe = base.replaceAll("[^A-Za-z0-9._-]+", "-").replaceAll("-{2,}", "-");
    if (safe.length() > MAX_NAME) {
      safe = safe.substring(0, MAX_NAME);
    }
    safe = safe.replaceAll("^[-.]+|[-.]+$", "");
    return safe.isEmpty() ? "data" : safe;
  }

  /** The default run directory of {@code command} on {@code spec} under the configuration tagged {@code configTag}. */
  public static Path defaultOut(String command, String spec, String configTag) {
    return Path.of(ROOT, (command.equals("run") ? "" : command + "-") + shortName(spec) + "-" + configTag);
  }

  private static String stem(String path) {
    String name = path.replace('\\', '/');
    name = name.endsWith("/") ? name.substring(0, name.length() - 1) : name;
    name = name.substring(name.lastIndexOf('/') + 1);
    int dot = name.lastIndexOf('.');
    return dot > 0 ? name.substring(0, dot) : name;
  }

  /**
   * Removes what opening a new run directory left when the run was refused before any cell ran:
   * its run.json, its empty cells/ folder, the query logs and server embeddings a pilot wrote
   * (partial/, servers/), its lock file, and the directory itself when that leaves it empty.
   * Anything else in it is kept. Call it only for a directory this invocation created.
   */
  public static void removeEmptyRun(Path dir) throws java.io.IOException {
    java.nio.file.Files.deleteIfExists(dir.resolve(CellStore.MANIFEST));
    java.nio.file.Files.deleteIfExists(dir.resolve(".lock"));
    for (String sub : new String[] {CellStore.CELLS, CellStore.PARTIAL, ServerFiles.DIR}) {
      Path p = dir.resolve(sub);
      if (java.nio.file.Files.isDirectory(p)) {
        boolean pilotOnly = !sub.equals(CellStore.CELLS); // query logs and servers a pilot wrote, nothing else
        try (java.util.stream.Stream<Path> s = java.nio.file.Files.list(p)) {
          for (Path f : s.toList()) {
            if (pilotOnly && java.nio.file.Files.isRegularFile(f)) {
              java.nio.file.Files.delete(f);
            }
          }
        }
        try (java.util.stream.Stream<Path> s = java.nio.file.Files.list(p)) {
          if (s.findAny().isEmpty()) {
            java.nio.file.Files.delete(p);
          }
        }
      }
    }
    try (java.util.stream.Stream<Path> s = java.nio.file.Files.list(dir)) {
      if (s.findAny().isEmpty()) {
        java.nio.file.Files.delete(dir);
      }
    }
  }
}
