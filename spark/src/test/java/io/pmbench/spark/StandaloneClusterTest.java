package io.pmbench.spark;

import static io.pmbench.spark.Grids.MECHANISMS;
import static io.pmbench.spark.Grids.assertSameGrid;
import static io.pmbench.spark.Grids.fig6;
import static io.pmbench.spark.Grids.ok;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --engine spark --master spark://…} on a real standalone cluster (issue 23): a master and
 * two one-core workers on 127.0.0.1, child JVMs started from the Maven artifacts alone
 * ({@link StandaloneCluster}), run the small fig6 grid of {@link Grids} in executors of their
 * own; the grid must equal the local engine's exactly ({@link Grids#assertSameGrid}: cells equal
 * but for timings, result CSVs byte for byte), and each worker must have run an executor that
 * computed cells. It prints the wall time of both engines on the grid (the cluster's includes
 * starting the Spark context and its two executors, not the cluster itself) and where the
 * cluster's time went ({@link ClusterTimeline}). Run with {@code -Pspark,spark-cluster}.
 */
@Tag("spark-cluster")
class StandaloneClusterTest {
  /**
   * Driver settings for the cluster's executors (one core and 768 MiB each, two in all) and the
   * {@link ClusterTimeline} listener.
   */
  private static Map<String, String> driverConf(StandaloneCluster cluster) {
    return Map.of("spark.executor.extraClassPath", cluster.executorClassPath(), "spark.executor.cores", "1",
        "spark.cores.max", "2", "spark.executor.memory", "768m", "spark.extraListeners",
        ClusterTimeline.class.getName());
  }

  @Test
  @Timeout(value = 15, unit = TimeUnit.MINUTES)
  void fig6_twoWorkerStandaloneCluster_sameGridAsLocalEngine(@TempDir Path tmp) throws Exception {
    double loadBefore = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    long t0 = System.nanoTime();
    ok(fig6(tmp.resolve("local"), MECHANISMS, "2"));
    double localSeconds = (System.nanoTime() - t0) / 1e9;
    double clusterSeconds;
    String timeline;
    try (StandaloneCluster cluster = StandaloneCluster.start(tmp.resolve("cluster"), 2)) {
      Map<String, String> saved = setSystemProperties(driverConf(cluster));
      try {
        ClusterTimeline.reset();
        long startMillis = System.currentTimeMillis();
        long t1 = System.nanoTime();
        Grids.Outcome spark = Grids.execute(fig6(tmp.resolve("spark"), MECHANISMS, "2", "--engine", "spark",
            "--master", cluster.masterUrl()));
        clusterSeconds = (System.nanoTime() - t1) / 1e9;
        assertEquals(0, spark.exit(), () -> spark.err() + cluster.logTails());
        assertTrue(spark.err().contains("8 cells computed, 0 reused"), spark.err());
        timeline = ClusterTimeline.describe(startMillis);
        assertEquals(2, ClusterTimeline.tasksPerExecutor().size(), timeline);
      } finally {
        setSystemProperties(saved);
      }
      for (Path work : cluster.workDirs()) {
        assertEquals(1, executorDirs(work), () -> work + " should hold the one executor its worker ran; "
            + cluster.logTails());
      }
    }
    assertSameGrid(tmp.resolve("local"), tmp.resolve("spark"));
    double loadAfter = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    System.out.printf("StandaloneClusterTest: 8 cells; local engine %.1f s, 2-worker standalone cluster %.1f s "
        + "(speed-up %.2fx); %d cores, load average %.1f before, %.1f after; %s%n", localSeconds, clusterSeconds,
        localSeconds / clusterSeconds, Runtime.getRuntime().availableProcessors(), loadBefore, loadAfter, timeline);
  }

  /** Executor directories under a worker's work directory ({@code app-…/<executor id>/}). */
  private static long executorDirs(Path work) throws IOException {
    try (Stream<Path> apps = Files.list(work)) {
      long n = 0;
      for (Path app : apps.filter(Files::isDirectory).toList()) {
        try (Stream<Path> executors = Files.list(app)) {
          n += executors.filter(Files::isDirectory).count();
        }
      }
      return n;
    }
  }

  /** Sets (or, for a null value, clears) system properties; returns their previous values to restore. */
  private static Map<String, String> setSystemProperties(Map<String, String> values) {
    Map<String, String> previous = new HashMap<>();
    values.forEach((k, v) -> {
      previous.put(k, System.getProperty(k));
      if (v == null) {
        System.clearProperty(k);
      } else {
        System.setProperty(k, v);
      }
    });
    return previous;
  }
}
