package io.pmbench.experiments.orchestration;

import io.pmbench.experiments.sweep.CellKey;
import io.pmbench.experiments.sweep.Sweep;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.IntConsumer;
import java.util.function.Predicate;

/**
 * Times a few real queries of each mechanism on this machine, now, before a grid starts (issue 38:
 * an estimate from the stored runs alone was 2.8× too low on one grid and 3.9× too high on
 * another, because those runs were timed at other machine loads and without the server
 * embeddings).
 *
 * <p>For each mechanism with pending cells, the pilot runs the first of them that has no query log
 * yet, exactly as the grid would (same task, same query log), and stops it once {@code queries}
 * queries have finished. The queries it finished stay in the cell's query log, so the grid
 * resumes that cell from them: the pilot's work is not done twice. From the finish times it takes
 * the wall time per query with the cell's queries running on every core, and the setup before the
 * first query (mostly the server embedding, which the run keeps for the other cells of the same
 * seed); the estimate counts that setup once per further seed.
 */
public final class Pilot {
  /** How a pilot line's source begins in the estimate's table. */
  static final String SOURCE = "pilot:";
  /** Grids the stored costs estimate below this many seconds are not piloted (the pilot would cost more than it tells). */
  static final double WORTH_SECONDS = 60;
  /**
   * The least time between the first and the last timed query: a cheap mechanism's first queries
   * run before the JIT compiled its loops (on the default run, 3 queries of {@code features} gave
   * 159 ms per query against 15–19 ms over the grid's cells, and an estimate 2.9× too high), so the
   * pilot goes on past its {@code queries} until this much time has been timed. Those queries are
   * kept in the cell's query log like the others.
   */
  static final double MIN_TIMED_SECONDS = 2.0;

  private Pilot() {}

  /**
   * The result.
   *
   * @param lines the timed mechanisms' estimate lines (remaining queries and setup)
   * @param seconds wall seconds the pilot took
   */
  public record Result(Map<String, CostEstimate.Line> lines, double seconds) {}

  /** Stops a piloted cell once enough queries have finished; not an error. */
  static final class Stop extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Stop() {
      super("pilot finished", null, false, false);
    }
  }

  /** Whether a grid estimated as {@code stored} is worth piloting: long enough, or with mechanisms not measured. */
  static boolean worth(CostEstimate stored) {
    return stored.wallSeconds() >= WORTH_SECONDS
        || stored.lines().stream().anyMatch(l -> Double.isNaN(l.msPerQuery()) && l.queries() > 0);
  }

  /**
   * Pilots the mechanisms of {@code pending} (tasks not in the store, in grid order).
   *
   * @param started whether a cell has a query log already (such a cell is not piloted: its first
   *     queries would be recalled, not timed)
   * @param queries queries to time per mechanism (≥ 2 for a per-query figure)
   * @param parallel cells the grid computes at once (the estimate spreads query time over them)
   */
  static Result run(List<Sweep.Task> pending, Predicate<CellKey> started, int queries, int parallel, String task,
      PrintWriter err) {
    return run(pending, started, queries, MIN_TIMED_SECONDS, parallel, task, err);
  }

  /** As {@link #run(List, Predicate, int, int, String, PrintWriter)}, timing at least {@code minSeconds}. */
  static Result run(List<Sweep.Task> pending, Predicate<CellKey> started, int queries, double minSeconds,
      int parallel, String task, PrintWriter err) {
    long start = System.nanoTime();
    Map<String, List<Sweep.Task>> byMechanism = new LinkedHashMap<>();
    pending.forEach(t -> byMechanism.computeIfAbsent(t.key().mechanism(), m -> new ArrayList<>()).add(t));
    Map<String, CostEstimate.Line> lines = new LinkedHashMap<>();
    int cores = Runtime.getRuntime().availableProcessors();
    err.println(task + ": timing " + queries + " queries (and at least " + Math.round(minSeconds) + " s) of one cell per"
        + " mechanism (the pilot; the grid keeps its queries) ...");
    err.flush();
    byMechanism.forEach((mechanism, tasks) -> {
      long total = tasks.stream().mapToLong(Sweep.Task::queries).sum();
      Sweep.Task first = tasks.stream().filter(t -> !started.test(t.key())).findFirst().orElse(null);
      if (first == null || total <= queries) {
        return;
      }
      Timing timing = time(first, queries, minSeconds);
      if (timing == null) {
        return;
      }
      long seeds = tasks.stream().mapToLong(t -> t.key().seed()).distinct().count();
      double perQueryWall = timing.perQueryWallSeconds();
      double setup = Math.max(0, timing.firstSeconds() - perQueryWall * cores);
      // the estimate spreads query time over `parallel` cells at once: state the figure per query per cell
      double msPerQuery = perQueryWall * 1000 * Math.max(1, parallel);
      lines.put(mechanism, new CostEstimate.Line(mechanism, tasks.size(), total - timing.done(), msPerQuery,
          String.format(Locale.ROOT, "%s %d queries of %s timed here, setup %.1f s", SOURCE, timing.done(),
              first.key().fileName().replace(".json", ""), setup), setup * (seeds - 1)));
    });
    return new Result(lines, (System.nanoTime() - start) / 1e9);
  }

  /**
   * When the first and the last of the timed queries finished, from the start of the cell, and how
   * many had finished at each.
   */
  private record Timing(int firstDone, double firstSeconds, int done, double lastSeconds) {
    double perQueryWallSeconds() {
      return done <= firstDone ? firstSeconds / done : (lastSeconds - firstSeconds) / (done - firstDone);
    }
  }

  /**
   * Runs {@code t} until {@code queries} queries finished and {@code minSeconds} passed since the
   * first did (or the cell ended); null if it failed or finished no query.
   */
  private static Timing time(Sweep.Task t, int queries, double minSeconds) {
    double[] at = {Double.NaN, 0}; // first and last finish, seconds from the cell's start
    int[] count = {0, 0}; // queries done at the first and at the last finish
    long t0 = System.nanoTime();
    IntConsumer stopper = n -> {
      double now = (System.nanoTime() - t0) / 1e9;
      boolean enough;
      synchronized (at) {
        count[1] += n;
        if (Double.isNaN(at[0])) {
          at[0] = now;
          count[0] = count[1];
        }
        at[1] = now;
        enough = count[1] >= queries && now - at[0] >= minSeconds;
      }
      if (enough) {
        throw new Stop();
      }
    };
    try {
      t.compute().apply(stopper);
    } catch (Stop stop) {
      // enough queries: they are in the cell's query log
    } catch (RuntimeException e) {
      return null; // the grid meets the failure again and reports it as it does
    }
    synchronized (at) {
      return count[1] == 0 ? null : new Timing(count[0], at[0], count[1], at[1]);
    }
  }
}
