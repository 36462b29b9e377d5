package io.pmbench.benchmarks;

import io.pmbench.core.align.Umeyama;
import io.pmbench.core.mechanism.ClientData;
import io.pmbench.core.mechanism.ClientRelease;
import io.pmbench.core.mechanism.Embedding;
import io.pmbench.core.mechanism.EmbeddingMechanism;
import io.pmbench.core.mechanism.ServerSide;
import io.pmbench.core.retrieval.GalleryIndex;
import io.pmbench.core.retrieval.Knn;

/** The server's side of one query as the protocol runner does it (SPEC.md §6): align r, then k-NN. */
final class Queries {
  private Queries() {}

  /** The aligned (or raw) query point of a release. */
  static double[] point(EmbeddingMechanism mechanism, ClientRelease rel, ClientData d, ServerSide server) {
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
  static int[] nearest(ClientRelease rel, double[] point, ServerSide server, GalleryIndex index) {
    Embedding g = server.galleryFor(rel);
    if (g == server.gallery()) {
      return index.nearest(point, 8, -1);
    }
    return Knn.nearest(g.data(), g.rows(), g.dim(), point, 8, -1);
  }
}
