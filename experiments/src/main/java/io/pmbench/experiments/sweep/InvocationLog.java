package io.pmbench.experiments.sweep;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The elapsed time of a run that took several invocations: {@code DIR/invocations.jsonl}, one
 * JSON line per event, appended in one write each. An invocation writes {@code start} when it
 * opens the directory, a {@code beat} every {@link #BEAT} from a daemon thread while it runs,
 * and {@code end} when it stops normally (also after an error). A killed invocation (even {@code kill -9}) leaves its start
 * and its beats, so it is counted up to its last beat: a kill loses at most one beat interval
 * of the total, and a torn last line is ignored.
 *
 * <p>The total — the sum over invocations of (end or last beat) − start — is the run's elapsed
 * time as a reader would measure it with a stopwatch paused between invocations; it is a wall
 * clock, not part of any result, and is reported apart from the numbers.
 */
public final class InvocationLog implements AutoCloseable {
  /** The file's name in the run directory. */
  public static final String FILE = "invocations.jsonl";
  /** The longest interval between two beats. */
  public static final Duration BEAT = Duration.ofMinutes(1);
  /** The status of an invocation that ran to its end. */
  public static final String FINISHED = "finished";
  /** The status of an invocation that logged no end: killed, or still running. */
  public static final String KILLED = "killed (counted to its last beat)";
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private final Path file;
  private final int id;
  private final Clock clock;
  private final java.util.concurrent.atomic.AtomicLong queries = new java.util.concurrent.atomic.AtomicLong();
  private java.util.concurrent.ScheduledExecutorService timer;
  private boolean ended;

  private InvocationLog(Path file, int id, Clock clock) {
    this.file = file;
    this.id = id;
    this.clock = clock;
  }

  /**
   * Appends the start of a new invocation to {@code dir}'s log (numbered one past the
   * invocations already in it) and beats every {@link #BEAT} until {@link #end}.
   *
   * @param gridCells the number of cells in the run's whole grid (finished ones included)
   */
  public static InvocationLog start(Path dir, String commandLine, String commit, long pendingQueries,
      long gridCells) throws IOException {
    InvocationLog log = start(dir, commandLine, commit, pendingQueries, gridCells, Clock.systemUTC());
    log.timer = java.util.concurrent.Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "pmbench-invocation-log");
      t.setDaemon(true);
      return t;
    });
    long ms = BEAT.toMillis();
    log.timer.scheduleAtFixedRate(log::beat, ms, ms, java.util.concurrent.TimeUnit.MILLISECONDS);
    return log;
  }

  /** {@link #start} on {@code clock}, without the timer (tests call {@link #beat}). */
  static InvocationLog start(Path dir, String commandLine, String commit, long pendingQueries, long gridCells,
      Clock clock) throws IOException {
    Path file = dir.resolve(FILE);
    int id = read(dir).invocations().size() + 1;
    if (Files.exists(file) && Files.size(file) > 0 && !endsWithNewline(file)) {
      // a killed invocation's torn last line: end it, or the start below would continue it
      Files.write(file, new byte[] {'\n'}, StandardOpenOption.APPEND);
    }
    InvocationLog log = new InvocationLog(file, id, clock);
    ObjectNode n = log.event("start", clock.instant());
    n.put("commandLine", commandLine);
    n.put("commit", commit);
    n.put("pendingQueries", pendingQueries);
    n.put("gridCells", gridCells);
    log.append(n);
    return log;
  }

  private static boolean endsWithNewline(Path file) throws IOException {
    try (java.nio.channels.SeekableByteChannel ch = Files.newByteChannel(file)) {
      java.nio.ByteBuffer last = java.nio.ByteBuffer.allocate(1);
      ch.position(ch.size() - 1).read(last);
      return last.get(0) == '\n';
    }
  }

  /** Counts {@code n} finished queries (from any thread; written with the next beat). */
  public void queriesDone(int n) {
    queries.addAndGet(n);
  }

  /** Appends a beat (the timer's task); a failed write is skipped (the next beat retries). */
  synchronized void beat() {
    if (ended) {
      return;
    }
    ObjectNode e = event("beat", clock.instant());
    e.put("queries", queries.get());
    try {
      append(e);
    } catch (IOException ex) {
      // the log is a stopwatch, not a result: a lost beat shortens a killed invocation's count
    }
  }

  /**
   * Appends this invocation's end ({@code status}: {@link #FINISHED} or the error's message) and
   * stops the beats.
   */
  public synchronized void end(String status, int cellsComputed) {
    if (ended) {
      return;
    }
    ended = true;
    if (timer != null) {
      timer.shutdownNow();
    }
    ObjectNode e = event("end", clock.instant());
    e.put("queries", queries.get());
    e.put("cellsComputed", cellsComputed);
    e.put("status", status);
    try {
      append(e);
    } catch (IOException ex) {
      throw new UncheckedIOException("cannot append to " + file, ex);
    }
  }

  /** Ends the invocation as "stopped" if {@link #end} was not called. */
  @Override
  public void close() {
    end("stopped", 0);
  }

  private ObjectNode event(String kind, Instant at) {
    ObjectNode n = MAPPER.createObjectNode();
    n.put("event", kind);
    n.put("invocation", id);
    n.put("at", at.toString());
    return n;
  }

  private void append(ObjectNode n) throws IOException {
    Files.write(file, (MAPPER.writeValueAsString(n) + "\n").getBytes(StandardCharsets.UTF_8),
        StandardOpenOption.CREATE, StandardOpenOption.APPEND);
  }

  /**
   * One invocation as logged.
   *
   * @param id its number (1 for the first)
   * @param start when it opened the directory
   * @param last its end, or its last beat if it was killed
   * @param status {@link #FINISHED}, an error message, or {@link #KILLED}
   * @param queries queries it finished (at its end or last beat)
   * @param gridCells the cells of the whole grid as its start logged them, or −1 (a log written
   *     before pmbench recorded them)
   * @param commit the commit of the code that ran, as its start logged it ("" when none was logged)
   */
  public record Invocation(int id, Instant start, Instant last, String status, long queries, long gridCells,
      String commit) {
    /** Seconds from start to last. */
    public double seconds() {
      return Duration.between(start, last).toMillis() / 1000.0;
    }
  }

  /** The invocations of a run directory, and their total elapsed seconds. */
  public record Summary(List<Invocation> invocations) {
    public double totalSeconds() {
      return invocations.stream().mapToDouble(Invocation::seconds).sum();
    }

    /** The distinct commits the invocations logged, in the order they first ran. */
    public List<String> commits() {
      return invocations.stream().map(Invocation::commit).filter(c -> !c.isEmpty()).distinct().toList();
    }

    /** E.g. "3 invocations, 25,310 s (7.0 h)". */
    public String describe() {
      double s = totalSeconds();
      return String.format(java.util.Locale.ROOT, "%d invocation%s, %,.0f s (%.2f h)", invocations.size(),
          invocations.size() == 1 ? "" : "s", s, s / 3600);
    }
  }

  /**
   * Reads {@code dir}'s log (empty if there is none). A line that cannot be read is skipped: a
   * torn last line of a killed process, or a line this version does not know.
   */
  public static Summary read(Path dir) throws IOException {
    Path file = dir.resolve(FILE);
    Map<Integer, Invocation> byId = new LinkedHashMap<>();
    if (!Files.exists(file)) {
      return new Summary(List.of());
    }
    for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      JsonNode n;
      try {
        n = MAPPER.readTree(line);
      } catch (IOException e) {
        continue;
      }
      if (n == null || !n.hasNonNull("invocation") || !n.hasNonNull("at") || !n.hasNonNull("event")) {
        continue;
      }
      int id = n.get("invocation").asInt();
      Instant at;
      try {
        at = Instant.parse(n.get("at").asText());
      } catch (java.time.format.DateTimeParseException e) {
        continue;
      }
      String kind = n.get("event").asText();
      Invocation old = byId.get(id);
      if (kind.equals("start")) {
        byId.put(id, new Invocation(id, at, at, KILLED, 0, n.path("gridCells").asLong(-1),
            n.path("commit").asText("")));
      } else if (old != null && (kind.equals("beat") || kind.equals("end"))) {
        String status = kind.equals("end") ? n.path("status").asText(FINISHED) : old.status();
        byId.put(id, new Invocation(id, old.start(), at, status, n.path("queries").asLong(old.queries()),
            old.gridCells(), old.commit()));
      }
    }
    return new Summary(new ArrayList<>(byId.values()));
  }
}
