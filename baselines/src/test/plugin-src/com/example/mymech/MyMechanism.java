package com.example.mymech;

import io.pmbench.core.builtin.FeaturesMechanism;
import io.pmbench.core.mechanism.*;
import io.pmbench.core.privacy.PrivacyClaim;
import io.pmbench.core.random.Seeds;
import java.util.Map;

/** my-mech: the raw features, with N(0, sd²) added to the query row. An example; not private. */
public final class MyMechanism implements EmbeddingMechanism {
  private final FeaturesMechanism features = new FeaturesMechanism(); // server: the raw features
  @Override public String name() { return "my-mech"; }
  @Override public String description() { return "example plugin: features, query + N(0, sd^2)"; }
  @Override public void validate(MechanismParams p) { sd(p); }
  @Override public boolean alignsOnPublic() { return false; } // already in the server's space
  @Override public boolean readsEpsilon() { return false; } // sd is its own option: grids draw it once per seed
  @Override public String serverKey(MechanismParams p) { return features.serverKey(p); }
  @Override public ServerSide server(ServerView v, MechanismParams p) { return features.server(v, p); }
  @Override public ClientSide client(ClientView view, MechanismParams p) {
    double sd = sd(p);
    return (data, rng) -> { // once per query, maybe on several threads: keep state local
      double[] r = data.rows().row(0);
      for (int j = 0; j < r.length; j++) r[j] += sd * Seeds.gaussian(rng);
      return new ClientRelease(new Embedding(r, 1, r.length), PrivacyClaim.none("example: not private"), Map.of());
    };
  }
  private static double sd(MechanismParams p) {
    double sd = Double.parseDouble(p.option("sd").orElse("0.1"));
    if (!(sd >= 0)) throw new IllegalArgumentException("sd must be >= 0. Provided value: " + sd);
    return sd;
  }
}
