/**
 * The optional Apache Spark engine of the sweep runner ({@code pmbench fig6 --engine spark}),
 * built only with {@code -Pspark}; Spark itself is supplied by {@code spark-submit}.
 */
package io.pmbench.spark;
