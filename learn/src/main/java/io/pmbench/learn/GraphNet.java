package io.pmbench.learn;

import java.util.List;
import org.tensorflow.Graph;
import org.tensorflow.Session;

/** A TensorFlow graph and its one session, run with {@link GatedAdam#config} ({@link EmbeddingNet}, {@link VaeNet}). */
abstract class GraphNet implements AutoCloseable {
  protected final Graph graph = new Graph();
  private Session session;

  /** Opens the session on the finished graph and initialises its variables. */
  protected final void open() {
    session = new Session(graph, GatedAdam.config());
    session.initialize();
  }

  protected final Session session() {
    return session;
  }

  @Override
  public void close() {
    if (session != null) {
      session.close();
    }
    graph.close();
  }

  /** The graph's op types (tests check that none is random). */
  List<String> opTypes() {
    return GatedAdam.opTypes(graph);
  }
}
