package io.pmbench.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class DidYouMeanTest {
  private static final List<String> MECHANISMS = List.of("dp-dsne", "features", "private-pca", "private-rp",
      "privatemail", "privatemail-v1", "random", "smlq", "tsne");

  @Test
  void hint_typos_closestKnownName() {
    assertEquals(" (did you mean privatemail?)", DidYouMean.hint("privatmail", MECHANISMS));
    assertEquals(" (did you mean private-pca?)", DidYouMean.hint("privtae-pca", MECHANISMS)); // a swap is one edit
    assertEquals(" (did you mean tsne?)", DidYouMean.hint("TSNE2", MECHANISMS));
    assertEquals(" (did you mean method?)", DidYouMean.hint("metod", List.of("noiseSampler", "method", "columnDraw")));
  }

  @Test
  void hint_farOrExact_empty() {
    assertEquals("", DidYouMean.hint("umap", MECHANISMS));
    assertEquals("", DidYouMean.hint("smlq", MECHANISMS));
    assertEquals("", DidYouMean.hint("x", List.of()));
  }

  @Test
  void distance_knownPairs() {
    assertEquals(3, DidYouMean.distance("kitten", "sitting"));
    assertEquals(1, DidYouMean.distance("ab", "ba"));
    assertEquals(0, DidYouMean.distance("", ""));
  }
}
