package io.pmbench.core.protocol;

import io.pmbench.core.align.Umeyama;
import io.pmbench.core.data.FeatureMatrix;
import io.pmbench.core.data.FeatureSet;
import io.pmbench.core.data.LabelledSet;
import io.pmbench.core.mechanism.ClientData;
import io.pmbench.core.mechanism.ClientRelease;
import io.pmbench.core.mechanism.ClientSide;
import io.pmbench.core.mechanism.ClientView;
import io.pmbench.core.mechanism.Embedding;
import io.pmbench.core.mechanism.EmbeddingMechanism;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.ServerSide;
import io.pmbench.core.mechanism.ServerView;
import io.pmbench.core.privacy.PrivacyClaim;
import io.pmbench.core.random.Seeds;
import io.pmbench.core.retrieval.RecallAtK;
import io.pmbench.core.retrieval.Retrieval;
import io.pmbench.core.retrieval.NearestLists;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.FutureTask;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntConsumer;
import java.util.stream.IntStream;

/**
 * The retrieval protocol of SPEC.md §1–§2 and the paper's Algorithm 1, for one feature set.
 *
 * <p>For each run seed: P = {@code nPublic} rows of {@code train} (seeded, uniform without
 * replacement); gallery S = {@code test}; queries = a seeded sample of S (or all of it). Per
 * query r: D = [r; P_r; P] with P_r one uniformly drawn public row of every public class except
 * r's (when dummies are on); the mechanism's client side releases an embedding of D; it is
 * aligned on the public rows to the server's embedding of [S; P] (when the mechanism asks for
 * it); the K nearest gallery rows of the aligned r (exact, or by the {@link ProtocolConfig#index} chosen),
 * r itself excluded, decide Recall@K. Labels are numbered as {@link ProtocolConfig#labelNumbering}
 * says before anything reads them.
 *
 * <p>The server embedding is computed once per (server key, seed) and shared: a cell needing one
 * that is being built waits for that build, while cells needing other ones proceed (see
 * {@link #server}). All randomness is
 * derived from (seed, data set, purpose[, mechanism, ε], query) by {@link Seeds}: splits, queries
 * and dummies are the same for every mechanism; a cell's numbers do not depend on which other
 * cells run or on thread scheduling. Queries run in parallel, one per processor (see
 * {@link #inQueryPool}); the first failing query's exception is rethrown as it was thrown.
 */
public final class ProtocolRunner {
  private final FeatureSet data;
  private final ProtocolConfig config;
  private final Map<Long, SeedContext> contexts = new HashMap<>();
  private final ConcurrentMap<ServerKey, FutureTask<ServerSide>> servers = new ConcurrentHashMap<>();

  /** Identifies a server embedding: the mechanism's {@link EmbeddingMechanism#serverKey} and the run seed. */
  private record ServerKey(String serverKey, long seed) {}

  private final ServerStore serverStore;

  public ProtocolRunner(FeatureSet data, ProtocolConfig config) {
    this(data, config, ServerStore.NONE);
  }

  /**
   * A runner that loads the server sides of mechanisms that {@link EmbeddingMechanism#persistsServer
   * persist} them from {@code serverStore} and saves those it builds there.
   */
  public ProtocolRunner(FeatureSet data, ProtocolConfig config, ServerStore serverStore) {
    this.serverStore = serverStore;
    if (config.nPublic() > data.train().size()) {
      throw new IllegalArgumentException("nPublic must be <= the train split's " + data.train().size()
          + " rows. Provided value: " + config.nPublic());
    }
    this.data = config.labelNumbering().apply(data);
    this.config = config;
  }

  public ProtocolConfig config() {
    return config;
  }

  /** The feature set this runner reads, its labels numbered as {@link ProtocolConfig#labelNumbering} says. */
  public FeatureSet data() {
    return data;
  }

