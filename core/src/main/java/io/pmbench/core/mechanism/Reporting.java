package io.pmbench.core.mechanism;

/**
 * How the reports and the claims table use a mechanism, declared by the mechanism itself
 * ({@link EmbeddingMechanism#reporting()}) so that a plugin takes part with no list anywhere
 * naming it.
 *
 * @param order where reports list it: ascending, ties by name ({@link #REFERENCE},
 *     {@link #PRIVATE}, {@link #CONTROL} and {@link #OTHER} are the bands the built-in
 *     mechanisms use)
 * @param pairedControl every other mechanism of a run is compared with it, query by query
 *     (SPEC.md §10), in the run's summary (a control such as chance level)
 * @param idsClaim it takes part in the claims' {@code ids} part, rerun under the other label
 *     numbering (SPEC.md §8) for the "label ids collide" claim
 * @param dummiesAttacked the claims' {@code attack} part plays the server against its dummy
 *     queries
 * @param subject it is the subject of the claims: the dummies claim judges it, the claims' audit
 *     always covers it, and {@code pmbench audit} audits it under every calibration
 */
public record Reporting(int order, boolean pairedControl, boolean idsClaim, boolean dummiesAttacked,
    boolean subject) {
  /** The band of non-private references (e.g. {@code features}). */
  public static final int REFERENCE = 100;
  /** The band of private mechanisms. */
  public static final int PRIVATE = 200;
  /** The band of controls (e.g. {@code random}). */
  public static final int CONTROL = 300;
  /** After the bands, by name: the default. */
  public static final int OTHER = 1000;

  /** Listed after the bands, in no claim: what a mechanism gets unless it says otherwise. */
  public static final Reporting DEFAULT = at(OTHER);

  /** Listed at {@code order}, in no claim. */
  public static Reporting at(int order) {
    return new Reporting(order, false, false, false, false);
  }

  /** These settings, and every other mechanism is compared with this one. */
  public Reporting asPairedControl() {
    return new Reporting(order, true, idsClaim, dummiesAttacked, subject);
  }

  /** These settings, and in the claims' {@code ids} part. */
  public Reporting inIdsClaim() {
    return new Reporting(order, pairedControl, true, dummiesAttacked, subject);
  }

  /** These settings, and attacked by the claims' {@code attack} part. */
  public Reporting attackedInClaims() {
    return new Reporting(order, pairedControl, idsClaim, true, subject);
  }

  /** These settings, and the subject of the claims. */
  public Reporting asSubject() {
    return new Reporting(order, pairedControl, idsClaim, dummiesAttacked, true);
  }

  /** The roles in words, for {@code pmbench mechanisms NAME}, e.g. {@code report order 200; ids claim}. */
  public String describe() {
    StringBuilder b = new StringBuilder("report order " + order);
    if (subject) {
      b.append("; subject of the claims");
    }
    if (pairedControl) {
      b.append("; paired control");
    }
    if (idsClaim) {
      b.append("; ids claim");
    }
    if (dummiesAttacked) {
      b.append("; dummies attack");
    }
    return b.toString();
  }
}
