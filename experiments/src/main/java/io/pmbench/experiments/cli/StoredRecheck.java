package io.pmbench.experiments.cli;

import io.pmbench.experiments.orchestration.ClaimParts;
import io.pmbench.experiments.orchestration.ExperimentKind;
import io.pmbench.experiments.orchestration.RunPipeline;
import io.pmbench.experiments.sweep.CellStore;
import io.pmbench.experiments.sweep.Manifest;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * {@code pmbench verify --recheck N DIR}: every folder of DIR that holds protocol cells (DIR itself,
 * or each part of a claims run) rechecked against this code by its own recorded command line (its
 * run.json), run in this JVM on a temporary copy with {@code --recheck N --recheck-only}, so that
 * DIR is only read. When the launcher chose this JVM's heap and the command needs more ({@link
 * HeapRule}), that command runs in a JVM of its own with the heap the launcher would give it. The
 * copy's configuration must be the recorded one: a command line that no longer parses to it (a path
 * relative to another directory, an argument with a space) fails with the store's own "holds cells
 * of another configuration" line, and a cell the command would not recheck fails the recheck-only
 * run, so a folder is never passed without every cell compared.
 */
final class StoredRecheck {
  /** What rechecking one folder found. */
  enum Result {
    SAME, DIFFERENT, NOT_RECHECKED
  }

  /**
   * One folder to recheck.
   *
   * @param folder the folder holding the cells
   * @param root the folder the recorded command wrote into ({@code --out}): the claims folder for a part
   * @param part the claims part, or null when the folder is a run of its own
   * @param commandLine the command line recorded in the folder's run.json
   * @param cells its stored cells
   */
  record Target(Path folder, Path root, String part, String commandLine, long cells) {}

  private StoredRecheck() {}

  /** The folders of {@code dir} holding protocol cells: the claims parts in report order, or dir itself. */
  static List<Target> targets(Path dir) throws IOException {
    List<Target> out = new ArrayList<>();
    Map<String, Path> parts = ClaimParts.of(dir);
    if (parts.isEmpty()) {
      target(dir, dir, null).ifPresent(out::add);
    }
    for (Map.Entry<String, Path> p : parts.entrySet()) {
      target(p.getValue(), dir, p.getKey()).ifPresent(out::add);
    }
    return out;
  }

  private static java.util.Optional<Target> target(Path folder, Path root, String part) throws IOException {
    Path manifest = folder.resolve(CellStore.MANIFEST);
    Path cells = folder.resolve(CellStore.CELLS);
    if (!Files.exists(manifest) || !Files.isDirectory(cells)) {
      return java.util.Optional.empty();
    }
    long n;
    try (Stream<Path> s = Files.list(cells)) {
      n = s.filter(f -> f.getFileName().toString().endsWith(".json")).count();
    }
    if (n == 0) {
      return java.util.Optional.empty();
    }
    Manifest m = Manifest.parse(Files.readString(manifest), manifest.toString());
    if (ExperimentKind.ALL.stream().noneMatch(k -> k.name().equals(m.experiment()))) {
      return java.util.Optional.empty(); // a table of results (audit, attack-dummies, filter), not protocol cells
    }
    return java.util.Optional.of(new Target(folder, root, part, m.commandLine(), n));
  }

