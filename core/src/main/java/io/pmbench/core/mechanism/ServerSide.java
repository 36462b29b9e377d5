package io.pmbench.core.mechanism;

/** The server's non-private embedding of [S; P], computed once per (data set, config, seed). */
public interface ServerSide {
  /** Row i embeds gallery row i. */
  Embedding gallery();

  /** Row j embeds public row j (the alignment anchors). */
  Embedding publicRows();
}
