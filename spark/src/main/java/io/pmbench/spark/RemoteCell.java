package io.pmbench.spark;

import io.pmbench.experiments.sweep.CellKey;
import io.pmbench.experiments.sweep.CellRecord;
import io.pmbench.experiments.sweep.GridRecipe;
import java.io.Serializable;
import org.apache.spark.broadcast.Broadcast;
import scala.collection.Iterator;
import scala.runtime.AbstractFunction1;

/**
 * A Spark task: computes the one cell of its partition on the executor and returns the cell
 * file's text, which the driver stores. The task writes nothing itself, so a task Spark retries
 * (or runs twice speculatively) can never store a cell twice.
 */
final class RemoteCell extends AbstractFunction1<Iterator<CellKey>, String> implements Serializable {
  private static final long serialVersionUID = 1L;

  private final GridRecipe recipe;
  private final Broadcast<ShippedData> data;

  RemoteCell(GridRecipe recipe, Broadcast<ShippedData> data) {
    this.recipe = recipe;
    this.data = data;
  }

  @Override
  public String apply(Iterator<CellKey> partition) {
    CellKey key = partition.next();
    if (partition.hasNext()) {
      throw new IllegalStateException("a Spark task must hold one cell. Provided value: " + key.fileName()
          + " and more");
    }
    CellRecord cell = Workers.task(recipe, data, key).compute().apply(queries -> {});
    return cell.toJson();
  }
}
