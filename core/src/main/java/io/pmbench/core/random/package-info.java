/** Seed derivation and the basic samplers every mechanism draws from. */
package io.pmbench.core.random;
