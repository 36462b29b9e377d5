package io.pmbench.experiments.sweep;

import io.pmbench.core.privacy.PrivacyClaim;
import io.pmbench.core.protocol.CellResult;
import io.pmbench.reports.CellSummary;
import io.pmbench.reports.Interval;
import io.pmbench.reports.Intervals;
import java.util.SortedMap;
import java.util.TreeMap;

/** Turns a core {@link CellResult} into a report row. */
public final class Summaries {
  private Summaries() {}

  /** The report row: Recall@K with Wilson 95% intervals over queries, timings and the privacy claim. */
  public static CellSummary of(CellResult r, String preset) {
    SortedMap<Integer, Interval> recall = new TreeMap<>();
    int[] ks = r.ks();
    for (int j = 0; j < ks.length; j++) {
      recall.put(ks[j], Intervals.wilson(r.hitCount(j), r.queries()));
    }
    PrivacyClaim c = r.claim();
    return new CellSummary(r.dataset(), r.mechanism(), preset, r.params().epsilon(), r.params().delta(), r.seed(),
        r.queries(), recall, r.meanQueryMillis(), r.serverMillis(), c.summary(), nanIfNone(r.meanSensitivity()),
        nanIfNone(r.meanNoiseScale()), c.neighbouring(), c.assumedPublic(), c.calibration(),
        String.join("; ", c.caveats()));
  }

  private static double nanIfNone(double v) {
    return Double.isFinite(v) ? v : Double.NaN;
  }
}
