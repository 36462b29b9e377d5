package io.pmbench.core.mechanism;

/** The server's non-private embedding of [S; P], computed once per (data set, config, seed). */
public interface ServerSide {
  /** A server side whose embeddings are fixed once computed (the common case). */
  static ServerSide of(Embedding gallery, Embedding publicRows) {
    return new Fixed(gallery, publicRows);
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
