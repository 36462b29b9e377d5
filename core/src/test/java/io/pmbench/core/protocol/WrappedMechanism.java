package io.pmbench.core.protocol;

import io.pmbench.core.mechanism.ClientSide;
import io.pmbench.core.mechanism.ClientView;
import io.pmbench.core.mechanism.EmbeddingMechanism;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.mechanism.ServerSide;
import io.pmbench.core.mechanism.ServerView;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;

/**
 * A registered mechanism under test control: its own server key, whether it persists its server
 * side, a hook run before every server build (to count or hold builds), a count of client
 * builds, and a wrapper around each client side it builds (to observe its calls).
 */
final class WrappedMechanism implements EmbeddingMechanism {
  private final EmbeddingMechanism m;
  private final String serverKey;
  private final boolean persists;
  private final Runnable beforeServer;
  private final UnaryOperator<ClientSide> clientWrapper;
  final AtomicInteger serverBuilds = new AtomicInteger();
  final AtomicInteger clientBuilds = new AtomicInteger();

  WrappedMechanism(EmbeddingMechanism m, String serverKey, boolean persists, Runnable beforeServer) {
    this(m, serverKey, persists, beforeServer, UnaryOperator.identity());
  }

  WrappedMechanism(EmbeddingMechanism m, String serverKey, boolean persists, Runnable beforeServer,
      UnaryOperator<ClientSide> clientWrapper) {
    this.m = m;
    this.serverKey = serverKey;
    this.persists = persists;
    this.beforeServer = beforeServer;
    this.clientWrapper = clientWrapper;
  }

  @Override
  public String name() {
    return m.name();
  }

  @Override
  public String description() {
    return m.name() + " under server key " + serverKey;
  }

  @Override
  public void validate(MechanismParams params) {
    m.validate(params);
  }

  @Override
  public boolean alignsOnPublic() {
    return m.alignsOnPublic();
  }

  @Override
  public String serverKey(MechanismParams params) {
    return serverKey;
  }

  @Override
  public boolean persistsServer() {
    return persists;
  }

  @Override
  public ServerSide server(ServerView view, MechanismParams params) {
    beforeServer.run();
    serverBuilds.incrementAndGet();
    return m.server(view, params);
  }

  @Override
  public ClientSide client(ClientView view, MechanismParams params) {
    clientBuilds.incrementAndGet();
    return clientWrapper.apply(m.client(view, params));
  }
}
