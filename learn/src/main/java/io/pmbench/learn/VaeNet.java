package io.pmbench.learn;

import io.pmbench.filter.VaeTrainer;
import java.util.ArrayList;
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
import org.tensorflow.op.core.Variable;
import org.tensorflow.types.TFloat32;

/**
 * The seed paper's MNIST VAE (§6.7.1) as a TensorFlow graph with a gated Adam step:
 * <pre>
 *   encoder  x → FC(h₁) → ELU → FC(h₂) → ELU → FC(q) = μ,  → FC(q) = log σ²   (together the paper's FC(2q))
 *   decoder  z → FC(h₂) → ELU → FC(h₁) → ELU → FC(D) = logits,   z = μ + exp(½ log σ²) ⊙ ε
 *   loss     mean over the batch of Σ_pixels BCE(x, sigmoid(logits)) + ½ Σ_i (μ_i² + σ_i² − log σ_i² − 1)
 * </pre>
 * the negative ELBO with a Bernoulli likelihood and the prior N(0, I) (§6.2, "the negative ELBO
 * objective works well" on MNIST). ε is fed from Java (seeded), so the graph holds no random op;
 * ELU layers start He-normal (sd √(2 / fan-in)), the linear output layers with sd √(1 / fan-in),
 * biases zero. Determinism as in {@link GatedAdam}.
 */
final class VaeNet extends GraphNet {
  private final int inputDim;
  private final int latentDim;
  private final GatedAdam adam;
  private final Placeholder<TFloat32> x;
  private final Placeholder<TFloat32> eps;
  private final Operand<TFloat32> loss;
  private final Op train;
  /** The encoder's variables in order W₁, b₁, W₂, b₂, W_μ, b_μ, W_σ, b_σ. */
  private final List<Variable<TFloat32>> encoder = new ArrayList<>();
  private final int[] hidden;

  VaeNet(int inputDim, VaeTrainer.Config cfg, SplittableRandom init) {
    this.inputDim = inputDim;
    this.latentDim = cfg.latentDim();
    this.hidden = cfg.hidden();
    Ops tf = Ops.create(graph);
    adam = new GatedAdam(graph, tf);
    x = tf.placeholder(TFloat32.class, Placeholder.shape(Shape.of(-1, inputDim)));
    eps = tf.placeholder(TFloat32.class, Placeholder.shape(Shape.of(-1, latentDim)));
    Operand<TFloat32> h = x;
    int in = inputDim;
    for (int width : hidden) {
      h = tf.nn.elu(dense(tf, init, h, in, width, true, encoder));
      in = width;
    }
    Operand<TFloat32> mu = dense(tf, init, h, in, latentDim, false, encoder);
    Operand<TFloat32> logVar = dense(tf, init, h, in, latentDim, false, encoder);
    Operand<TFloat32> z = tf.math.add(mu, tf.math.mul(tf.math.exp(tf.math.mul(logVar, tf.constant(0.5f))), eps));
    Operand<TFloat32> g = z;
    in = latentDim;
    List<Variable<TFloat32>> decoder = new ArrayList<>();
    for (int i = hidden.length - 1; i >= 0; i--) {
      g = tf.nn.elu(dense(tf, init, g, in, hidden[i], true, decoder));
      in = hidden[i];
    }
    Operand<TFloat32> logits = dense(tf, init, g, in, inputDim, false, decoder);
    // BCE with logits, stable form: max(l, 0) − l·x + log(1 + exp(−|l|))
    Operand<TFloat32> bce = tf.math.add(tf.math.sub(tf.nn.relu(logits), tf.math.mul(logits, x)),
        tf.math.log1p(tf.math.exp(tf.math.neg(tf.math.abs(logits)))));
    Operand<TFloat32> kl = tf.math.mul(tf.constant(0.5f), tf.math.sub(tf.math.add(tf.math.square(mu),
        tf.math.exp(logVar)), tf.math.add(logVar, tf.constant(1f))));
    Operand<TFloat32> perRow = tf.math.add(tf.reduceSum(bce, tf.constant(1), ReduceSum.keepDims(false)),
        tf.reduceSum(kl, tf.constant(1), ReduceSum.keepDims(false)));
    loss = tf.math.mean(perRow, tf.constant(0));
    train = adam.trainOp(tf, loss, (float) cfg.learningRate());
    open();
  }

