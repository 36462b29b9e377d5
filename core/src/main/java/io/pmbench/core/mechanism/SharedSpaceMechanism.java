package io.pmbench.core.mechanism;

/**
 * A mechanism whose client release already lives in the server's space (raw features, or a
 * projection both parties compute: {@code features}, {@code private-pca}, {@code private-rp},
 * {@code public-pca}): the runner does not align it on the public rows.
 */
public interface SharedSpaceMechanism extends EmbeddingMechanism {
  /** The release and the server embedding share one space: no alignment (SPEC.md §6). */
  @Override
  default boolean alignsOnPublic() {
    return false;
  }
}
