package io.pmbench.core.mechanism;

import java.util.Arrays;

/** The server's non-private embedding of [S; P], computed once per (data set, config, seed). */
public interface ServerSide {
  /** A server side whose embeddings are fixed once computed (the common case). */
  static ServerSide of(Embedding gallery, Embedding publicRows) {
    return new Fixed(gallery, publicRows);
  }

  /**
   * The server side of an embedding of [S; P] ({@link ServerView#stackedFeatures()}'s row order):
   * {@code embedding} holds (galleryRows + publicRows) × k entries row-major, the first
   * galleryRows rows embed S and the rest P.
   */
  static ServerSide ofStacked(double[] embedding, int galleryRows, int publicRows, int k) {
    return of(new Embedding(Arrays.copyOfRange(embedding, 0, galleryRows * k), galleryRows, k),
        new Embedding(Arrays.copyOfRange(embedding, galleryRows * k, (galleryRows + publicRows) * k), publicRows, k));
  }

  /** The value behind {@link #of}. */
  record Fixed(Embedding gallery, Embedding publicRows) implements ServerSide {}

  /** Row i embeds gallery row i. */
  Embedding gallery();

  /** Row j embeds public row j (the alignment anchors). */
  Embedding publicRows();

  /**
   * The gallery embedding that the query of {@code release} is retrieved against. By default
   * {@link #gallery()}; a mechanism whose server embedding depends on something the client
   * publishes with each release (e.g. {@code private-pca}'s subspace V in
   * {@link ClientRelease#published()}) overrides it. Called once per query, possibly from several
   * threads at once.
   */
  default Embedding galleryFor(ClientRelease release) {
    return gallery();
  }

  /** The alignment anchors for {@code release}; by default {@link #publicRows()} (see {@link #galleryFor}). */
  default Embedding publicRowsFor(ClientRelease release) {
    return publicRows();
  }
}