  /**
   * The two sides of a mechanism for one run seed, as {@link #run} builds them.
   *
   * @param server the server's embedding of [S; P] (cached and shared with {@link #run})
   * @param client the client side, prepared from the public set and the server's public rows
   */
  public record Sides(ServerSide server, ClientSide client) {}

  /**
   * The server and client sides of {@code mechanism} at {@code seed}, exactly as {@link #run}
   * uses them: for tools that replay the protocol's releases (e.g. an attack that plays the
   * server) and must see what the protocol would release.
   */
  public Sides sides(EmbeddingMechanism mechanism, MechanismParams grid, long seed) {
    MechanismParams params = grid.forMechanism(mechanism.name());
    mechanism.validate(params);
    SeedContext ctx = context(seed);
    ServerSide server = server(mechanism, params, ctx);
    ClientSide client = mechanism.client(
        new ClientView(ctx.publicSet, data.numClasses(), server.publicRows(), sharedSeed(seed), clientSeed(seed)),
        params);
    return new Sides(server, client);
  }

  /** The stream of the release of query {@code q} (derived from seed, data set, mechanism, ε and q). */
  public SplittableRandom queryStream(EmbeddingMechanism mechanism, MechanismParams params, long seed, int q) {
    return Seeds.stream(seed, data.name(), mechanism.name(), params.epsilon(), "query", q);
  }

  /** The public set, queries and dummy pools of one seed (shared by every mechanism). */
  public static final class SeedContext {
    final long seed;
    final LabelledSet publicSet;
    final int[] publicIndices;
    final int[] queries;
    final int[] publicClasses;
    final int[][] publicRowsOfClass;

    SeedContext(FeatureSet fs, ProtocolConfig cfg, long seed) {
      this.seed = seed;
      this.publicIndices = Seeds.sampleWithoutReplacement(fs.train().size(), cfg.nPublic(),
          Seeds.stream(seed, fs.name(), "public"));
      this.publicSet = fs.train().select(publicIndices);
      int nTest = fs.test().size();
      this.queries = cfg.nQueries() == ProtocolConfig.ALL_QUERIES || cfg.nQueries() >= nTest
          ? IntStream.range(0, nTest).toArray()
          : Seeds.sampleWithoutReplacement(nTest, cfg.nQueries(), Seeds.stream(seed, fs.name(), "queries"));
      TreeMap<Integer, List<Integer>> byClass = new TreeMap<>();
      int[] y = publicSet.labels();
      for (int i = 0; i < y.length; i++) {
        byClass.computeIfAbsent(y[i], c -> new ArrayList<>()).add(i);
      }
      this.publicClasses = byClass.keySet().stream().mapToInt(Integer::intValue).toArray();
      this.publicRowsOfClass = byClass.values().stream()
          .map(l -> l.stream().mapToInt(Integer::intValue).toArray()).toArray(int[][]::new);
    }

    public int[] publicIndices() {
      return publicIndices.clone();
    }

    public int[] queries() {
      return queries.clone();
    }

    public LabelledSet publicSet() {
      return publicSet;
    }
  }

  /** The (cached) context of a seed. */
  public synchronized SeedContext context(long seed) {
    return contexts.computeIfAbsent(seed, s -> new SeedContext(data, config, s));
  }

  private long sharedSeed(long seed) {
    return Seeds.derive(seed, data.name(), "server");
  }

  /** The client's own seed of a run seed (the stream of a Q shared by every query, SPEC.md §8). */
  private long clientSeed(long seed) {
    return Seeds.derive(seed, data.name(), "client");
  }

  /**
   * Builds D = [r; P_r; P] for query q, r the gallery row q, always at row 0 (dummies drawn from
   * a stream of (seed, data set, q); Algorithm 1, "Obfuscation").
   */
  public ClientData clientData(SeedContext ctx, int q) {
    int d = data.test().features().cols();
    int[] dummyRows = dummyRows(ctx, data.test().labels()[q], dummyStream(ctx, q));
    ClientBlock block = new ClientBlock(ctx, 1 + dummyRows.length, d);
    return block.fill(ctx, data.test().features().data(), q * d, data.test().labels()[q], dummyRows);
  }

