/**
 * Data carried inside the pmbench jar so the default run works on a fresh machine:
 * Fashion-MNIST ({@link io.pmbench.datasets.builtin.FashionMnist}), MIT licence, Zalando SE.
 */
package io.pmbench.datasets.builtin;
