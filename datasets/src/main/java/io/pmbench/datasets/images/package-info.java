/**
 * Image data sets in their published layouts, read streaming and never unpacked to disk: the API
 * ({@link io.pmbench.datasets.images.ImageLayout}, {@link io.pmbench.datasets.images.ImageStream},
 * {@link io.pmbench.datasets.images.ImageRecord}, {@link io.pmbench.datasets.images.RgbImage}) and
 * the layouts that implement it, opened by name with {@link io.pmbench.datasets.images.ImageLayouts}
 * ({@code LAYOUT:PATH}, e.g. {@code cifar100-binary:cifar-100-binary.tar.gz}).
 *
 * <p>Each layout owns its split rule (CIFAR-100: its official train/test files; Cars196: classes
 * 1–98 train, 99–196 test, and CUB-200-2011: classes 1–100 train, 101–200 test, the paper's
 * class-disjoint rules) and its label rule; labels are always
 * 0-based indices into {@link io.pmbench.datasets.images.ImageLayout#classNames()}. Records come in
 * a fixed order (the order of the files), so what is computed from them can be byte-identical run
 * after run.
 *
 * <p>Hostile input: a truncated record, a wrong size, a label out of range, a corrupt image or a
 * missing file is an {@link io.pmbench.core.data.InvalidDataException} whose one-line message
 * names the file and the record or row; no allocation is sized by an untrusted length without a
 * cap ({@link io.pmbench.datasets.images.RgbImage#MAX_PIXELS}, {@link io.pmbench.datasets.images.ImageFiles}).
 * A new layout is one class implementing {@link io.pmbench.datasets.images.ImageLayout} and one
 * line in {@link io.pmbench.datasets.images.ImageLayouts}.
 */
package io.pmbench.datasets.images;
