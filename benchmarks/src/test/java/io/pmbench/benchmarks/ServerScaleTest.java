package io.pmbench.benchmarks;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.core.data.FeatureMatrix;
import io.pmbench.core.data.LabelledSet;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** How the scale sweep draws its public set and gallery from a real train split. */
class ServerScaleTest {
  /** Rows whose single feature and label are the row's own index, so a drawn row names itself. */
  private static LabelledSet indexed(int n) {
    float[] x = new float[n];
    for (int i = 0; i < n; i++) {
      x[i] = i;
    }
    return new LabelledSet(new FeatureMatrix(x, n, 1), IntStream.range(0, n).toArray());
  }

  @Test
  void publicAndGallery_sameSeed_disjointRowsOfTheAskedSizesDrawnTheSameWay() {
    LabelledSet[] a = ServerScale.publicAndGallery(indexed(100), 30, 50, 7);
    LabelledSet[] b = ServerScale.publicAndGallery(indexed(100), 30, 50, 7);
    assertEquals(30, a[0].size());
    assertEquals(50, a[1].size());
    Set<Integer> seen = new HashSet<>();
    for (LabelledSet part : a) {
      for (int row : part.labels()) {
        assertTrue(seen.add(row), "row " + row + " drawn twice");
      }
    }
    assertArrayEquals(a[0].labels(), b[0].labels());
    assertArrayEquals(a[1].labels(), b[1].labels());
  }

  @Test
  void publicAndGallery_otherSeed_drawsAnotherOrder() {
    int[] one = ServerScale.publicAndGallery(indexed(100), 30, 50, 1)[1].labels();
    int[] two = ServerScale.publicAndGallery(indexed(100), 30, 50, 2)[1].labels();
    assertTrue(!Arrays.equals(one, two), "seeds 1 and 2 gave the same gallery");
  }

  @Test
  void publicAndGallery_moreRowsThanTheSplit_refusesNamingBothSizes() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ServerScale.publicAndGallery(indexed(100), 60, 50, 1));
    assertTrue(e.getMessage().contains("public=60, rows=50"), e.getMessage());
  }
}
