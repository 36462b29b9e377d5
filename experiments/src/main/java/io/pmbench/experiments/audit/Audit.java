package io.pmbench.experiments.audit;

import io.pmbench.core.mechanism.AuditStage;
import io.pmbench.core.random.Seeds;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One audit: for each target of a mechanism, the sensitivity search ({@link SensitivitySearch}),
 * the worst pair saved for replay, and the ε lower bounds ({@link EpsilonAudit}: Clopper–Pearson
 * and f-DP) on that pair, both on the mechanism's own code. Every target draws from its own stream of the root seed.
 *
 * <p>A mechanism's rows are computed at once, one per processor ({@link #run(String, AuditSettings, Path)}): each
 * row draws only from its own streams of the root seed ({@code search} and {@code trials} for the pair's row,
 * {@code claimed-delta-data} and {@code claimed-delta} for the calibration's), and the client side is safe to
 * call from several threads ({@link io.pmbench.core.mechanism.ClientSide}), so the rows are the same bits in
 * any order, on any number of processors.
 */
public final class Audit {
  private Audit() {}

  /**
   * Audits {@code mechanism}: per target (in order) the pair's row, then the calibration's; pairs are
   * saved under {@code dir/pairs}. The rows run at once on up to one thread per processor.
   */
  public static List<AuditRow> run(String mechanism, AuditSettings s, Path dir) throws IOException {
    List<Callable<AuditRow>> rows = new ArrayList<>();
    for (AuditTarget t : Targets.of(mechanism, s)) {
      rows.add(() -> run(t, s, dir));
      rows.add(() -> atClaimedDelta(t, s));
    }
    return inParallel(rows, Runtime.getRuntime().availableProcessors());
  }

  /**
   * The results of {@code tasks}, in their order, computed on up to {@code threads} daemon threads.
   * On a failure the tasks not yet started are cancelled, the running ones end, and the first failure
   * in task order is rethrown as it was thrown.
   */
  static <T> List<T> inParallel(List<Callable<T>> tasks, int threads) throws IOException {
    AtomicInteger named = new AtomicInteger();
    ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Math.min(threads, tasks.size())), r -> {
      Thread th = new Thread(r, "pmbench-audit-" + named.incrementAndGet());
      th.setDaemon(true);
      return th;
    });
    List<Future<T>> futures = new ArrayList<>();
    tasks.forEach(t -> futures.add(pool.submit(t)));
    pool.shutdown();
    List<T> out = new ArrayList<>();
    Throwable failure = null;
    for (Future<T> f : futures) {
      try {
        out.add(f.get());
      } catch (ExecutionException e) {
        if (failure == null) {
          failure = e.getCause();
          futures.forEach(other -> other.cancel(false));
        }
      } catch (CancellationException e) {
        // not started after an earlier failure
      } catch (InterruptedException e) {
        pool.shutdownNow();
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while auditing", e);
      }
    }
    if (failure != null) {
      throw rethrown(failure);
    }
    return out;
  }

  /** {@code cause} as the caller would have seen it on its own thread. */
  private static IOException rethrown(Throwable cause) {
    if (cause instanceof IOException io) {
      return io;
    }
    if (cause instanceof RuntimeException re) {
      throw re;
    }
    if (cause instanceof Error er) {
      throw er;
    }
    throw new IllegalStateException(cause);
  }

  static AuditRow run(AuditTarget t, AuditSettings s, Path dir) throws IOException {
    SensitivitySearch.Worst worst = SensitivitySearch.run(t, stream(t, s, "search"));
    AuditStage stage = t.stage(worst.pair().d());
    EpsilonAudit.Bounds b = EpsilonAudit.run(t, worst.pair(), s.trialsFor(stage), stream(t, s, "trials"));
    Path pairFile = dir.resolve("pairs").resolve((t.mechanism() + "-" + t.calibration() + "-" + t.stageName())
        .replaceAll("[^A-Za-z0-9_-]+", "_") + ".pair");
    ReplayFile.write(pairFile, t, s, worst.pair());
    return new AuditRow(t.mechanism(), t.calibration(), t.stageName(), s.sampler().cliName(), stage.epsilon(),
        stage.delta(), worst.claimed(), worst.distance(), b.clopperPearson().lowerBound(),
        b.clopperPearson().pointEstimate(), b.clopperPearson().trials(), worst.pair().how(),
        dir.relativize(pairFile).toString(), stage.note(), Optional.of(AuditRow.Fdp.of(b.fdp())));
  }

  /** How {@link #atClaimedDelta} rows name their "pair". */
  public static final String AT_CLAIMED_DELTA = "at claimed Delta (calibration alone)";

  /**
   * The stage's calibration audited at its claimed Δ ({@link EpsilonAudit#atClaimedDelta}) on
   * a random data set of the target's shape: the row's tightness (lower bound / claimed ε) says how
   * close to the claim an audit with these trials can get.
   */
  static AuditRow atClaimedDelta(AuditTarget t, AuditSettings s) {
    AuditStage stage = t.stage(t.randomData(stream(t, s, "claimed-delta-data")));
    EpsilonAudit.Bounds b = EpsilonAudit.atClaimedDelta(stage, s.trialsFor(stage), stream(t, s, "claimed-delta"));
    return new AuditRow(t.mechanism(), t.calibration(), t.stageName(), s.sampler().cliName(), stage.epsilon(),
        stage.delta(), stage.sensitivity(), stage.sensitivity(), b.clopperPearson().lowerBound(),
        b.clopperPearson().pointEstimate(), b.clopperPearson().trials(), AT_CLAIMED_DELTA, "-",
        stage.norm() == AuditStage.Norm.HAMMING
            ? "flips of the stage's own release on codes mu0 = f(D), mu1 = mu0 with its first Delta bits negated"
            : "noise of the stage's own release on means mu0 = f(D), mu1 = mu0 + Delta e_1",
        Optional.of(AuditRow.Fdp.of(b.fdp())));
  }

  private static SplittableRandom stream(AuditTarget t, AuditSettings s, String purpose) {
    return Seeds.stream(s.seed(), "audit", t.mechanism(), t.calibration(), t.stageName(), purpose);
  }

  /** Re-measures a saved pair: its distance, the claimed Δ and their ratio. */
  public static String replay(Path file) throws IOException {
    ReplayFile.Replay r = ReplayFile.read(file);
    SensitivitySearch.Worst w = SensitivitySearch.measure(r.target(), r.pair());
    AuditSettings s = r.target().settings();
    return String.format(java.util.Locale.ROOT, "%s %s (preset %s, %s sampler), %s (%s): ||f(D) - f(D')|| = %.6g,"
        + " claimed Delta = %.6g, ratio %.6f: %s", r.target().mechanism(), r.target().calibration(),
        s.preset().cliName(), s.sampler().cliName(), r.target().stageName(), r.pair().how(), w.distance(), w.claimed(),
        w.ratio(), w.ratio() > 1 + 1e-9 ? "FAILED (the pair exceeds the claimed sensitivity)" : "within the claim");
  }
}
