/** Exact k-NN retrieval with leave-one-out and Recall@K (SPEC.md §1, §6). */
package io.pmbench.core.retrieval;
