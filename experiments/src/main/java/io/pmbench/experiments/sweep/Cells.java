package io.pmbench.experiments.sweep;

import io.pmbench.core.mechanism.EmbeddingMechanism;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.protocol.CellResult;
import io.pmbench.core.data.FeatureSet;
import io.pmbench.core.protocol.ProtocolConfig;
import io.pmbench.core.protocol.ProtocolRunner;
import io.pmbench.core.protocol.ServerStore;
import io.pmbench.core.protocol.QueryLog;
import io.pmbench.core.protocol.QueryOutcome;
import io.pmbench.core.retrieval.NearestLists;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.IntConsumer;

/**
 * Makes {@link Sweep.Task}s that run one protocol cell and turn its {@link CellResult} into a
 * {@link CellRecord}. A mechanism that refuses the parameters ({@code validate} throws
 * {@link IllegalArgumentException}: its guarantee does not exist there) gives a REFUSED cell
 * with the mechanism's message; when {@code recordFailures} is set, a run that stops with a
 * named error ({@link IllegalArgumentException} or {@link IllegalStateException}, e.g. a kernel
 * underflow) gives a FAILED cell instead of stopping the sweep. Any other exception stops it.
 *
 * @param fingerprint the run's configuration fingerprint
 * @param preset the preset's CLI name
 * @param gitCommit the commit recorded in every cell
 * @param recordFailures whether refusals and failures become cells (figures) or stop the run
 * @param store the run's store, where a cell keeps its finished queries while it runs (so a run
 *     stopped mid-cell resumes at the next unfinished query) and slow server embeddings are kept;
 *     {@code null} to keep neither (e.g. cells computed on a remote worker)
 */
public record Cells(String fingerprint, String preset, String gitCommit, boolean recordFailures,
    CellStore store) {
  /** Cells that keep no query logs and no server embeddings. */
  public Cells(String fingerprint, String preset, String gitCommit, boolean recordFailures) {
    this(fingerprint, preset, gitCommit, recordFailures, null);
  }

  /** A protocol runner for these cells: it keeps slow server embeddings in the store, if any. */
  public ProtocolRunner runner(FeatureSet data, ProtocolConfig config) {
    return new ProtocolRunner(data, config, store == null ? ServerStore.NONE : store.servers());
  }

  /** Extra arrays a figure stores with a cell, computed after the cell ran. */
  @FunctionalInterface
  public interface Extras extends Function<CellResult, SortedMap<String, double[]>> {}

  /** A task running {@code mechanism} at {@code params} for {@code key.seed()}. */
  public Sweep.Task protocol(ProtocolRunner runner, EmbeddingMechanism mechanism, MechanismParams params,
      CellKey key, long queries, Extras extras) {
    int revision = mechanism.revision();
    String digest = CellRecord.paramsDigest(params.forMechanism(mechanism.name()).describe());
    return new Sweep.Task(key, queries, progress -> computeCell(runner, mechanism, revision, digest, params, key,
        extras, progress).withRevision(revision), revision, Optional.of(digest),
        Optional.of((stored, n) -> recheck(runner, mechanism, params, stored, n)));
  }

  /**
   * The first {@code n} queries of {@code stored} computed again through the runner's per-query path
   * ({@link ProtocolRunner#queryPath}: the same server side, from the run's server store when it keeps
   * one, and the same per-query streams as the cell had), compared with the stored ones.
   */
  private static Optional<String> recheck(ProtocolRunner runner, EmbeddingMechanism mechanism, MechanismParams params,
      CellRecord stored, int n) {
    ProtocolRunner.QueryPath path = runner.queryPath(mechanism, params, stored.key().seed());
    int m = Math.min(n, Math.min(stored.queries(), path.queries()));
    int[] ks = stored.ks();
    for (int i = 0; i < m; i++) {
      QueryOutcome o = path.query(i);
      int row = stored.queryIndices()[i];
      if (o.query() != row) {
        return Optional.of("query " + i + " is gallery row " + o.query() + " here, row " + row + " in the cell");
      }
      if (!Arrays.equals(o.hits(), stored.hits()[i])) {
        return Optional.of("query " + i + " (gallery row " + row + "): hits at K = " + Arrays.toString(ks) + " are "
            + Arrays.toString(o.hits()) + " here, " + Arrays.toString(stored.hits()[i]) + " in the cell");
      }
      if (stored.nearest().isPresent()) {
        NearestLists near = stored.nearest().get();
        int k = near.k();
        int[] kept = Arrays.copyOfRange(near.ids(), i * k, (i + 1) * k);
        int[] now = Arrays.copyOf(o.neighbours(), k);
        if (!Arrays.equals(now, kept)) {
          return Optional.of("query " + i + " (gallery row " + row + "): nearest gallery rows are "
              + Arrays.toString(now) + " here, " + Arrays.toString(kept) + " in the cell");
        }
      }
    }
    return Optional.empty();
  }

  private CellRecord computeCell(ProtocolRunner runner, EmbeddingMechanism mechanism, int revision, String digest,
      MechanismParams params, CellKey key, Extras extras, IntConsumer progress) {
    MechanismParams own = params.forMechanism(mechanism.name());
    try {
      mechanism.validate(own);
    } catch (IllegalArgumentException e) {
      if (!recordFailures) {
        throw e;
      }
      return CellRecord.notRun(key, fingerprint, preset, own.delta(), own.describe(),
          CellRecord.Outcome.REFUSED, e.getMessage(), gitCommit);
    }
    CellResult r;
    try (QueryJournal journal = store == null ? null : store.journal(key, revision, digest)) {
      r = runner.run(mechanism, params, key.seed(), progress, journal == null ? QueryLog.NONE : journal);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot close the query log of cell " + key.fileName(), e);
    } catch (IllegalArgumentException | IllegalStateException e) {
      if (!recordFailures) {
        throw e;
      }
      return CellRecord.notRun(key, fingerprint, preset, own.delta(), own.describe(),
          CellRecord.Outcome.FAILED, e.getMessage(), gitCommit);
    }
    return CellRecord.of(key, fingerprint, preset, r, extras == null ? new TreeMap<>() : extras.apply(r),
        gitCommit);
  }
}
