package io.pmbench.core.protocol;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pmbench.core.ParameterException;
import io.pmbench.core.mechanism.Preset;
import io.pmbench.core.privacy.PrivacyClaim;
import io.pmbench.core.retrieval.NearestLists;
import org.junit.jupiter.api.Test;

/** {@link ProtocolConfig} validation and {@link CellResult}'s recall arithmetic. */
class ProtocolConfigTest {
  @Test
  void constructor_unsortedKs_storesThemAscendingAsACopy() {
    int[] ks = {8, 1, 4};
    ProtocolConfig c = new ProtocolConfig(10, 5, true, ks);
    ks[0] = 99;

    assertArrayEquals(new int[] {1, 4, 8}, c.ks());
  }

  @Test
  void constructor_invalidValues_throwIllegalArgumentException() {
    assertThrows(IllegalArgumentException.class, () -> new ProtocolConfig(1, 5, true, new int[] {1}));
    assertThrows(IllegalArgumentException.class, () -> new ProtocolConfig(10, 0, true, new int[] {1}));
    assertThrows(IllegalArgumentException.class, () -> new ProtocolConfig(10, 5, true, new int[0]));
    assertThrows(IllegalArgumentException.class, () -> new ProtocolConfig(10, 5, true, new int[] {0, 1}));
  }

  @Test
  void equals_sameValues_isTrueAndHashesAgree() {
    ProtocolConfig a = new ProtocolConfig(10, ProtocolConfig.ALL_QUERIES, false, new int[] {2, 1});
    ProtocolConfig b = new ProtocolConfig(10, ProtocolConfig.ALL_QUERIES, false, new int[] {1, 2});

    assertEquals(a, b);
    assertEquals(a.hashCode(), b.hashCode());
  }

  @Test
  void constructor_fourValues_defaultsToExactIndexAndIndexTakesPartInEquality() {
    ProtocolConfig exact = new ProtocolConfig(10, 5, true, new int[] {1});
    ProtocolConfig ivf = new ProtocolConfig(10, 5, true, new int[] {1}, GalleryIndexKind.IVF);

    assertEquals(GalleryIndexKind.EXACT, exact.index());
    assertNotEquals(exact, ivf);
  }

  @Test
  void parse_cliNames_roundTripAndUnknownNameIsOneLineError() {
    for (GalleryIndexKind k : GalleryIndexKind.values()) {
      assertEquals(k, GalleryIndexKind.parse(k.cliName()));
    }
    ParameterException e = assertThrows(ParameterException.class, () -> GalleryIndexKind.parse("hnsw"));
    assertEquals("index must be one of [exact, ivf]. Provided value: hnsw", e.getMessage());
    assertEquals("index", e.parameter());
    assertEquals("--index must be one of [exact, ivf]. Provided value: hnsw", e.message(n -> "--" + n));
  }

  @Test
  void recallAt_handMadeHits_isHitFractionPerK() {
    boolean[][] hits = {{false, true, true}, {true, true, true}, {false, false, true}, {false, false, false}};
    CellResult r = new CellResult("d", "m", Preset.PAPER.builder(1, 0.5).build(0.5, 1e-5), 1, new int[] {1, 2, 4},
        hits, new int[] {0, 1, 2, 3}, 0, 0, PrivacyClaim.none("test"), Double.NaN, Double.NaN, 0,
        NearestLists.empty(4));

    assertEquals(0.25, r.recallAt(1));
    assertEquals(0.5, r.recallAt(2));
    assertEquals(0.75, r.recallAt(4));
    assertThrows(IllegalArgumentException.class, () -> r.recallAt(8));
  }
}
