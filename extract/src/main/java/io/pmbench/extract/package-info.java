/**
 * {@code pmbench features extract}: an ImageNet-pretrained network run with ONNX Runtime over an
 * image data set ({@link io.pmbench.datasets.images}), its pooled features written as a data set
 * that {@code --dataset} reads. The network ships inside the jar with its licences
 * ({@code squeezenet1.1/}: SqueezeNet 1.1, BSD weights, its README says where it comes from and its
 * SHA-256). {@link io.pmbench.extract.ModelSpec} says what a model expects,
 * {@link io.pmbench.extract.Preprocessing} turns an image into that input (the resize rule is stated
 * there), {@link io.pmbench.extract.OnnxNetwork} runs it, {@link io.pmbench.extract.Extraction} runs
 * it over a split on a worker pool with rows in record order, and
 * {@link io.pmbench.extract.ExtractedDataset} writes the files. Found by experiments through
 * {@code META-INF/services/io.pmbench.experiments.extract.FeatureExtractor}; built only with
 * {@code -Pextract}.
 */
package io.pmbench.extract;
