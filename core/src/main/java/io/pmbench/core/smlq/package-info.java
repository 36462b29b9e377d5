/** SMLQ, the supervised manifold learning iteration of SPEC.md §4, with its objective trace. */
package io.pmbench.core.smlq;
