/** pmbench core: the maths and the protocol of PrivateMail and its comparisons. */
package io.pmbench.core;
