/**
 * Attacks that play the server of the retrieval protocol (SPEC.md §1) against a claim of the
 * paper. {@link io.pmbench.experiments.attack.DummiesAttack} tests the dummy queries of
 * Algorithm 1, "Obfuscation" (SPEC.md §2): from the released rows alone, it guesses which
 * private row is the query r and so r's class (issue 22, deliverable 7).
 */
package io.pmbench.experiments.attack;
