package io.pmbench.extract;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A network shipped in this module: where its ONNX file is, its pinned SHA-256, its input and the
 * outputs read, and its input convention.
 *
 * @param name the name {@code --model} takes
 * @param title for people and descriptors
 * @param resource the class-path folder holding {@code file}, its labels and licences
 * @param file the ONNX file's name
 * @param sha256 the ONNX file's SHA-256: a file with another is refused
 * @param input the input tensor's name, float [1, 3, side, side]
 * @param side the input's width and height
 * @param features the output read as features, float [1, dim, 1, 1]
 * @param dim the feature dimension
 * @param scores the output read as class scores (before the softmax), float [1, classes, 1, 1]
 * @param classes the number of class scores
 * @param citation who made the network
 */
public record ModelSpec(String name, String title, String resource, String file, String sha256, String input, int side,
    String features, int dim, String scores, int classes, String citation) {

  /**
   * SqueezeNet 1.1 (Iandola et al., arXiv:1602.07360, 2016), ImageNet-1k weights, in float32 with
   * two added outputs: {@code fire9_gap} (global average pool of the last fire module, 512-d) and
   * {@code pool10_1} (the 1,000 pooled class scores). Input {@code data_0}: 224 × 224, Caffe
   * convention — BGR channel order, raw 0–255 values, no mean subtracted, no scaling (resources
   * {@code squeezenet1.1/README.md}).
   */
  public static final ModelSpec SQUEEZENET_1_1 = new ModelSpec("squeezenet1.1",
      "SqueezeNet 1.1 (ImageNet-pretrained), fire9 global-average-pooled features",
      "/io/pmbench/extract/squeezenet1.1/", "squeezenet1.1_fp32_feat.onnx",
      "4b64eabd12e6e52131cf2b9da33a6ddf3be3861276e3e309ce8d42b2efde9848", "data_0", 224, "fire9_gap", 512,
      "pool10_1", 1000, "Iandola et al., SqueezeNet: AlexNet-level accuracy with 50x fewer parameters and <0.5MB "
          + "model size, arXiv:1602.07360, 2016 (BSD weights)");

  private static final Map<String, ModelSpec> MODELS = Map.of(SQUEEZENET_1_1.name(), SQUEEZENET_1_1);

  /** The model called {@code name}. */
  public static Optional<ModelSpec> named(String name) {
    return Optional.ofNullable(MODELS.get(name));
  }

  /** Every model's name. */
  public static List<String> names() {
    return MODELS.keySet().stream().sorted().toList();
  }

  /** This spec with another pinned checksum (tests that load a file other than the shipped one). */
  ModelSpec withSha256(String other) {
    return new ModelSpec(name, title, resource, file, other, input, side, features, dim, scores, classes, citation);
  }
}
