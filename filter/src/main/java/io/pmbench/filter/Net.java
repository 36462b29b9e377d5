package io.pmbench.filter;

import io.pmbench.core.Preconditions;
import java.util.SplittableRandom;

/**
 * A softmax classifier on latent vectors, trained by hand-written back-propagation: linear
 * (softmax regression, {@code hidden = 0}) or one hidden layer of ELU units, FC(h) → ELU → FC(C)
 * (the seed paper's classifier, §6.7.3, with h = 15 there). Parameters are Glorot-uniform from
 * a seeded stream, biases zero. Not thread-safe; every task owns its nets.
 */
final class Net {
  private final int in;
  private final int hidden;
  private final int out;
  private final double[] params;

  Net(int in, int hidden, int out, SplittableRandom rng) {
    this.in = Preconditions.positive(in, "classifier input dimension");
    Preconditions.require(hidden >= 0, "classifier hidden units", ">= 0", hidden);
    Preconditions.require(out >= 2, "classifier classes", ">= 2", out);
    this.hidden = hidden;
    this.out = out;
    this.params = new double[size()];
    if (hidden == 0) {
      glorot(0, out, in, rng);
    } else {
      glorot(0, hidden, in, rng);
      glorot(hidden * in + hidden, out, hidden, rng);
    }
  }

  private void glorot(int offset, int rows, int cols, SplittableRandom rng) {
    double limit = Math.sqrt(6.0 / (rows + cols));
    for (int i = 0; i < rows * cols; i++) {
      params[offset + i] = (2 * rng.nextDouble() - 1) * limit;
    }
  }

  /** Number of parameters. */
  int size() {
    return hidden == 0 ? out * in + out : hidden * in + hidden + out * hidden + out;
  }

  double[] params() {
    return params;
  }

  int classes() {
    return out;
  }

  /**
   * Mean cross-entropy of the {@code n} rows of {@code x} (row-major n × in) against labels
   * {@code y}. When not null, {@code gradParams} (length {@link #size}) and {@code gradInput}
   * (length n × in) are overwritten with the gradients of that mean.
   */
  double lossAndGradient(double[] x, int[] y, int n, double[] gradParams, double[] gradInput) {
    if (gradParams != null) {
      java.util.Arrays.fill(gradParams, 0);
    }
    int width = hidden == 0 ? in : hidden;
    int w2 = hidden == 0 ? 0 : hidden * in + hidden;
    int b2 = w2 + out * width;
    double[] pre = new double[hidden];
    double[] act = new double[hidden];
    double[] logits = new double[out];
    double[] dAct = new double[hidden];
    double loss = 0;
    for (int r = 0; r < n; r++) {
      int xo = r * in;
      forward(x, xo, pre, act, logits);
      double[] feat = hidden == 0 ? x : act;
      int fo = hidden == 0 ? xo : 0;
      double max = Double.NEGATIVE_INFINITY;
      for (int k = 0; k < out; k++) {
        max = Math.max(max, logits[k]);
      }
      double z = 0;
      for (int k = 0; k < out; k++) {
        logits[k] = Math.exp(logits[k] - max);
        z += logits[k];
      }
      loss -= Math.log(logits[y[r]] / z);
      if (gradParams == null && gradInput == null) {
        continue;
      }
      // gradients of the mean: the 1/n is in g; gradInput rows must start at zero
      if (gradInput != null) {
        java.util.Arrays.fill(gradInput, xo, xo + in, 0);
      }
      java.util.Arrays.fill(dAct, 0);
      for (int k = 0; k < out; k++) {
        double g = (logits[k] / z - (k == y[r] ? 1 : 0)) / n;
        int wo = w2 + k * width;
        if (gradParams != null) {
          gradParams[b2 + k] += g;
          for (int c = 0; c < width; c++) {
            gradParams[wo + c] += g * feat[fo + c];
          }
        }
        if (hidden == 0) {
          if (gradInput != null) {
            for (int c = 0; c < in; c++) {
              gradInput[xo + c] += g * params[wo + c];
            }
          }
        } else {
          for (int c = 0; c < hidden; c++) {
            dAct[c] += g * params[wo + c];
          }
        }
      }
      if (hidden > 0) {
        for (int h = 0; h < hidden; h++) {
          double dp = dAct[h] * (pre[h] > 0 ? 1 : act[h] + 1);
          int wo = h * in;
          if (gradParams != null) {
            gradParams[hidden * in + h] += dp;
            for (int c = 0; c < in; c++) {
              gradParams[wo + c] += dp * x[xo + c];
            }
          }
          if (gradInput != null) {
            for (int c = 0; c < in; c++) {
              gradInput[xo + c] += dp * params[wo + c];
            }
          }
        }
      }
    }
    return loss / n;
  }

