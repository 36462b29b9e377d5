package io.pmbench.filter;

import io.pmbench.core.ParameterException;
import io.pmbench.core.Preconditions;
import io.pmbench.core.data.FeatureMatrix;
import io.pmbench.runs.AtomicFiles;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;

/**
 * The encoder half of the seed paper's MNIST VAE (§6.7.1: x → FC(300) → ELU → FC(300) → ELU →
 * FC(2q), the first q outputs the posterior mean μ(x) and the last q the log of its diagonal
 * variance σ²(x)), trained elsewhere ({@link VaeTrainer}, TensorFlow Java in the {@code learn}
 * module) and evaluated here in plain Java, so a stored model encodes without TensorFlow.
 *
 * <p>Input: each row divided by its largest entry ({@link #inputs}), so an image whose pixels
 * were L2-normalised (Fashion-MNIST's rows) becomes grey levels in [0, 1] with its brightest pixel
 * at 1 — the range of the Bernoulli likelihood the paper trains with on MNIST (§6.2). Rows must
 * be non-negative.
 *
 * <p>File ({@link #write}, {@link #read}): the magic {@value #MAGIC_TEXT}, a header of
 * {@code key=value} lines (architecture, data set checksum, seed, epochs, loss curve, wall time,
 * TensorFlow version and thread settings), the three layers (in, out, weights row-major in × out,
 * biases) as big-endian float32, then the SHA-256 of everything before it. A file that fails any
 * check is refused with one line. Every value is computed in double from the stored floats, each
 * sum in input order, so encoding does not depend on the number of threads.
 */
public final class VaeEncoder implements Encoder {
  static final String MAGIC_TEXT = "PMBVAE1\n";
  private static final byte[] MAGIC = MAGIC_TEXT.getBytes(StandardCharsets.US_ASCII);
  private static final int SHA_BYTES = 32;
  private static final int ROW_BLOCK = 256;

  private final float[][] weights;
  private final float[][] biases;
  private final int[] widths;
  private final Map<String, String> header;
  private final String fileSha256;
  private final String file;

  private VaeEncoder(int[] widths, float[][] weights, float[][] biases, Map<String, String> header, String file,
      String fileSha256) {
    this.widths = widths;
    this.weights = weights;
    this.biases = biases;
    this.header = header;
    this.file = file;
    this.fileSha256 = fileSha256;
  }

  /**
   * A trained encoder.
   *
   * @param widths the layer widths, input first: {D, 300, 300, 2q}
   * @param weights per layer, row-major in × out
   * @param biases per layer
   * @param header provenance, {@code key=value} with single-line values
   */
  public static VaeEncoder of(int[] widths, float[][] weights, float[][] biases, Map<String, String> header) {
    Preconditions.require(widths.length >= 2 && weights.length == widths.length - 1
        && biases.length == widths.length - 1, "VAE layers", "widths.length - 1 weight and bias arrays",
        weights.length + ", " + biases.length);
    Preconditions.require(widths[widths.length - 1] % 2 == 0, "VAE output width", "even (mean and log-variance)",
        widths[widths.length - 1]);
    for (int l = 0; l < weights.length; l++) {
      Preconditions.require(weights[l].length == widths[l] * widths[l + 1] && biases[l].length == widths[l + 1],
          "VAE layer " + (l + 1), widths[l] + " x " + widths[l + 1], weights[l].length + ", " + biases[l].length);
    }
    for (Map.Entry<String, String> e : header.entrySet()) {
      Preconditions.require(!e.getKey().contains("=") && !e.getKey().contains("\n") && !e.getValue().contains("\n"),
          "VAE header entry", "a key without '=' and single-line values", e.getKey());
    }
    return new VaeEncoder(widths.clone(), weights, biases, new LinkedHashMap<>(header), "", "");
  }

