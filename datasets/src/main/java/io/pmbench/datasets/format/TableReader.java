package io.pmbench.datasets.format;

/** A format that stores features and labels together, one row per image (CSV, TSV). */
public interface TableReader {
  /** Reads every row: the label column becomes the labels, the other columns the features. */
  LabelledArray read(DataSource source);
}
