package io.pmbench.experiments.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.filter.FilterReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real crash of each table experiment ({@code audit}, {@code attack-dummies}, {@code filter}):
 * the command runs as a separate JVM, is killed with SIGKILL ({@code Process.destroyForcibly},
 * {@code kill -9} on Linux) once its first cell file is on disk, and is restarted with the same
 * command. The resumed run must compute only the cells that were missing (its closing line counts
 * them), its result files must be byte-identical to those of an uninterrupted run into another
 * folder, and {@code pmbench verify} must pass on the resumed folder. If the pipeline recomputed
 * stored cells, lost a finished one, or assembled its tables from anything but the cells, one of
 * these fails.
 */
@Tag("slow")
class TableKillResumeTest {
  private static Process start(List<String> args, Path dir, Path log) throws Exception {
    List<String> all = new ArrayList<>(args);
    all.addAll(List.of("--out", dir.toString()));
    return PmbenchProcess.start(all, log);
  }

  /**
   * Cells {@code run.json} lists: a cell file is renamed into place before it is listed, so a
   * listed cell is a stored one (a file not yet listed when the kill came is recomputed).
   */
  private static long listedCells(Path dir) throws Exception {
    Path run = dir.resolve("run.json");
    if (!Files.exists(run)) {
      return 0;
    }
    String json;
    try {
      json = Files.readString(run);
    } catch (java.nio.file.NoSuchFileException e) {
      return 0; // between two renames
    }
    return io.pmbench.experiments.sweep.Manifest.cellHashes(json, run.toString()).map(java.util.Map::size).orElse(0);
  }

  /**
   * Runs {@code args} killed after its first cell and resumed, and uninterrupted; asserts the
   * resume computed only the missing of {@code cells} cells and that each of {@code files} is
   * byte-identical between the two folders.
   */
  private static void killResumeCompare(Path tmp, List<String> args, int cells, List<String> files)
      throws Exception {
    Path killed = tmp.resolve("killed");
    Process p = start(args, killed, tmp.resolve("log1"));
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
    while (listedCells(killed) == 0 && p.isAlive() && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
    assertTrue(p.isAlive(), "the run ended before it could be killed (enlarge the grid):\n"
        + Files.readString(tmp.resolve("log1")));
    p.destroyForcibly().waitFor();
    assertEquals(137, p.exitValue(), "the first run must die by SIGKILL (exit 128 + 9)");
    long before = listedCells(killed);
    assertTrue(before >= 1 && before < cells, "killed mid-run: " + before + " of " + cells + " cells on disk");
    Process resumed = start(args, killed, tmp.resolve("log2"));
    assertTrue(resumed.waitFor(300, TimeUnit.SECONDS), "resumed run did not finish");
    String log = Files.readString(tmp.resolve("log2"));
    assertEquals(0, resumed.exitValue(), log);
    assertTrue(log.contains(": " + (cells - before) + " cells computed, " + before + " reused"),
        "cells on disk must be reused, only the others computed:\n" + log);
    assertEquals(cells, PmbenchProcess.cellFiles(killed), "one file per cell, none twice");
    assertTrue(Files.readString(killed.resolve("invocations.jsonl")).lines().count() >= 3,
        "both invocations are in invocations.jsonl");
    Path clean = tmp.resolve("clean");
    Process full = start(args, clean, tmp.resolve("log3"));
    assertTrue(full.waitFor(300, TimeUnit.SECONDS));
    assertEquals(0, full.exitValue(), Files.readString(tmp.resolve("log3")));
    for (String f : files) {
      assertArrayEquals(Files.readAllBytes(clean.resolve(f)), Files.readAllBytes(killed.resolve(f)), f);
    }
    RunCommandTest.Outcome verified = RunCommandTest.execute("verify", killed.toString());
    assertEquals(0, verified.exit(), verified.out());
  }

  @Test
  void audit_killedAfterFirstCellAndRestarted_computesOnlyTheMissingCellsSameTable(@TempDir Path tmp)
      throws Exception {
    killResumeCompare(tmp, List.of("audit", "--mechanism", "public-pca,private-rp,privatemail", "--trials", "20000"),
        3, List.of("audit.csv"));
  }

  @Test
  void attackDummies_killedAfterFirstCellAndRestarted_computesOnlyTheMissingCellsSameTable(@TempDir Path tmp)
      throws Exception {
    killResumeCompare(tmp, List.of("attack-dummies", "--dataset", RunCommandTest.DATA, "--public", "100",
        "--queries", "150", "--seeds", "2", "--mechanisms", "privatemail,label-only,random", "--epsilon", "0.1,0.5"),
        5, List.of("attack.csv"));
  }

  @Test
  void filter_killedAfterFirstEncoderAndRestarted_computesOnlyTheMissingEncoderSameTables(@TempDir Path tmp)
      throws Exception {
    String data = FilterCommandTest.nonNegative(tmp.resolve("data"));
    Path model = tmp.resolve("m.vae");
    FilterCommandTest.randomVae(24, 4, io.pmbench.datasets.DatasetRegistry.standard().load(data).sha256())
        .write(model);
    List<String> args = new ArrayList<>(List.of(FilterCommandTest.args(tmp.resolve("unused"))));
    args = new ArrayList<>(args.subList(0, args.indexOf("--out")));
    args.set(args.indexOf("--dataset") + 1, data);
    args.set(args.indexOf("--epochs") + 1, "20");
    args.addAll(List.of("--encoder", "vae,ppca", "--vae-model", model.toString()));
    List<String> files = new ArrayList<>(List.of(FilterReport.ENCODERS_CSV));
    for (String enc : List.of("vae", "ppca")) {
      for (String f : List.of(FilterReport.ACCURACY_CSV, FilterReport.RENYI_CSV, FilterReport.TRAINING_CSV,
          FilterReport.GAMMA_CSV, FilterReport.ENCODER_CSV)) {
        files.add(enc + "/" + f);
      }
    }
    killResumeCompare(tmp, args, 2, files);
  }
}
