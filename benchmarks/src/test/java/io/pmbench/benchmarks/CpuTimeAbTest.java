package io.pmbench.benchmarks;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * {@link CpuTimeAb.Probe}, the side {@link CpuTimeAb} runs in each build, sets up a client on
 * the benchmark input, charges a query some CPU time and keeps its release; two queries from the
 * same seed give the same release (the bit-identity verdict compares these). It fails if the probe
 * no longer links against the current mechanism API or times nothing.
 */
class CpuTimeAbTest {
  @Test
  void probe_twoQueriesSameSeed_timedAndIdentical() {
    CpuTimeAb.Probe.setUp("random", 9, 784);
    long ns = CpuTimeAb.Probe.query();
    double[] first = CpuTimeAb.Probe.last().clone();
    CpuTimeAb.Probe.query();
    assertTrue(ns >= 0, "CPU time must be non-negative. Provided value: " + ns);
    assertEquals(1010 * 2, first.length, "one k = 2 row per row of D = [r; 9 dummies; 1,000 public rows]");
    assertArrayEquals(first, CpuTimeAb.Probe.last(), "same seed, same release");
  }

  @Test
  void probe_hundredDummies_releasesEveryRowOfTheLargerD() {
    CpuTimeAb.Probe.setUp("random", 100, 512);
    CpuTimeAb.Probe.query();
    assertEquals(1101 * 2, CpuTimeAb.Probe.last().length, "D = [r; 100 dummies; 1,000 public rows], CIFAR-100's shape");
  }
}
