package io.pmbench.experiments.cli;

import io.pmbench.experiments.orchestration.ClaimParts;
import io.pmbench.experiments.sweep.RunCheck;
import io.pmbench.experiments.sweep.RunLayout;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code pmbench verify DIR...}: names every cell of a run directory that does not verify
 * ({@link RunCheck}); on a {@code claims} run, also every part's ({@link ClaimParts#of}), one
 * after the other; several directories one after the other, then one line for them all. Exit
 * code 0 when all verify, 1 when any does not (or cannot be checked: made before cell hashes or
 * before its folder had cells), 2 for bad input (a DIR that is not a run directory, found before
 * any is checked).
 */
@Command(name = "verify", mixinStandardHelpOptions = true,
    header = "Checks that a run directory's cells are unmodified.",
    description = {"Checks that the cells of a run directory are those its runs wrote: each cell's SHA-256 against its "
        + "content and against run.json. Names every cell that does not verify. Exit code 0 when all verify, 1 when "
        + "any does not or the run predates cell hashes, 2 for bad input. An audit, attack-dummies or filter "
        + "folder lists its result files' SHA-256 too, and each is checked against its content. On a claims run "
        + "each part (audit, fig3, fig5, fig6, fig7, ids, attack) is checked too and reported on its own line; "
        + "the exit code covers them all. It checks the cells against what their runs wrote; --recheck N also checks "
        + "them against this code, on a copy (docs/usage.md). Several DIRs are checked one after the other, with "
        + "one line for them all at the end; a folder that is not a run directory stands for the run directories "
        + "below it (there, under --recheck, one without protocol cells passes on its hashes)."})
public final class VerifyCommand extends CliCommand {
  /** Exit code when a cell does not verify (2 stays bad input). */
  public static final int EXIT_NOT_VERIFIED = 1;

  /** What checking one folder found. */
  enum Verdict {
    VERIFIED("verify"), NOT_VERIFIED("do not verify"), UNCHECKED("cannot be checked");

    private final String words;

    Verdict(String words) {
      this.words = words;
    }
  }

  @Parameters(paramLabel = "DIR", arity = "1..*", description = "A run directory (it holds run.json and cells/); "
      + "several may be given. A folder that is none, such as results/, stands for every run directory below it.")
  List<Path> dirs;

  @CommandLine.Option(names = "--rehash", description = "For a run made before cell hashes only: stamp each cell's "
      + "SHA-256, as the cell is now, into the cell and run.json (says what it does first).")
  boolean rehash;

  @CommandLine.Option(names = "--recheck", paramLabel = "N", description = "Then check the cells against this code, "
      + "without changing DIR: for every folder of DIR that holds protocol cells (each part of a claims run), run its "
      + "recorded command on a temporary copy with --recheck N, which computes the first N queries of every cell "
      + "again and compares gallery rows, hits and nearest neighbours. Run it from the directory the run was made in "
      + "(relative data paths). Exit code 1 if a cell differs or could not be rechecked.")
  Integer recheck;

