/**
 * Learned retrieval features with TensorFlow Java: {@code pmbench features learn} trains a small
 * CNN embedding ({@link io.pmbench.learn.EmbeddingNet}) on the {@code train} split of a data set
 * whose rows are square images, and writes the embedded splits as a new data set
 * ({@link io.pmbench.learn.LearnedDataset}). Optional: built only with {@code -Plearn}; the
 * experiments module finds {@link io.pmbench.learn.TensorFlowLearner} through
 * {@link java.util.ServiceLoader}. See docs/learned-features.md.
 */
package io.pmbench.learn;
