package io.pmbench.experiments.sweep;

/**
 * The names every run directory uses, whichever class writes or checks it: {@link CellStore} and
 * {@link ResultCells} write them, {@link RunCheck} checks them, and neither side needs the other
 * to know where a run's files are.
 */
public final class RunLayout {
  /** The manifest's file name. */
  public static final String MANIFEST = "run.json";
  /** The folder of the cell files. */
  public static final String CELLS = "cells";
  /** The folder of the query logs of unfinished cells ({@link QueryJournal}). */
  public static final String PARTIAL = "partial";

  private RunLayout() {}
}
