/**
 * The mechanisms that ship with core (SPEC.md §7): features, smlq, privatemail, label-only,
 * shuffled-labels, random. Each implements the contract of {@link io.pmbench.core.mechanism}
 * and is registered by {@link io.pmbench.core.builtin.CoreMechanismsModule}, found through
 * {@code ServiceLoader} like any plugin.
 */
package io.pmbench.core.builtin;
