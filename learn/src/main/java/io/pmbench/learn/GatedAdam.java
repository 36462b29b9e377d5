package io.pmbench.learn;

import io.pmbench.core.random.Seeds;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.tensorflow.Graph;
import org.tensorflow.Operand;
import org.tensorflow.Output;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.ndarray.buffer.DataBuffers;
import org.tensorflow.op.Op;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.Placeholder;
import org.tensorflow.op.core.Variable;
import org.tensorflow.proto.ConfigProto;
import org.tensorflow.types.TFloat32;

/**
 * What every pmbench TensorFlow graph shares for deterministic training ({@link EmbeddingNet},
 * {@link VaeNet}): trainable variables drawn in Java from a seeded stream (the graph holds no
 * random op), one intra-op and one inter-op thread, and Adam with every update gated on every
 * gradient and β₁ᵗ, β₂ᵗ fed from Java ({@link #trainOp}).
 */
final class GatedAdam {
  static final float BETA1 = 0.9f;
  static final float BETA2 = 0.999f;
  static final float ADAM_EPSILON = 1e-8f;

  /** The environment variable that switches TensorFlow's oneDNN kernels (recorded in provenance). */
  static final String ONEDNN_ENV = "TF_ENABLE_ONEDNN_OPTS";

  private final Graph graph;
  private final List<Variable<TFloat32>> variables = new ArrayList<>();
  final Placeholder<TFloat32> beta1Power;
  final Placeholder<TFloat32> beta2Power;
  private long steps;

  GatedAdam(Graph graph, Ops tf) {
    this.graph = graph;
    beta1Power = tf.placeholder(TFloat32.class, Placeholder.shape(Shape.scalar()));
    beta2Power = tf.placeholder(TFloat32.class, Placeholder.shape(Shape.scalar()));
  }

  /** A trainable variable of {@code shape} drawn N(0, sd²) from {@code init}. */
  Variable<TFloat32> normal(Ops tf, SplittableRandom init, double sd, long... shape) {
    int size = Math.toIntExact(Arrays.stream(shape).reduce(1, (a, b) -> a * b));
    float[] w = new float[size];
    for (int i = 0; i < size; i++) {
      w[i] = (float) (sd * Seeds.gaussian(init));
    }
    return trainable(tf.variable(tf.constant(Shape.of(shape), DataBuffers.of(w, true, false))));
  }

  /** The number of trainable scalars: the sizes of every variable made by {@link #normal} and {@link #zeros}. */
  long parameters() {
    return variables.stream().mapToLong(v -> v.shape().size()).sum();
  }

  /** A trainable zero vector of length n. */
  Variable<TFloat32> zeros(Ops tf, int n) {
    return trainable(tf.variable(tf.constant(Shape.of(n), DataBuffers.of(new float[n], true, false))));
  }

  private Variable<TFloat32> trainable(Variable<TFloat32> v) {
    variables.add(v);
    return v;
  }

  /**
   * Adam (Kingma &amp; Ba 2015; β₁ = 0.9, β₂ = 0.999, ε = 1e-8) written out with TensorFlow's
   * {@code ApplyAdam}, every update gated on every gradient, and β₁ᵗ, β₂ᵗ fed from Java each step.
   * The variables are reference variables, and both races this avoids were measured (two runs with
   * one seed differed): an update of W running before a backward op that reads W (the gradient
   * with respect to a layer's input is dy·Wᵀ), and — in tensorflow-framework 1.1.0's {@code Adam} —
   * the β powers advancing before every update has read them.
   */
  Op trainOp(Ops tf, Operand<TFloat32> loss, float learningRate) {
    Output<?>[] xs = variables.stream().map(Operand::asOutput).toArray(Output<?>[]::new);
    Output<?>[] grads = graph.addGradients(loss.asOutput(), xs);
    List<Op> computed = new ArrayList<>();
    for (Output<?> g : grads) {
      computed.add(tf.identity(g));
    }
    Ops after = tf.withControlDependencies(computed);
    List<Op> updates = new ArrayList<>();
    for (int i = 0; i < grads.length; i++) {
      Variable<TFloat32> w = variables.get(i);
      @SuppressWarnings("unchecked")
      Operand<TFloat32> g = (Operand<TFloat32>) grads[i];
      updates.add(after.train.applyAdam(w, slot(tf, w), slot(tf, w), beta1Power, beta2Power,
          tf.constant(learningRate), tf.constant(BETA1), tf.constant(BETA2), tf.constant(ADAM_EPSILON), g));
    }
    return tf.withControlDependencies(updates).noOp();
  }

  /** A zero variable shaped like {@code w} (Adam's moment estimates). */
  private static Variable<TFloat32> slot(Ops tf, Variable<TFloat32> w) {
    return tf.variable(tf.zerosLike(w));
  }

  /** β₁ᵗ⁺¹ and β₂ᵗ⁺¹ for the next step, as tensors to feed (the caller closes them); advances t. */
  TFloat32[] nextBetaPowers() {
    steps++;
    return new TFloat32[] {TFloat32.scalarOf((float) Math.pow(BETA1, steps)),
        TFloat32.scalarOf((float) Math.pow(BETA2, steps))};
  }

  /** The op types of {@code graph} (tests check that none is random). */
  static List<String> opTypes(Graph graph) {
    List<String> types = new ArrayList<>();
    graph.operations().forEachRemaining(o -> types.add(o.type()));
    return types;
  }

  /** One intra-op and one inter-op thread: every reduction is summed in one order. */
  static ConfigProto config() {
    return ConfigProto.newBuilder().setIntraOpParallelismThreads(1).setInterOpParallelismThreads(1).build();
  }

  /** The thread settings in words, for provenance. */
  static String threadSettings() {
    return "intra_op_parallelism_threads=1, inter_op_parallelism_threads=1, " + ONEDNN_ENV + "="
        + System.getenv().getOrDefault(ONEDNN_ENV, "(unset: oneDNN on)");
  }
}
