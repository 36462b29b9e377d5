package io.pmbench.benchmarks;

import io.pmbench.benchmarks.reference.NaiveRetrieval;
import io.pmbench.core.align.Umeyama;
import io.pmbench.core.retrieval.ExactIndex;
import io.pmbench.core.retrieval.IvfIndex;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * The server's part of a query (SPEC.md §6): Kabsch–Umeyama from the client's 1,000 public rows
 * to the server's, applied to r, then the K = 8 nearest gallery rows. {@code dim = 2} is an SMLQ
 * embedding (aligned); {@code dim = 784} is the {@code features} mechanism (raw features, no
 * alignment). {@code exact}: pmbench's exact index (built once per cell); {@code ivf}: the
 * approximate {@link IvfIndex} (√gallery cells, 8 probed; its recall loss is measured by
 * {@link Report}); {@code reference}: align every client row, compute every distance, sort all
 * indices, take 8.
 */
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class RetrievalBenchmark extends BenchmarkDefaults {
  static final int PUBLIC = 1000;
  static final int NEAREST = 8;

  @Param({"1000", "10000", "100000"})
  public int gallery;

  @Param({"2", "784"})
  public int dim;

  private double[] galleryRows;
  private double[] client; // n × dim: r, then the public rows
  private double[] serverPublic;
  private ExactIndex exact;
  private IvfIndex ivf;

  @Setup
  public void setUp() {
    galleryRows = dim == 2 ? Workload.gaussian(2, "gallery", gallery * dim)
        : Workload.doubles(Workload.rows(2, "gallery", gallery, dim).features());
    client = Workload.gaussian(2, "client", (1 + PUBLIC) * dim);
    serverPublic = Workload.gaussian(2, "server-public", PUBLIC * dim);
    exact = ExactIndex.of(galleryRows, gallery, dim);
    ivf = IvfIndex.build(galleryRows, gallery, dim, 1);
  }

  private double[] alignedQuery() {
    if (dim != 2) {
      return Arrays.copyOf(client, dim);
    }
    Umeyama u = Umeyama.fit(Arrays.copyOfRange(client, dim, client.length), serverPublic, PUBLIC, dim);
    return u.applyRow(client, 0);
  }

  @Benchmark
  public int[] exact() {
    return exact.nearest(alignedQuery(), NEAREST, 3);
  }

  @Benchmark
  public int[] ivf() {
    return ivf.nearest(alignedQuery(), NEAREST, 3);
  }

  @Benchmark
  public int[] reference() {
    double[] q;
    if (dim == 2) {
      Umeyama u = Umeyama.fit(Arrays.copyOfRange(client, dim, client.length), serverPublic, PUBLIC, dim);
      double[] all = new double[client.length];
      for (int i = 0; i < 1 + PUBLIC; i++) {
        System.arraycopy(u.applyRow(client, i), 0, all, i * dim, dim);
      }
      q = Arrays.copyOf(all, dim);
    } else {
      q = Arrays.copyOf(client, dim);
    }
    return NaiveRetrieval.nearest(galleryRows, gallery, dim, q, NEAREST, 3);
  }
}
