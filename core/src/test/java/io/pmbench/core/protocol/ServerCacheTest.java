package io.pmbench.core.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.core.data.FeatureSet;
import io.pmbench.core.mechanism.ClientSide;
import io.pmbench.core.mechanism.ClientView;
import io.pmbench.core.mechanism.EmbeddingMechanism;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.MechanismRegistry;
import io.pmbench.core.mechanism.Preset;
import io.pmbench.core.mechanism.ServerSide;
import io.pmbench.core.mechanism.ServerView;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The server-embedding cache of {@link ProtocolRunner}: one build per (server key, seed), other
 * keys not blocked by a build in progress, a failed build not cached.
 */
class ServerCacheTest {
  private static final FeatureSet DATA = SyntheticFeatureSets.clustered(2024, 4, 8, 120, 80, 0.05);
  private static final ProtocolConfig CONFIG = new ProtocolConfig(40, 10, true, new int[] {1, 8});
  private static final MechanismParams PARAMS = Preset.PAPER.builder(1.0, 0.5).build(0.5, 1e-5);
  private static final EmbeddingMechanism FEATURES = MechanismRegistry.discover().get("features");
  private static final long SEED = 3;

  /** The features mechanism under its own server key, running {@code beforeBuild} before each server build. */
  private static EmbeddingMechanism gated(String key, Runnable beforeBuild) {
    return new WrappedMechanism(FEATURES, key, false, beforeBuild);
  }

  private static void await(CountDownLatch latch) {
    try {
      assertTrue(latch.await(30, TimeUnit.SECONDS), "latch never released");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  @Test
  void run_otherKeyBuildBlocked_cellCompletesMeanwhile() throws Exception {
    // Fails if one lock guards every server build (the old behaviour): cell B would wait for A's
    // blocked build and the 30 s wait below would time out.
    CountDownLatch aStarted = new CountDownLatch(1);
    CountDownLatch releaseA = new CountDownLatch(1);
    EmbeddingMechanism slow = gated("a", () -> {
      aStarted.countDown();
      await(releaseA);
    });
    EmbeddingMechanism fast = gated("b", () -> {});
    ProtocolRunner runner = new ProtocolRunner(DATA, CONFIG);
    ExecutorService pool = Executors.newSingleThreadExecutor();
    try {
      Future<CellResult> a = pool.submit(() -> runner.run(slow, PARAMS, SEED, done -> {}));
      await(aStarted);

      CellResult b = CompletableFuture.supplyAsync(() -> runner.run(fast, PARAMS, SEED, done -> {}))
          .get(30, TimeUnit.SECONDS);

      assertFalse(a.isDone(), "cell A finished although its server build is still blocked");
      releaseA.countDown();
      CellResult resultA = a.get(30, TimeUnit.SECONDS);
      assertEquals(CONFIG.nQueries(), b.queries());
      assertEquals(resultA.recallAt(8), b.recallAt(8)); // same server and client maths, other key
    } finally {
      releaseA.countDown();
      pool.shutdownNow();
    }
  }

  @Test
  void run_sameKeyConcurrently_buildsOnce() throws Exception {
    // Fails if two cells needing the same (server key, seed) both build it.
    AtomicInteger builds = new AtomicInteger();
    CountDownLatch firstStarted = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    EmbeddingMechanism m = gated("same", () -> {
      builds.incrementAndGet();
      firstStarted.countDown();
      await(release);
    });
    ProtocolRunner runner = new ProtocolRunner(DATA, CONFIG);
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      Future<CellResult> first = pool.submit(() -> runner.run(m, PARAMS, SEED, done -> {}));
      await(firstStarted);
      Future<CellResult> second = pool.submit(() -> runner.run(m, PARAMS, SEED, done -> {}));
      release.countDown();

      first.get(30, TimeUnit.SECONDS);
      second.get(30, TimeUnit.SECONDS);
      assertEquals(1, builds.get());
    } finally {
      release.countDown();
      pool.shutdownNow();
    }
  }

  @Test
  void run_failedBuild_notCachedAndRethrownAsThrown() {
    // Fails if a failed build is cached (the retry would rethrow without building) or its
    // exception is wrapped.
    AtomicInteger builds = new AtomicInteger();
    IllegalStateException boom = new IllegalStateException("server failed");
    EmbeddingMechanism m = gated("flaky", () -> {
      if (builds.incrementAndGet() == 1) {
        throw boom;
      }
    });
    ProtocolRunner runner = new ProtocolRunner(DATA, CONFIG);

    assertSame(boom, assertThrows(IllegalStateException.class, () -> runner.run(m, PARAMS, SEED, done -> {})));
    CellResult retry = runner.run(m, PARAMS, SEED, done -> {});

    assertEquals(2, builds.get());
    assertEquals(CONFIG.nQueries(), retry.queries());
  }
}