  /**
   * D = [r; P_r; P] for a query row {@code query} (L2-normalised, the data set's dimension) of
   * class {@code r} that is not in the data set, e.g. a real client's ({@code pmbench release}):
   * the dummies P_r are drawn from {@code dummies} as {@link #clientData(SeedContext, int)} draws
   * them from the query's seeded stream.
   */
  public ClientData clientData(SeedContext ctx, float[] query, int r, SplittableRandom dummies) {
    int d = data.test().features().cols();
    if (query.length != d) {
      throw new IllegalArgumentException("query must have the data set's " + d + " features. Provided value: "
          + query.length);
    }
    int[] dummyRows = dummyRows(ctx, r, dummies);
    return new ClientBlock(ctx, 1 + dummyRows.length, d).fill(ctx, query, 0, r, dummyRows);
  }

  private SplittableRandom dummyStream(SeedContext ctx, int q) {
    return Seeds.stream(ctx.seed, data.name(), "dummies", q);
  }

  /**
   * The rows of P that are the dummies P_r of a query of class {@code r}, in class order: one
   * row drawn from {@code dummies} for every public class, r's own class's draw discarded (so the
   * streams stay aligned); none when dummies are off.
   */
  private int[] dummyRows(SeedContext ctx, int r, SplittableRandom dummies) {
    if (!config.dummies()) {
      return new int[0];
    }
    int[] picks = new int[ctx.publicClasses.length];
    int count = 0;
    for (int c = 0; c < ctx.publicClasses.length; c++) {
      int[] rows = ctx.publicRowsOfClass[c];
      int pick = rows[dummies.nextInt(rows.length)];
      if (ctx.publicClasses[c] != r) {
        picks[count++] = pick;
      }
    }
    return java.util.Arrays.copyOf(picks, count);
  }

  /**
   * The storage of D = [r; P_r; P] for queries with m = 1 + |P_r| rows before P: P is copied in
   * once, and each {@link #fill} writes only r and the dummies (m rows) over the previous query's.
   * One query at a time: the {@link ClientData} a fill returns reads this storage until the next
   * fill (a mechanism reads D only during its {@link ClientSide#embed} call, and never writes it:
   * {@link FeatureMatrix} is read-only by contract).
   */
  private static final class ClientBlock {
    private final int m;
    private final int d;
    private final float[] rows;
    private final int[] labels;

    ClientBlock(SeedContext ctx, int m, int d) {
      int nP = ctx.publicSet.size();
      this.m = m;
      this.d = d;
      this.rows = new float[(m + nP) * d];
      this.labels = new int[m + nP];
      System.arraycopy(ctx.publicSet.features().data(), 0, rows, m * d, nP * d);
      System.arraycopy(ctx.publicSet.labels(), 0, labels, m, nP);
    }

    /** D with r = {@code source[from, from + d)} of class {@code r} and the dummies {@code dummyRows} of P. */
    ClientData fill(SeedContext ctx, float[] source, int from, int r, int[] dummyRows) {
      System.arraycopy(source, from, rows, 0, d);
      labels[0] = r;
      float[] pub = ctx.publicSet.features().data();
      for (int i = 0; i < dummyRows.length; i++) {
        System.arraycopy(pub, dummyRows[i] * d, rows, (1 + i) * d, d);
        labels[1 + i] = ctx.publicSet.labels()[dummyRows[i]];
      }
      return new ClientData(new FeatureMatrix(rows, labels.length, d), labels, m);
    }
  }

  /** Runs one cell; {@code progress} receives 1 per finished query (may be called concurrently). */
  public CellResult run(EmbeddingMechanism mechanism, MechanismParams params, long seed, IntConsumer progress) {
    return run(mechanism, params, seed, progress, QueryLog.NONE);
  }

