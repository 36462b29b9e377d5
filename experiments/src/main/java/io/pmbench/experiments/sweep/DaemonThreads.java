package io.pmbench.experiments.sweep;

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/** Daemon worker threads named by a prefix and a count: the cell workers' and the recheck's. */
final class DaemonThreads {
  private DaemonThreads() {}

  /** A factory of daemon threads named {@code prefix} followed by 1, 2, … */
  static ThreadFactory named(String prefix) {
    AtomicInteger n = new AtomicInteger();
    return r -> {
      Thread t = new Thread(r, prefix + n.incrementAndGet());
      t.setDaemon(true);
      return t;
    };
  }
}
