package io.pmbench.extract;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OnnxValue;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import io.pmbench.core.data.InvalidDataException;
import io.pmbench.datasets.format.Checksums;
import java.io.IOException;
import java.io.InputStream;
import java.nio.FloatBuffer;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * One network in one ONNX Runtime session, shared by the worker threads ({@code run} is
 * thread-safe). The session has one intra-op and one inter-op thread, so each call runs on its
 * caller's core and the parallelism is the workers'; a run's result does not depend on how many
 * run at once.
 */
public final class OnnxNetwork implements AutoCloseable {
  /** The features and class scores of one image. */
  public record Output(float[] features, float[] scores) {
    /** The index of the largest score (the lowest index on a tie). */
    public int top1() {
      int best = 0;
      for (int i = 1; i < scores.length; i++) {
        if (scores[i] > scores[best]) {
          best = i;
        }
      }
      return best;
    }
  }

  private final ModelSpec spec;
  private final OrtEnvironment env;
  private final OrtSession session;
  private final List<String> labels;

  private OnnxNetwork(ModelSpec spec, OrtEnvironment env, OrtSession session, List<String> labels) {
    this.spec = spec;
    this.env = env;
    this.session = session;
    this.labels = labels;
  }

  /** The network shipped in the jar for {@code spec}. */
  public static OnnxNetwork load(ModelSpec spec) {
    String where = "model " + spec.name() + " (" + spec.resource() + spec.file() + " in the jar)";
    byte[] model = resource(spec.resource() + spec.file(), where);
    byte[] labels = resource(spec.resource() + "labels1000.txt", where + " labels");
    return load(spec, model, where, io.pmbench.datasets.images.ImageFiles.lines(labels));
  }

  /**
   * The network in {@code model} (the bytes of an ONNX file), which must have {@code spec}'s
   * SHA-256; {@code where} names it in messages.
   */
  static OnnxNetwork load(ModelSpec spec, byte[] model, String where, List<String> labels) {
    String sha = Checksums.hex(Checksums.sha256().digest(model));
    if (!sha.equals(spec.sha256())) {
      throw new InvalidDataException(where + ": SHA-256 " + sha + ", expected " + spec.sha256()
          + " (a corrupt or different file)");
    }
    if (labels.size() != spec.classes()) {
      throw new InvalidDataException(where + ": " + labels.size() + " class names, expected " + spec.classes());
    }
    OrtEnvironment env = OrtEnvironment.getEnvironment();
    try (OrtSession.SessionOptions options = new OrtSession.SessionOptions()) {
      options.setIntraOpNumThreads(1);
      options.setInterOpNumThreads(1);
      options.setExecutionMode(OrtSession.SessionOptions.ExecutionMode.SEQUENTIAL);
      OrtSession session = env.createSession(model, options);
      for (String out : List.of(spec.features(), spec.scores())) {
        if (!session.getOutputNames().contains(out)) {
          session.close();
          throw new InvalidDataException(where + ": no output " + out + " (outputs: " + session.getOutputNames() + ")");
        }
      }
      return new OnnxNetwork(spec, env, session, List.copyOf(labels));
    } catch (OrtException e) {
      throw new InvalidDataException(where + ": not a loadable ONNX model (" + e.getMessage().replace('\n', ' ') + ")", e);
    }
  }

  private static byte[] resource(String path, String where) {
    try (InputStream in = OnnxNetwork.class.getResourceAsStream(path)) {
      if (in == null) {
        throw new InvalidDataException(where + ": missing from the class path (a broken build?)");
      }
      return in.readAllBytes();
    } catch (IOException e) {
      throw new InvalidDataException(where + ": cannot be read (" + e.getMessage() + ")", e);
    }
  }

  /** The spec this network was loaded for. */
  public ModelSpec spec() {
    return spec;
  }

  /** Class name {@code k} (line k of {@code labels1000.txt}). */
  public String label(int k) {
    return labels.get(k);
  }

  /** ONNX Runtime's version. */
  public String runtimeVersion() {
    return env.getVersion();
  }

  /**
   * Runs the network on one input ([3, side, side] as {@link Preprocessing#input} makes it).
   *
   * @throws IllegalStateException when ONNX Runtime fails (the message names the model)
   */
  public Output run(float[] input) {
    int side = spec.side();
    if (input.length != 3 * side * side) {
      throw new IllegalArgumentException("input must hold 3 x " + side + " x " + side + " values. Provided value: "
          + input.length);
    }
    try (OnnxTensor tensor = OnnxTensor.createTensor(env, FloatBuffer.wrap(input), new long[] {1, 3, side, side});
        OrtSession.Result result = session.run(Map.of(spec.input(), tensor), Set.of(spec.features(), spec.scores()))) {
      return new Output(values(result.get(spec.features()), spec.dim()), values(result.get(spec.scores()), spec.classes()));
    } catch (OrtException e) {
      throw new IllegalStateException("model " + spec.name() + ": ONNX Runtime failed (" + e.getMessage() + ")", e);
    }
  }

  private float[] values(Optional<OnnxValue> value, int n) {
    OnnxTensor t = (OnnxTensor) value.orElseThrow();
    FloatBuffer b = t.getFloatBuffer();
    if (b.remaining() != n) {
      throw new IllegalStateException("model " + spec.name() + ": an output has " + b.remaining() + " values, expected " + n);
    }
    float[] out = new float[n];
    b.get(out);
    return out;
  }

  @Override
  public void close() {
    try {
      session.close();
    } catch (OrtException e) {
      throw new IllegalStateException("model " + spec.name() + ": closing the session failed", e);
    }
  }
}
