/**
 * The contract of {@code pmbench features learn}: a {@link io.pmbench.experiments.learn.FeatureLearner}
 * trains an embedding on a data set's {@code train} split and writes the embedded splits as a new
 * data set (feature files, a descriptor that {@code --dataset} reads, provenance). This module holds
 * no learner: the optional {@code learn} module (built with {@code -Plearn}, TensorFlow Java)
 * provides one through {@link java.util.ServiceLoader}, and the command says how to enable it when
 * none is on the class path. See docs/learned-features.md.
 */
package io.pmbench.experiments.learn;
