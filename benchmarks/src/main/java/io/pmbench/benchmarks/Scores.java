package io.pmbench.benchmarks;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.results.RunResult;

/**
 * The average times of one JMH run, in milliseconds per operation, looked up by benchmark class,
 * method and {@code @Param} values. Immutable.
 */
public final class Scores {
  /**
   * One benchmark's result.
   *
   * @param benchmark simple class name, e.g. {@code PrivateMailQueryBenchmark}
   * @param method the {@code @Benchmark} method, e.g. {@code optimised}
   * @param params the {@code @Param} values, by name
   * @param millis mean time per operation, ms
   * @param errorMillis JMH's 99.9% half-width, ms (NaN with fewer than two iterations)
   */
  public record Score(String benchmark, String method, Map<String, String> params, double millis,
      double errorMillis) {
    public Score {
      params = Map.copyOf(new TreeMap<>(params));
    }
  }

  private final List<Score> scores;

  private Scores(List<Score> scores) {
    this.scores = List.copyOf(scores);
  }

  /** The scores of a finished JMH run (average-time mode). */
  public static Scores of(Collection<RunResult> results) {
    List<Score> out = new ArrayList<>();
    for (RunResult r : results) {
      BenchmarkParams bp = r.getParams();
      String full = bp.getBenchmark();
      int dot = full.lastIndexOf('.');
      String cls = full.substring(full.lastIndexOf('.', dot - 1) + 1, dot);
      Map<String, String> params = new LinkedHashMap<>();
      for (String key : bp.getParamsKeys()) {
        params.put(key, bp.getParam(key));
      }
      double toMillis = (double) TimeUnit.NANOSECONDS.convert(1, bp.getTimeUnit()) / 1e6;
      out.add(new Score(cls, full.substring(dot + 1), params, r.getPrimaryResult().getScore() * toMillis,
          r.getPrimaryResult().getScoreError() * toMillis));
    }
    return new Scores(out);
  }

  /** Scores given directly (tests, or a re-read run). */
  public static Scores of(List<Score> scores) {
    return new Scores(scores);
  }

  public List<Score> all() {
    return scores;
  }

  /** Header of {@link #toCsv}. */
  static final String CSV_HEADER = "benchmark,method,params,ms_per_op,error_ms";

  /** One line per score: benchmark, method, params as {@code k=v;k=v}, ms, error (read back by {@link #fromCsv}). */
  public String toCsv() {
    StringBuilder b = new StringBuilder(CSV_HEADER).append('\n');
    for (Score s : scores) {
      StringBuilder p = new StringBuilder();
      new TreeMap<>(s.params()).forEach((k, v) -> p.append(p.length() == 0 ? "" : ";").append(k).append('=').append(v));
      b.append(s.benchmark()).append(',').append(s.method()).append(',').append(p).append(',').append(s.millis())
          .append(',').append(s.errorMillis()).append('\n');
    }
    return b.toString();
  }

  /**
   * The scores written by {@link #toCsv}; a malformed line throws IllegalArgumentException naming
   * {@code source} and the line number.
   */
  public static Scores fromCsv(List<String> lines, String source) {
    if (lines.isEmpty() || !lines.get(0).equals(CSV_HEADER)) {
      throw new IllegalArgumentException(source + " line 1 must be '" + CSV_HEADER + "'");
    }
    List<Score> out = new ArrayList<>();
    for (int i = 1; i < lines.size(); i++) {
      String[] f = lines.get(i).split(",", -1);
      try {
        Map<String, String> params = new LinkedHashMap<>();
        for (String kv : f[2].isEmpty() ? new String[0] : f[2].split(";")) {
          String[] e = kv.split("=", 2);
          params.put(e[0], e[1]);
        }
        out.add(new Score(f[0], f[1], params, Double.parseDouble(f[3]), Double.parseDouble(f[4])));
      } catch (RuntimeException e) {
        throw new IllegalArgumentException(source + " line " + (i + 1) + ": expected " + CSV_HEADER
            + ". Provided value: " + lines.get(i), e);
      }
    }
    return new Scores(out);
  }

  /**
   * The time of {@code benchmark.method} whose parameters include every entry of {@code params}
   * (the first such score), if it ran.
   */
  public OptionalDouble millis(String benchmark, String method, Map<String, String> params) {
    for (Score s : scores) {
      if (s.benchmark().equals(benchmark) && s.method().equals(method)
          && s.params().entrySet().containsAll(params.entrySet())) {
        return OptionalDouble.of(s.millis());
      }
    }
    return OptionalDouble.empty();
  }

  /** reference time / optimised time for the same benchmark and parameters (how many times faster). */
  public OptionalDouble speedup(String benchmark, String optimised, String reference, Map<String, String> params) {
    OptionalDouble fast = millis(benchmark, optimised, params);
    OptionalDouble slow = millis(benchmark, reference, params);
    return fast.isPresent() && slow.isPresent() ? OptionalDouble.of(slow.getAsDouble() / fast.getAsDouble())
        : OptionalDouble.empty();
  }
}
