package io.pmbench.spark;

import io.pmbench.core.builtin.FeaturesMechanism;
import io.pmbench.core.mechanism.ClientRelease;
import io.pmbench.core.mechanism.ClientSide;
import io.pmbench.core.mechanism.ClientView;
import io.pmbench.core.mechanism.Embedding;
import io.pmbench.core.mechanism.EmbeddingMechanism;
import io.pmbench.core.mechanism.MechanismModule;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.ServerSide;
import io.pmbench.core.mechanism.ServerView;
import io.pmbench.core.privacy.PrivacyClaim;
import io.pmbench.core.random.Seeds;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Test plugin {@code flaky}: the raw features with N(0, 0.1²) added to each query (seeded, so
 * its cells are reproducible), whose client side dies with an unnamed error while
 * {@link #FAILURES} is positive, as an executor lost mid-task would. Not private.
 */
public final class FlakyMechanism implements EmbeddingMechanism {
  /** How many of the next cells die before computing anything (a test arms it). */
  static final AtomicInteger FAILURES = new AtomicInteger();

  private final FeaturesMechanism features = new FeaturesMechanism();

  /** Registers {@code flaky} (see META-INF/services in the test resources). */
  public static final class Module extends MechanismModule {
    @Override
    protected void configure() {
      register("flaky", FlakyMechanism.class);
    }
  }

  @Override
  public String name() {
    return "flaky";
  }

  @Override
  public String description() {
    return "test: features plus seeded query noise; dies while armed";
  }

  @Override
  public void validate(MechanismParams params) {}

  @Override
  public boolean alignsOnPublic() {
    return false;
  }

  @Override
  public String serverKey(MechanismParams params) {
    return features.serverKey(params);
  }

  @Override
  public ServerSide server(ServerView view, MechanismParams params) {
    return features.server(view, params);
  }

  @Override
  public ClientSide client(ClientView view, MechanismParams params) {
    if (FAILURES.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
      throw new UnsupportedOperationException("flaky: simulated task death");
    }
    return (data, rng) -> {
      double[] r = data.rows().row(0);
      for (int j = 0; j < r.length; j++) {
        r[j] += 0.1 * Seeds.gaussian(rng);
      }
      return new ClientRelease(new Embedding(r, 1, r.length), PrivacyClaim.none("test: not private"), Map.of());
    };
  }
}
