package io.pmbench.experiments.cli;

import io.pmbench.core.data.FeatureSet;
import io.pmbench.core.data.LabelNumbering;
import io.pmbench.core.mechanism.EmbeddingMechanism;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.Preset;
import io.pmbench.core.privacy.PrivacyClaim;
import io.pmbench.core.protocol.GalleryIndexKind;
import io.pmbench.core.protocol.ProtocolConfig;
import io.pmbench.core.protocol.ProtocolRunner;
import io.pmbench.datasets.DatasetRegistry;

/**
 * What a mechanism claims, read from the mechanism itself: the {@link PrivacyClaim} of one
 * release on a tiny built-in sample ({@link #SAMPLE}, {@link #PUBLIC_ROWS} public rows, one
 * query) at ε = {@link #EPSILON}, δ = {@link #DELTA}, the {@code corrected} preset and the
 * mechanism's default options. A claim is made by a release, not declared beside it, so this is
 * the same code path a run takes; the sample only keeps it fast (under a second for most
 * mechanisms). The guarantee's form, neighbouring relation and assumptions do not depend on the
 * data; its noise scale and sensitivity do, and are not shown.
 */
final class MechanismSheet {
  /** The sample: a synthetic set of 4 classes in 16 dimensions. */
  static final String SAMPLE = "synthetic:n=200,d=16,classes=4,seed=1";
  /** Public rows drawn from the sample's train split. */
  static final int PUBLIC_ROWS = 100;
  /** The ε of the claim shown. */
  static final double EPSILON = 1;
  /** The δ of the claim shown. */
  static final double DELTA = 1e-5;

  private final FeatureSet sample = DatasetRegistry.standard().load(SAMPLE);
  private final ProtocolRunner runner = new ProtocolRunner(sample, new ProtocolConfig(PUBLIC_ROWS, 1, true,
      new int[] {1}, GalleryIndexKind.EXACT, LabelNumbering.JOINT));

  /** The claim of {@code m}'s release of the sample's first query. */
  PrivacyClaim claim(EmbeddingMechanism m) {
    MechanismParams params = Preset.CORRECTED.builder(sample.defaults().sigma(), sample.defaults().alpha())
        .build(EPSILON, DELTA);
    ProtocolRunner.Sides sides = runner.sides(m, params, 1);
    ProtocolRunner.SeedContext ctx = runner.context(1);
    int q = ctx.queries()[0];
    return sides.client().embed(runner.clientData(ctx, q), runner.queryStream(m, params.forMechanism(m.name()), 1, q))
        .claim();
  }
}