  /**
   * Runs one cell, taking the queries {@code log} recalls from an earlier interrupted run of the
   * same cell instead of recomputing them, and recording each query it computes. When every query
   * is recalled, neither the server nor the client side is built.
   *
   * @throws IllegalStateException if a recalled outcome belongs to another query or K list
   */
  public CellResult run(EmbeddingMechanism mechanism, MechanismParams grid, long seed, IntConsumer progress,
      QueryLog log) {
    MechanismParams params = grid.forMechanism(mechanism.name());
    mechanism.validate(params);
    SeedContext ctx = context(seed);
    int[] ks = config.ks();
    int nq = ctx.queries.length;
    QueryOutcome[] outcomes = new QueryOutcome[nq];
    boolean allRecalled = true;
    for (int i = 0; i < nq; i++) {
      outcomes[i] = log.recorded(i);
      if (outcomes[i] != null) {
        checkRecalled(outcomes[i], ctx.queries[i], ks, mechanism.name());
      }
      allRecalled &= outcomes[i] != null;
    }
    double serverMillis = 0;
    if (!allRecalled) {
      long t0 = System.nanoTime();
      QueryPath path = queryPath(mechanism, params, seed);
      serverMillis = (System.nanoTime() - t0) / 1e6;
      computeQueries(path, outcomes, log, progress);
    } else {
      for (int i = 0; i < nq; i++) {
        progress.accept(1);
      }
    }
    boolean[][] hits = new boolean[nq][];
    double[] millis = new double[nq];
    double[] sens = new double[nq];
    double[] noise = new double[nq];
    int inc = 0;
    int maxK = ks[ks.length - 1];
    int[] queryLabels = new int[nq];
    int[] ids = new int[nq * maxK];
    int[] labels = new int[nq * maxK];
    for (int i = 0; i < nq; i++) {
      QueryOutcome o = outcomes[i];
      queryLabels[i] = o.label();
      System.arraycopy(o.neighbours(), 0, ids, i * maxK, maxK);
      System.arraycopy(o.neighbourLabels(), 0, labels, i * maxK, maxK);
      hits[i] = o.hits();
      millis[i] = o.millis();
      sens[i] = o.sensitivity();
      noise[i] = o.noiseScale();
      inc += o.objectiveIncreased() ? 1 : 0;
    }
    return new CellResult(data.name(), mechanism.name(), params, seed, ks, hits, ctx.queries.clone(),
        mean(millis), serverMillis, nq > 0 ? outcomes[0].claim() : PrivacyClaim.none("no queries"), mean(sens),
        mean(noise), inc, new NearestLists(maxK, queryLabels, ids, labels));
  }

  private static void checkRecalled(QueryOutcome o, int query, int[] ks, String mechanism) {
    if (o.query() != query || o.hits().length != ks.length || o.neighbours().length != ks[ks.length - 1]) {
      throw new IllegalStateException("the recorded queries of this " + mechanism + " cell belong to another run"
          + " (recorded query " + o.query() + " with " + o.hits().length + " K values where this run has query "
          + query + " with " + ks.length + ", or a top-K list of another length); delete the cell's query log to recompute it");
    }
  }

  /**
   * The per-query path of one cell, exactly as {@link #run} executes it for each query: the
   * client's D = [r; P_r; P], its release, the alignment on the public rows, the k-NN over the
   * gallery and the query's outcome (hits, top-K lists, claim).
   */
  public final class QueryPath {
    private final EmbeddingMechanism mechanism;
    private final MechanismParams params;
    private final SeedContext ctx;
    private final ServerSide server;
    private final ClientSide client;
    private final Retrieval retrieval;
    private final int[] ks;
    private final int maxK;
    private final int[] galleryLabels;
    /**
     * Each worker thread's storage of D: P is copied in once per thread (and again only when a
     * query's m differs from the previous one's), not for every query.
     */
    private final ThreadLocal<ClientBlock> blocks = new ThreadLocal<>();

