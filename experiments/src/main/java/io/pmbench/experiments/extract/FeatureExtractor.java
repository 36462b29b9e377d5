package io.pmbench.experiments.extract;

import io.pmbench.datasets.images.ImageLayout;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.SortedSet;

/**
 * Runs a pretrained network over both splits of an image data set and writes the features as a
 * data set: feature and label files, a descriptor (docs/DATASETS.md §6) and provenance. Found with
 * {@link ServiceLoader} through a {@code META-INF/services/io.pmbench.experiments.extract.FeatureExtractor}
 * entry, so that this module does not depend on the network runtime.
 */
public interface FeatureExtractor {
  /** The command that builds the module holding the extractor, for the message shown when it is absent. */
  String ENABLE_HINT = "pmbench features extract needs the optional extract module (ONNX Runtime): build it with "
      + "mvn -B -Pextract -pl extract -am -DskipTests package and run java -jar extract/target/pmbench-extract.jar"
      + " features extract ... (docs/DATASETS.md section 4.4)";

  /** What the extractor is, e.g. {@code ONNX Runtime 1.20.0}. */
  String description();

  /** The models it can run, by the name {@code --model} takes. */
  SortedSet<String> models();

  /**
   * Extracts the features of every record of {@code images}, split by split, and writes the data
   * set into {@code request.out()}.
   *
   * @param listener told of each split's start and of every image done (progress)
   * @return the descriptor written, to pass to {@code --dataset}
   * @throws IllegalArgumentException for a model it does not have
   * @throws io.pmbench.core.data.InvalidDataException for an image or model file it cannot read (one line)
   */
  Path extract(ImageLayout images, ExtractRequest request, ExtractionListener listener) throws IOException;

  /** The first extractor on the class path, if any. */
  static Optional<FeatureExtractor> find() {
    return ServiceLoader.load(FeatureExtractor.class).findFirst();
  }
}
