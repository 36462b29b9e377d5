package io.pmbench.experiments.audit;

import io.pmbench.runs.AtomicFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
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
    return run(dir, s, mechanisms, Map.of(), r -> Optional.empty(), each);
  }

  /**
   * As {@link #run(Path, AuditSettings, List, Consumer)}, taking a mechanism's rows from
   * {@code done} when it holds them (rows of an earlier audit under the same settings: a
   * mechanism's rows depend only on its name and the settings) and auditing the others.
   */
  private static List<AuditRow> run(Path dir, AuditSettings s, List<String> mechanisms,
      Map<String, List<AuditRow>> done, Function<AuditRow, Optional<String>> storedLine, Consumer<AuditRow> each)
      throws IOException {
    mechanisms.forEach(n -> Targets.of(n, s)); // fail on a bad name before any work
    List<AuditRow> rows = new ArrayList<>();
    for (String name : mechanisms) {
      if (done.containsKey(name)) {
        rows.addAll(done.get(name));
        continue;
      }
      for (AuditRow r : Audit.run(name, s, dir)) {
        rows.add(r);
        each.accept(r);
      }
    }
    Files.createDirectories(dir);
    AtomicFiles.writeAll(Map.of(
        dir.resolve(AuditResults.FILE), out -> AuditResults.writeTo(out, rows, storedLine),
        dir.resolve(SETTINGS), out -> out.write(COMMAND + command(s, mechanisms, dir) + "\n" + key(s, mechanisms))));
    return rows;
  }

  /**
   * The audit in {@code dir} when it ran with the same settings and mechanisms, else a new one
   * ({@link #run}). An audit with the same settings but other mechanisms is extended: the rows of
   * the mechanisms it audited are kept, the others audited, and the rows (and saved pairs) of
   * mechanisms no longer asked for dropped. An audit with other settings is refused (one line
   * naming the folder) unless {@code fresh}. A folder without its settings file (an interrupted
   * audit) is recomputed.
   */
  public static List<AuditRow> runOrReuse(Path dir, AuditSettings s, List<String> mechanisms, boolean fresh,
      Consumer<AuditRow> each) throws IOException {
    Optional<String> stored = storedKey(dir);
    Path table = dir.resolve(AuditResults.FILE);
    if (stored.isPresent() && Files.exists(table)) {
      if (stored.get().equals(key(s, mechanisms))) {
        return AuditResults.read(table);
      }
      if (!fresh && settingsOf(stored.get()).equals(settingsOf(key(s, mechanisms)))) {
        return extend(dir, s, mechanisms, mechanismsOf(stored.get()), table, each);
      }
      if (!fresh) {
        throw new IllegalArgumentException(dir + " holds an audit with other settings (" + dir.resolve(SETTINGS)
            + "); rerun with --fresh to recompute it, or use another --out. Provided value: "
            + key(s, mechanisms).strip().replace('\n', ' '));
      }
    }
    return run(dir, s, mechanisms, each);
  }

  private static List<AuditRow> extend(Path dir, AuditSettings s, List<String> mechanisms, List<String> audited,
      Path table, Consumer<AuditRow> each) throws IOException {
    List<AuditRow> old = AuditResults.read(table);
    List<String> lines = AuditResults.currentLines(table);
    Map<String, List<AuditRow>> done = new LinkedHashMap<>();
    Map<AuditRow, String> asStored = new IdentityHashMap<>();
    for (String m : audited) {
      List<AuditRow> its = new ArrayList<>();
      for (int i = 0; i < old.size(); i++) {
        if (old.get(i).mechanism().equals(m)) {
          its.add(old.get(i));
          if (lines.size() == old.size()) {
            asStored.put(old.get(i), lines.get(i));
          }
        }
      }
      if (!its.isEmpty()) {
        done.put(m, its);
      }
    }
    List<AuditRow> rows = run(dir, s, mechanisms, done, r -> Optional.ofNullable(asStored.get(r)), each);
    for (AuditRow r : old) {
      if (!mechanisms.contains(r.mechanism()) && !r.pairFile().isEmpty()) {
        Path pair = dir.resolve(r.pairFile()).normalize();
        if (pair.startsWith(dir.normalize())) {
          Files.deleteIfExists(pair);
        }
      }
    }
    return rows;
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

  /** The mechanisms line of a stored key. */
  private static List<String> mechanismsOf(String key) {
    return key.lines().filter(l -> l.startsWith(MECHANISMS)).findFirst()
        .map(l -> l.substring(MECHANISMS.length())).filter(l -> !l.isEmpty())
        .map(l -> List.of(l.split(","))).orElse(List.of());
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
