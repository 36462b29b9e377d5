package io.pmbench.experiments.sweep;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pmbench.runs.AtomicFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * Whether a run directory's cells are those its runs wrote ({@code pmbench verify}): each cell
 * file carries the SHA-256 of its canonical content ({@link CellHashes}) and {@code run.json}
 * lists every cell with that hash. A cell does not verify when its hash is missing, differs from
 * its content or from {@code run.json}, or when it is not listed; a listed cell without a file
 * does not verify either.
 *
 * <p>A run made before cells were hashed ({@code run.json} without {@value Manifest#CELLS}) is
 * <em>unhashed</em>: nothing can be checked; {@link #rehash} stamps its cells as they are now.
 *
 * @param dir the run directory
 * @param unhashed whether the run was made before cells were hashed
 * @param cells the number of cell files
 * @param problems one line per cell or result file that does not verify ({@code cells/NAME.json: what})
 * @param results the number of result files {@code run.json} lists ({@link ResultCells}; 0 for a grid run)
 */
public record RunCheck(Path dir, boolean unhashed, int cells, List<String> problems, int results) {
  /** How messages name a run made before hashes. */
  public static final String UNHASHED = "unhashed (made before pmbench 0.1.0 stamped SHA-256 hashes into cells)";

  /** How a listed cell without a file is named; a resume recomputes such a cell and a report marks the run INCOMPLETE. */
  static final String MISSING = ": listed in " + RunLayout.MANIFEST + " but the file is missing";

  private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  /** Whether every cell verifies (an unhashed run does not). */
  public boolean verified() {
    return !unhashed && problems.isEmpty();
  }

  /** Result files that mark a folder written before audits, attacks and the filter had cells and run.json. */
  private static final List<String> LEGACY_RESULTS = List.of("audit.csv", "attack.csv", "filter-encoders.csv",
      "filter-accuracy.csv");

  /**
   * For a folder without {@code run.json} holding the results of an audit, attack or filter written
   * before they had cells: the line saying nothing in it can be checked; empty for any other folder.
   */
  public static Optional<String> legacy(Path dir) {
    if (Files.exists(dir.resolve(RunLayout.MANIFEST))) {
      return Optional.empty();
    }
    return LEGACY_RESULTS.stream().filter(f -> Files.exists(dir.resolve(f))).findFirst().map(f -> dir + " holds " + f
        + " written before audit, attack-dummies and filter folders had cells and " + RunLayout.MANIFEST
        + ": its files cannot be checked (rerun its command into a new folder for one that can)");
  }

  /**
   * Checks {@code dir} and throws an {@link IllegalArgumentException} naming it unless it is a run made
   * before cell hashes, the only kind {@link #rehash} stamps.
   */
  public static RunCheck requireUnhashed(Path dir) throws IOException {
    RunCheck check = of(dir);
    if (!check.unhashed()) {
      throw new IllegalArgumentException("--rehash must be given an unhashed run (made before cell hashes). Provided "
          + "value: " + dir + " already lists cell hashes in " + RunLayout.MANIFEST
          + " (restamping would hide a modification)");
    }
    return check;
  }

  /** Checks {@code dir}; not a run directory is an {@link IllegalArgumentException}. */
  public static RunCheck of(Path dir) throws IOException {
    Path manifestFile = dir.resolve(RunLayout.MANIFEST);
    if (!Files.exists(manifestFile)) {
      throw new IllegalArgumentException(dir + " must be a pmbench run directory. Provided value: no "
          + RunLayout.MANIFEST + " in " + dir);
    }
    Optional<Map<String, String>> listed = Manifest.cellHashes(Files.readString(manifestFile), manifestFile.toString());
    Map<String, JsonNode> files = cellTrees(dir);
    if (listed.isEmpty()) {
      return new RunCheck(dir, true, files.size(), List.of(), 0);
    }
    List<String> problems = new ArrayList<>();
    for (Map.Entry<String, JsonNode> f : files.entrySet()) {
      String name = RunLayout.CELLS + "/" + f.getKey();
      JsonNode stamped = f.getValue().get(CellHashes.FIELD);
      String inManifest = listed.get().get(f.getKey());
      if (stamped == null) {
        problems.add(name + ": no " + CellHashes.FIELD + " field (hash removed, or the cell was copied in)");
      } else if (!stamped.asText().equals(CellHashes.of(f.getValue()))) {
        problems.add(name + ": modified (its content no longer matches its " + CellHashes.FIELD + ")");
      } else if (inManifest == null) {
        problems.add(name + ": not listed in " + RunLayout.MANIFEST + " (copied in from elsewhere?)");
      } else if (!inManifest.equals(stamped.asText())) {
        problems.add(name + ": its " + CellHashes.FIELD + " differs from the one " + RunLayout.MANIFEST + " lists");
      }
    }
    listed.get().keySet().stream().filter(n -> !files.containsKey(n)).forEach(n -> problems.add(RunLayout.CELLS + "/" + n
        + MISSING));
    Map<String, String> results = Manifest.resultHashes(Files.readString(manifestFile), manifestFile.toString());
    for (Map.Entry<String, String> r : results.entrySet()) {
      Path f = dir.resolve(r.getKey());
      if (!Files.exists(f)) {
        problems.add(r.getKey() + ": listed in " + RunLayout.MANIFEST + " but the file is missing");
      } else if (!CellHashes.sha256(Files.readAllBytes(f)).equals(r.getValue())) {
        problems.add(r.getKey() + ": modified (its SHA-256 differs from the one " + RunLayout.MANIFEST + " lists)");
      }
    }
    return new RunCheck(dir, false, files.size(), List.copyOf(problems), results.size());
  }

  /** The cell files of {@code dir} (name to JSON tree), sorted; a file that is not JSON is a problem of its own. */
  static Map<String, JsonNode> cellTrees(Path dir) throws IOException {
    Map<String, JsonNode> out = new TreeMap<>();
    Path cellDir = dir.resolve(RunLayout.CELLS);
    if (!Files.isDirectory(cellDir)) {
      return out;
    }
    try (DirectoryStream<Path> ds = Files.newDirectoryStream(cellDir, "*.json")) {
      for (Path f : ds) {
        if (AtomicFiles.isTemporary(f)) {
          continue;
        }
        JsonNode tree;
        try {
          tree = MAPPER.readTree(Files.readString(f, StandardCharsets.UTF_8));
        } catch (IOException e) {
          throw new IllegalStateException(f + " must be a cell file (JSON). Provided value: " + e.getMessage(), e);
        }
        out.put(f.getFileName().toString(), tree);
      }
    }
    return out;
  }

  /** One line: how many cells, and the first problem. */
  public String summary() {
    if (unhashed) {
      return dir + " is " + UNHASHED + ": its " + cells + " cells cannot be checked; pmbench verify --rehash " + dir
          + " stamps them as they are now";
    }
    String files = results == 0 ? "" : " and " + results + " result files";
    if (problems.isEmpty()) {
      return dir + ": all " + cells + " cells" + files + " verify";
    }
    return dir + " does not verify: " + problems.size() + " of its cells" + (results == 0 ? "" : " and result files")
        + " " + (problems.size() == 1 ? "does" : "do")
        + " not (" + problems.get(0) + (problems.size() > 1 ? "; ..." : "") + ")";
  }

  /**
   * What {@code report} and a resumed run do before using {@code dir}: an unhashed run is used
   * with a warning; a run that does not verify is refused ({@link IllegalStateException}, one line)
   * unless {@code acceptModified}, which warns instead. A listed cell whose file is missing is not
   * a reason to refuse: a process killed between listing a cell and renaming its file into place
   * leaves exactly that, a resume recomputes it, and a report marks the run INCOMPLETE; it is named
   * in a warning.
   */
  public static void require(Path dir, boolean acceptModified, Consumer<String> warn) throws IOException {
    RunCheck c = of(dir);
    List<String> missing = c.problems().stream().filter(p -> p.endsWith(MISSING)).toList();
    if (!missing.isEmpty()) {
      warn.accept("warning: " + missing.size() + " cell(s) listed in " + RunLayout.MANIFEST + " have no file (an "
          + "interrupted run; resuming recomputes them): " + missing.get(0) + (missing.size() > 1 ? "; ..." : ""));
    }
    require(new RunCheck(dir, c.unhashed(), c.cells(), c.problems().stream().filter(p -> !p.endsWith(MISSING)).toList(),
        c.results()),
        acceptModified, warn);
  }

  private static void require(RunCheck check, boolean acceptModified, Consumer<String> warn) {
    Path dir = check.dir();
    if (check.unhashed()) {
      warn.accept("warning: " + check.summary());
    } else if (!check.problems().isEmpty()) {
      if (!acceptModified) {
        throw new IllegalStateException(check.summary() + "; pmbench verify " + dir
            + " lists them; pass --accept-modified to use the run anyway");
      }
      warn.accept("warning: " + check.summary() + "; used anyway (--accept-modified)");
    }
  }

  /**
   * Stamps the SHA-256 of each cell, as it is now, into the cell and {@code run.json} of an
   * unhashed run; {@code say} is told what is done first. A run that has hashes is refused:
   * restamping would hide a modification.
   */
  public static void rehash(Path dir, Consumer<String> say) throws IOException {
    rehash(requireUnhashed(dir), say);
  }

  /** {@link #rehash(Path, Consumer)} of the run {@code check} ({@link #requireUnhashed}) was made of. */
  public static void rehash(RunCheck check, Consumer<String> say) throws IOException {
    Path dir = check.dir();
    say.accept("pmbench verify --rehash: stamping the SHA-256 of " + check.cells() + " cells of " + dir
        + " as they are now into each cell file and " + RunLayout.MANIFEST + " (their past cannot be checked)");
    Map<String, String> hashes = new TreeMap<>();
    for (Map.Entry<String, JsonNode> f : cellTrees(dir).entrySet()) {
      if (!(f.getValue() instanceof ObjectNode tree)) {
        throw new IllegalStateException(dir.resolve(RunLayout.CELLS).resolve(f.getKey()) + " must be a cell file (a JSON "
            + "object). Provided value: " + f.getValue().getNodeType());
      }
      tree.remove(CellHashes.FIELD);
      String hash = CellHashes.of(tree);
      tree.put(CellHashes.FIELD, hash);
      AtomicFiles.write(dir.resolve(RunLayout.CELLS).resolve(f.getKey()), out -> out.write(
          MAPPER.writeValueAsString(tree) + "\n"));
      hashes.put(f.getKey(), hash);
    }
    Path manifestFile = dir.resolve(RunLayout.MANIFEST);
    Manifest m = Manifest.parse(Files.readString(manifestFile), manifestFile.toString());
    AtomicFiles.write(manifestFile, out -> out.write(m.toJson(hashes)));
  }
}
