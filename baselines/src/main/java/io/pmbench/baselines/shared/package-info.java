/** Small helpers that several baselines share (e.g. the results of computations shared across ε cells). */
package io.pmbench.baselines.shared;