  /** Every row of {@code x} divided by its largest entry (a zero row stays zero); rows must be non-negative. */
  public static float[] inputs(FeatureMatrix x) {
    int d = x.cols();
    float[] src = x.data();
    float[] out = new float[src.length];
    for (int r = 0; r < x.rows(); r++) {
      float max = 0;
      for (int c = 0; c < d; c++) {
        float v = src[r * d + c];
        if (v < 0) {
          throw new ParameterException("encoder", "${encoder} vae: row " + r + " has a negative entry (" + v
              + "); the VAE's Bernoulli likelihood needs non-negative image rows (use ${encoder} ppca)");
        }
        max = Math.max(max, v);
      }
      for (int c = 0; c < d && max > 0; c++) {
        out[r * d + c] = src[r * d + c] / max;
      }
    }
    return out;
  }

  @Override
  public String name() {
    return "vae";
  }

  @Override
  public String column() {
    return "VAE " + architecture() + " (the paper's encoder)";
  }

  @Override
  public String note() {
    return "Encoder: the paper's VAE encoder " + architecture() + " (section 6.7.1), trained with TensorFlow Java on "
        + "the training rows for " + header.getOrDefault("epochs", "?") + " epochs (seed "
        + header.getOrDefault("seed", "?") + "); its posterior N(mu(x), diag sigma^2(x)) differs per row.";
  }

  /** "784-300-300-20". */
  public String architecture() {
    return String.join("-", Arrays.stream(widths).mapToObj(Integer::toString).toList());
  }

  @Override
  public int inputDim() {
    return widths[0];
  }

  @Override
  public int latentDim() {
    return widths[widths.length - 1] / 2;
  }

  @Override
  public Optional<double[]> sharedCovariance() {
    return Optional.empty();
  }

  /** This encoder with {@code extra} appended to its header (same weights). */
  public VaeEncoder withHeader(Map<String, String> extra) {
    Map<String, String> h = new LinkedHashMap<>(header);
    h.putAll(extra);
    return of(widths, weights, biases, h);
  }

  /** Where the model was read from (a path, or {@code classpath:...} for a bundled one; null before it is written). */
  public String source() {
    return file;
  }

  /** The provenance header as written in the file. */
  public Map<String, String> header() {
    return new LinkedHashMap<>(header);
  }

  @Override
  public Map<String, Object> provenance() {
    Map<String, Object> p = new LinkedHashMap<>();
    p.put("type", "vae");
    p.put("file", file);
    p.put("file_sha256", fileSha256);
    p.putAll(header);
    return p;
  }

  @Override
  public Posterior posterior(FeatureMatrix x) {
    Preconditions.require(x.cols() == inputDim(), "rows to encode", "of dimension " + inputDim(), x.cols());
    int n = x.rows();
    int q = latentDim();
    float[] in = inputs(x);
    double[] mean = new double[n * q];
    double[] variance = new double[n * q];
    IntStream.range(0, (n + ROW_BLOCK - 1) / ROW_BLOCK).parallel().forEach(b -> {
      for (int r = b * ROW_BLOCK; r < Math.min(n, (b + 1) * ROW_BLOCK); r++) {
        double[] h = new double[widths[0]];
        for (int c = 0; c < h.length; c++) {
          h[c] = in[r * widths[0] + c];
        }
        for (int l = 0; l < weights.length; l++) {
          h = layer(h, l, l + 1 < weights.length);
        }
        for (int i = 0; i < q; i++) {
          mean[r * q + i] = h[i];
          variance[r * q + i] = Math.exp(h[q + i]);
        }
      }
    });
    return new Posterior(mean, variance);
  }

  /** h·W_l + b_l, then ELU (α = 1) unless it is the last layer; sums in input order. */
  private double[] layer(double[] h, int l, boolean elu) {
    int out = widths[l + 1];
    float[] w = weights[l];
    double[] acc = new double[out];
    for (int i = 0; i < h.length; i++) {
      double v = h[i];
      if (v == 0) {
        continue; // adding 0·w is exact
      }
      int base = i * out;
      for (int j = 0; j < out; j++) {
        acc[j] += v * w[base + j];
      }
    }
    for (int j = 0; j < out; j++) {
      double s = acc[j] + biases[l][j];
      acc[j] = elu && s < 0 ? Math.expm1(s) : s;
    }
    return acc;
  }

