package io.pmbench.spark;

import io.pmbench.core.data.FeatureSet;
import io.pmbench.experiments.sweep.CellKey;
import io.pmbench.experiments.sweep.CellRecord;
import io.pmbench.experiments.sweep.CellStore;
import io.pmbench.experiments.sweep.Engine;
import io.pmbench.experiments.sweep.GridRecipe;
import io.pmbench.experiments.sweep.Sweep;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.broadcast.Broadcast;
import scala.reflect.ClassTag$;
import scala.runtime.BoxedUnit;

/**
 * {@code --engine spark}: the missing cells of a grid become the tasks of one Spark job, one
 * task per cell. The data set is broadcast (each executor fetches it once); each executor
 * builds the grid's tasks from the serialised grid and plan ({@link Workers}), computes its cells and
 * returns each cell's file text. The driver stores every cell through {@link CellStore} the
 * moment its task succeeds (Spark's result handler), so:
 *
 * <ul>
 *   <li>cells are bit-identical to the local engine's (same tasks, same seeds; only the timing
 *       fields, which no result file contains, differ);
 *   <li>a task that dies is retried by Spark ({@code spark.task.maxFailures}, or the
 *       {@code local[N,F]} master form) and its cell is stored once, by key, whichever attempt
 *       delivered it;
 *   <li>if the job fails, the cells already delivered are on disk and the next run, on either
 *       engine, computes only the rest.
 * </ul>
 */
final class SparkEngine implements Engine {
  private final JavaSparkContext spark;
  private final GridRecipe recipe;
  private final Broadcast<ShippedData> data;

  /**
   * Starts a Spark context on {@code master} (or the one spark-submit configured).
   *
   * @throws IllegalArgumentException when no master is given or configured, or Spark cannot
   *     start on it
   */
  SparkEngine(String master, GridRecipe recipe, FeatureSet data) {
    SparkConf conf = new SparkConf().setAppName("pmbench " + recipe.plan().name());
    if (master != null) {
      conf.setMaster(master);
    }
    if (!conf.contains("spark.master")) {
      throw new IllegalArgumentException("--engine spark needs --master URL (e.g. local[2] or spark://host:7077) "
          + "unless started by spark-submit. Provided value: none");
    }
    try {
      this.spark = new JavaSparkContext(conf);
    } catch (Exception e) { // Spark throws its checked SparkException without declaring it
      throw new IllegalArgumentException("--master must be a Spark master URL Spark can reach (local[N], local[N,F], "
          + "spark://host:port, yarn, k8s://...). Provided value: " + conf.get("spark.master") + " ("
          + firstLine(e.getMessage()) + ")", e);
    }
    this.recipe = recipe;
    this.data = spark.broadcast(ShippedData.of(data));
  }

  @Override
  public void compute(CellStore store, List<Sweep.Task> pending, Sweep.Listener listener) {
    List<CellKey> keys = pending.stream().map(Sweep.Task::key).toList();
    JavaRDD<CellKey> cells = spark.parallelize(keys, keys.size()); // partition i holds exactly keys[i]
    AtomicInteger stored = new AtomicInteger();
    spark.setJobDescription("pmbench " + recipe.plan().name() + ": " + keys.size() + " cells");
    try {
      spark.sc().runJob(cells.rdd(), new RemoteCell(recipe, data), (Object partition, String json) -> {
        Sweep.Task t = pending.get((Integer) partition);
        listener.accept((int) t.queries());
        Sweep.store(store, t.key(), CellRecord.parse(json), listener);
        stored.incrementAndGet();
        return BoxedUnit.UNIT;
      }, ClassTag$.MODULE$.apply(String.class));
    } catch (Exception e) { // Spark throws its checked SparkException without declaring it
      throw new IllegalStateException("the Spark job of " + recipe.plan().name() + " failed after storing "
          + stored.get() + " of " + keys.size() + " cells (rerun the same command to compute the rest): "
          + firstLine(e.getMessage()), e);
    }
  }

  private static String firstLine(String message) {
    return message == null ? "" : message.lines().findFirst().orElse("");
  }

  @Override
  public void close() {
    data.destroy();
    spark.stop();
    Workers.forget(recipe);
  }
}
