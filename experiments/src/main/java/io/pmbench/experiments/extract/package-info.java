/**
 * The contract of {@code pmbench features extract}: a {@link io.pmbench.experiments.extract.FeatureExtractor}
 * runs a pretrained network over an image data set ({@link io.pmbench.datasets.images.ImageLayout})
 * and writes its features as a new data set (feature and label files, a descriptor that
 * {@code --dataset} reads, provenance). This module holds no network: the optional {@code extract}
 * module (built with {@code -Pextract}, ONNX Runtime) provides one through
 * {@link java.util.ServiceLoader}, and the command says how to enable it when none is on the class
 * path. See docs/DATASETS.md §4.4.
 */
package io.pmbench.experiments.extract;
