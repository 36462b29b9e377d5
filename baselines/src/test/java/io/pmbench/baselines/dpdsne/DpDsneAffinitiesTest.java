package io.pmbench.baselines.dpdsne;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pmbench.baselines.tsne.SmileAffinities;
import io.pmbench.baselines.tsne.SmileTsne;
import io.pmbench.baselines.tsne.SyntheticData;
import io.pmbench.core.mechanism.ClientData;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.Preset;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link DpDsneClient} reads the distances of free rows that repeat public rows (the dummies P_r,
 * as the runner builds D) from its shared public–public distances; its affinities must be the
 * doubles {@link SmileAffinities} gives when every distance of D is computed directly. Fails if a
 * distance read from the cache differs by one bit from the computed one (a wrong index, a row taken
 * for a copy that is not one, an order-dependent distance), or if the copies are not recognised.
 */
class DpDsneAffinitiesTest {
  private static final MechanismParams PARAMS = Preset.PAPER.builder(1.0, 0.5).build(1.0, 1e-5);

  @Test
  void affinities_dummiesRepeatPublicRows_equalDirectComputationBitForBit() {
    Fixtures fix = new Fixtures(60, 8, 21);
    double[] r = SyntheticData.unitRows(1, 8, new SplittableRandom(22))[0];
    double[][] free = {r, fix.publicRows[3], fix.publicRows[17], fix.publicRows[59]};
    DpDsneClient client = new DpDsneClient(fix.view, PARAMS, true);
    ClientData data = fix.data(free);

    assertEquals(-1, client.publicCopy(data.rows(), 0), "r is not a public row");
    assertEquals(3, client.publicCopy(data.rows(), 1));
    assertEquals(59, client.publicCopy(data.rows(), 3));
    assertAffinitiesEqualDirect(client, data);
  }

  @Test
  void affinities_queryInPublicSetAndRepeatedRows_equalDirectComputationBitForBit() {
    // r is itself public row 5 and a dummy repeats it too; public rows 7 and 8 are the same row,
    // and a dummy repeats row 8 (so it is found as row 7, whose distance to row 8 is 0).
    double[][] pub = SyntheticData.unitRows(40, 8, new SplittableRandom(23));
    pub[8] = pub[7].clone();
    Fixtures fix = new Fixtures(pub, new SplittableRandom(24));
    double[] fresh = SyntheticData.unitRows(1, 8, new SplittableRandom(25))[0];
    double[][] free = {pub[5], pub[5], pub[8], fresh};
    DpDsneClient client = new DpDsneClient(fix.view, PARAMS, true);
    ClientData data = fix.data(free);

    assertEquals(5, client.publicCopy(data.rows(), 0));
    assertEquals(7, client.publicCopy(data.rows(), 2));
    assertAffinitiesEqualDirect(client, data);
  }

  private static void assertAffinitiesEqualDirect(DpDsneClient client, ClientData data) {
    int m = data.publicOffset();
    double[][] ours = client.affinities(data);
    double[][] direct = SmileAffinities.freeRows(SmileTsne.rows(data.rows()), m);
    for (int i = 0; i < m; i++) {
      assertArrayEquals(Fixtures.bits(direct[i]), Fixtures.bits(ours[i]), "free row " + i);
    }
  }
}