  /** Writes the model to {@code target} atomically (format: class comment). */
  public void write(Path target) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      out.write(MAGIC);
      StringBuilder sb = new StringBuilder();
      header.forEach((k, v) -> sb.append(k).append('=').append(v).append('\n'));
      byte[] text = sb.toString().getBytes(StandardCharsets.UTF_8);
      out.writeInt(text.length);
      out.write(text);
      out.writeInt(weights.length);
      for (int l = 0; l < weights.length; l++) {
        out.writeInt(widths[l]);
        out.writeInt(widths[l + 1]);
        for (float v : weights[l]) {
          out.writeFloat(v);
        }
        for (float v : biases[l]) {
          out.writeFloat(v);
        }
      }
    }
    byte[] body = bytes.toByteArray();
    byte[] all = Arrays.copyOf(body, body.length + SHA_BYTES);
    System.arraycopy(sha256(body), 0, all, body.length, SHA_BYTES);
    if (target.toAbsolutePath().getParent() != null) {
      Files.createDirectories(target.toAbsolutePath().getParent());
    }
    AtomicFiles.writeBytes(target, all);
  }

  /**
   * Reads a model written by {@link #write}.
   *
   * @throws IllegalArgumentException with one line naming the file when it is missing, truncated,
   *     not a VAE model or its checksum does not match
   */
  public static VaeEncoder read(Path file) {
    byte[] all;
    try {
      all = Files.readAllBytes(file);
    } catch (NoSuchFileException e) {
      throw new IllegalArgumentException("VAE model " + file + " does not exist");
    } catch (IOException e) {
      throw new IllegalArgumentException("VAE model " + file + " cannot be read: " + e.getMessage());
    }
    return parse(all, file.toString());
  }

  /**
   * Parses the bytes of a model written by {@link #write}; {@code file} names it in messages and in
   * the encoder's provenance.
   *
   * @throws IllegalArgumentException with one line naming {@code file} when the bytes are truncated,
   *     not a VAE model or their checksum does not match
   */
  public static VaeEncoder parse(byte[] all, String file) {
    if (all.length < MAGIC.length + SHA_BYTES || !Arrays.equals(Arrays.copyOf(all, MAGIC.length), MAGIC)) {
      throw corrupt(file, "not a pmbench VAE model (no " + MAGIC_TEXT.strip() + " header)");
    }
    byte[] body = Arrays.copyOf(all, all.length - SHA_BYTES);
    if (!Arrays.equals(sha256(body), Arrays.copyOfRange(all, body.length, all.length))) {
      throw corrupt(file, "its SHA-256 does not match its contents (truncated or modified)");
    }
    try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(body, MAGIC.length, body.length))) {
      byte[] text = new byte[in.readInt()];
      in.readFully(text);
      Map<String, String> header = new LinkedHashMap<>();
      for (String line : new String(text, StandardCharsets.UTF_8).split("\n")) {
        int eq = line.indexOf('=');
        if (eq > 0) {
          header.put(line.substring(0, eq), line.substring(eq + 1));
        }
      }
      int layers = in.readInt();
      int[] widths = new int[layers + 1];
      float[][] w = new float[layers][];
      float[][] b = new float[layers][];
      for (int l = 0; l < layers; l++) {
        widths[l] = in.readInt();
        widths[l + 1] = in.readInt();
        w[l] = readFloats(in, widths[l] * widths[l + 1]);
        b[l] = readFloats(in, widths[l + 1]);
      }
      VaeEncoder e = of(widths, w, b, header);
      return new VaeEncoder(e.widths, w, b, header, file, HexFormat.of().formatHex(sha256(all)));
    } catch (IOException | IllegalArgumentException | NegativeArraySizeException e) {
      throw corrupt(file, "its layers do not parse (" + e.getMessage() + ")");
    }
  }

  private static float[] readFloats(DataInputStream in, int n) throws IOException {
    float[] v = new float[n];
    for (int i = 0; i < n; i++) {
      v[i] = in.readFloat();
    }
    return v;
  }

  private static IllegalArgumentException corrupt(String file, String why) {
    return new IllegalArgumentException("VAE model " + file + " is corrupt: " + why + "; delete it to retrain");
  }

  static byte[] sha256(byte[] data) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(data);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 unavailable", e);
    }
  }

  /** The weights of layer {@code l} (tests). */
  List<float[]> layerParameters(int l) {
    return List.of(weights[l].clone(), biases[l].clone());
  }
}
