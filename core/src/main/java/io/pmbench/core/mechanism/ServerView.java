package io.pmbench.core.mechanism;

import io.pmbench.core.data.LabelledSet;

/**
 * What the server holds: its gallery S and the public set P, embedded together as [S; P].
 *
 * @param gallery S (the test split), row i of the gallery embedding is row i of S
 * @param publicSet P, in the order the client also uses
 * @param numClasses C of the data set (c = C − 1 in Appendix B)
 * @param sharedSeed seed of data-independent randomness both parties may derive streams from
 */
public record ServerView(LabelledSet gallery, LabelledSet publicSet, int numClasses, long sharedSeed) {}