  @CommandLine.Option(names = "--verbose", description = "Print stack traces with errors.")
  boolean verbose;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = out();
    GridOptions.requireRecheck(recheck);
    // every DIR before any is checked or rehashed: a typo in the last is not found an hour in
    List<Path> runs = new ArrayList<>();
    List<Path> found = new ArrayList<>(); // run directories found below a named folder that is none itself
    for (Path d : dirs) {
      if (isRun(d)) {
        runs.add(d);
        continue;
      }
      List<Path> below = runsBelow(d);
      if (below.isEmpty()) {
        throw new IllegalArgumentException(d + " must be a pmbench run directory or a folder holding some. Provided "
            + "value: no " + RunLayout.MANIFEST + " in " + d + " or in any folder below it");
      }
      err().println("pmbench verify: " + d + " is not a run directory; it holds " + below.size() + ", checked one by "
          + "one: " + below.stream().map(Path::toString).collect(Collectors.joining(" ")));
      err().flush();
      runs.addAll(below);
      found.addAll(below);
    }
    onlyFound = Set.copyOf(found);
    if (rehash) { // every DIR must be one to stamp before any is stamped: bad input leaves nothing half done
      for (Path d : runs) {
        toStamp.put(d, RunCheck.requireUnhashed(d));
      }
    }
    List<Path> failed = new ArrayList<>();
    for (int i = 0; i < runs.size(); i++) {
      Path d = runs.get(i);
      if (runs.size() > 1 && recheck != null) { // where a long recheck of many directories has got to
        err().println("pmbench verify: directory " + (i + 1) + " of " + runs.size() + ": " + d);
        err().flush();
      }
      if (!verify(d, out)) {
        failed.add(d);
      }
    }
    if (runs.size() > 1) {
      out.println(runs.size() + " directories: " + (runs.size() - failed.size()) + " pass"
          + (failed.isEmpty() ? "" : ", " + failed.size() + (failed.size() == 1 ? " does not: " : " do not: ")
          + failed.stream().map(Path::toString).collect(Collectors.joining(", "))));
    }
    out.flush();
    if (recheck == null && failed.isEmpty()) { // a note, not a result: on standard error, so the summary stays last
      err().println("pmbench verify: the cells are those the runs wrote; whether this code still computes them: "
          + "pmbench verify --recheck N " + dirs.stream().map(Path::toString).collect(Collectors.joining(" ")));
      err().flush();
    }
    return failed.isEmpty() ? 0 : EXIT_NOT_VERIFIED;
  }

  /**
   * Run directories found below a named folder ({@link #runsBelow}): under {@code --recheck} one that
   * holds no protocol cells (an audit or filter folder) passes on its hashes, instead of failing as a
   * named one does, so that {@code verify --recheck N results} checks everything it can.
   */
  private Set<Path> onlyFound = Set.of();

  /** With {@code --rehash}: each DIR's check, made before any is stamped and read once. */
  private final Map<Path, RunCheck> toStamp = new java.util.HashMap<>();

  /** True when {@code d} is a run directory, or a folder of results from before run directories (reported). */
  private static boolean isRun(Path d) {
    return Files.exists(d.resolve(RunLayout.MANIFEST)) || RunCheck.legacy(d).isPresent();
  }

  /**
   * The top-most run directories below {@code folder} in path order (not below another one: a claims
   * run's parts are checked with it); symbolic links are not followed.
   */
  static List<Path> runsBelow(Path folder) throws IOException {
    List<Path> runs = new ArrayList<>();
    if (!Files.isDirectory(folder)) {
      return runs;
    }
    Files.walkFileTree(folder, new SimpleFileVisitor<>() {
      @Override
      public FileVisitResult preVisitDirectory(Path d, BasicFileAttributes a) {
        if (!d.equals(folder) && isRun(d)) {
          runs.add(d);
          return FileVisitResult.SKIP_SUBTREE;
        }
        return FileVisitResult.CONTINUE;
      }
    });
    runs.sort(Comparator.comparing(Path::toString));
    return runs;
  }

  /** One DIR: its cells, its parts' and, with {@code --recheck}, this code's; true when all pass. */
  private boolean verify(Path dir, PrintWriter out) throws IOException {
    if (rehash) {
      RunCheck.rehash(toStamp.get(dir), out::println);
    }
    Verdict top = check(dir, out);
    Map<String, Path> parts = ClaimParts.of(dir);
    Map<Verdict, Integer> counts = new EnumMap<>(Verdict.class);
    for (Map.Entry<String, Path> p : parts.entrySet()) {
      out.print("part " + p.getKey() + ": ");
      counts.merge(part(p.getValue(), out), 1, Integer::sum);
    }
    if (!parts.isEmpty()) {
      out.println(dir + ": " + parts.size() + (parts.size() == 1 ? " part: " : " parts: ") + counts.entrySet().stream()
          .map(e -> e.getValue() + " " + e.getKey().words).collect(Collectors.joining(", ")));
    }
    out.flush();
    boolean all = top == Verdict.VERIFIED && counts.keySet().stream().allMatch(v -> v == Verdict.VERIFIED);
    return recheck == null ? all : recheck(dir, all, out);
  }

  /** {@code --recheck}: each folder of protocol cells against this code ({@link StoredRecheck}); true when all agree. */
  private boolean recheck(Path dir, boolean verified, PrintWriter out) throws IOException {
    if (!verified) {
      out.println(dir + ": not rechecked: its cells do not verify (a recheck would compare modified cells)");
      out.flush();
      return false;
    }
    List<StoredRecheck.Target> targets = StoredRecheck.targets(dir);
    if (targets.isEmpty()) {
      boolean found = onlyFound.contains(dir);
      out.println(dir + ": " + (found ? "hashes checked, nothing to recheck" : "not rechecked") + ": no folder of it "
          + "holds protocol cells (audit, attack and filter results are checked by rerunning their command)");
      out.flush();
      return found;
    }
    Map<StoredRecheck.Result, Integer> results = new EnumMap<>(StoredRecheck.Result.class);
    long cells = 0;
    for (StoredRecheck.Target t : targets) {
      StoredRecheck.Result r = StoredRecheck.recheck(t, recheck, out, err());
      results.merge(r, 1, Integer::sum);
      cells += r == StoredRecheck.Result.SAME ? t.cells() : 0;
    }
    boolean same = results.keySet().stream().allMatch(r -> r == StoredRecheck.Result.SAME);
    out.println(dir + ": " + (same ? (cells == 1 ? "its cell is" : "all " + cells + " cells of " + targets.size()
        + (targets.size() == 1 ? " folder are" : " folders are")) + " what this code computes (" + (cells == 1 ? "its"
        : "the") + (recheck == 1 ? " first query" : " first " + recheck + " queries") + (cells == 1 ? ")" : " of each)")
        : "rechecked " + targets.size() + " folders: " + results.entrySet().stream()
        .map(e -> e.getValue() + " " + e.getKey().name().toLowerCase(java.util.Locale.ROOT).replace('_', ' '))
        .collect(Collectors.joining(", "))));
    out.flush();
    return same;
  }

  /** Checks a part folder: as {@link #check}, a folder that holds neither a run nor results not verifying. */
  private static Verdict part(Path d, PrintWriter out) throws IOException {
    if (!isRun(d)) {
      out.println(d + " does not verify: it holds no run.json and no results (an interrupted part? rerun the claims "
          + "command to compute it)");
      return Verdict.NOT_VERIFIED;
    }
    return check(d, out);
  }

  /** Checks one folder, printing each problem and the summary line. */
  private static Verdict check(Path d, PrintWriter out) throws IOException {
    java.util.Optional<String> legacy = RunCheck.legacy(d);
    if (legacy.isPresent()) {
      out.println(legacy.get());
      return Verdict.UNCHECKED;
    }
    RunCheck check = RunCheck.of(d);
    check.problems().forEach(p -> out.println(d.resolve(p.substring(0, p.indexOf(':'))) + p.substring(p.indexOf(':'))));
    out.println(check.summary());
    return check.verified() ? Verdict.VERIFIED : check.unhashed() ? Verdict.UNCHECKED : Verdict.NOT_VERIFIED;
  }
}
