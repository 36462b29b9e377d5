/**
 * {@code simhash-rr}: the query's sign random projection on b public Gaussian directions (a
 * SimHash code, Charikar 2002), released through randomised response on every bit with the budget
 * split across the bits (pure ε-DP for the whole query); the server ranks its unnoised gallery
 * codes by Hamming distance.
 */
package io.pmbench.baselines.simhash;
