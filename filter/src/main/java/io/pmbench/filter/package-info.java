/**
 * The generative privatisation filter of Chen, Navidi &amp; Rajagopal (BASELINES.md §7, seed
 * paper {@code generative-private-filter.txt}) and its comparison with the Gaussian mechanism:
 * a fixed {@link io.pmbench.filter.Encoder} — the paper's VAE encoder ({@link io.pmbench.filter.VaeEncoder},
 * trained by the optional {@code learn} module's {@link io.pmbench.filter.VaeTrainer} and stored) or
 * probabilistic PCA ({@link io.pmbench.filter.PpcaEncoder}), chosen by {@link io.pmbench.filter.EncoderChoice} —
 * the linear filter z̃ = z + Γ·[w; onehot(y)] ({@link io.pmbench.filter.LinearFilter}) trained
 * by the paper's min–max game ({@link io.pmbench.filter.MinMaxTrainer}) under a KL distortion
 * budget ({@link io.pmbench.filter.GaussianKl}), the Rényi-DP statement of the paper's Theorem 3
 * ({@link io.pmbench.filter.RenyiStatement}), and the experiment that reproduces the paper's
 * Figure 7b comparison ({@link io.pmbench.filter.FilterExperiment}) with its report ({@link
 * io.pmbench.filter.FilterReport}). The command {@code pmbench filter} that runs it lives in
 * the {@code experiments} module ({@code io.pmbench.experiments.cli.FilterCommand}); this module
 * knows no command line.
 *
 * <p>Everything but the VAE's training is plain Java on {@code double[]} arrays with hand-written gradients; every
 * random draw comes from a stream derived with {@link io.pmbench.core.random.Seeds} from the
 * run's root seed, so a run is a pure function of its configuration.
 */
package io.pmbench.filter;
