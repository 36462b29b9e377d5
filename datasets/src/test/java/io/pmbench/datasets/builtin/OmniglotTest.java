package io.pmbench.datasets.builtin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.core.data.FeatureSet;
import io.pmbench.core.data.LabelledSet;
import io.pmbench.datasets.format.Checksums;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class OmniglotTest {

  @Test
  void load_builtIn_has2720TrainAnd2120TestRowsOf1225Values() {
    FeatureSet s = Omniglot.load();
    assertEquals("omniglot", s.name());
    assertEquals(2_720, s.train().size());
    assertEquals(2_120, s.test().size());
    assertEquals(1_225, s.dimension());
    assertEquals(242, s.numClasses());
  }

  @Test
  void load_builtIn_trainClasses0To135AndTestClasses136To241Of20RowsEach() {
    // Fails if the split takes the wrong alphabets (Greek and Latin of small2 are train classes)
    // or if the two splits share a class id.
    FeatureSet s = Omniglot.load();
    assertClasses(s.train(), 0, 136);
    assertClasses(s.test(), 136, 106);
  }

  private static void assertClasses(LabelledSet split, int first, int count) {
    int[] counts = new int[first + count];
    for (int y : split.labels()) {
      assertTrue(y >= first && y < first + count, "label " + y);
      counts[y]++;
    }
    for (int c = first; c < first + count; c++) {
      assertEquals(20, counts[c], "class " + c);
    }
  }

  @Test
  void images_small2_holdsTheThreeTestAlphabetsBesideGreekAndLatin() {
    Set<String> train = alphabets(Omniglot.images(Omniglot.SMALL1, new LinkedHashMap<>()));
    Set<String> small2 = alphabets(Omniglot.images(Omniglot.SMALL2, new LinkedHashMap<>()));
    small2.removeAll(train);

    assertEquals(Set.of("Balinese", "Early_Aramaic", "Greek", "Korean", "Latin"), train);
    assertEquals(Set.of("Japanese_(katakana)", "Sanskrit", "Tagalog"), small2);
  }

  private static Set<String> alphabets(SortedMap<String, byte[]> images) {
    Set<String> out = new TreeSet<>();
    images.keySet().forEach(p -> out.add(p.substring(0, p.indexOf('/'))));
    return out;
  }

  @Test
  void load_builtIn_everyRowHasUnitNormAndNonNegativeInk() {
    FeatureSet s = Omniglot.load();
    BuiltInAssertions.assertUnitNormNonNegativeRows(s, "ink");
  }

  @Test
  void load_builtIn_recordsPinnedZipChecksumsAndCombinedChecksum() {
    FeatureSet s = Omniglot.load();
    Map<String, String> pinned = Map.of(
        "images_background_small1.zip", "f38eb80f801274ac2b4dff5b24289016bfaba4a7d5bb50deebf27104ad6cb8a4",
        "images_background_small2.zip", "3ccaa407515a8778e5d0861875af38b17e418f301ad5bb3b5a6b65d901a41c7f");
    assertEquals(pinned, Omniglot.EXPECTED_SHA256);
    assertEquals(pinned, s.fileChecksums());
    assertEquals(Checksums.ofText("images_background_small1.zip " + pinned.get(Omniglot.SMALL1) + "\n"
        + "images_background_small2.zip " + pinned.get(Omniglot.SMALL2) + "\nrecipe " + Omniglot.RECIPE + "\n"),
        s.sha256());
  }

  @Test
  void load_calledTwice_returnsTheCachedSet() {
    assertSame(Omniglot.load(), Omniglot.load());
  }

  @Test
  void loadUncached_twice_givesIdenticalRowsAndLabels() {
    // Fails if the parallel decoding or the row order depends on scheduling.
    FeatureSet a = Omniglot.loadUncached();
    FeatureSet b = Omniglot.loadUncached();
    assertTrue(Arrays.equals(a.test().features().data(), b.test().features().data()));
    assertTrue(Arrays.equals(a.train().labels(), b.train().labels()));
  }

  @Test
  void load_builtIn_borrowsCub200DefaultsAndCarriesLicence() {
    FeatureSet s = Omniglot.load();
    assertEquals(5.0, s.defaults().sigma());
    assertEquals(0.5, s.defaults().alpha());
    assertEquals(Omniglot.LICENCE, s.licence());
    assertTrue(s.licence().contains("σ, α borrowed from CUB-200-2011's Table 2: Omniglot is not in the paper"));
    for (String file : new String[] {"LICENSE", "README.md"}) {
      assertNotNull(Omniglot.class.getResource(Omniglot.RESOURCE_DIR + file), file + " must ship in the jar");
    }
  }
}
