package io.pmbench.experiments.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.core.mechanism.MechanismRegistry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class HeapRuleTest {
  private static final MechanismRegistry REGISTRY = MechanismRegistry.discover();

  @Test
  void serverPeakBytes_registeredMechanisms_exactlyTheTsneServedFamilyDeclaresSixteenNSquared() {
    Set<String> declaring = new TreeSet<>();
    for (String name : REGISTRY.names()) {
      long bytes = REGISTRY.get(name).serverPeakBytes(1_000);
      if (bytes != 0) {
        assertEquals(16_000_000L, bytes, name);
        declaring.add(name);
      }
    }
    assertEquals(Set.of("dp-dsne", "dp-dsne-official", "tsne", "tsne-smile"), declaring);
  }

  @Test
  void needMiB_defaultRunWithoutTsne_isTheFloor() {
    // Fashion-MNIST: 70,000 rows of 784 pixels (419 MiB as doubles), server of 10,000 gallery + 1,000 public rows
    assertEquals(HeapRule.FLOOR_MIB, HeapRule.needMiB(70_000L * 784, 0, 2));
  }

  @Test
  void needMiB_hundredThousandRowServerWithoutTsne_isTheFloor() {
    // synthetic:train=5000,test=100000,d=64: peaks near 600 MB resident under a large heap
    assertEquals(HeapRule.FLOOR_MIB, HeapRule.needMiB(105_000L * 64, 0, 2));
  }

  @Test
  void needMiB_exactTsneOfElevenThousandRows_holdsItsThreeMatrices() {
    long n = 11_000;
    long expected = 512 + (long) Math.ceil((8.0 * 70_000 * 784 + 16.0 * n * n) / (1 << 20));
    long tsne = HeapRule.serverPeakBytes(List.of(REGISTRY.get("privatemail"), REGISTRY.get("tsne")), n);
    assertEquals(expected, HeapRule.needMiB(70_000L * 784, tsne, 1));
    assertTrue(expected > 2_000, "the n x n distances alone are 923 MiB: " + expected);
  }

  @Test
  void needMiB_twoCellsAtOnce_holdsTwoServerBuilds() {
    // CIFAR-100 (60,000 x 512) with dp-dsne: two cells of different seeds built their 11,000-row servers at once
    // and ran out of a heap sized for one (2026-11-28)
    long n = 11_000;
    long tsne = HeapRule.serverPeakBytes(List.of(REGISTRY.get("dp-dsne")), n);
    long one = HeapRule.needMiB(60_000L * 512, tsne, 1);
    long two = HeapRule.needMiB(60_000L * 512, tsne, 2);
    assertEquals((long) Math.ceil(16.0 * n * n / (1 << 20)), two - one, 1, "one more server's 16 n^2 bytes");
  }

  @Test
  void needMiB_noConcurrency_refused() {
    assertThrows(IllegalArgumentException.class, () -> HeapRule.needMiB(1_000, 0, 0));
  }

  @Test
  void needMiB_largeFile_growsWithTheData() {
    // 205 million values (1.64 GB as doubles, docs/DATASETS.md's largest file): 1,564.03 MiB
    assertEquals(512 + 1_565, HeapRule.needMiB(205_000_000L, 0, 2));
  }

  @Test
  void withoutHeap_launcherCommandLine_dropsHeapAndPropertyKeepsTheCommand() {
    List<String> args = List.of("-Xmx1200m", "-Dpmbench.heap=auto", "--add-modules", "jdk.incubator.vector",
        "-Dx=1", "-jar", "pmbench.jar", "fig6", "-Xmx9m", "-Dpmbench.heap=auto");
    assertEquals(List.of("--add-modules", "jdk.incubator.vector", "-Dx=1", "-jar", "pmbench.jar", "fig6",
        "-Xmx9m", "-Dpmbench.heap=auto"), HeapRule.withoutHeap(args));
  }

  @Test
  void withoutHeap_classPathLaunch_keepsClassPathAndMainClass() {
    List<String> args = List.of("-cp", "a.jar", "-Xmx2g", "io.pmbench.experiments.cli.Pmbench", "run");
    assertEquals(List.of("-cp", "a.jar", "io.pmbench.experiments.cli.Pmbench", "run"), HeapRule.withoutHeap(args));
  }

  @Test
  void launcher_startsGridCommandsAtTheFloor() throws IOException {
    // fails when the launcher's starting heap and the rule's floor drift apart
    String launcher = Files.readString(Path.of("..", "pmbench"));
    assertTrue(launcher.contains("-Xmx" + HeapRule.FLOOR_MIB + "m -D" + HeapRule.PROPERTY + "=auto"), launcher);
  }
}
