package io.pmbench.experiments.attack;

import java.util.OptionalInt;
import java.util.TreeSet;

/**
 * The server's twin test on one release (issue 22, deliverable 7). A dummy query of P_r is a copy
 * of a public row (Algorithm 1, "Obfuscation"; SPEC.md §2), so its released row sits near the
 * released row of that public row, its twin; r has no twin. For each private row i the twin
 * distance is t_i = min over public rows j of ‖x_i − x_j‖, both rows read from the same release
 * (or, for a mechanism that releases in a shared space without its public rows, from the
 * server's own embedding of P).
 *
 * @param nearest the public row nearest to each private row (its twin)
 * @param distance the squared distance to that twin (the order of t_i; squares keep it)
 */
record TwinAttack(int[] nearest, double[] distance) {
  TwinAttack {
    if (nearest.length != distance.length || nearest.length == 0) {
      throw new IllegalArgumentException("private rows must be >= 1 and match the distances. Provided value: "
          + nearest.length + " vs " + distance.length);
    }
  }

  /**
   * Twins of the first {@code m} rows of {@code release} (row-major, {@code dim} columns) among
   * the {@code nPublic} rows of {@code publicRows} (row-major, same columns).
   */
  static TwinAttack of(double[] release, int m, double[] publicRows, int nPublic, int dim) {
    if (nPublic < 1) {
      throw new IllegalArgumentException("public rows must be >= 1. Provided value: " + nPublic);
    }
    int[] nearest = new int[m];
    double[] distance = new double[m];
    for (int i = 0; i < m; i++) {
      double best = Double.POSITIVE_INFINITY;
      for (int j = 0; j < nPublic; j++) {
        double s = 0;
        for (int c = 0; c < dim; c++) {
          double diff = release[i * dim + c] - publicRows[j * dim + c];
          s += diff * diff;
        }
        if (s < best) {
          best = s;
          nearest[i] = j;
        }
      }
      distance[i] = best;
    }
    return new TwinAttack(nearest, distance);
  }

  /** The server's guess of r: the private row farthest from its twin (ties: the lowest index). */
  int farthest() {
    int best = 0;
    for (int i = 1; i < distance.length; i++) {
      if (distance[i] > distance[best]) {
        best = i;
      }
    }
    return best;
  }

  /**
   * The one public class that no twin of the private rows other than {@code guess} carries, if
   * exactly one: the dummies hold one row of every public class except r's, so when the guess is
   * r and every dummy's twin is its own copy, that class is r's.
   *
   * @param publicLabels the label of each public row (public: the server holds P)
   */
  OptionalInt uncoveredClass(int guess, int[] publicLabels) {
    TreeSet<Integer> uncovered = new TreeSet<>();
    for (int y : publicLabels) {
      uncovered.add(y);
    }
    for (int i = 0; i < nearest.length; i++) {
      if (i != guess) {
        uncovered.remove(publicLabels[nearest[i]]);
      }
    }
    return uncovered.size() == 1 ? OptionalInt.of(uncovered.first()) : OptionalInt.empty();
  }
}
