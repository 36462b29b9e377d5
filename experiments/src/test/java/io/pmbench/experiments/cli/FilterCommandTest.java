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

  /** {@code --encoder vae,ppca}, and the default when a VAE model is at hand: both encoders, compared. */
  @org.junit.jupiter.params.ParameterizedTest
  @org.junit.jupiter.params.provider.ValueSource(booleans = {true, false})
  void command_bothEncodersWithAStoredVae_oneFolderEachAndTheComparisonTable(boolean explicit, @TempDir Path tmp)
      throws Exception {
    // the VAE is a stored model (no trainer in this build): loaded, not trained
    String nonNegative = nonNegative(tmp.resolve("data"));
    io.pmbench.core.data.FeatureSet data = io.pmbench.datasets.DatasetRegistry.standard().load(nonNegative);
    Path model = tmp.resolve("m.vae");
    randomVae(data.dimension(), 4, data.sha256()).write(model);
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    String[] a = args(tmp.resolve("run"));
    a[2] = nonNegative;
    String[] extra = explicit ? new String[] {"--encoder", "vae,ppca", "--vae-model", model.toString()}
        : new String[] {"--vae-model", model.toString()};
    String[] all = java.util.Arrays.copyOf(a, a.length + extra.length);
    System.arraycopy(extra, 0, all, a.length, extra.length);
    assertEquals(0, execute(out, err, all), err.toString());
    assertTrue(err.toString().contains("loaded from " + model), err.toString());
    for (String enc : List.of("vae", "ppca")) {
      assertTrue(Files.exists(tmp.resolve("run").resolve(enc).resolve(FilterReport.ACCURACY_CSV)), enc);
    }
    List<String> csv = Files.readAllLines(tmp.resolve("run").resolve(FilterReport.ENCODERS_CSV));
    assertTrue(csv.get(0).startsWith("encoder,case,classifier,budget,distortion,filter_private"), csv.get(0));
    assertEquals(1 + 2 * 2 * 2, csv.size(), "2 encoders x 2 classifiers x 2 budgets");
    assertTrue(out.toString().contains("Encoders compared"), out.toString());
    if (explicit) {
      // a kill before the ppca cell was written: the rerun reuses the vae cell and computes ppca only
      Path run = tmp.resolve("run");
      Files.delete(run.resolve("cells").resolve("filter-ppca.json"));
      StringWriter again = new StringWriter();
      assertEquals(0, execute(new StringWriter(), again, all), again.toString());
      assertTrue(again.toString().contains("vae: finished in an earlier run, reused"), again.toString());
      assertTrue(!again.toString().contains("ppca: finished in an earlier run"), again.toString());
      assertEquals(csv, Files.readAllLines(run.resolve(FilterReport.ENCODERS_CSV)), "the comparison from a reused cell");
      StringWriter verified = new StringWriter();
      assertEquals(0, execute(verified, new StringWriter(), "verify", run.toString()), verified.toString());
      Path acc = run.resolve("vae").resolve(FilterReport.ACCURACY_CSV);
      Files.writeString(acc, Files.readString(acc).replace("case2", "casE2"));
      StringWriter tampered = new StringWriter();
      assertEquals(VerifyCommand.EXIT_NOT_VERIFIED, execute(tampered, new StringWriter(), "verify", run.toString()));
      assertTrue(tampered.toString().contains("vae/" + FilterReport.ACCURACY_CSV + ": modified"), tampered.toString());
    }
  }

  @Test
  void command_rerunSameSettings_reusesTheCellAndFreshRecomputes(@TempDir Path tmp) throws Exception {
    assertEquals(0, execute(new StringWriter(), new StringWriter(), args(tmp)));
    byte[] table = Files.readAllBytes(tmp.resolve(FilterReport.ACCURACY_CSV));
    StringWriter again = new StringWriter();
    assertEquals(0, execute(new StringWriter(), again, args(tmp)));
    assertTrue(again.toString().contains("ppca: finished in an earlier run, reused"), again.toString());
    String[] fresh = java.util.Arrays.copyOf(args(tmp), args(tmp).length + 1);
    fresh[fresh.length - 1] = "--fresh";
    StringWriter recomputed = new StringWriter();
    assertEquals(0, execute(new StringWriter(), recomputed, fresh));
    assertTrue(!recomputed.toString().contains("finished in an earlier run, reused"), recomputed.toString());
    assertArrayEquals(table, Files.readAllBytes(tmp.resolve(FilterReport.ACCURACY_CSV)));
    // the pipeline's provenance.json (rewritten by each invocation) is not a listed result: the folder verifies
    assertTrue(Files.readString(tmp.resolve("provenance.json")).contains("\"cellsComputed\" : 1"));
    assertEquals(0, execute(new StringWriter(), new StringWriter(), "verify", tmp.toString()));
    // a folder written before the filter ran through the pipeline listed its top provenance.json as a
    // result: a rerun drops that listing, and the folder still verifies
    Path runJson = tmp.resolve("run.json");
    String listed = Files.readString(runJson);
    Files.writeString(runJson, listed.replace("\"" + FilterReport.ACCURACY_CSV + "\"", "\"provenance.json\" : \""
        + "0".repeat(64) + "\",\n    \"" + FilterReport.ACCURACY_CSV + "\""));
    assertTrue(Files.readString(runJson).contains("\"provenance.json\""), Files.readString(runJson));
    assertEquals(0, execute(new StringWriter(), new StringWriter(), args(tmp)));
    assertTrue(!Files.readString(runJson).contains("\"provenance.json\""), Files.readString(runJson));
    assertEquals(0, execute(new StringWriter(), new StringWriter(), "verify", tmp.toString()));
    StringWriter other = new StringWriter();
    String[] otherArgs = args(tmp);
    otherArgs[java.util.Arrays.asList(otherArgs).indexOf("--epochs") + 1] = "4";
    assertEquals(Pmbench.EXIT_BAD_INPUT, execute(new StringWriter(), other, otherArgs));
    assertTrue(other.toString().contains("with other settings"), other.toString());
  }

  /** 10 classes of non-negative 24-d rows (a bump at the class's place plus noise), the VAE's kind of input. */
  static String nonNegative(Path dir) throws java.io.IOException {
    Files.createDirectories(dir);
    java.util.SplittableRandom rng = new java.util.SplittableRandom(3);
    for (String split : List.of("train", "test")) {
      int rows = split.equals("train") ? 600 : 200;
      float[] x = new float[rows * 24];
      int[] y = new int[rows];
      for (int r = 0; r < rows; r++) {
        y[r] = r % 10;
        for (int c = 0; c < 24; c++) {
          x[r * 24 + c] = (float) (0.5 * rng.nextDouble() + (c / 2 == y[r] ? 1 : 0));
        }
      }
      Files.write(dir.resolve(split + "_x.npy"), io.pmbench.datasets.format.NpyWriter.float32(x, rows, 24));
      Files.write(dir.resolve(split + "_y.npy"), io.pmbench.datasets.format.NpyWriter.int32(y));
    }
    return "npy:" + dir.resolve("train_x.npy") + "," + dir.resolve("train_y.npy") + "," + dir.resolve("test_x.npy")
        + "," + dir.resolve("test_y.npy");
  }

  static io.pmbench.filter.VaeEncoder randomVae(int d, int q, String sha) {
    java.util.SplittableRandom rng = new java.util.SplittableRandom(1);
    int[] widths = {d, 8, 8, 2 * q};
    float[][] w = new float[3][];
    float[][] b = new float[3][];
    for (int l = 0; l < 3; l++) {
      w[l] = new float[widths[l] * widths[l + 1]];
      for (int i = 0; i < w[l].length; i++) {
        w[l][i] = (float) (rng.nextDouble() - 0.5);
      }
      b[l] = new float[widths[l + 1]];
    }
    return io.pmbench.filter.VaeEncoder.of(widths, w, b, java.util.Map.of("dataset_sha256", sha, "epochs", "0"));
  }
}
