package io.pmbench.core.mechanism;

import java.util.SplittableRandom;

/**
 * The client's side of a mechanism, prepared once from what the client holds before any query
 * (e.g. the public set's kernel block), then called once per query. Must be safe to call from
 * several threads at once (queries run in parallel): keep per-query state local.
 */
public interface ClientSide {
  /** Embeds D and returns the release; all randomness comes from {@code rng}. */
  ClientRelease embed(ClientData data, SplittableRandom rng);
}
