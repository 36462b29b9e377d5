/** Feature matrices, labelled sets and loaded feature sets: the data the protocol runs on. */
package io.pmbench.core.data;
