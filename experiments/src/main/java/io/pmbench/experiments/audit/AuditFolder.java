package io.pmbench.experiments.audit;

import io.pmbench.experiments.sweep.CellStore;
import io.pmbench.experiments.sweep.Manifest;
import io.pmbench.experiments.sweep.ResultCells;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * An audit's output folder: {@code audit.csv} ({@link AuditResults}), the saved pairs, and
 * {@value #SETTINGS} — the command that reproduces it and the settings it ran with, written
 * together with the table, so a later run (e.g. {@code pmbench claims} over its {@code audit/}
 * sub-folder) reuses the table when the settings are the same and refuses to mix with it when
 * they differ (unless told to start afresh), the rule the figure sub-folders follow.
 */
public final class AuditFolder {
  /** The settings file beside {@code audit.csv}. */
  public static final String SETTINGS = "audit-settings.txt";
  /** The experiment name in an audit folder's {@code run.json} and its cells' names. */
  public static final String EXPERIMENT = "audit";
  /** The sub-folder of a run directory that holds the run's audit. */
  public static final String SUBFOLDER = "audit";
  private static final String COMMAND = "command=";

  private AuditFolder() {}

  /** The {@code pmbench audit} command line that reproduces an audit of {@code mechanisms} into {@code dir}. */
  public static String command(AuditSettings s, List<String> mechanisms, Path dir) {
    return String.format(Locale.ROOT, "pmbench audit --mechanism %s --epsilon %s --delta %s --trials %d --seed %d "
        + "--preset %s --noise-sampler %s --out %s", String.join(",", mechanisms), s.epsilon(), s.delta(), s.trials(),
        s.seed(), s.preset().cliName(), s.sampler().cliName(), dir);
  }

  /**
   * Audits {@code mechanisms} (in order) into {@code dir}, one cell per mechanism (its rows, one
   * per noisy stage) through {@link ResultCells}: a cell stored under the same settings is reused,
   * so a killed audit resumes; {@code each} gets each computed row as it is done. Writes {@code
   * audit.csv} and the settings file at the end, both listed with their SHA-256 in {@code
   * run.json} ({@code pmbench verify} checks them). A folder of other settings is refused unless
   * {@code fresh}, which recomputes it.
   */
  public static List<AuditRow> run(Path dir, AuditSettings s, List<String> mechanisms, boolean fresh,
      Consumer<AuditRow> each) throws IOException {
    mechanisms.forEach(n -> Targets.of(n, s)); // fail on a bad name before any work
    Manifest manifest = Manifest.of(EXPERIMENT, Map.of("settings", s.toString()), Map.of("mechanisms", mechanisms),
        command(s, mechanisms, dir));
    ResultCells cells = ResultCells.open(dir, manifest, fresh);
    StringBuilder table = new StringBuilder(AuditResults.header()).append('\n');
    for (String name : mechanisms) {
      for (String line : cells.reuseOrCompute(EXPERIMENT + "-" + name, () -> {
        List<AuditRow> rows = Audit.run(name, s, dir);
        rows.forEach(each);
        return AuditResults.lines(rows);
      })) {
        table.append(line).append('\n');
      }
    }
    cells.writeResult(AuditResults.FILE, table.toString());
    cells.writeResult(SETTINGS, COMMAND + command(s, mechanisms, dir) + "\n" + key(s, mechanisms));
    return AuditResults.read(dir.resolve(AuditResults.FILE));
  }

  /**
   * As {@link #run}, also reading an audit folder written before audits had cells ({@value
   * #SETTINGS} and {@code audit.csv}, no {@code run.json}): its table is used as it is when it ran
   * with the same settings and mechanisms, refused when it ran with other settings (unless {@code
   * fresh}), and otherwise recomputed into cells.
   */
  public static List<AuditRow> runOrReuse(Path dir, AuditSettings s, List<String> mechanisms, boolean fresh,
      Consumer<AuditRow> each) throws IOException {
    Optional<String> stored = storedKey(dir);
    Path table = dir.resolve(AuditResults.FILE);
    if (!Files.exists(dir.resolve(CellStore.MANIFEST)) && stored.isPresent() && Files.exists(table) && !fresh) {
      if (stored.get().equals(key(s, mechanisms))) {
        return AuditResults.read(table);
      }
      if (!settingsOf(stored.get()).equals(settingsOf(key(s, mechanisms)))) {
        throw new IllegalArgumentException(dir + " holds an audit with other settings (" + dir.resolve(SETTINGS)
            + "); rerun with --fresh to recompute it, or use another --out. Provided value: "
            + key(s, mechanisms).strip().replace('\n', ' '));
      }
    }
    return run(dir, s, mechanisms, fresh, each);
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
