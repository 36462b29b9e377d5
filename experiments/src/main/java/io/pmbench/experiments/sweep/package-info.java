/** The grid of cells an experiment runs, and its conversion to report rows. */
package io.pmbench.experiments.sweep;
