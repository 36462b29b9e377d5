package io.pmbench.experiments.figures;

import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.testkit.ParamsCopies;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * fig5's and fig3's variants change only the knobs they vary. Fails if a variant drops any field
 * (as it once dropped {@code sharedClientQ}, so that fig5 and fig3 under {@code official-code}
 * drew one client Q per query while run.json said one per seed).
 */
class VariantsTest {
  private static final MechanismParams BASE = ParamsCopies.distinctive();

  @Test
  void kernel_keepsEveryFieldButKAlphaSigma() {
    ParamsCopies.assertKeepsAllBut(BASE, Variants.kernel(BASE, 3, 0.25, 8.0), Set.of("k", "alpha", "sigma"));
  }

  @Test
  void iterations_keepsEveryFieldButTheIterations() {
    ParamsCopies.assertKeepsAllBut(BASE, Variants.iterations(BASE, 4), Set.of("iterations", "serverIterations"));
  }
}
