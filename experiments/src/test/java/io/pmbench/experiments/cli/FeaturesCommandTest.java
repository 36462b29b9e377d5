package io.pmbench.experiments.cli;

import static io.pmbench.experiments.cli.RunCommandTest.execute;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.experiments.cli.RunCommandTest.Outcome;
import io.pmbench.experiments.extract.FeatureExtractor;
import io.pmbench.experiments.learn.FeatureLearner;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code pmbench features learn} and {@code features extract} in the default build, where no learner
 * or extractor is on the class path: they exist, and say in one line how to enable them (exit 2)
 * before loading or writing anything. If a command were missing, or failed with a stack trace, a
 * user of the default jar would not learn that the optional module exists.
 */
class FeaturesCommandTest {
  @Test
  void learn_withoutLearnModule_saysHowToEnableItInOneLine(@TempDir Path tmp) {
    Path out = tmp.resolve("learned");
    Outcome o = execute("features", "learn", "--dataset", "omniglot", "--out", out.toString());
    assertEquals(Pmbench.EXIT_BAD_INPUT, o.exit(), o.err());
    assertEquals("pmbench: " + FeatureLearner.ENABLE_HINT, o.err().strip());
    assertTrue(o.err().contains("-Plearn"), o.err());
    assertTrue(!Files.exists(out), "nothing written");
  }

  @Test
  void learn_badEpochs_isRejected() {
    Outcome o = execute("features", "learn", "--dataset", "omniglot", "--epochs", "x");
    assertEquals(Pmbench.EXIT_BAD_INPUT, o.exit());
    assertTrue(o.err().lines().count() == 1, o.err());
  }

  @Test
  void extract_withoutExtractModule_saysHowToEnableItInOneLine(@TempDir Path tmp) {
    Path out = tmp.resolve("features");
    Outcome o = execute("features", "extract", "--images", "cifar100-binary:" + tmp, "--out", out.toString());
    assertEquals(Pmbench.EXIT_BAD_INPUT, o.exit(), o.err());
    assertEquals("pmbench: " + FeatureExtractor.ENABLE_HINT, o.err().strip());
    assertTrue(o.err().contains("-Pextract"), o.err());
    assertTrue(!Files.exists(out), "nothing written");
  }
}
