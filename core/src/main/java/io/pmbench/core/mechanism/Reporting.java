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
 * @param role the part it plays in the claims' comparisons with the subject ({@link Role}), so that
 *     claims code names no mechanism; {@link Role#NONE} for none
 */
public record Reporting(int order, boolean pairedControl, boolean idsClaim, boolean dummiesAttacked,
    boolean subject, Role role) {
  /**
   * The parts the claims table's readings compare the subject with. At most one registered
   * mechanism plays each part, except {@link #NON_PRIVATE_BASELINE}.
   */
  public enum Role {
    /** No part in the comparisons. */
    NONE("none"),
    /** k-NN on the raw features: the non-private upper reference of Figure 6. */
    RAW_FEATURES("raw features"),
    /** The subject's embedding without noise (Figures 3 and 7's noise-free SMLQ). */
    NON_PRIVATE_EMBEDDING("the subject without noise"),
    /** Another non-private method of Figure 6 (e.g. t-SNE). */
    NON_PRIVATE_BASELINE("non-private baseline"),
    /** The subject's post-processing on the labels alone (features replaced by noise). */
    LABEL_ONLY("labels alone"),
    /** The subject with the client's labels permuted (the query's label removed). */
    SHUFFLED_LABELS("labels shuffled"),
    /** The plain Gaussian mechanism in a public basis. */
    PLAIN_GAUSSIAN("plain Gaussian"),
    /** Chance level: embeddings that ignore the data. */
    CHANCE("chance");

    private final String words;

    Role(String words) {
      this.words = words;
    }

    /** The part in words, for {@code pmbench mechanisms NAME}. */
    public String words() {
      return words;
    }
  }

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
    return new Reporting(order, false, false, false, false, Role.NONE);
  }

  /** These settings, and every other mechanism is compared with this one. */
  public Reporting asPairedControl() {
    return new Reporting(order, true, idsClaim, dummiesAttacked, subject, role);
  }

  /** These settings, and in the claims' {@code ids} part. */
  public Reporting inIdsClaim() {
    return new Reporting(order, pairedControl, true, dummiesAttacked, subject, role);
  }

  /** These settings, and attacked by the claims' {@code attack} part. */
  public Reporting attackedInClaims() {
    return new Reporting(order, pairedControl, idsClaim, true, subject, role);
  }

  /** These settings, and the subject of the claims. */
  public Reporting asSubject() {
    return new Reporting(order, pairedControl, idsClaim, dummiesAttacked, true, role);
  }

  /** These settings, playing {@code part} in the claims' comparisons. */
  public Reporting as(Role part) {
    return new Reporting(order, pairedControl, idsClaim, dummiesAttacked, subject, part);
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
    if (role != Role.NONE) {
      b.append("; claims role: ").append(role.words());
    }
    return b.toString();
  }
}
