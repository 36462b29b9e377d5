package io.pmbench.datasets.synthetic;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.core.data.FeatureMatrix;
import io.pmbench.core.data.FeatureSet;
import io.pmbench.core.data.LabelledSet;
import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class SyntheticFeaturesTest {

  private static FeatureSet gen(String spec) {
    return SyntheticFeatures.generate(SyntheticConfig.parse(spec));
  }

  private static Set<Integer> classes(LabelledSet s) {
    return Arrays.stream(s.labels()).boxed().collect(Collectors.toSet());
  }

  @Test
  void generate_sameSeed_givesIdenticalSets() {
    FeatureSet a = gen("n=200,d=16,classes=5,seed=7");
    FeatureSet b = gen("n=200,d=16,classes=5,seed=7");
    assertArrayEquals(a.train().features().data(), b.train().features().data());
    assertArrayEquals(a.test().features().data(), b.test().features().data());
    assertArrayEquals(a.train().labels(), b.train().labels());
    assertEquals(a.sha256(), b.sha256());
  }

  @Test
  void generate_differentSeed_givesDifferentRowsAndChecksum() {
    FeatureSet a = gen("n=200,d=16,classes=5,seed=7");
    FeatureSet b = gen("n=200,d=16,classes=5,seed=8");
    assertFalse(Arrays.equals(a.train().features().data(), b.train().features().data()));
    assertNotEquals(a.sha256(), b.sha256());
  }

  @Test
  void generate_anyConfig_rowsHaveUnitNorm() {
    FeatureMatrix x = gen("n=300,d=33,classes=4,spread=2").train().features();
    for (int r = 0; r < x.rows(); r++) {
      double norm = 0;
      for (double v : x.row(r)) {
        norm += v * v;
      }
      assertEquals(1.0, norm, 1e-5);
    }
  }

  @Test
  void generate_classSplit_trainHasFirstHalfOfClassesTestTheRest() {
    FeatureSet s = gen("train=100,test=60,d=8,classes=7,split=class");
    assertEquals(Set.of(0, 1, 2), classes(s.train()));
    assertEquals(Set.of(3, 4, 5, 6), classes(s.test()));
    assertEquals(7, s.numClasses());
    assertEquals(100, s.train().size());
    assertEquals(60, s.test().size());
  }

  @Test
  void generate_rowSplit_bothSplitsHaveEveryClass() {
    FeatureSet s = gen("n=50,d=8,classes=5,split=row");
    assertEquals(Set.of(0, 1, 2, 3, 4), classes(s.train()));
    assertEquals(Set.of(0, 1, 2, 3, 4), classes(s.test()));
  }

  @Test
  void generate_smallSpread_rowsClusterAroundTheirClass() {
    FeatureSet s = gen("n=100,d=64,classes=4,spread=0.2,split=row,seed=3");
    FeatureMatrix x = s.train().features();
    int[] y = s.train().labels();
    double same = 0;
    double other = 0;
    int nSame = 0;
    int nOther = 0;
    for (int i = 0; i < x.rows(); i++) {
      for (int j = i + 1; j < x.rows(); j++) {
        double cos = 1 - x.squaredDistance(i, x, j) / 2;
        if (y[i] == y[j]) {
          same += cos;
          nSame++;
        } else {
          other += cos;
          nOther++;
        }
      }
    }
    assertTrue(same / nSame > 0.9, "same-class cosine " + same / nSame);
    assertTrue(other / nOther < 0.5, "other-class cosine " + other / nOther);
  }

  @Test
  void generate_changingTestSize_leavesTrainRowsUnchanged() {
    FeatureSet a = gen("train=80,test=40,d=8,classes=4,seed=2");
    FeatureSet b = gen("train=80,test=90,d=8,classes=4,seed=2");
    assertArrayEquals(a.train().features().data(), b.train().features().data());
  }

  @Test
  void toSpec_parsedBack_givesTheSameConfig() {
    SyntheticConfig c = SyntheticConfig.parse("n=2000,d=64,classes=10,spread=0.5,split=row,seed=1");
    assertEquals(c, SyntheticConfig.parse(c.toSpec()));
    assertEquals("synthetic:train=20,test=20,d=2,classes=2,spread=0.5,split=row,seed=1", gen("n=20,classes=2,d=2").name());
  }

  @Test
  void parse_unknownKey_listsKnownKeys() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SyntheticConfig.parse("rows=5"));
    assertTrue(e.getMessage().contains("classes, d, n, seed, split, spread, test, train"), e.getMessage());
  }

  @Test
  void parse_tooFewRowsForClasses_isRejected() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> SyntheticConfig.parse("n=3,classes=10"));
    assertTrue(e.getMessage().contains("Provided value: 3"), e.getMessage());
  }
}
