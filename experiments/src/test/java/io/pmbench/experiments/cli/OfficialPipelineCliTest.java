package io.pmbench.experiments.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The official pipeline as the command line resolves it (SPEC.md §8): every run states its label
 * numbering, dummies and client Q on the console and in run.json; {@code official-code} defaults to
 * per-split numbering without dummies; the two can be overridden.
 */
class OfficialPipelineCliTest {
  @Test
  void run_officialCode_statesPerSplitNoDummiesSharedQ(@TempDir Path tmp) throws Exception {
    RunCommandTest.Outcome o = RunCommandTest.execute(RunCommandTest.smallRun(tmp, "--preset", "official-code",
        "--mechanisms", "smlq", "--seeds", "1"));

    assertEquals(0, o.exit(), o.err());
    assertTrue(o.err().contains("label numbering per-split; dummy queries off; client Q one per seed"), o.err());
    String manifest = Files.readString(tmp.resolve("run.json"));
    assertTrue(manifest.contains("\"labelNumbering\" : \"per-split\""), manifest);
    assertTrue(manifest.contains("\"dummies\" : false"), manifest);
    assertTrue(manifest.contains("\"sharedClientQ\" : true"), manifest);
  }

  @Test
  void run_paper_statesJointWithDummiesPerQueryQ(@TempDir Path tmp) throws Exception {
    RunCommandTest.Outcome o = RunCommandTest.execute(RunCommandTest.smallRun(tmp, "--mechanisms", "smlq",
        "--seeds", "1"));

    assertEquals(0, o.exit(), o.err());
    assertTrue(o.err().contains("preset paper; label numbering joint; dummy queries on; client Q one per query"),
        o.err());
    assertFalse(Files.readString(tmp.resolve("run.json")).contains("sharedClientQ"));
  }

  @Test
  void run_officialCodeWithOverrides_usesThem(@TempDir Path tmp) {
    RunCommandTest.Outcome o = RunCommandTest.execute(RunCommandTest.smallRun(tmp, "--preset", "official-code",
        "--mechanisms", "smlq", "--seeds", "1", "--dummies", "--label-numbering", "joint"));

    assertEquals(0, o.exit(), o.err());
    assertTrue(o.err().contains("label numbering joint; dummy queries on"), o.err());
  }

  @Test
  void run_badLabelNumbering_oneLineBeforeLoading(@TempDir Path tmp) {
    RunCommandTest.Outcome o = RunCommandTest.execute(RunCommandTest.smallRun(tmp, "--label-numbering", "both"));

    assertEquals(2, o.exit());
    assertTrue(o.err().contains("--label-numbering must be joint or per-split. Provided value: both"), o.err());
    assertFalse(o.err().contains("loading"), o.err());
  }
}
