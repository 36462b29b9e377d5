/**
 * Straightforward reference implementations (dense n × n matrices, n × n × n products, full
 * sorts) of the maths pmbench computes with operators: each benchmark times pmbench's path
 * against one of these and reports the ratio. Not used by the product.
 */
package io.pmbench.benchmarks.reference;
