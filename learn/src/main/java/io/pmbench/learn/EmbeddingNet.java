package io.pmbench.learn;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.tensorflow.Operand;
import org.tensorflow.Result;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.ndarray.buffer.DataBuffers;
import org.tensorflow.op.Op;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.Placeholder;
import org.tensorflow.op.core.ReduceSum;
import org.tensorflow.proto.ConfigProto;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt32;

/**
 * The {@link Architecture} as a TensorFlow graph with an Adam training step, in one session.
 *
 * <p>Determinism: every initial weight is drawn in Java from the seeded stream given (He-normal,
 * standard deviation √(2 / fan-in); biases zero), so the graph has no random op; the session runs
 * with one intra-op and one inter-op thread, so every reduction is summed in one fixed order; and
 * every Adam update waits for every gradient ({@link #trainOp}). Then two runs with the same seed
 * and data give bit-identical weights and features ({@code TrainerTest}, {@code
 * FeaturesLearnCliTest}), with TensorFlow's oneDNN kernels on or off
 * ({@value #ONEDNN_ENV}{@code =0}; the two settings differ from each other in the last bits).
 * The cost of one thread is measured in docs/learned-features.md.
 */
final class EmbeddingNet extends GraphNet {
  /** Rows embedded per session call at inference. */
  private static final int EMBED_BATCH = 512;
  private static final float NORM_EPSILON = 1e-12f;

  /** The part of the network below the L2 normalisation: input → raw embedding. */
  @FunctionalInterface
  private interface Body {
    /** The raw ({@code rows × embedding}) embedding of {@code input}; its variables come from {@code adam}. */
    Operand<TFloat32> raw(Ops tf, GatedAdam adam, Operand<TFloat32> input);
  }

  /** One input row's shape, e.g. {@code side, side, 1} or {@code d}. */
  private final long[] rowShape;
  private final int rowWidth;
  private final int dim;
  private final Placeholder<TFloat32> input;
  private final Placeholder<TInt32> labels;
  private final Operand<TFloat32> embedding;
  private final Operand<TFloat32> loss;
  private final Op train;
  private final GatedAdam adam;
  /** The environment variable that switches TensorFlow's oneDNN kernels (recorded in provenance). */
  static final String ONEDNN_ENV = GatedAdam.ONEDNN_ENV;

  /**
   * The CNN of {@code arch}.
   *
   * @param init the stream the initial weights are drawn from
   * @param learningRate Adam's step size (β₁ = 0.9, β₂ = 0.999, ε = 1e-8)
   */
  EmbeddingNet(Architecture arch, SplittableRandom init, float learningRate) {
    this(new long[] {arch.side(), arch.side(), 1}, arch.embedding(), arch.classes(), arch.loss(), arch.scale(), init,
        learningRate, (tf, adam, x) -> cnn(tf, adam, init, arch, x));
  }

  /**
   * A projection head on frozen features, L2-normalised and trained with {@link Loss#NORM_SOFTMAX}
   * of {@code scale} over {@code classes} train classes: with {@code hidden} = 0 linear,
   * {@code x·W + b} ({@code inputDim → embedding}); otherwise one hidden layer,
   * {@code relu(x·W₁ + b₁)·W₂ + b₂} ({@code inputDim → hidden → embedding}). Weights drawn
   * He-normal, biases zero.
   */
  static EmbeddingNet head(int inputDim, int hidden, int embedding, int classes, float scale, SplittableRandom init,
      float learningRate) {
    return new EmbeddingNet(new long[] {inputDim}, embedding, classes, Loss.NORM_SOFTMAX, scale, init, learningRate,
        (tf, adam, x) -> {
          Operand<TFloat32> h = x;
          int in = inputDim;
          if (hidden > 0) {
            h = tf.nn.relu(dense(tf, adam, init, h, in, hidden));
            in = hidden;
          }
          return dense(tf, adam, init, h, in, embedding);
        });
  }

  /** {@code x·W + b} with W ({@code in × out}) drawn N(0, 2 / in) and b zero. */
  private static Operand<TFloat32> dense(Ops tf, GatedAdam adam, SplittableRandom init, Operand<TFloat32> x, int in,
      int out) {
    return tf.math.add(tf.linalg.matMul(x, adam.normal(tf, init, Math.sqrt(2.0 / in), in, out)), adam.zeros(tf, out));
  }

