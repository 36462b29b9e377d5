/** pmbench experiments: the command line, experiment definitions and the sweep runner. */
package io.pmbench.experiments;
