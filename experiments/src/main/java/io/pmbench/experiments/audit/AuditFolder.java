package io.pmbench.experiments.audit;

import io.pmbench.experiments.sweep.CellStore;
import io.pmbench.experiments.sweep.Manifest;
import io.pmbench.experiments.sweep.ResultCells;
import io.pmbench.experiments.sweep.TableExperiment;
import io.pmbench.runs.GitInfo;
import io.pmbench.runs.Provenance;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * An audit's output folder as a table experiment the run pipeline runs ({@link TableExperiment}):
 * one cell per mechanism (its rows, one per noisy stage), {@code audit.csv} ({@link
 * AuditResults}) assembled from the cells, the saved pairs, and {@value #SETTINGS} — the command
 * that reproduces it and the settings it ran with — each listed with its SHA-256 in {@code
 * run.json}. A rerun of the same settings reuses the cells, so a killed audit resumes; a folder of
 * other settings is refused unless {@code fresh}, the rule the figure sub-folders follow.
 */
public final class AuditFolder implements TableExperiment {
  /** The settings file beside {@code audit.csv}. */
  public static final String SETTINGS = "audit-settings.txt";
  /** The experiment name in an audit folder's {@code run.json} and its cells' names. */
  public static final String EXPERIMENT = "audit";
  /** The sub-folder of a run directory that holds the run's audit. */
  public static final String SUBFOLDER = "audit";
  private static final String COMMAND = "command=";

  private final Path dir;
  private final AuditSettings settings;
  private final List<String> mechanisms;
  private final boolean fresh;
  private final Consumer<AuditRow> each;
  private final GitInfo git;

  /**
   * The audit of {@code mechanisms} (in order) into {@code dir}; {@code each} gets each computed
   * row as it is done. A bad mechanism name fails here, before any work.
   */
  public AuditFolder(Path dir, AuditSettings settings, List<String> mechanisms, boolean fresh,
      Consumer<AuditRow> each) {
    mechanisms.forEach(n -> Targets.of(n, settings));
    this.dir = dir;
    this.settings = settings;
    this.mechanisms = List.copyOf(mechanisms);
    this.fresh = fresh;
    this.each = each;
    this.git = GitInfo.ofCode(AuditFolder.class, Path.of("").toAbsolutePath());
  }

  /** The {@code pmbench audit} command line that reproduces an audit of {@code mechanisms} into {@code dir}. */
  public static String command(AuditSettings s, List<String> mechanisms, Path dir) {
    return String.format(Locale.ROOT, "pmbench audit --mechanism %s --epsilon %s --delta %s --trials %d --seed %d "
        + "--preset %s --noise-sampler %s --out %s", String.join(",", mechanisms), s.epsilon(), s.delta(), s.trials(),
        s.seed(), s.preset().cliName(), s.sampler().cliName(), dir);
  }

  /** This audit's command line. */
  public String command() {
    return command(settings, mechanisms, dir);
  }

  @Override
  public String name() {
    return EXPERIMENT;
  }

  @Override
  public Manifest manifest() {
    return Manifest.of(EXPERIMENT, Map.of("settings", settings.toString()), Map.of("mechanisms", mechanisms),
        command());
  }

  @Override
  public Path out() {
    return dir;
  }

  @Override
  public boolean fresh() {
    return fresh;
  }

  @Override
  public String commit() {
    return git.commit();
  }

  @Override
  public List<Cell> cells() {
    return mechanisms.stream().map(name -> new Cell(EXPERIMENT + "-" + name, 1, folder -> {
      List<AuditRow> rows = Audit.run(name, settings, dir);
      rows.forEach(each);
      return AuditResults.lines(rows);
    })).toList();
  }

  /** Writes {@code audit.csv} from the cells and the settings file. */
  @Override
  public void assemble(ResultCells folder, List<List<String>> lines) throws IOException {
    StringBuilder table = new StringBuilder(AuditResults.header()).append('\n');
    lines.forEach(cell -> cell.forEach(l -> table.append(l).append('\n')));
    folder.writeResult(AuditResults.FILE, table.toString());
    folder.writeResult(SETTINGS, COMMAND + command() + "\n" + key(settings, mechanisms));
  }

  @Override
  public Map<String, Object> provenanceConfig() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("experiment", EXPERIMENT);
    m.put("settings", settings.toString());
    m.put("mechanisms", mechanisms);
    return m;
  }

  /**
   * The audit's provenance: its data sets are drawn from the seed by {@link AuditData} at the
   * settings' sizes, so the data set named is those settings and its checksum the SHA-256 of
   * their text.
   */
  @Override
  public Provenance provenance(Map<String, ?> config, Instant start) {
    String data = settings.toString();
    return Provenance.of(command(), config, List.of(settings.seed()), "audit data sets drawn from the seed ("
        + String.format(Locale.ROOT, "n=%d, m=%d, d=%d, c=%d", settings.n(), settings.privateRows(), settings.d(),
        settings.c()) + ")", io.pmbench.experiments.sweep.CellHashes.sha256(data.getBytes(StandardCharsets.UTF_8)), Map.of(), git, start, Instant.now());
  }

  /** The rows of this audit's {@code audit.csv} (after the pipeline ran it). */
  public List<AuditRow> rows() throws IOException {
    return AuditResults.read(dir.resolve(AuditResults.FILE));
  }

  /**
   * The rows of an audit folder written before audits had cells ({@value #SETTINGS} and {@code
   * audit.csv}, no {@code run.json}) when it ran with the same settings and mechanisms: used as they
   * are. A folder of other settings is refused (unless {@code fresh}); empty for any other folder
   * (its audit is run, or resumed, into cells).
   */
  public static Optional<List<AuditRow>> legacyRows(Path dir, AuditSettings s, List<String> mechanisms,
      boolean fresh) throws IOException {
    Optional<String> stored = storedKey(dir);
    Path table = dir.resolve(AuditResults.FILE);
    if (!Files.exists(dir.resolve(CellStore.MANIFEST)) && stored.isPresent() && Files.exists(table) && !fresh) {
      if (stored.get().equals(key(s, mechanisms))) {
        return Optional.of(AuditResults.read(table));
      }
      if (!settingsOf(stored.get()).equals(settingsOf(key(s, mechanisms)))) {
        throw new IllegalArgumentException(dir + " holds an audit with other settings (" + dir.resolve(SETTINGS)
            + "); rerun with --fresh to recompute it, or use another --out. Provided value: "
            + key(s, mechanisms).strip().replace('\n', ' '));
      }
    }
    return Optional.empty();
  }

  /** The command line stored with the audit in {@code dir}, if any. */
  public static Optional<String> storedCommand(Path dir) throws IOException {
    Path f = dir.resolve(SETTINGS);
    if (!Files.exists(f)) {
      return Optional.empty();
    }
    return Files.readAllLines(f).stream().filter(l -> l.startsWith(COMMAND)).map(l -> l.substring(COMMAND.length()))
        .findFirst();
  }

  /**
   * The audit a run directory shows: {@code dir/audit.csv} (an audit's own folder), else
   * {@code dir/audit/audit.csv}, else that of the enclosing run (a part of {@code claims}).
   */
  public static Optional<Path> locate(Path dir) {
    Path abs = dir.toAbsolutePath();
    List<Path> candidates = new ArrayList<>(List.of(abs, abs.resolve(SUBFOLDER)));
    if (abs.getParent() != null && Files.exists(abs.getParent().resolve("run.json"))) {
      candidates.add(abs.getParent().resolve(SUBFOLDER));
    }
    return candidates.stream().filter(c -> Files.exists(c.resolve(AuditResults.FILE))).findFirst();
  }

  private static final String MECHANISMS = "mechanisms=";

  private static String key(AuditSettings s, List<String> mechanisms) {
    return s + "\n" + MECHANISMS + String.join(",", mechanisms) + "\n";
  }

  /** A stored key without its mechanisms line. */
  private static String settingsOf(String key) {
    return key.lines().filter(l -> !l.startsWith(MECHANISMS)).collect(Collectors.joining("\n"));
  }

  private static Optional<String> storedKey(Path dir) throws IOException {
    Path f = dir.resolve(SETTINGS);
    if (!Files.exists(f)) {
      return Optional.empty();
    }
    StringBuilder b = new StringBuilder();
    Files.readAllLines(f).stream().filter(l -> !l.startsWith(COMMAND)).forEach(l -> b.append(l).append('\n'));
    return Optional.of(b.toString());
  }
}
