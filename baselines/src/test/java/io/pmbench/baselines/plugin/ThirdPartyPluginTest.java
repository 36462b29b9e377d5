package io.pmbench.baselines.plugin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.core.data.DatasetDefaults;
import io.pmbench.core.data.FeatureMatrix;
import io.pmbench.core.data.FeatureSet;
import io.pmbench.core.data.LabelledSet;
import io.pmbench.core.mechanism.EmbeddingMechanism;
import io.pmbench.core.mechanism.MechanismRegistry;
import io.pmbench.core.mechanism.Preset;
import io.pmbench.core.protocol.CellResult;
import io.pmbench.core.protocol.ProtocolConfig;
import io.pmbench.core.protocol.ProtocolRunner;
import io.pmbench.core.random.Seeds;
import io.pmbench.testkit.MechanismConformance;
import io.pmbench.testkit.PluginJar;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * A jar on the class path adds a mechanism with no edit to pmbench (the plugin contract of
 * MechanismModule): the third-party sources in {@code src/test/plugin-src} (the example of the
 * README's "Adding a plugin" and of docs/architecture.md) are compiled at test time against the
 * test class path, jarred with their META-INF/services entry, and loaded by a class loader whose
 * parent is this test's.
 */
class ThirdPartyPluginTest {
  @TempDir
  Path tmp;

  private Path buildPluginJar() throws IOException {
    return PluginJar.build(Path.of(System.getProperty("basedir", "."), "src", "test", "plugin-src"), tmp, "my-plugin");
  }

  @Test
  void discover_pluginJarOnClassPath_addsItsMechanismAndKeepsTheBuiltIns() throws Exception {
    Path jar = buildPluginJar();
    assertFalse(MechanismRegistry.discover().names().contains("my-mech"), "plugin visible without its jar");
    try (URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, getClass().getClassLoader())) {
      MechanismRegistry registry = MechanismRegistry.discover(loader);
      System.out.println("mechanisms with the plugin jar: " + registry.names());
      assertTrue(registry.names().contains("my-mech"), registry.names().toString());
      assertTrue(registry.names().containsAll(List.of("features", "smlq", "privatemail", "label-only", "random",
          "privatemail-v1", "smlq-cccp")), registry.names().toString());
      EmbeddingMechanism m = registry.get("my-mech");
      assertEquals(loader, m.getClass().getClassLoader());
      CellResult r = new ProtocolRunner(tinySet(), new ProtocolConfig(40, 30, true, new int[] {8}))
          .run(m, Preset.PAPER.builder(1, 0.5).options(Map.of("radius", "1")).build(50, 1e-5), 1, q -> {});
      assertTrue(r.recallAt(8) > 0.5, "the plugin runs in the protocol: Recall@8 " + r.recallAt(8));
    }
  }

  /**
   * The plugin passes the test kit's checks, as a third party would run them in its own build
   * (one @TestFactory); what each check catches is in MechanismConformance's comments.
   */
  @TestFactory
  Stream<DynamicTest> pluginJar_passesTheConformanceKit() throws Exception {
    Path jar = buildPluginJar();
    URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, getClass().getClassLoader());
    EmbeddingMechanism m = MechanismRegistry.discover(loader).get("my-mech");
    return MechanismConformance.of(m).tests().onClose(() -> {
      try {
        loader.close();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    });
  }

  /** Four well-separated classes of unit rows (the plugin retrieves on near-raw features). */
  private static FeatureSet tinySet() {
    SplittableRandom rng = new SplittableRandom(1);
    return new FeatureSet("tiny", split(80, rng), split(60, rng), 4, new DatasetDefaults(1, 0.5), "0".repeat(64),
        Map.of(), "test");
  }

  private static LabelledSet split(int n, SplittableRandom rng) {
    int d = 8;
    float[] x = new float[n * d];
    int[] y = new int[n];
    for (int i = 0; i < n; i++) {
      y[i] = i % 4;
      for (int j = 0; j < d; j++) {
        x[i * d + j] = (float) ((j == y[i] ? 1 : 0) + 0.1 * Seeds.gaussian(rng));
      }
    }
    FeatureMatrix.normalizeInPlace(x, n, d, "tiny");
    return new LabelledSet(new FeatureMatrix(x, n, d), y);
  }
}
