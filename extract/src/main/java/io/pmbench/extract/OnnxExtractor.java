package io.pmbench.extract;

import io.pmbench.core.data.InvalidDataException;
import io.pmbench.datasets.format.Checksums;
import io.pmbench.datasets.descriptor.Descriptor;
import io.pmbench.datasets.descriptor.Descriptors;
import io.pmbench.datasets.images.ImageLayout;
import io.pmbench.datasets.images.Split;
import io.pmbench.experiments.extract.ExtractRequest;
import io.pmbench.experiments.extract.ExtractionListener;
import io.pmbench.experiments.extract.FeatureExtractor;
import io.pmbench.runs.CodeVersion;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The {@link FeatureExtractor} of the extract module: the models of {@link ModelSpec} run by
 * ONNX Runtime. σ and α of the written descriptor are those of the shipped descriptor of the same
 * data set ({@code cifar100}, {@code cars196}, {@code cub200}: PrivateMail Table 2); a data set
 * pmbench ships no descriptor for is refused, since its σ and α would be guesses.
 */
public final class OnnxExtractor implements FeatureExtractor {
  @Override
  public String description() {
    return "ONNX Runtime for Java";
  }

  @Override
  public SortedSet<String> models() {
    return new TreeSet<>(ModelSpec.names());
  }

  @Override
  public Path extract(ImageLayout images, ExtractRequest request, ExtractionListener listener) throws IOException {
    ModelSpec spec = ModelSpec.named(request.model()).orElseThrow(() -> new IllegalArgumentException(
        "--model must be one of " + ModelSpec.names() + ". Provided value: " + request.model()));
    Descriptor reference = tableTwo(images.dataset());
    for (Split s : Split.values()) {
      Extraction.requireHeap(images, s, spec.dim());
    }
    Map<String, Object> sources = sources(images);
    Map<Split, Extraction> splits = new EnumMap<>(Split.class);
    String runtime;
    try (OnnxNetwork net = OnnxNetwork.load(spec)) {
      runtime = net.runtimeVersion();
      for (Split s : Split.values()) {
        splits.put(s, Extraction.run(images, s, net, request.threads(), listener));
      }
    }
    ExtractedDataset.About about = new ExtractedDataset.About(request.name(), images, spec, sources,
        reference.defaults().sigma(), reference.defaults().alpha(), reference.defaultsSource() + " (" + reference.name() + ")");
    return ExtractedDataset.write(request.out(), about, splits, provenance(images, request, spec, sources, splits, runtime));
  }

  /** The shipped descriptor whose σ and α the data set takes: its own, or the longest built-in prefix of its name. */
  static Descriptor tableTwo(String dataset) {
    String best = null;
    for (String b : Descriptors.BUILT_IN) {
      if ((dataset.equals(b) || dataset.startsWith(b + "-")) && (best == null || b.length() > best.length())) {
        best = b;
      }
    }
    if (best == null) {
      throw new IllegalArgumentException("data set " + dataset + " has no shipped descriptor to take sigma and alpha from"
          + " (known: " + Descriptors.BUILT_IN + ")");
    }
    return Descriptors.builtIn(best);
  }

  /** Each file the layout reads, with its size and SHA-256 (one streaming pass each). */
  static Map<String, Object> sources(ImageLayout images) throws IOException {
    Map<String, Object> out = new LinkedHashMap<>();
    for (Path f : images.files()) {
      MessageDigest sha = Checksums.sha256();
      long size = 0;
      try (InputStream in = Files.newInputStream(f)) {
        byte[] buf = new byte[1 << 16];
        for (int n = in.read(buf); n >= 0; n = in.read(buf)) {
          sha.update(buf, 0, n);
          size += n;
        }
      } catch (NoSuchFileException e) {
        throw new InvalidDataException(f + ": no such file");
      }
      out.put(f.getFileName().toString(), "SHA-256 " + Checksums.hex(sha.digest()) + ", " + size + " bytes");
    }
    return out;
  }

  private static Map<String, Object> provenance(ImageLayout images, ExtractRequest request, ModelSpec spec,
      Map<String, Object> sources, Map<Split, Extraction> splits, String runtime) {
    Map<String, Object> p = new LinkedHashMap<>();
    p.put("command", request.invocation());
    Map<String, Object> source = new LinkedHashMap<>();
    source.put("images", request.imagesSpec());
    source.put("layout", images.name());
    source.put("path", images.source().toAbsolutePath().toString());
    source.put("files", sources);
    source.put("title", images.title());
    source.put("split_rule", images.splitRule());
    source.put("classes", images.classNames());
    p.put("source", source);
    Map<String, Object> model = new LinkedHashMap<>();
    model.put("name", spec.name());
    model.put("file", spec.file());
    model.put("sha256", spec.sha256());
    model.put("input", spec.input() + " float [1, 3, " + spec.side() + ", " + spec.side() + "]");
    model.put("features", spec.features() + " (" + spec.dim() + "-d, raw)");
    model.put("citation", spec.citation());
    p.put("model", model);
    p.put("preprocessing", Preprocessing.rule(spec.side()));
    List<Map<String, Object>> timing = new ArrayList<>();
    for (Map.Entry<Split, Extraction> e : splits.entrySet()) {
      int n = e.getValue().labels().length;
      timing.add(ExtractedDataset.ordered("split", e.getKey().label(), "images", n, "seconds", e.getValue().seconds(),
          "images_per_second", n / Math.max(e.getValue().seconds(), 1e-9)));
    }
    p.put("timing", timing);
    p.put("threads", request.threads() + " workers, each an ONNX Runtime run with 1 intra-op thread");
    p.put("onnxruntime", runtime);
    p.put("code_version", CodeVersion.current());
    p.put("java", System.getProperty("java.version") + " " + System.getProperty("os.arch"));
    p.put("cores", Runtime.getRuntime().availableProcessors());
    p.put("finished", Instant.now().toString());
    return p;
  }
}
