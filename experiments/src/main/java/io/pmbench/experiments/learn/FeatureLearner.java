package io.pmbench.experiments.learn;

import io.pmbench.core.data.FeatureSet;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * Trains an embedding — a CNN on image rows, or with {@link LearnRequest#head} a projection head
 * on the rows as frozen features — on {@code data.train()} only (its labels are the only labels it reads) and
 * writes both splits, embedded, as a data set: feature and label files, a descriptor
 * (docs/DATASETS.md §6) and provenance. Found with {@link ServiceLoader} through a
 * {@code META-INF/services/io.pmbench.experiments.learn.FeatureLearner} entry, so that this module
 * does not depend on the learner's libraries.
 */
public interface FeatureLearner {
  /** The command that builds the module holding the learner, for the message shown when it is absent. */
  String ENABLE_HINT = "pmbench features learn needs the optional learn module (TensorFlow Java): build it with "
      + "mvn -B -Plearn -pl learn -am -DskipTests package and run java -jar learn/target/pmbench-learn.jar"
      + " features learn ... (docs/learned-features.md)";

  /** What the learner runs on, e.g. {@code TensorFlow Java 1.1.0 (native 2.16.2)}. */
  String description();

  /**
   * Trains on {@code data}'s train split and writes the learned data set into {@code request.out()}.
   *
   * @param listener told of every step and epoch (progress)
   * @return the descriptor written, to pass to {@code --dataset}
   * @throws IllegalArgumentException when {@code data} cannot be learned from (e.g. rows that are not images)
   */
  Path learn(FeatureSet data, LearnRequest request, TrainingListener listener) throws IOException;

  /** The first learner on the class path, if any. */
  static Optional<FeatureLearner> find() {
    return ServiceLoader.load(FeatureLearner.class).findFirst();
  }
}
