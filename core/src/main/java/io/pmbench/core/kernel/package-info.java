/**
 * Gaussian feature kernels and label kernels as graph Laplacian operators (SPEC.md §3): no
 * n × n diagonal matrix, no n × n by n × n product.
 */
package io.pmbench.core.kernel;
