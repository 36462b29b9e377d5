package io.pmbench.datasets.format;

/**
 * One split as read from disk: features and their labels (from one file or two). Row counts
 * are checked when the split becomes part of a feature set, so the error can name both files.
 */
public record LabelledArray(FeatureArray features, LabelArray labels) {}
