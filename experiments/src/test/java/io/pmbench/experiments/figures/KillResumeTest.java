package io.pmbench.experiments.figures;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.experiments.cli.PmbenchProcess;
import io.pmbench.experiments.sweep.CellStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real crash: {@code pmbench fig6} runs as a separate JVM, is killed with SIGKILL
 * ({@code Process.destroyForcibly}, i.e. {@code kill -9} on Linux) once its first cell file
 * appears and a later cell has recorded some of its queries, and is restarted with the same
 * command. The resumed run must finish with results byte-identical to an uninterrupted run, must
 * not recompute the cells that were on disk, and must resume the part-done cell from its query log.
 */
@Tag("slow")
class KillResumeTest {
  /** 2 seeds x (features, smlq, random once + privatemail, label-only at 2 epsilons). */
  private static final long CELLS = 2 * (3 + 2 * 2);

  private static Process start(Path dir, Path log) throws Exception {
    return PmbenchProcess.start(List.of("fig6", "--dataset", FiguresCliTest.DATA, "--public", "100", "--queries",
        "150", "--seeds", "2", "--mechanisms", "features,smlq,privatemail,label-only,random", "--epsilon", "0.1,1",
        "--parallel", "1", "--out", dir.toString()), log);
  }

  private static long cellFiles(Path dir) throws Exception {
    return PmbenchProcess.cellFiles(dir);
  }

  /**
   * Finished queries in the query logs of part-done cells (lines minus one header each). The log of a
   * cell already stored is left out: the run deletes it right after storing the cell, and a kill in
   * between leaves it for the resumed run to delete, not to resume from.
   */
  /** Query logs left in the run's folder of part-done cells, stored cells' or not. */
  private static long journals(Path dir) throws Exception {
    try (var files = Files.list(dir.resolve(CellStore.PARTIAL))) {
      return files.filter(f -> f.getFileName().toString().endsWith(".queries.jsonl")).count();
    }
  }

  private static long loggedQueries(Path dir) throws Exception {
    Path partial = dir.resolve(CellStore.PARTIAL);
    if (!Files.isDirectory(partial)) {
      return 0;
    }
    long n = 0;
    try (var files = Files.list(partial)) {
      for (Path f : files.toList()) {
        String name = f.getFileName().toString();
        Path cell = dir.resolve(CellStore.CELLS).resolve(name.replace(".queries.jsonl", ".json"));
        if (!name.endsWith(".queries.jsonl") || !Files.exists(cell)) {
          n += Math.max(0, Files.readAllLines(f).size() - 1);
        }
      }
    }
    return n;
  }

  @Test
  void fig6_killedAfterFirstCellAndRestarted_sameResultsAsUninterrupted(@TempDir Path tmp) throws Exception {
    Path killed = tmp.resolve("killed");
    Process p = start(killed, tmp.resolve("log1"));
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while ((cellFiles(killed) == 0 || loggedQueries(killed) < 5) && p.isAlive() && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    assertTrue(p.isAlive(), "the run ended before it could be killed (enlarge the grid):\n"
        + Files.readString(tmp.resolve("log1")));
    p.destroyForcibly().waitFor();
    assertEquals(137, p.exitValue(), "the first run must die by SIGKILL (exit 128 + 9)");
    long before = cellFiles(killed);
    long kept = loggedQueries(killed);
    assertTrue(kept >= 5, "a part-done cell must have its finished queries on disk: " + kept);
    assertTrue(before >= 1 && before < CELLS, "killed mid-run: " + before + " of " + CELLS + " cells on disk");
    assertTrue(Files.notExists(killed.resolve("report.html")), "the killed run must not have reached its report");
    Process resumed = start(killed, tmp.resolve("log2"));
    assertTrue(resumed.waitFor(300, TimeUnit.SECONDS), "resumed run did not finish");
    assertEquals(0, resumed.exitValue(), Files.readString(tmp.resolve("log2")));
    String log = Files.readString(tmp.resolve("log2"));
    assertTrue(log.contains("; " + kept + " finished queries of 1 part-done cells kept"),
        "the resumed run must pick up the part-done cell's queries:\n" + log);
    assertTrue(Files.notExists(killed.resolve(CellStore.PARTIAL)) || journals(killed) == 0,
        "query logs must be gone once their cells are stored");
    assertTrue(log.contains((CELLS - before) + " cells computed, " + before + " reused"),
        "cells on disk must be reused, the others computed once:\n" + log);
    assertEquals(CELLS, cellFiles(killed), "one file per cell, none twice");
    Path clean = tmp.resolve("clean");
    Process full = start(clean, tmp.resolve("log3"));
    assertTrue(full.waitFor(300, TimeUnit.SECONDS));
    assertEquals(0, full.exitValue(), Files.readString(tmp.resolve("log3")));
    for (String f : FiguresCliTest.FILES) {
      assertArrayEquals(Files.readAllBytes(clean.resolve(f)), Files.readAllBytes(killed.resolve(f)), f);
    }
  }
}