  /** in·W + b with W drawn He-normal ({@code elu}) or with sd √(1/in); records W and b in {@code into}. */
  private Operand<TFloat32> dense(Ops tf, SplittableRandom init, Operand<TFloat32> in, int fanIn, int out, boolean elu,
      List<Variable<TFloat32>> into) {
    Variable<TFloat32> w = adam.normal(tf, init, Math.sqrt((elu ? 2.0 : 1.0) / fanIn), fanIn, out);
    Variable<TFloat32> b = adam.zeros(tf, out);
    into.add(w);
    into.add(b);
    return tf.math.add(tf.linalg.matMul(in, w), b);
  }

  /**
   * One Adam step on a batch.
   *
   * @param batch {@code rows × D} inputs in [0, 1]
   * @param noise {@code rows × q} standard normal draws ε
   * @return the batch's mean negative ELBO before the step
   */
  float trainStep(float[] batch, float[] noise, int rows) {
    TFloat32[] betas = adam.nextBetaPowers();
    try (TFloat32 xt = TFloat32.tensorOf(Shape.of(rows, inputDim), DataBuffers.of(batch, true, false));
        TFloat32 et = TFloat32.tensorOf(Shape.of(rows, latentDim), DataBuffers.of(noise, true, false));
        TFloat32 b1 = betas[0];
        TFloat32 b2 = betas[1];
        Result r = session().runner().feed(x, xt).feed(eps, et).feed(adam.beta1Power, b1).feed(adam.beta2Power, b2)
            .addTarget(train).fetch(loss).run()) {
      return ((TFloat32) r.get(0)).getFloat();
    }
  }

  /**
   * The encoder's weights as {@link io.pmbench.filter.VaeEncoder} stores them: the hidden layers,
   * then the output layer FC(2q) = [W_μ | W_σ] (row-major in × 2q) with biases [b_μ, b_σ].
   *
   * @return {weights[], biases[]} per layer
   */
  float[][][] encoderWeights() {
    List<float[]> values = new ArrayList<>();
    for (Variable<TFloat32> v : encoder) {
      try (Result r = session().runner().fetch(v).run()) {
        TFloat32 t = (TFloat32) r.get(0);
        float[] f = new float[Math.toIntExact(t.shape().size())];
        t.asRawTensor().data().asFloats().read(f);
        values.add(f);
      }
    }
    int layers = hidden.length + 1;
    float[][] w = new float[layers][];
    float[][] b = new float[layers][];
    for (int l = 0; l < hidden.length; l++) {
      w[l] = values.get(2 * l);
      b[l] = values.get(2 * l + 1);
    }
    int in = hidden[hidden.length - 1];
    int q = latentDim;
    float[] wMu = values.get(2 * hidden.length);
    float[] bMu = values.get(2 * hidden.length + 1);
    float[] wVar = values.get(2 * hidden.length + 2);
    float[] bVar = values.get(2 * hidden.length + 3);
    float[] wOut = new float[in * 2 * q];
    for (int i = 0; i < in; i++) {
      System.arraycopy(wMu, i * q, wOut, i * 2 * q, q);
      System.arraycopy(wVar, i * q, wOut, i * 2 * q + q, q);
    }
    float[] bOut = new float[2 * q];
    System.arraycopy(bMu, 0, bOut, 0, q);
    System.arraycopy(bVar, 0, bOut, q, q);
    w[layers - 1] = wOut;
    b[layers - 1] = bOut;
    return new float[][][] {w, b};
  }

  /** Trainable parameters of encoder and decoder. */
  long parameters() {
    long p = 0;
    int in = inputDim;
    for (int h : hidden) {
      p += (long) in * h + h;
      in = h;
    }
    p += 2L * ((long) in * latentDim + latentDim);
    in = latentDim;
    for (int i = hidden.length - 1; i >= 0; i--) {
      p += (long) in * hidden[i] + hidden[i];
      in = hidden[i];
    }
    return p + (long) in * inputDim + inputDim;
  }
}