  /**
   * The arguments that recheck {@code t} in {@code copy} (the copy of its root): its recorded command
   * with {@code --out} pointing at the copy (at the part's folder in it when a figure command wrote the
   * part), a claims run narrowed to the part, no {@code --fresh}, the local engine, and {@code --recheck N
   * --recheck-only}.
   *
   * @throws IllegalArgumentException if the recorded command line is not a pmbench command
   */
  static List<String> arguments(Target t, Path copy, int queries) {
    List<String> words = new ArrayList<>(Arrays.asList(t.commandLine().strip().split(" +")));
    if (words.size() < 2 || !words.get(0).equals("pmbench")) {
      throw new IllegalArgumentException(t.folder().resolve(CellStore.MANIFEST) + " must record a pmbench command "
          + "line to be rechecked. Provided value: " + t.commandLine());
    }
    words.remove(0);
    boolean claims = words.get(0).equals(ExperimentKind.CLAIMS.name());
    // the recheck runs here, on the local engine: a recorded Spark engine and its master are left out
    List<String> dropWithValue = new ArrayList<>(List.of("--out", "--recheck", "--budget", "--engine", "--master"));
    if (claims) {
      dropWithValue.add("--parts");
    }
    List<String> out = new ArrayList<>();
    for (int i = 0; i < words.size(); i++) {
      String w = words.get(i);
      String name = w.contains("=") ? w.substring(0, w.indexOf('=')) : w;
      if (dropWithValue.contains(name)) {
        if (!w.contains("=")) {
          i++; // its value
        }
      } else if (!w.equals("--fresh") && !w.equals("--recheck-only")) {
        out.add(w);
      }
    }
    // a part that a figure command wrote on its own (its run.json records that command) is its own --out
    out.addAll(List.of("--out", (claims || t.part() == null ? copy : copy.resolve(t.part())).toString()));
    if (claims) {
      if (t.part() == null) {
        throw new IllegalArgumentException(t.folder() + " must be a part of a claims folder to be rechecked by the "
            + "claims command it records. Provided value: a folder of its own");
      }
      out.addAll(List.of("--parts", t.part()));
    }
    out.addAll(List.of("--recheck", Integer.toString(queries), "--recheck-only"));
    return out;
  }

  /**
   * Rechecks {@code t}: copies its root (for a claims part, the claims folder's own files and that
   * part only) into a temporary folder, runs the recorded command there in recheck-only mode and
   * deletes the copy.
   */
  static Result recheck(Target t, int queries, PrintWriter out, PrintWriter err) throws IOException {
    return recheck(t, queries, out, err, null);
  }

