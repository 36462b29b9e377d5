package io.pmbench.baselines.dpdsne;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pmbench.baselines.tsne.SyntheticData;
import io.pmbench.baselines.tsne.TsneMechanism;
import io.pmbench.core.data.FeatureSet;
import io.pmbench.core.mechanism.EmbeddingMechanism;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.Preset;
import io.pmbench.core.protocol.CellResult;
import io.pmbench.core.protocol.ProtocolConfig;
import io.pmbench.core.protocol.ProtocolRunner;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Cost at Fashion-MNIST size (a measurement, not a check; run with {@code -Pslow}): 10 classes,
 * d = 784, nPublic = 1000, gallery 10,000, so the server embeds 11,000 rows and each client has
 * n = 1000 + 9 dummies + 1 = 1010 rows. One runner, so the t-SNE server is computed once (by the
 * first cell) and shared by the three mechanisms. Prints wall times (server, mean per query with
 * queries running in parallel as in a real run, whole cell) and the process CPU time of each cell,
 * which other jobs on the machine do not inflate.
 */
@Tag("slow")
class DpDsneTimingTest {

  private static double cpuSeconds() {
    return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
        .getProcessCpuTime() / 1e9;
  }

  @Test
  void fashionMnistSized_serverAndPerQueryTimes_printed() {
    FeatureSet data = SyntheticData.clustered(5, 10, 784, 2000, 10_000, 0.04);
    int queries = 4;
    ProtocolRunner runner = new ProtocolRunner(data, new ProtocolConfig(1000, queries, true, new int[] {1, 8}));
    MechanismParams p = Preset.PAPER.builder(1.0, 0.5).build(1.0, 1e-5);
    EmbeddingMechanism[] mechanisms = {new TsneMechanism(), new DpDsneMechanism(), new DpDsneOfficialMechanism()};
    for (EmbeddingMechanism m : mechanisms) {
      double cpu0 = cpuSeconds();
      long t0 = System.nanoTime();
      CellResult r = runner.run(m, p, 1, q -> {});
      double wall = (System.nanoTime() - t0) / 1e9;
      System.out.printf("%-17s server %.1f s, mean query %.2f s, cell wall %.1f s, cell CPU %.1f s,"
          + " Recall@1 %.2f Recall@8 %.2f (%d queries, %d cores)%n", m.name(), r.serverMillis() / 1e3,
          r.meanQueryMillis() / 1e3, wall, cpuSeconds() - cpu0, r.recallAt(1), r.recallAt(8), queries,
          Runtime.getRuntime().availableProcessors());
      assertEquals(queries, r.queries());
    }
  }
}
