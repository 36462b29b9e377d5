package io.pmbench.spark;

import java.util.Map;
import java.util.TreeMap;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerApplicationStart;
import org.apache.spark.scheduler.SparkListenerExecutorAdded;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.scheduler.SparkListenerTaskStart;

/**
 * Where a Spark run's wall time goes, seen from the driver: a listener that {@link
 * StandaloneClusterTest} registers through {@code spark.extraListeners}, recording when the
 * application started, when each executor registered, and when tasks ran on which executor
 * (epoch milliseconds, Spark's own event times). One run at a time; {@link #reset} before it.
 */
public final class ClusterTimeline extends SparkListener {
  private static long applicationStart;
  private static final Map<String, Long> EXECUTOR_ADDED = new TreeMap<>();
  private static final Map<String, Integer> TASKS = new TreeMap<>();
  private static long firstTaskStart = Long.MAX_VALUE;
  private static long lastTaskEnd;

  /** Clears the previous run's events. */
  static synchronized void reset() {
    applicationStart = 0;
    EXECUTOR_ADDED.clear();
    TASKS.clear();
    firstTaskStart = Long.MAX_VALUE;
    lastTaskEnd = 0;
  }

  @Override
  public void onApplicationStart(SparkListenerApplicationStart e) {
    synchronized (ClusterTimeline.class) {
      applicationStart = e.time();
    }
  }

  @Override
  public void onExecutorAdded(SparkListenerExecutorAdded e) {
    synchronized (ClusterTimeline.class) {
      EXECUTOR_ADDED.put(e.executorId(), e.time());
    }
  }

  @Override
  public void onTaskStart(SparkListenerTaskStart e) {
    synchronized (ClusterTimeline.class) {
      firstTaskStart = Math.min(firstTaskStart, e.taskInfo().launchTime());
    }
  }

  @Override
  public void onTaskEnd(SparkListenerTaskEnd e) {
    synchronized (ClusterTimeline.class) {
      lastTaskEnd = Math.max(lastTaskEnd, e.taskInfo().finishTime());
      TASKS.merge(e.taskInfo().executorId(), 1, Integer::sum);
    }
  }

  /** Tasks finished per executor id. */
  static synchronized Map<String, Integer> tasksPerExecutor() {
    return Map.copyOf(TASKS);
  }

  /**
   * The run's timeline in seconds from {@code startMillis} (when the command began): application
   * start, each executor's registration, first task start, last task end.
   */
  static synchronized String describe(long startMillis) {
    StringBuilder b = new StringBuilder(String.format("Spark context up at +%.1f s", (applicationStart - startMillis)
        / 1e3));
    EXECUTOR_ADDED.forEach((id, t) -> b.append(String.format(", executor %s registered at +%.1f s", id,
        (t - startMillis) / 1e3)));
    b.append(String.format(", tasks ran from +%.1f s to +%.1f s %s", (firstTaskStart - startMillis) / 1e3,
        (lastTaskEnd - startMillis) / 1e3, TASKS));
    return b.toString();
  }
}