    private QueryPath(EmbeddingMechanism mechanism, MechanismParams params, SeedContext ctx, Sides sides) {
      this.mechanism = mechanism;
      this.params = params;
      this.ctx = ctx;
      this.server = sides.server();
      this.client = sides.client();
      this.retrieval = retrieval(ctx.seed);
      this.ks = config.ks();
      this.maxK = ks[ks.length - 1];
      this.galleryLabels = data.test().labels();
    }

    /** The number of queries of the cell. */
    public int queries() {
      return ctx.queries.length;
    }

    /** Computes query {@code i} of the cell (the gallery row {@code ctx.queries[i]}). */
    public QueryOutcome query(int i) {
      int q = ctx.queries[i];
      ClientData d = clientData(q);
      long start = System.nanoTime();
      ClientRelease rel = client.embed(d, queryStream(mechanism, params, ctx.seed, q));
      double[] point = placeRow(mechanism, rel, d.publicOffset(), server, 0);
      Embedding gallery = server.galleryFor(rel);
      if (point.length != gallery.dim()) {
        throw new IllegalStateException(mechanism.name() + " placed the query in " + point.length
            + " dimensions but the server's gallery has " + gallery.dim());
      }
      int[] nn = retrieval.nearest(gallery.data(), gallery.rows(), gallery.dim(), point, maxK, q);
      int[][] top = NearestLists.row(nn, galleryLabels, maxK);
      return new QueryOutcome(q, RecallAtK.hits(nn, galleryLabels, galleryLabels[q], ks),
          (System.nanoTime() - start) / 1e6, rel.claim().sensitivity(), rel.claim().noiseScale(),
          rel.diagnostics().getOrDefault("objectiveIncreased", 0.0) > 0, rel.claim(), galleryLabels[q], top[0],
          top[1]);
    }

    /** D of gallery row q, as {@link ProtocolRunner#clientData(SeedContext, int)} builds it, in this thread's storage. */
    private ClientData clientData(int q) {
      int r = galleryLabels[q];
      int[] dummyRows = dummyRows(ctx, r, dummyStream(ctx, q));
      int d = data.test().features().cols();
      ClientBlock block = blocks.get();
      if (block == null || block.m != 1 + dummyRows.length) {
        block = new ClientBlock(ctx, 1 + dummyRows.length, d);
        blocks.set(block);
      }
      return block.fill(ctx, data.test().features().data(), q * d, r, dummyRows);
    }
  }

  /**
   * The per-query path of the cell ({@code mechanism}, {@code grid}, {@code seed}), its server and
   * client sides built (or the server taken from the cache) as {@link #run} builds them.
   */
  public QueryPath queryPath(EmbeddingMechanism mechanism, MechanismParams grid, long seed) {
    MechanismParams params = grid.forMechanism(mechanism.name());
    mechanism.validate(params);
    return new QueryPath(mechanism, params, context(seed), sides(mechanism, params, seed));
  }

  /** Computes the queries {@code outcomes} lacks, in parallel, recording each in {@code log}. */
  private void computeQueries(QueryPath path, QueryOutcome[] outcomes, QueryLog log, IntConsumer progress) {
    AtomicReference<RuntimeException> failure = new AtomicReference<>();
    IntConsumer oneQuery = i -> {
      if (outcomes[i] == null) {
        QueryOutcome o = path.query(i);
        outcomes[i] = o;
        log.record(i, o);
      }
      progress.accept(1);
    };
    IntConsumer guarded = i -> {
      if (failure.get() == null) {
        try {
          oneQuery.accept(i);
        } catch (RuntimeException e) {
          failure.compareAndSet(null, e);
        }
      }
    };
    inQueryPool(() -> IntStream.range(0, outcomes.length).parallel().forEach(guarded));
    if (failure.get() != null) {
      throw failure.get();
    }
  }

  /** Exact retrieval, or retrieval through the configured approximate index (seeded by the run seed). */
  private Retrieval retrieval(long seed) {
    if (config.index() == GalleryIndexKind.EXACT) {
      return new Retrieval();
    }
    long indexSeed = Seeds.derive(seed, data.name(), "gallery-index");
    return new Retrieval((g, rows, dim) -> config.index().build(g, rows, dim, indexSeed));
  }

