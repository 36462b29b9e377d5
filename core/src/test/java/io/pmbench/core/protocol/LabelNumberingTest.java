package io.pmbench.core.protocol;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pmbench.core.data.FeatureSet;
import io.pmbench.core.data.LabelNumbering;
import io.pmbench.core.data.LabelledSet;
import io.pmbench.core.mechanism.ClientData;
import io.pmbench.core.mechanism.Preset;
import java.util.Arrays;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The label numbering and dummies of SPEC.md §8 as the protocol applies them: {@code official-code}
 * numbers train and test each on their own (so on a class-disjoint split a test class shares its
 * id with an unrelated public class) and adds no dummy queries; {@code paper} and
 * {@code corrected} keep one numbering over both splits and add P_r.
 */
class LabelNumberingTest {
  /** Classes 0..3 in train, 4..5 in test: a class-disjoint split like CUB-200-2011's. */
  private static FeatureSet classDisjoint() {
    FeatureSet all = SyntheticFeatureSets.clustered(5, 6, 8, 240, 240, 0.3);
    LabelledSet train = all.train().select(rowsOf(all.train(), 0, 4));
    LabelledSet test = all.test().select(rowsOf(all.test(), 4, 6));
    return new FeatureSet("disjoint", train, test, 6, all.defaults(), all.sha256(), all.fileChecksums(),
        all.licence());
  }

  private static int[] rowsOf(LabelledSet s, int from, int to) {
    return IntStream.range(0, s.size()).filter(i -> s.labels()[i] >= from && s.labels()[i] < to).toArray();
  }

  @Test
  void apply_perSplit_numbersEachSplitByRankOfItsOwnIds() {
    FeatureSet d = classDisjoint();

    FeatureSet per = LabelNumbering.PER_SPLIT.apply(d);

    // Reference: rank of each id among its split's distinct ids, written out for this split.
    int[] expectedTest = Arrays.stream(d.test().labels()).map(y -> y - 4).toArray();
    assertArrayEquals(expectedTest, per.test().labels());
    assertArrayEquals(d.train().labels(), per.train().labels());
    assertEquals(4, per.numClasses());
    assertSame(d.test().features(), per.test().features());
  }

  @Test
  void apply_joint_isTheLoadedNumbering() {
    FeatureSet d = classDisjoint();
    assertSame(d, LabelNumbering.JOINT.apply(d));
  }

  @Test
  void clientData_officialCode_queryLabelCollidesWithAPublicIdAndNoDummies() {
    FeatureSet d = classDisjoint();
    ProtocolConfig cfg = new ProtocolConfig(40, 20, Preset.OFFICIAL_CODE.dummies(), new int[] {1, 8},
        GalleryIndexKind.EXACT, Preset.OFFICIAL_CODE.labelNumbering());
    ProtocolRunner runner = new ProtocolRunner(d, cfg);
    ProtocolRunner.SeedContext ctx = runner.context(1);
    for (int q : ctx.queries()) {
      ClientData cd = runner.clientData(ctx, q);
      assertEquals(1, cd.publicOffset(), "official-code: D = [r; P], no dummies");
      assertEquals(d.test().labels()[q] - 4, cd.labels()[0], "r's id is its rank within the test split");
      int collided = cd.labels()[0];
      assertEquals(true, Arrays.stream(cd.labels(), 1, cd.size()).anyMatch(y -> y == collided),
          "the public set holds an unrelated class with r's id");
    }
  }

  @Test
  void clientData_paper_keepsJointIdsAndAddsDummies() {
    FeatureSet d = classDisjoint();
    ProtocolConfig cfg = new ProtocolConfig(40, 20, Preset.PAPER.dummies(), new int[] {1, 8},
        GalleryIndexKind.EXACT, Preset.PAPER.labelNumbering());
    ProtocolRunner runner = new ProtocolRunner(d, cfg);
    ProtocolRunner.SeedContext ctx = runner.context(1);
    int q = ctx.queries()[0];
    ClientData cd = runner.clientData(ctx, q);
    assertEquals(d.test().labels()[q], cd.labels()[0]);
    assertEquals(1 + 4, cd.publicOffset(), "r plus one dummy of each of the 4 public classes (none is r's)");
  }

  @Test
  void parse_unknownName_namesTheChoices() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LabelNumbering.parse("both"));
    assertEquals("label numbering must be one of joint, per-split. Provided value: both", e.getMessage());
  }
}
