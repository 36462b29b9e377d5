/**
 * The plugin contract ({@link io.pmbench.core.mechanism.EmbeddingMechanism}) and the registry
 * that discovers mechanisms through Guice modules and {@link java.util.ServiceLoader}.
 */
package io.pmbench.core.mechanism;
