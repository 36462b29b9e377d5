/**
 * The seeded generator of class-clustered unit-norm features used by unit tests, property
 * tests and scaling benchmarks (DATASETS.md §5) — never a stand-in for a real
 * figure.
 */
package io.pmbench.datasets.synthetic;
