/** The retrieval protocol runner (SPEC.md §1–§2, Algorithm 1) and its per-cell results. */
package io.pmbench.core.protocol;