  /**
   * {@link #recheck(Target, int, PrintWriter, PrintWriter)}, in a JVM taken to have a launcher-chosen heap of
   * {@code haveMiB} when it is not null (tests), so that a command needing more is rechecked in a JVM of its own.
   */
  static Result recheck(Target t, int queries, PrintWriter out, PrintWriter err, Long haveMiB) throws IOException {
    Path tmp = Files.createTempDirectory("pmbench-recheck-");
    AtomicReference<Process> process = new AtomicReference<>();
    // a copy can hold gigabytes of cells and kept server embeddings: an interrupted verify deletes it too,
    // after stopping a JVM it started for the recheck
    Thread cleanup = new Thread(() -> {
      try {
        stop(process.get());
        deleteTree(tmp);
      } catch (IOException | UncheckedIOException e) {
        System.err.println("pmbench verify: could not delete the copy " + tmp + " (" + e.getMessage() + ")");
      }
    }, "pmbench-recheck-cleanup");
    Runtime.getRuntime().addShutdownHook(cleanup);
    try {
      Path copy = tmp.resolve(t.root().getFileName() == null ? "run" : t.root().getFileName().toString());
      List<String> args;
      try {
        args = arguments(t, copy, queries); // first: a command line that cannot recheck copies nothing
      } catch (IllegalArgumentException e) {
        out.println(t.folder() + ": not rechecked: " + e.getMessage());
        return Result.NOT_RECHECKED;
      }
      if (t.part() == null) {
        copyTree(t.folder(), copy);
      } else {
        Files.createDirectories(copy);
        try (Stream<Path> s = Files.list(t.root())) {
          for (Path f : s.filter(Files::isRegularFile).toList()) {
            Files.copy(f, copy.resolve(f.getFileName().toString()), StandardCopyOption.COPY_ATTRIBUTES);
          }
        }
        copyTree(t.folder(), copy.resolve(t.part()));
      }
      err.println("pmbench verify: rechecking " + t.folder() + " (" + t.cells() + " cells) by its recorded command, "
          + "on a copy: pmbench " + String.join(" ", args));
      err.flush();
      picocli.CommandLine cl = Pmbench.commandLine();
      cl.setOut(out);
      cl.setErr(err);
      picocli.CommandLine.IExecutionExceptionHandler handler = cl.getExecutionExceptionHandler();
      boolean[] differs = {false}; // a failed recheck, told apart from a command that could not run
      long[] needMiB = {0}; // the heap the launcher's rule gives the command, when this JVM's is smaller
      cl.setExecutionExceptionHandler((ex, c, parsed) -> {
        if (ex instanceof HeapRule.TooSmall small) {
          needMiB[0] = small.needMiB();
          return 0;
        }
        differs[0] |= ex instanceof RunPipeline.RecheckFailed;
        return handler.handleExecutionException(ex, c, parsed);
      });
      Supplier<Integer> run = () -> cl.execute(args.toArray(new String[0]));
      int exit = haveMiB == null ? HeapRule.nested(run) : HeapRule.nestedWithHeap(haveMiB, run);
      err.flush();
      if (needMiB[0] > 0) { // the command's own run would have had a larger heap: so does its recheck
        err.println("pmbench verify: rechecking " + t.folder() + " in a JVM with a " + needMiB[0] + " MiB heap, as "
            + "the launcher would give its command (JAVA_OPTS=-Xmx... runs every recheck in this JVM instead)");
        err.flush();
        out.flush();
        exit = inChildJvm(HeapRule.childCommand(needMiB[0], args), process);
        differs[0] = exit == RECHECK_FAILED; // its lines say whether a cell differed or the command failed
      }
      Result r = exit == 0 ? Result.SAME : differs[0] ? Result.DIFFERENT : Result.NOT_RECHECKED;
      out.println(t.folder() + ": " + switch (r) {
        case SAME -> (queries == 1 ? "the first query" : "the first " + queries + " queries") + " of "
            + (t.cells() == 1 ? "its cell " : "its " + t.cells() + " cells ") + (queries == 1 && t.cells() == 1 ? "is"
            : "are") + " what this code computes";
        case DIFFERENT -> "not what this code computes, or not every cell rechecked (the lines above say which)";
        case NOT_RECHECKED -> exit > 128 ? "not rechecked: its JVM was stopped (exit code " + exit + ")"
            : "not rechecked: its recorded command did not run here (the line above says why; "
            + "run verify from the directory the run was made in)";
      });
      out.flush();
      return r;
    } finally {
      Runtime.getRuntime().removeShutdownHook(cleanup);
      deleteTree(tmp);
    }
  }

  /** The exit code of a recheck that found a cell different or not rechecked ({@link Pmbench#commandLine}). */
  static final int RECHECK_FAILED = 1;

  /**
   * Runs {@code command} (a pmbench recheck in a JVM of its own) with this process's standard streams,
   * kept in {@code process} while it runs; its exit code.
   */
  static int inChildJvm(List<String> command, AtomicReference<Process> process)
      throws IOException {
    Process p = new ProcessBuilder(command).inheritIO().start();
    process.set(p);
    try {
      return p.waitFor();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      stop(p);
      return 130;
    } finally {
      process.set(null);
    }
  }

  /** Stops a recheck's JVM, if one runs, and waits a little for it to go. */
  private static void stop(Process p) {
    if (p == null || !p.isAlive()) {
      return;
    }
    p.destroy();
    try {
      if (!p.waitFor(10, TimeUnit.SECONDS)) {
        p.destroyForcibly();
      }
    } catch (InterruptedException e) {
      p.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }

  private static void copyTree(Path from, Path to) throws IOException {
    try (Stream<Path> s = Files.walk(from)) {
      for (Path f : s.toList()) {
        Path target = to.resolve(from.relativize(f).toString());
        if (Files.isDirectory(f)) {
          Files.createDirectories(target);
        } else {
          Files.copy(f, target, StandardCopyOption.COPY_ATTRIBUTES);
        }
      }
    }
  }

  private static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> s = Files.walk(dir)) {
      s.sorted(Comparator.reverseOrder()).forEach(f -> {
        try {
          Files.delete(f);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      });
    }
  }
}
