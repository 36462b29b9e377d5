package io.pmbench.experiments.cli;

import io.pmbench.core.mechanism.EmbeddingMechanism;
import io.pmbench.experiments.sweep.GridSetup;
import java.io.IOException;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * The Java heap a grid gets when the user did not choose one (issue 38: the JVM's default, a
 * quarter of the machine's memory, let the default run grow to 6.1 GiB resident for 10,000-row
 * data). The {@code pmbench} launcher starts the JVM with {@value #FLOOR_MIB} MiB and
 * {@code -Dpmbench.heap=auto} unless {@code JAVA_OPTS} names a heap size; once the data set is
 * loaded, a grid that needs more is run again, by the same command line, in a JVM with the heap
 * {@link #needMiB} gives (at most half the machine's memory). {@code verify --recheck} starts the
 * same way; the grid commands it runs in its JVM do so {@link #nested}, and one that needs more is
 * rechecked in a JVM of its own with that heap ({@link StoredRecheck}).
 *
 * <p>The rule, in MiB: {@code max(1200, 512 + (8·v + c·s)/2²⁰)}, where v is the number of
 * feature values loaded (train + test rows × dimension, held once as doubles), c the number of
 * cells the grid runs at once (each may build its seed's server at the same time as the others:
 * the cache shares one build per mechanism and seed, not across seeds) and s the largest
 * {@link EmbeddingMechanism#serverPeakBytes} a mechanism of the grid declares for the server's n
 * rows (gallery + public): 16·n² for the exact t-SNE server that {@code tsne}, {@code tsne-smile},
 * {@code dp-dsne} and {@code dp-dsne-official} share (its n × n squared distances, packed
 * affinities and their float copy), 0 for every other built-in mechanism. Everything
 * else stays within the floor: the SMLQ server's n × n kernel is kept as its upper triangle, or
 * computed blockwise, when the whole block would take more than ¾ of the free heap (the same bits,
 * {@code LaplacianLayout}), the 10⁵-row k-NN
 * server peaks at about 600 MB resident, and the dp-dsne affinity cache takes an eighth of the
 * heap. The floor keeps the default run (Fashion-MNIST, SMLQ family) at about 1.3 GiB resident.
 */
final class HeapRule {
  /** The system property the launcher sets: {@code auto} while the heap is the launcher's default. */
  static final String PROPERTY = "pmbench.heap";
  /** The heap the launcher starts with, and the least this rule gives. */
  static final long FLOOR_MIB = 1200;
  private static final long BASE_MIB = 512;
  /** JVM options whose value is the next argument. */
  private static final java.util.Set<String> TAKES_VALUE = java.util.Set.of("--add-modules", "--add-opens",
      "--add-exports", "--add-reads", "-cp", "-classpath", "--class-path", "-p", "--module-path");

  private HeapRule() {}

  /**
   * The heap in MiB a grid needs.
   *
   * @param values feature values loaded (rows × dimension over train and test)
   * @param serverPeakBytes the largest server peak a mechanism of the grid declares
   * @param concurrent the cells run at once (at least 1), each of which may hold a server build at its peak
   */
  static long needMiB(long values, long serverPeakBytes, int concurrent) {
    if (concurrent < 1) {
      throw new IllegalArgumentException("concurrent cells must be at least 1, got " + concurrent);
    }
    double bytes = 8.0 * values + (double) concurrent * serverPeakBytes;
    return Math.max(FLOOR_MIB, BASE_MIB + (long) Math.ceil(bytes / (1 << 20)));
  }

  /** The largest {@link EmbeddingMechanism#serverPeakBytes} of {@code meant} for {@code serverRows} rows. */
  static long serverPeakBytes(List<EmbeddingMechanism> meant, long serverRows) {
    return meant.stream().mapToLong(m -> m.serverPeakBytes(serverRows)).max().orElse(0);
  }

  /**
   * Runs this command again with a larger heap when the launcher chose the heap and {@code s}
   * needs more ({@link #needMiB}); returns only when this JVM's heap is enough or was chosen by
   * the user. Otherwise exits with the exit code of the JVM it started.
   */
  static void ensure(GridSetup s, List<EmbeddingMechanism> meant, PrintWriter err) {
    Host host = NESTED.get();
    if (!(host == null ? "auto".equals(System.getProperty(PROPERTY)) : host.auto())) {
      return;
    }
    long values = (long) (s.data().train().size() + s.data().test().size()) * s.data().dimension();
    long n = (long) s.data().test().size() + s.protocol().nPublic();
    long server = serverPeakBytes(meant, n);
    int concurrent = server == 0 ? 1 : Math.max(1, s.parallel());
    long need = Math.min(needMiB(values, server, concurrent), physicalMiB() / 2);
    long have = host == null ? Runtime.getRuntime().maxMemory() >> 20 : host.haveMiB();
    if (need <= have + 64) { // maxMemory reports a little less than -Xmx
      return;
    }
    if (host != null) { // a command run inside another (verify --recheck): that one starts the larger JVM
      throw new TooSmall(need);
    }
    String why = server > 8L * values ? "the server embedding of " + meant.stream()
        .filter(m -> m.serverPeakBytes(n) == server).map(EmbeddingMechanism::name).findFirst().orElseThrow()
        : need == FLOOR_MIB ? "the floor" : "the loaded data";
    String builds = server > 0 && concurrent > 1 ? ", " + concurrent + " cells at once" : "";
    err.printf(Locale.ROOT, "pmbench: running again with a %,d MiB heap (%s, %,d server rows%s; JAVA_OPTS=-Xmx... "
        + "overrides, docs/usage.md)%n", need, why, n, builds);
    err.flush();
    System.exit(relaunch(need));
  }

  /**
   * The JVM a command runs in when another command runs it ({@link #nested}): whether the launcher
   * chose its heap, and that heap in MiB.
   */
  private record Host(boolean auto, long haveMiB) {}

  /** Set while a command runs inside another one's JVM, on that thread ({@link #nested}). */
  private static final ThreadLocal<Host> NESTED = new ThreadLocal<>();

  /**
   * Thrown by {@link #ensure} instead of running again when the command runs {@link #nested}: the
   * heap it needs, for the caller to start a JVM with it ({@link #childCommand}).
   */
  static final class TooSmall extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final long needMiB;

    TooSmall(long needMiB) {
      super("the heap is too small for this grid: it needs " + needMiB + " MiB");
      this.needMiB = needMiB;
    }

    long needMiB() {
      return needMiB;
    }
  }

  /**
   * Runs {@code body} (a command run in this JVM by another command, on this thread) with {@link
   * #ensure} throwing {@link TooSmall} instead of running this JVM's command line again.
   */
  static <T> T nested(Supplier<T> body) {
    return nested(new Host("auto".equals(System.getProperty(PROPERTY)), Runtime.getRuntime().maxMemory() >> 20), body);
  }

  /** {@link #nested} in a JVM taken to have a launcher-chosen heap of {@code haveMiB} (tests: any heap, one thread). */
  static <T> T nestedWithHeap(long haveMiB, Supplier<T> body) {
    return nested(new Host(true, haveMiB), body);
  }

  private static <T> T nested(Host host, Supplier<T> body) {
    Host outer = NESTED.get();
    NESTED.set(host);
    try {
      return body.get();
    } finally {
      NESTED.set(outer);
    }
  }

  /**
   * The command line of a JVM that runs pmbench's {@code args} with a {@code mib} MiB heap: this
   * JVM's java, its options (without heap size and {@link #PROPERTY}, which becomes {@code
   * derived}), its class path and pmbench's main class.
   */
  static List<String> childCommand(long mib, List<String> args) {
    List<String> command = new ArrayList<>();
    command.add(ProcessHandle.current().info().command().orElse("java"));
    command.add("-Xmx" + mib + "m");
    command.add("-D" + PROPERTY + "=derived");
    command.addAll(withoutHeap(ManagementFactory.getRuntimeMXBean().getInputArguments()));
    command.addAll(List.of("-cp", System.getProperty("java.class.path"), Pmbench.class.getName()));
    command.addAll(args);
    return command;
  }

  /** This JVM's command line with {@code -Xmx<mib>m} and the property set to {@code derived}; its exit code. */
  private static int relaunch(long mib) {
    ProcessHandle.Info info = ProcessHandle.current().info();
    List<String> command = new ArrayList<>();
    command.add(info.command().orElse("java"));
    command.add("-Xmx" + mib + "m");
    command.add("-D" + PROPERTY + "=derived");
    command.addAll(withoutHeap(List.of(info.arguments().orElseThrow(() -> new IllegalStateException(
        "pmbench: cannot read this JVM's command line to raise its heap; set JAVA_OPTS=-Xmx" + mib + "m")))));
    try {
      return new ProcessBuilder(command).inheritIO().start().waitFor();
    } catch (IOException e) {
      throw new IllegalStateException("pmbench: cannot start java to raise the heap (" + e.getMessage()
          + "); set JAVA_OPTS=-Xmx" + mib + "m", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return 130;
    }
  }

  /** {@code args} without the heap size and {@link #PROPERTY} among the JVM's options (before the jar or class). */
  static List<String> withoutHeap(List<String> args) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < args.size(); i++) {
      String a = args.get(i);
      if (a.equals("-jar") || !a.startsWith("-")) { // the jar or the main class: the rest is the command's
        out.addAll(args.subList(i, args.size()));
        break;
      }
      if (!a.startsWith("-Xmx") && !a.startsWith("-D" + PROPERTY + "=")) {
        out.add(a);
      }
      if (TAKES_VALUE.contains(a) && i + 1 < args.size()) {
        out.add(args.get(++i));
      }
    }
    return out;
  }

  private static long physicalMiB() {
    return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
        .getTotalMemorySize() >> 20;
  }
}
