/** The mechanisms that ship with core (SPEC.md §7): features, smlq, privatemail, label-only, random. */
package io.pmbench.core.mechanisms;
