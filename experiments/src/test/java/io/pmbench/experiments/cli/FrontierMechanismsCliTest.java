package io.pmbench.experiments.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.experiments.cli.RunCommandTest.Outcome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * simhash-rr and public-pca-tuned (issue 35) through the command line as a user runs them: listed
 * by {@code pmbench mechanisms}, run on the built-in Fashion-MNIST with 100 queries and one seed,
 * and in the summary with their guarantees (pure ε-DP; public-pca's (ε, δ) at the recorded d*).
 * Fails if either plugin is not discovered, refuses the run, or its claim loses what it must state.
 */
class FrontierMechanismsCliTest {
  @Test
  void mechanismsAndRun_fashionMnist_listedAndInTheSummary(@TempDir Path tmp) throws Exception {
    Outcome list = RunCommandTest.execute("mechanisms");
    assertEquals(0, list.exit(), list.err());
    for (String name : List.of("simhash-rr", "public-pca-tuned")) {
      assertTrue(list.out().lines().anyMatch(l -> l.startsWith(name + " ")), list.out());
    }
    Outcome run = RunCommandTest.execute("run", "--dataset", "fashion-mnist", "--mechanisms",
        "simhash-rr,public-pca-tuned", "--queries", "100", "--seeds", "1", "--epsilon", "1", "--out", tmp.toString());
    assertEquals(0, run.exit(), run.err());
    List<String> summary = Files.readAllLines(tmp.resolve("summary.csv"));
    String rr = summary.stream().filter(l -> l.startsWith("fashion-mnist,simhash-rr,")).findFirst().orElseThrow();
    String tuned = summary.stream().filter(l -> l.startsWith("fashion-mnist,public-pca-tuned,")).findFirst()
        .orElseThrow();
    assertTrue(rr.contains("(1)-DP") && rr.contains("RANDOMISED_RESPONSE") && rr.contains("any two queries"), rr);
    assertTrue(tuned.contains("(1, 1.0E-5)-DP") && tuned.contains("chosen on the public set P only"), tuned);
    assertTrue(run.out().contains("simhash-rr") && run.out().contains("public-pca-tuned"), run.out());
  }
}
