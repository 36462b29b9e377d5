package io.pmbench.benchmarks;

import io.pmbench.core.data.LabelledSet;
import io.pmbench.core.mechanism.ClientData;
import io.pmbench.core.mechanism.ClientSide;
import io.pmbench.core.mechanism.ClientView;
import io.pmbench.core.mechanism.MechanismRegistry;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.Method;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * One mechanism's client release in two builds of pmbench, side by side in one JVM, timed in the
 * querying thread's CPU time: {@code java -cp benchmarks.jar io.pmbench.benchmarks.CpuTimeAb
 * A.jar B.jar MECHANISM WARMUP QUERIES [DUMMIES DIM]}. Each build's {@code benchmarks.jar} gets its own class
 * loader; the queries alternate A, B, A, B … on the same thread, each on the input of
 * {@link TsneQueryBenchmark} (D = [r; 9 dummies; 1,000 public rows], d = 784, the paper preset at
 * ε = 0.1, seed 42; DUMMIES and DIM change the shape, e.g. 100 and 512 for CIFAR-100's). It prints the median, minimum and maximum CPU milliseconds per query of each
 * build, the ratio of the medians and whether the two releases are equal bit for bit.
 *
 * <p>For a machine shared with other work: JMH's wall-clock scores move with the load (under a
 * load average of 20 on 2 cores a query's score varied by ±35% between iterations), while the CPU
 * time a thread is charged moves much less, and alternating the builds exposes both to the same
 * load. It is not a replacement for JMH on a quiet machine (CPU time still includes the effects of
 * shared caches and of a busy sibling hyper-thread), so docs that quote it say which they used.
 */
public final class CpuTimeAb {
  private CpuTimeAb() {}

  /** The per-query side, defined anew in each build's class loader so it links against that build. */
  public static final class Probe {
    private static ClientSide client;
    private static ClientData data;
    private static double[] last;

    private Probe() {}

    /**
     * Sets up {@code mechanism}'s client as {@link TsneQueryBenchmark} does, with {@code dummies}
     * dummies ({@link Workload#clientData(LabelledSet, float[], int, int)}; other counts than 9 need
     * both builds from issue 37's dp-dsne change on) and rows of dimension {@code dim}. The client's view holds
     * the stand-in server map {@link Workload#serverPublic} (k = 2), which mechanisms with a
     * server-side map (dp-dsne) need and the others do not read.
     */
    public static void setUp(String mechanism, int dummies, int dim) {
      LabelledSet pub = Workload.rows(1, "public", 1000, dim);
      float[] r = Workload.row(Workload.rows(1, "gallery", 1, dim), 0);
      data = Workload.clientData(pub, r, 0, dummies);
      client = MechanismRegistry.discover().get(mechanism)
          .client(new ClientView(pub, Workload.CLASSES, Workload.serverPublic(pub.size(), 2), 7), Workload.params());
    }

    /** One release from seed 42; returns the thread CPU nanoseconds it took. */
    public static long query() {
      ThreadMXBean mx = ManagementFactory.getThreadMXBean();
      long t0 = mx.getCurrentThreadCpuTime();
      last = client.embed(data, new SplittableRandom(42)).embedding().data();
      return mx.getCurrentThreadCpuTime() - t0;
    }

    /** The last release's entries. */
    public static double[] last() {
      return last;
    }
  }

  /** One build's jar, plus {@link Probe} defined from this build's bytes. */
  private static final class BuildLoader extends URLClassLoader {
    BuildLoader(Path jar) throws MalformedURLException {
      super(new URL[] {jar.toUri().toURL()}, ClassLoader.getPlatformClassLoader());
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
      synchronized (getClassLoadingLock(name)) {
        if (!name.equals(Probe.class.getName())) {
          return super.loadClass(name, resolve);
        }
        Class<?> c = findLoadedClass(name);
        if (c == null) {
          byte[] b = probeBytes();
          c = defineClass(name, b, 0, b.length);
        }
        return c;
      }
    }

    private static byte[] probeBytes() {
      String resource = "/" + Probe.class.getName().replace('.', '/') + ".class";
      try (InputStream in = CpuTimeAb.class.getResourceAsStream(resource)) {
        return in.readAllBytes();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  public static void main(String[] args) throws ReflectiveOperationException, IOException {
    if (args.length != 5 && args.length != 7) {
      System.err.println("usage: CpuTimeAb A.jar B.jar MECHANISM WARMUP QUERIES [DUMMIES DIM]");
      System.exit(2);
    }
    int dummies = args.length == 7 ? Integer.parseInt(args[5]) : Workload.CLASSES - 1;
    int dim = args.length == 7 ? Integer.parseInt(args[6]) : 784;
    int warmup = Integer.parseInt(args[3]);
    int queries = Integer.parseInt(args[4]);
    Method[] query = new Method[2];
    Method[] last = new Method[2];
    for (int b = 0; b < 2; b++) {
      Class<?> probe = new BuildLoader(Path.of(args[b])).loadClass(Probe.class.getName());
      probe.getMethod("setUp", String.class, int.class, int.class).invoke(null, args[2], dummies, dim);
      query[b] = probe.getMethod("query");
      last[b] = probe.getMethod("last");
    }
    long[][] ns = new long[2][queries];
    for (int q = 0; q < warmup + queries; q++) {
      for (int b = 0; b < 2; b++) {
        long t = (Long) query[b].invoke(null);
        if (q >= warmup) {
          ns[b][q - warmup] = t;
        }
      }
    }
    double[] median = new double[2];
    for (int b = 0; b < 2; b++) {
      long[] s = ns[b].clone();
      Arrays.sort(s);
      median[b] = s[queries / 2] / 1e6;
      System.out.printf(Locale.ROOT, "%s: median %.1f ms CPU per query, min %.1f, max %.1f (%d queries)%n", args[b],
          median[b], s[0] / 1e6, s[queries - 1] / 1e6, queries);
    }
    boolean equal = Arrays.equals((double[]) last[0].invoke(null), (double[]) last[1].invoke(null));
    System.out.printf(Locale.ROOT, "A/B ratio of medians %.3f; releases bit-identical: %s%n", median[0] / median[1],
        equal);
  }
}
