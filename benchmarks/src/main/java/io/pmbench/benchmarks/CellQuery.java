package io.pmbench.benchmarks;

import io.pmbench.core.align.Umeyama;
import io.pmbench.core.mechanism.ClientData;
import io.pmbench.core.mechanism.ClientRelease;
import io.pmbench.core.mechanism.ClientSide;
import io.pmbench.core.mechanism.Embedding;
import io.pmbench.core.mechanism.EmbeddingMechanism;
import io.pmbench.core.mechanism.ServerSide;
import io.pmbench.core.retrieval.GalleryIndex;
import io.pmbench.core.retrieval.Knn;
import java.util.SplittableRandom;

/**
 * One query of a cell as the protocol runner runs it, with the cell's client, server and gallery
 * index built once: the client's release (seed 42), then the server's side (SPEC.md §6): align r,
 * then k-NN.
 *
 * @param mechanism the mechanism of the cell
 * @param client its client side
 * @param server its server side
 * @param index an index over the server's cell-wide gallery
 */
record CellQuery(EmbeddingMechanism mechanism, ClientSide client, ServerSide server, GalleryIndex index) {

  /** The 8 nearest gallery rows of the query {@code d}. */
  int[] nearest(ClientData d) {
    ClientRelease rel = client.embed(d, new SplittableRandom(42));
    return nearest(rel, point(rel, d));
  }

  /** The aligned (or raw) query point of a release. */
  private double[] point(ClientRelease rel, ClientData d) {
    Embedding e = rel.embedding();
    if (!mechanism.alignsOnPublic()) {
      return e.row(0);
    }
    Embedding anchors = server.publicRowsFor(rel);
    Umeyama u = Umeyama.fit(e.rows(d.publicOffset(), anchors.rows()), anchors.data(), anchors.rows(), e.dim());
    return u.applyRow(e.data(), 0);
  }

  /**
   * The 8 nearest gallery rows of a release: through {@code index} when the server's gallery is
   * the cell-wide one, else by a scan of the per-query gallery.
   */
  private int[] nearest(ClientRelease rel, double[] point) {
    Embedding g = server.galleryFor(rel);
    if (g == server.gallery()) {
      return index.nearest(point, 8, -1);
    }
    return Knn.nearest(g.data(), g.rows(), g.dim(), point, 8, -1);
  }
}
