package io.pmbench.experiments.audit;

import io.pmbench.runs.AtomicFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Consumer;

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
   * Audits {@code mechanisms} (in order) into {@code dir}, handing each row to {@code each} as it
   * is done; writes {@code audit.csv} and the settings file together at the end.
   */
  public static List<AuditRow> run(Path dir, AuditSettings s, List<String> mechanisms, Consumer<AuditRow> each)
      throws IOException {
    mechanisms.forEach(n -> Targets.of(n, s)); // fail on a bad name before any work
    List<AuditRow> rows = new ArrayList<>();
    for (String name : mechanisms) {
      for (AuditRow r : Audit.run(name, s, dir)) {
        rows.add(r);
        each.accept(r);
      }
    }
    Files.createDirectories(dir);
    AtomicFiles.writeAll(java.util.Map.of(
        dir.resolve(AuditResults.FILE), out -> AuditResults.writeTo(out, rows),
        dir.resolve(SETTINGS), out -> out.write(COMMAND + command(s, mechanisms, dir) + "\n" + key(s, mechanisms))));
    return rows;
  }

  /**
   * The audit in {@code dir} when it ran with the same settings and mechanisms, else a new one
   * ({@link #run}); an audit with other settings is refused (one line naming the folder) unless
   * {@code fresh}. A folder without its settings file (an interrupted audit) is recomputed.
   */
  public static List<AuditRow> runOrReuse(Path dir, AuditSettings s, List<String> mechanisms, boolean fresh,
      Consumer<AuditRow> each) throws IOException {
    Optional<String> stored = storedKey(dir);
    if (stored.isPresent() && Files.exists(dir.resolve(AuditResults.FILE))) {
      if (stored.get().equals(key(s, mechanisms))) {
        return AuditResults.read(dir.resolve(AuditResults.FILE));
      }
      if (!fresh) {
        throw new IllegalArgumentException(dir + " holds an audit with other settings (" + dir.resolve(SETTINGS)
            + "); rerun with --fresh to recompute it, or use another --out. Provided value: "
            + key(s, mechanisms).strip().replace('\n', ' '));
      }
    }
    return run(dir, s, mechanisms, each);
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

  private static String key(AuditSettings s, List<String> mechanisms) {
    return s + "\nmechanisms=" + String.join(",", mechanisms) + "\n";
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
