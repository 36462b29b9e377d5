package io.pmbench.experiments.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.filter.FilterReport;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The {@code pmbench filter} command end to end on small synthetic data. */
class FilterCommandTest {
  static final String DATA = "synthetic:train=900,test=300,d=24,classes=10,spread=0.4,split=row,seed=3";

  static int execute(StringWriter out, StringWriter err, String... args) {
    CommandLine cl = Pmbench.commandLine();
    cl.setOut(new PrintWriter(out));
    cl.setErr(new PrintWriter(err));
    return cl.execute(args);
  }

  static String[] args(Path dir) {
    return new String[] {"filter", "--dataset", DATA, "--cases", "case2", "--budgets", "1,10", "--latent-dim", "4",
        "--epochs", "3",
        "--filter-rows", "400", "--eval-rows", "500", "--eval-epochs", "2", "--repeats", "2", "--threads", "2",
        "--out", dir.toString()};
  }

  @Test
  void command_smallRunTwice_writesIdenticalTablesFiguresAndReport(@TempDir Path tmp) throws Exception {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    assertEquals(0, execute(out, err, args(tmp.resolve("a"))), err.toString());
    assertEquals(0, execute(new StringWriter(), new StringWriter(), args(tmp.resolve("b"))));
    for (String f : List.of(FilterReport.ACCURACY_CSV, FilterReport.RENYI_CSV, FilterReport.TRAINING_CSV,
        FilterReport.GAMMA_CSV, FilterReport.ENCODER_CSV)) {
      assertArrayEquals(Files.readAllBytes(tmp.resolve("a").resolve(f)), Files.readAllBytes(tmp.resolve("b").resolve(f)),
          f + " differs between identical runs");
    }
    Path a = tmp.resolve("a");
    for (String f : List.of("filter-case2-mlp.png", "filter-case2-linear.svg", "filter-case2-mlp.svg",
        "provenance.json", FilterReport.TIMINGS_CSV)) {
      assertTrue(Files.size(a.resolve(f)) > 0, f);
    }
    String html = Files.readString(a.resolve(FilterReport.REPORT));
    assertTrue(html.contains("probabilistic-PCA (linear-Gaussian) latent, NOT the paper&#39;s VAE"), "encoder stated");
    assertTrue(html.contains("data:image/png;base64,"), "figures inline");
    assertTrue(html.contains("Theorem 3"), "privacy statement");
    String csv = Files.readString(a.resolve(FilterReport.ACCURACY_CSV));
    assertTrue(csv.startsWith("dataset,case,mechanism,budget,distortion,"), csv.lines().findFirst().orElse(""));
    assertTrue(csv.lines().skip(1).allMatch(l -> l.endsWith(",probabilistic PCA (not the paper's VAE)")),
        "every CSV row states the encoder");
    assertTrue(out.toString().contains("Case 2: private = class >= 5, utility = class id even"), out.toString());
    assertTrue(out.toString().contains("the paper's finding"), out.toString());
  }

  /** Runs {@code filter} with {@code options} and asserts exit 2, exactly {@code message}, no file. */
  static void assertBadInput(Path tmp, String message, String... options) {
    StringWriter err = new StringWriter();
    String[] head = {"filter", "--dataset", DATA, "--out", tmp.toString()};
    String[] all = java.util.Arrays.copyOf(head, head.length + options.length);
    System.arraycopy(options, 0, all, head.length, options.length);
    assertEquals(Pmbench.EXIT_BAD_INPUT, execute(new StringWriter(), err, all));
    // an option's message ends with where to read about it
    assertEquals("pmbench: " + message + (message.startsWith("--") ? " (see pmbench filter --help)" : ""),
        err.toString().strip());
    assertTrue(!Files.exists(tmp.resolve(FilterReport.ACCURACY_CSV)), "nothing written");
  }

  @Test
  void command_badGameClassifier_oneLineErrorExit2(@TempDir Path tmp) {
    assertBadInput(tmp, "--game-classifier must be mlp or linear. Provided value: cnn", "--game-classifier", "cnn");
  }

  @Test
  void command_renyiOrderOne_refusedBeforeTheDataIsLoaded(@TempDir Path tmp) {
    assertBadInput(tmp, "Renyi order alpha must be > 1 and finite. Provided value: 1.0", "--alpha", "1");
  }

  @Test
  void command_badPenalty_oneLineErrorExit2(@TempDir Path tmp) {
    assertBadInput(tmp, "penalty must be one-sided or two-sided. Provided value: both", "--penalty", "both");
  }

  @Test
  void command_badEncoder_oneLineErrorExit2(@TempDir Path tmp) {
    assertBadInput(tmp, "--encoder must be vae or ppca. Provided value: pca", "--encoder", "pca");
  }

  @Test
  void command_vaeWithoutTheLearnModule_oneLineSayingHowToEnableExit2(@TempDir Path tmp) {
    // the default build has no VAE trainer on the class path and no stored model at this path
    StringWriter err = new StringWriter();
    Path model = tmp.resolve("none.vae");
    assertEquals(Pmbench.EXIT_BAD_INPUT, execute(new StringWriter(), err, "filter", "--dataset", DATA, "--encoder",
        "vae", "--vae-model", model.toString(), "--out", tmp.toString()));
    String last = err.toString().strip().lines().reduce((a, b) -> b).orElse("");
    assertTrue(last.startsWith("pmbench: --encoder vae: no trained model at " + model) && last.contains("-Plearn"),
        err.toString());
    assertTrue(!Files.exists(tmp.resolve(FilterReport.ACCURACY_CSV)), "nothing written");
  }

  @Test
  void command_defaultWithoutTheLearnModule_ppcaAfterOneNote(@TempDir Path tmp) {
    StringWriter err = new StringWriter();
    assertEquals(0, execute(new StringWriter(), err, args(tmp.resolve("a"))));
    assertEquals(1, err.toString().lines().filter(l -> l.contains("encoder ppca: the VAE trainer is not on the class "
        + "path")).count(), err.toString());
  }
}
