package io.pmbench.spark;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;

/**
 * A Spark standalone cluster on 127.0.0.1 for tests (issue 23): a master and {@code n} workers,
 * each a child JVM running Spark's own main class ({@code org.apache.spark.deploy.master.Master},
 * {@code org.apache.spark.deploy.worker.Worker}) on this test's classpath; nothing is downloaded.
 *
 * <p>A worker launches each executor through Spark's launcher, which puts {@code
 * $SPARK_HOME/jars/*} on the executor's classpath; {@code SPARK_HOME} here is a directory in the
 * test's temporary folder whose {@code jars/} holds symbolic links to the classpath's jars. The
 * classpath's directories (pmbench's modules as built by Maven, and this module's test classes
 * with the test plugin {@code flaky}) reach executors through {@code spark.executor.extraClassPath}
 * ({@link #executorClassPath}), which the driver sends with each executor request.
 *
 * <p>{@link #close} ends every process this class started, and the executors those started
 * (found through each {@link Process}'s {@link ProcessHandle#descendants}), first politely, then
 * forcibly; a test calls it in {@code finally} (try-with-resources).
 */
final class StandaloneCluster implements AutoCloseable {
  private static final int STARTUP_SECONDS = 180;
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Path dir;
  private final List<Process> processes = new ArrayList<>();
  private final List<Path> workDirs = new ArrayList<>();
  private final String masterUrl;
  private final int masterUi;
  private final String executorClassPath;

  private StandaloneCluster(Path dir) throws IOException {
    this.dir = dir;
    this.masterUrl = "spark://127.0.0.1:" + freePort();
    this.masterUi = freePort();
    List<String> entries = classPath();
    this.executorClassPath = String.join(File.pathSeparator, entries.stream().filter(e -> !e.endsWith(".jar"))
        .toList());
    Path jars = Files.createDirectories(dir.resolve("spark-home").resolve("jars"));
    Set<String> names = new LinkedHashSet<>();
    for (String e : entries) {
      Path jar = Path.of(e);
      if (e.endsWith(".jar") && Files.isRegularFile(jar)) {
        String name = names.add(jar.getFileName().toString()) ? jar.getFileName().toString()
            : names.size() + "-" + jar.getFileName();
        Files.createSymbolicLink(jars.resolve(name), jar.toAbsolutePath());
      }
    }
  }

  /**
   * Starts a master and {@code workers} workers of one core and 1 GiB each under {@code dir}, and
   * returns once the master lists them all alive.
   *
   * @throws IllegalStateException when they are not up within {@value #STARTUP_SECONDS} s (the
   *     message ends with the logs' last lines); everything started is stopped first
   */
  static StandaloneCluster start(Path dir, int workers) throws IOException, InterruptedException {
    StandaloneCluster c = new StandaloneCluster(dir);
    try {
      c.launch("master", List.of("org.apache.spark.deploy.master.Master", "--host", "127.0.0.1", "--port",
          c.masterUrl.substring(c.masterUrl.lastIndexOf(':') + 1), "--webui-port", Integer.toString(c.masterUi)));
      for (int i = 0; i < workers; i++) {
        Path work = Files.createDirectories(dir.resolve("worker-" + i));
        c.workDirs.add(work);
        c.launch("worker-" + i, List.of("org.apache.spark.deploy.worker.Worker", "--host", "127.0.0.1", "--cores", "1",
            "--memory", "1g", "--work-dir", work.toString(), "--webui-port", Integer.toString(freePort()), c.masterUrl));
      }
      c.awaitWorkers(workers);
      return c;
    } catch (IOException | InterruptedException | RuntimeException e) {
      c.close();
      throw e;
    }
  }

  /** The master's URL, {@code spark://127.0.0.1:PORT}. */
  String masterUrl() {
    return masterUrl;
  }

  /** The classpath directories executors need beyond {@code $SPARK_HOME/jars}, for {@code spark.executor.extraClassPath}. */
  String executorClassPath() {
    return executorClassPath;
  }

  /** Each worker's work directory (one subdirectory per application, one per executor inside). */
  List<Path> workDirs() {
    return List.copyOf(workDirs);
  }

  /** The test JVM's classpath, entry by entry (surefire puts the real one in {@code java.class.path}). */
  private static List<String> classPath() {
    return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator)).filter(s -> !s.isEmpty())
        .toList();
  }

  private void launch(String name, List<String> mainAndArgs) throws IOException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-Xmx256m");
    // the --add-opens Spark needs on Java 17 (this module's spark.test.opens), as the test JVM got them
    ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
        .filter(a -> a.startsWith("--add-opens") || a.startsWith("-XX:+IgnoreUnrecognizedVMOptions")
            || a.startsWith("-Djdk.reflect"))
        .forEach(command::add);
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.addAll(mainAndArgs);
    ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true)
        .redirectOutput(dir.resolve(name + ".log").toFile());
    Map<String, String> env = pb.environment();
    env.put("SPARK_HOME", dir.resolve("spark-home").toString());
    env.put("SPARK_SCALA_VERSION", "2.13"); // else the launcher looks for a Spark source build's directories
    env.put("SPARK_LOCAL_IP", "127.0.0.1");
    env.remove("SPARK_CONF_DIR");
    processes.add(pb.start());
  }

  private void awaitWorkers(int workers) throws IOException, InterruptedException {
    HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    HttpRequest status = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + masterUi + "/json/"))
        .timeout(Duration.ofSeconds(10)).build();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(STARTUP_SECONDS);
    while (System.nanoTime() < deadline) {
      for (Process p : processes) {
        if (!p.isAlive()) {
          throw new IllegalStateException("a cluster process exited with " + p.exitValue() + "; " + logTails());
        }
      }
      try {
        HttpResponse<String> r = http.send(status, HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() == 200 && JSON.readTree(r.body()).path("aliveworkers").asInt() >= workers) {
          return;
        }
      } catch (IOException e) {
        // the master's web UI is not up yet
      }
      Thread.sleep(500);
    }
    throw new IllegalStateException("the standalone cluster did not list " + workers + " alive workers within "
        + STARTUP_SECONDS + " s; " + logTails());
  }

  /** The last lines of every log, for a failure message. */
  String logTails() {
    StringBuilder b = new StringBuilder();
    try (Stream<Path> logs = Files.walk(dir)) {
      for (Path log : logs.filter(p -> p.toString().endsWith(".log") || p.getFileName().toString().equals("stderr"))
          .sorted().toList()) {
        List<String> lines = Files.readAllLines(log);
        b.append("\n--- ").append(dir.relativize(log)).append(" ---\n");
        lines.subList(Math.max(0, lines.size() - 15), lines.size()).forEach(l -> b.append(l).append('\n'));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return b.toString();
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
      return s.getLocalPort();
    }
  }

  /**
   * Stops the workers (whose shutdown ends their executors) and the master, each with SIGTERM and
   * up to 20 s of grace, then kills whatever of them or their descendants is still alive.
   */
  @Override
  public void close() {
    List<ProcessHandle> all = new ArrayList<>();
    for (int i = processes.size() - 1; i >= 0; i--) {
      processes.get(i).descendants().forEach(all::add);
      all.add(processes.get(i).toHandle());
    }
    all.forEach(ProcessHandle::destroy);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    for (ProcessHandle h : all) {
      try {
        h.onExit().get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        h.destroyForcibly();
      } catch (ExecutionException | TimeoutException e) {
        h.destroyForcibly();
      }
    }
    for (Process p : processes) {
      p.descendants().forEach(ProcessHandle::destroyForcibly);
      p.destroyForcibly();
    }
  }
}
