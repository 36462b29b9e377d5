/**
 * Learned retrieval features with TensorFlow Java: {@code pmbench features learn} trains a small
 * CNN embedding ({@link io.pmbench.learn.EmbeddingNet}) on the {@code train} split of a data set
 * whose rows are square images, and writes the embedded splits as a new data set
 * ({@link io.pmbench.learn.LearnedDataset}); with {@code --head K} it trains a linear projection
 * head on the rows of any data set as frozen features instead ({@link io.pmbench.learn.HeadTrainer}).
 * Optional: built only with {@code -Plearn}; the
 * experiments module finds {@link io.pmbench.learn.TensorFlowLearner} through
 * {@link java.util.ServiceLoader}. It also trains the generative filter's VAE
 * ({@link io.pmbench.learn.VaeNet}, {@link io.pmbench.learn.TensorFlowVaeTrainer}: the filter module's
 * {@link io.pmbench.filter.VaeTrainer}, found the same way). See docs/learned-features.md and docs/filter.md.
 */
package io.pmbench.learn;
