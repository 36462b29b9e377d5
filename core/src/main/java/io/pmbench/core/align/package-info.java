/** Alignment of a client embedding to the server's on the shared public rows (SPEC.md §6). */
package io.pmbench.core.align;
