package io.pmbench.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.core.ParameterException;
import io.pmbench.core.data.FeatureSet;
import io.pmbench.datasets.DatasetRegistry;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --encoder} in the default build, where the VAE trainer (module learn) is absent: the
 * default falls back to PPCA with one note; {@code --encoder vae} without a stored model fails in
 * one line saying how to enable the trainer; a stored model for another data set is refused in
 * one line.
 */
class EncoderChoiceTest {
  @Test
  void resolve_noTrainerNoOption_ppcaWithOneNote() {
    List<String> notes = new ArrayList<>();
    assertTrue(EncoderChoice.trainer().isEmpty(), "the filter module's tests run without the learn module");
    assertEquals("ppca", EncoderChoice.resolve(null, notes::add));
    assertEquals(1, notes.size());
    assertTrue(notes.get(0).contains("-Plearn"), notes.get(0));
    assertEquals("vae", EncoderChoice.resolve("VAE", notes::add));
    assertEquals("ppca", EncoderChoice.resolve("ppca", notes::add));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> EncoderChoice.resolve("pca", notes::add));
    assertEquals("encoder must be vae or ppca. Provided value: pca", e.getMessage());
    assertEquals("encoder", ((ParameterException) e).parameter());
  }

  @Test
  void defaultFor_builtInFashionMnist_bundledVaeWithoutTrainer() {
    FeatureSet data = DatasetRegistry.standard().load("fashion-mnist");
    List<String> notes = new ArrayList<>();
    EncoderChoice.VaeOptions opts = new EncoderChoice.VaeOptions(Optional.empty(), 30, 1);
    assertEquals("vae", EncoderChoice.defaultFor(data, 10, opts, notes::add));
    assertEquals(List.of(), notes);
    VaeEncoder e = EncoderChoice.vae(data, 10, opts, line -> { });
    assertTrue(e.source().startsWith("classpath:" + EncoderChoice.BUNDLED), e.source());
    assertEquals(data.sha256(), e.header().get("dataset_sha256"));
    assertEquals(10, e.latentDim());
    // another seed names another model: none is bundled, so without the trainer the default is ppca
    assertEquals("ppca", EncoderChoice.defaultFor(data, 10, new EncoderChoice.VaeOptions(Optional.empty(), 30, 2),
        notes::add));
    assertEquals(1, notes.size());
  }

  @Test
  void defaultFor_otherData_ppcaWithOneNote() {
    FeatureSet data = DatasetRegistry.standard().load(FilterExperimentTest.DATA);
    List<String> notes = new ArrayList<>();
    assertEquals("ppca", EncoderChoice.defaultFor(data, 4, new EncoderChoice.VaeOptions(Optional.empty(), 30, 1),
        notes::add));
    assertEquals(1, notes.size());
    assertTrue(notes.get(0).contains("-Plearn"), notes.get(0));
  }

  @Test
  void vae_noTrainerNoModel_oneLineSayingHowToEnable(@TempDir Path tmp) {
    FeatureSet data = DatasetRegistry.standard().load(FilterExperimentTest.DATA);
    EncoderChoice.VaeOptions opts = new EncoderChoice.VaeOptions(Optional.of(tmp.resolve("none.vae")), 2, 1);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> EncoderChoice.vae(data, 4, opts, line -> { }));
    assertTrue(e.getMessage().startsWith("encoder vae: no trained model at " + tmp.resolve("none.vae")),
        e.getMessage());
    assertTrue(e.getMessage().contains("-Plearn") && !e.getMessage().contains("\n"), e.getMessage());
  }

  @Test
  void vae_storedModelOfAnotherDataSet_refusedInOneLine(@TempDir Path tmp) throws IOException {
    Path f = tmp.resolve("m.vae");
    VaeEncoderTest.random(1).write(f);
    FeatureSet data = DatasetRegistry.standard().load("synthetic:train=300,test=100,d=6,classes=10,seed=1");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> EncoderChoice.vae(data, 2, new EncoderChoice.VaeOptions(Optional.of(f), 2, 1), line -> { }));
    assertTrue(e.getMessage().startsWith("VAE model " + f + " was trained for data set SHA-256 ?")
        && !e.getMessage().contains("\n"), e.getMessage());
  }

  @Test
  void defaultModel_namesDataSetChecksumAndSettings() {
    FeatureSet data = DatasetRegistry.standard().load(FilterExperimentTest.DATA);
    Path p = EncoderChoice.defaultModel(data, 10, 30, 1);
    assertTrue(p.startsWith(EncoderChoice.MODEL_ROOT), p.toString());
    assertTrue(p.getFileName().toString().endsWith("-" + data.sha256().substring(0, 12) + "-q10-e30-seed1.vae"),
        p.toString());
  }
}
