/**
 * Privacy claims, parameter checks, Appendix B's sensitivity constants and Gaussian noise
 * calibrations (SPEC.md §5).
 */
package io.pmbench.core.privacy;
