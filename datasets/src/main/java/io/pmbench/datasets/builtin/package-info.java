/**
 * Data carried inside the pmbench jar so runs work on a fresh machine, offline:
 * Fashion-MNIST ({@link io.pmbench.datasets.builtin.FashionMnist}), MIT licence, Zalando SE, the
 * default; and Omniglot ({@link io.pmbench.datasets.builtin.Omniglot}; Lake, Salakhutdinov &amp;
 * Tenenbaum, Science 350(6266), 2015), MIT licence, Brenden Lake, a class-disjoint set of
 * many small classes.
 */
package io.pmbench.datasets.builtin;