  /**
   * The forward pass of the row at {@code offset} of {@code x}: for a hidden layer, its
   * pre-activations b₁ + W₁x into {@code pre} and ELU(pre) into {@code act}; the output logits
   * into {@code logits} (all overwritten).
   */
  private void forward(double[] x, int offset, double[] pre, double[] act, double[] logits) {
    double[] feat = x;
    int fo = offset;
    if (hidden > 0) {
      for (int h = 0; h < hidden; h++) {
        double s = params[hidden * in + h];
        int wo = h * in;
        for (int c = 0; c < in; c++) {
          s += params[wo + c] * x[offset + c];
        }
        pre[h] = s;
        act[h] = s > 0 ? s : Math.expm1(s);
      }
      feat = act;
      fo = 0;
    }
    int width = hidden == 0 ? in : hidden;
    int w2 = hidden == 0 ? 0 : hidden * in + hidden;
    int b2 = w2 + out * width;
    for (int k = 0; k < out; k++) {
      double s = params[b2 + k];
      int wo = w2 + k * width;
      for (int c = 0; c < width; c++) {
        s += params[wo + c] * feat[fo + c];
      }
      logits[k] = s;
    }
  }

  /** The arg-max class of the row at {@code offset} of {@code x} ({@code hiddenBuffer}, {@code logits}: scratch). */
  private int predict(double[] x, int offset, double[] hiddenBuffer, double[] logits) {
    forward(x, offset, hiddenBuffer, hiddenBuffer, logits);
    int best = 0;
    for (int k = 1; k < out; k++) {
      if (logits[k] > logits[best]) {
        best = k;
      }
    }
    return best;
  }

  /** Fraction of rows of {@code x} (row-major n × in) whose prediction equals {@code y}. */
  double accuracy(double[] x, int[] y) {
    double[] hiddenBuffer = new double[hidden];
    double[] logits = new double[out];
    int correct = 0;
    for (int r = 0; r < y.length; r++) {
      correct += predict(x, r * in, hiddenBuffer, logits) == y[r] ? 1 : 0;
    }
    return (double) correct / y.length;
  }

  /**
   * Mini-batch training for {@code epochs} passes over the rows of {@code x} in an order
   * reshuffled each epoch from {@code rng}.
   */
  void fit(double[] x, int[] y, int epochs, int batch, Adam adam, SplittableRandom rng) {
    int n = y.length;
    int[] order = new int[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    double[] bx = new double[batch * in];
    int[] by = new int[batch];
    double[] grad = new double[size()];
    for (int e = 0; e < epochs; e++) {
      shuffle(order, rng);
      for (int start = 0; start < n; start += batch) {
        int m = Math.min(batch, n - start);
        for (int i = 0; i < m; i++) {
          System.arraycopy(x, order[start + i] * in, bx, i * in, in);
          by[i] = y[order[start + i]];
        }
        lossAndGradient(bx, by, m, grad, null);
        adam.step(params, grad);
      }
    }
  }

  static void shuffle(int[] a, SplittableRandom rng) {
    for (int i = a.length - 1; i > 0; i--) {
      int j = rng.nextInt(i + 1);
      int t = a[i];
      a[i] = a[j];
      a[j] = t;
    }
  }
}