  /**
   * Row {@code row} of the release placed in the server's space (SPEC.md §6): aligned by
   * Kabsch–Umeyama fitted on the release's public rows (from {@code publicOffset}) to the
   * anchors of {@link ServerSide#publicRowsFor}, or as released when the mechanism does not align.
   */
  public static double[] placeRow(EmbeddingMechanism mechanism, ClientRelease rel, int publicOffset,
      ServerSide server, int row) {
    Embedding e = rel.embedding();
    if (!mechanism.alignsOnPublic()) {
      return e.row(row);
    }
    Embedding serverPublic = server.publicRowsFor(rel);
    int nP = serverPublic.rows();
    if (e.rows() < publicOffset + nP || e.dim() != serverPublic.dim()) {
      throw new IllegalStateException(mechanism.name() + " released " + e.rows() + "x" + e.dim()
          + " rows but alignment needs " + (publicOffset + nP) + "x" + serverPublic.dim());
    }
    Umeyama u = Umeyama.fit(e.rows(publicOffset, nP), serverPublic.data(), nP, e.dim());
    return u.applyRow(e.data(), row);
  }

  /**
   * The server embedding of (serverKey, seed), built once (or loaded from the server store, for a
   * mechanism that persists it): the first cell to ask runs the build on
   * its own thread; cells asking for the same key meanwhile wait for it; other keys are not
   * blocked. A failed build is dropped from the cache (the next cell asking tries again) and its
   * exception is rethrown as it was thrown.
   */
  private ServerSide server(EmbeddingMechanism m, MechanismParams p, SeedContext ctx) {
    ServerKey key = new ServerKey(m.serverKey(p), ctx.seed);
    FutureTask<ServerSide> build = new FutureTask<>(() -> {
      if (!m.persistsServer()) {
        return m.server(new ServerView(data.test(), ctx.publicSet, data.numClasses(), sharedSeed(ctx.seed)), p);
      }
      ServerSide stored = serverStore.load(key.serverKey(), ctx.seed);
      if (stored != null) {
        return stored;
      }
      ServerSide built = m.server(new ServerView(data.test(), ctx.publicSet, data.numClasses(),
          sharedSeed(ctx.seed)), p);
      serverStore.save(key.serverKey(), ctx.seed, built);
      return built;
    });
    FutureTask<ServerSide> cached = servers.putIfAbsent(key, build);
    if (cached == null) {
      cached = build;
      build.run();
    }
    try {
      return cached.get();
    } catch (ExecutionException e) {
      servers.remove(key, cached);
      Throwable cause = e.getCause();
      if (cause instanceof RuntimeException r) {
        throw r;
      }
      if (cause instanceof Error err) {
        throw err;
      }
      throw new IllegalStateException(m.name() + " failed to build its server embedding", cause);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for " + m.name() + "'s server embedding", e);
    }
  }

  /** Drops cached server embeddings (they can be large). */
  public void clearServerCache() {
    servers.clear();
  }

  /**
   * Runs {@code queries} on a fork-join pool of one worker per processor, so every query task runs
   * inside a worker: the kernel code then keeps each query on one thread (independent queries use
   * the cores; nesting a query's small blocks inside them only adds overhead), while the server
   * build, on the caller's thread, still splits across the common pool.
   */
  private static void inQueryPool(Runnable queries) {
    ForkJoinPool pool = new ForkJoinPool(Runtime.getRuntime().availableProcessors());
    try {
      pool.submit(queries).join();
    } finally {
      pool.shutdown();
    }
  }

  private static double mean(double[] v) {
    double s = 0;
    int n = 0;
    for (double x : v) {
      if (!Double.isNaN(x)) {
        s += x;
        n++;
      }
    }
    return n == 0 ? Double.NaN : s / n;
  }
}
