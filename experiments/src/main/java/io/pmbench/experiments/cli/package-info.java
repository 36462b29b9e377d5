/** The {@code pmbench} command line (picocli). */
package io.pmbench.experiments.cli;
