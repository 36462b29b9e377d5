package io.pmbench.core;

import java.util.Collection;
import java.util.Locale;

/**
 * The "did you mean" of an error message: the known name closest to a misspelt one, by edit
 * distance (insertions, deletions, substitutions and swaps of two neighbouring letters, case
 * ignored), when it is close enough to be a typo: at most one edit for names up to four letters,
 * at most a third of the longer name's letters otherwise.
 */
public final class DidYouMean {
  private DidYouMean() {}

  /**
   * {@code " (did you mean privatemail?)"}, or empty when no known name is close; of equally close
   * names the first in {@code known}'s order.
   */
  public static String hint(String given, Collection<String> known) {
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    String g = given.toLowerCase(Locale.ROOT);
    for (String k : known) {
      int d = distance(g, k.toLowerCase(Locale.ROOT));
      if (d < bestDistance && d > 0 && d <= Math.max(1, Math.max(g.length(), k.length()) / 3)) {
        best = k;
        bestDistance = d;
      }
    }
    return best == null ? "" : " (did you mean " + best + "?)";
  }

  /** The optimal-string-alignment distance of {@code a} and {@code b}. */
  static int distance(String a, String b) {
    int[][] d = new int[a.length() + 1][b.length() + 1];
    for (int i = 0; i <= a.length(); i++) {
      d[i][0] = i;
    }
    for (int j = 0; j <= b.length(); j++) {
      d[0][j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
        if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
          d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
        }
      }
    }
    return d[a.length()][b.length()];
  }
}
