package io.pmbench.core.mechanism;

/**
 * The plugin contract every method implements (SPEC.md §7). A mechanism maps the client's rows
 * and labels to an embedding, declares its privacy guarantee, and provides the server side, which
 * embeds [S; P] without privacy. Implementations are stateless singletons registered by name
 * through a {@link MechanismModule}; all state lives in the returned {@link ServerSide} and
 * {@link ClientSide}.
 *
 * <p>Class javadoc of an implementation must state: its guarantee, the neighbouring relation,
 * the sensitivity and how it is bounded, what is assumed public, and its source.
 */
public interface EmbeddingMechanism {
  /** The registry name (lower case, e.g. {@code privatemail}). */
  String name();

  /** One line for {@code --help} and reports. */
  String description();

  /**
   * Checks that the guarantee exists for these parameters; throws {@link IllegalArgumentException}
   * naming the parameter otherwise. Called before any data is touched.
   */
  void validate(MechanismParams params);

  /** Whether the client embedding is aligned to the server's on the public rows (SPEC.md §6). */
  boolean alignsOnPublic();

  /**
   * A key naming the server computation; two mechanisms returning the same key for the same seed
   * share one server embedding (e.g. smlq, privatemail and label-only run the same noise-free
   * SMLQ on [S; P]).
   */
  default String serverKey(MechanismParams params) {
    return name() + "|" + params.describe();
  }

  /**
   * Whether the release depends on ε or the noise calibration. False for a non-private mechanism
   * and for one whose noise level is fixed by its own options (e.g. {@code dp-dsne-official});
   * grids then compute it once per seed and draw the same cells at every ε (the query streams
   * still name ε, so running it again at another ε would only redraw the same distribution).
   * A mechanism that claims differential privacy must return true: its noise is calibrated to ε.
   * Default true.
   */
  default boolean readsEpsilon() {
    return true;
  }

  /**
   * Whether the runner may keep this mechanism's server side on disk between runs of one
   * configuration (see {@code io.pmbench.core.protocol.ServerStore}): only for a server side that is
   * slow to build and fully described by {@link ServerSide#gallery()} and
   * {@link ServerSide#publicRows()} (it overrides neither {@code galleryFor} nor
   * {@code publicRowsFor}). Default false.
   */
  default boolean persistsServer() {
    return false;
  }

  /**
   * The revision of this mechanism's computation at its default options: 1 for a mechanism as it
   * was first released. Bump it when a change of code or of a default option changes the draws
   * (never for a change that keeps every bit). A cell records the revision it was computed by
   * (absent = 1) and a resumed run recomputes the cells of another revision instead of mixing
   * them with its own; the run's fingerprint, and so its other cells, stay valid. Default 1.
   */
  default int revision() {
    return 1;
  }

  /**
   * Bytes the server side holds at its peak, beyond the loaded feature values, for a server of
   * {@code serverRows} rows (gallery + public), when that grows faster than the rows — e.g. exact
   * t-SNE's n × n matrices. The launcher sizes the JVM's heap from it (docs/usage.md, "Memory");
   * 0 for a server that stays within the launcher's floor. Default 0.
   */
  default long serverPeakBytes(long serverRows) {
    return 0;
  }

  /**
   * Whether {@code --mechanisms all} includes this mechanism. False only for a reference kept to
   * check another one against (e.g. {@code tsne-smile}, Smile's slow t-SNE behind {@code tsne}):
   * it runs when named. Default true.
   */
  default boolean inAll() {
    return true;
  }

  /**
   * The options this mechanism reads from {@link MechanismParams#option}, besides the ones every
   * mechanism accepts ({@link MechanismOptions#COMMON}): the command line refuses any other key
   * and any value an option's parser rejects, and {@code pmbench mechanisms NAME} prints them.
   * A mechanism that delegates to another (e.g. its server side) declares the options the other
   * reads. Default: none.
   */
  default java.util.List<OptionSpec<?>> options() {
    return java.util.List.of();
  }

  /**
   * How the reports and the claims table use this mechanism: its place in report tables and
   * the claims' parts it takes part in ({@link Reporting}). Default {@link Reporting#DEFAULT}:
   * listed after the built-in bands by name, in no claim (a plugin is still run, audited through
   * {@link Auditable} and reported like any other).
   */
  default Reporting reporting() {
    return Reporting.DEFAULT;
  }

  /** Builds the server's embedding of [S; P]. */
  ServerSide server(ServerView view, MechanismParams params);

  /** Prepares the client side (everything that does not change between queries). */
  ClientSide client(ClientView view, MechanismParams params);
}