  private EmbeddingNet(long[] rowShape, int dim, int classes, Loss lossKind, float scale, SplittableRandom init,
      float learningRate, Body body) {
    this.rowShape = rowShape.clone();
    this.rowWidth = Math.toIntExact(Arrays.stream(rowShape).reduce(1, (a, b) -> a * b));
    Ops tf = Ops.create(graph);
    adam = new GatedAdam(graph, tf);
    this.dim = dim;
    input = tf.placeholder(TFloat32.class, Placeholder.shape(batchShape(-1)));
    labels = tf.placeholder(TInt32.class, Placeholder.shape(Shape.of(-1)));
    Operand<TFloat32> raw = body.raw(tf, adam, input);
    embedding = normalise(tf, raw, 1);
    Operand<TFloat32> logits;
    if (lossKind == Loss.SOFTMAX) {
      logits = tf.math.add(tf.linalg.matMul(raw, adam.normal(tf, init, Math.sqrt(2.0 / dim), dim, classes)),
          adam.zeros(tf, classes));
    } else {
      // through Identity: TensorFlow Java 1.1.0 crashes adding gradients of a variable read by two ops
      Operand<TFloat32> proxies = normalise(tf, tf.identity(adam.normal(tf, init, 1.0, dim, classes)), 0);
      logits = tf.math.mul(tf.linalg.matMul(embedding, proxies), tf.constant(scale));
    }
    // the dense form: TensorFlow's C++ gradient registry has no gradient for the sparse one
    Operand<TFloat32> oneHot = tf.oneHot(labels, tf.constant(classes), tf.constant(1f), tf.constant(0f));
    loss = tf.math.mean(tf.nn.softmaxCrossEntropyWithLogits(logits, oneHot).loss(), tf.constant(0));
    train = adam.trainOp(tf, loss, learningRate);
    open();
  }

  /** The CNN's blocks and dense layer: the raw embedding of {@code images}. */
  private static Operand<TFloat32> cnn(Ops tf, GatedAdam adam, SplittableRandom init, Architecture arch,
      Operand<TFloat32> images) {
    Operand<TFloat32> h = images;
    int in = 1;
    int[] strides = {1, 2, 2, 1};
    for (int c : arch.channels()) {
      Operand<TFloat32> w = adam.normal(tf, init, Math.sqrt(2.0 / (9 * in)), 3, 3, in, c);
      h = tf.nn.conv2d(h, w, List.of(1L, 1L, 1L, 1L), "SAME");
      h = tf.nn.relu(tf.nn.biasAdd(h, adam.zeros(tf, c)));
      h = tf.nn.maxPool(h, tf.constant(strides), tf.constant(strides), "SAME");
      in = c;
    }
    int flat = arch.finalSide() * arch.finalSide() * in;
    h = tf.reshape(h, tf.constant(new long[] {-1, flat}));
    return dense(tf, adam, init, h, flat, arch.embedding());
  }

  /** One intra-op and one inter-op thread: see the class comment. */
  static ConfigProto config() {
    return GatedAdam.config();
  }

  /** The thread settings in words, for provenance. */
  static String threadSettings() {
    return GatedAdam.threadSettings();
  }

  /**
   * One Adam step on a batch.
   *
   * @param x {@code rows} input rows (pixels or features), row-major
   * @param y the rows' train-class indices 0..classes-1
   * @return the batch's mean loss before the step
   */
  float trainStep(float[] x, int[] y) {
    int rows = y.length;
    TFloat32[] betas = adam.nextBetaPowers();
    try (TFloat32 xt = TFloat32.tensorOf(batchShape(rows), DataBuffers.of(x, true, false));
        TInt32 yt = TInt32.tensorOf(Shape.of(rows), DataBuffers.of(y, true, false));
        TFloat32 b1 = betas[0];
        TFloat32 b2 = betas[1];
        Result r = session().runner().feed(input, xt).feed(labels, yt).feed(adam.beta1Power, b1)
            .feed(adam.beta2Power, b2).addTarget(train).fetch(loss).run()) {
      return ((TFloat32) r.get(0)).getFloat();
    }
  }

  /** The L2-normalised embeddings of {@code rows} input rows ({@code rows × embedding}, row-major). */
  float[] embed(float[] x, int rows) {
    int px = rowWidth;
    int k = dim;
    float[] out = new float[rows * k];
    for (int start = 0; start < rows; start += EMBED_BATCH) {
      int n = Math.min(EMBED_BATCH, rows - start);
      float[] batch = Arrays.copyOfRange(x, start * px, (start + n) * px);
      try (TFloat32 xt = TFloat32.tensorOf(batchShape(n), DataBuffers.of(batch, true, false));
          Result r = session().runner().feed(input, xt).fetch(embedding).run()) {
        ((TFloat32) r.get(0)).asRawTensor().data().asFloats().read(out, start * k, n * k);
      }
    }
    return out;
  }

  /** {@code v / sqrt(sum(v², axis) + 1e-12)}. */
  private static Operand<TFloat32> normalise(Ops tf, Operand<TFloat32> v, int axis) {
    Operand<TFloat32> sq = tf.reduceSum(tf.math.square(v), tf.constant(axis), ReduceSum.keepDims(true));
    return tf.math.div(v, tf.math.sqrt(tf.math.add(sq, tf.constant(NORM_EPSILON))));
  }

  /** {@code rows} input rows' shape. */
  private Shape batchShape(long rows) {
    long[] shape = new long[rowShape.length + 1];
    shape[0] = rows;
    System.arraycopy(rowShape, 0, shape, 1, rowShape.length);
    return Shape.of(shape);
  }

  /** The trainable parameter count (for provenance). */
  long parameters() {
    return adam.parameters();
  }
}
