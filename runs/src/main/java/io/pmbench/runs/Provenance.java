package io.pmbench.runs;

import io.pmbench.core.Preconditions;
import java.time.Instant;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * Where a set of results came from: enough to trace every row of {@code results.csv} to the
 * configuration, seeds, input data, code and JVM that produced it. Written as {@code
 * provenance.json} beside the results (by reports' {@code ResultWriter}); see {@link
 * ProvenanceJson} for the format.
 *
 * @param commandLine the command line as typed (or reconstructed from the parsed options)
 * @param config the run configuration, option name to value; copied into an unmodifiable map in
 *     key order. Values are written to JSON by {@link ProvenanceJson#toNode}: strings, numbers,
 *     booleans, enums, records, maps, collections and arrays, anything else by {@code toString()}
 * @param seeds the seeds of the run, in run order
 * @param datasetName the data set's name
 * @param datasetSha256 SHA-256 of the data set's content, 64 hex digits (stored lower-case)
 * @param fileChecksums SHA-256 of every input file, by path as given; copied in key order
 * @param gitCommit HEAD commit of the checkout, or {@link GitInfo#UNKNOWN}
 * @param gitDirty whether the work tree differed from {@code gitCommit} (see {@link GitInfo})
 * @param codeVersion the project version ({@link CodeVersion#current()})
 * @param javaVersion {@code java.version}
 * @param javaVendor {@code java.vendor}
 * @param osName {@code os.name}
 * @param osArch {@code os.arch}
 * @param availableProcessors processors available to the JVM
 * @param maxHeapBytes {@code Runtime.maxMemory()}
 * @param startTime when the run started
 * @param endTime when the run ended, not before {@code startTime}
 */
public record Provenance(
    String commandLine,
    Map<String, Object> config,
    List<Long> seeds,
    String datasetName,
    String datasetSha256,
    Map<String, String> fileChecksums,
    String gitCommit,
    boolean gitDirty,
    String codeVersion,
    String javaVersion,
    String javaVendor,
    String osName,
    String osArch,
    int availableProcessors,
    long maxHeapBytes,
    Instant startTime,
    Instant endTime) {

  private static final Pattern SHA256 = Pattern.compile("[0-9a-f]{64}");

  public Provenance {
    Preconditions.nonNull(commandLine, "commandLine");
    config = copyOfConfig(config);
    Preconditions.nonNull(seeds, "seeds");
    Preconditions.require(
        seeds.stream().noneMatch(Objects::isNull), "seeds", "a list without null", seeds);
    seeds = List.copyOf(seeds);
    Preconditions.nonBlank(datasetName, "datasetName");
    datasetSha256 = sha256(datasetSha256, "datasetSha256");
    fileChecksums = copyOfChecksums(fileChecksums);
    Preconditions.nonBlank(gitCommit, "gitCommit");
    Preconditions.nonBlank(codeVersion, "codeVersion");
    requireHost(javaVersion, javaVendor, osName, osArch, availableProcessors, maxHeapBytes);
    Preconditions.nonNull(startTime, "startTime");
    Preconditions.nonNull(endTime, "endTime");
    Preconditions.require(!endTime.isBefore(startTime), "endTime",
        "not before startTime " + startTime,
        endTime);
  }

  /**
   * Provenance of a run on this JVM: fills {@link #environment()}, the git fields from {@code
   * git} and {@link CodeVersion#current()}.
   */
  public static Provenance of(
      String commandLine,
      Map<String, ?> config,
      List<Long> seeds,
      String datasetName,
      String datasetSha256,
      Map<String, String> fileChecksums,
      GitInfo git,
      Instant startTime,
      Instant endTime) {
    Preconditions.nonNull(git, "git");
    Environment env = environment();
    return new Provenance(commandLine, Collections.unmodifiableMap(
        Preconditions.nonNull(config, "config")), seeds, datasetName, datasetSha256,
        fileChecksums, git.commit(), git.dirty(), CodeVersion.current(), env.javaVersion(),
        env.javaVendor(), env.osName(), env.osArch(), env.availableProcessors(),
        env.maxHeapBytes(), startTime, endTime);
  }

  /** The JVM and host this code runs on. */
  public static Environment environment() {
    Runtime runtime = Runtime.getRuntime();
    return new Environment(
        System.getProperty("java.version"),
        System.getProperty("java.vendor"),
        System.getProperty("os.name"),
        System.getProperty("os.arch"),
        runtime.availableProcessors(),
        runtime.maxMemory());
  }

  /**
   * The JVM and host fields of a {@link Provenance}.
   *
   * @param javaVersion {@code java.version}
   * @param javaVendor {@code java.vendor}
   * @param osName {@code os.name}
   * @param osArch {@code os.arch}
   * @param availableProcessors processors available to the JVM
   * @param maxHeapBytes {@code Runtime.maxMemory()}
   */
  public record Environment(
      String javaVersion,
      String javaVendor,
      String osName,
      String osArch,
      int availableProcessors,
      long maxHeapBytes) {}

  /** The JVM and host fields (those of {@link Environment}): names non-blank, counts at least 1. */
  private static void requireHost(String javaVersion, String javaVendor, String osName, String osArch,
      int availableProcessors, long maxHeapBytes) {
    Preconditions.nonBlank(javaVersion, "javaVersion");
    Preconditions.nonBlank(javaVendor, "javaVendor");
    Preconditions.nonBlank(osName, "osName");
    Preconditions.nonBlank(osArch, "osArch");
    Preconditions.atLeast(availableProcessors, 1, "availableProcessors");
    Preconditions.atLeast(maxHeapBytes, 1, "maxHeapBytes");
  }

  private static Map<String, Object> copyOfConfig(Map<String, ?> config) {
    Preconditions.nonNull(config, "config");
    SortedMap<String, Object> copy = new TreeMap<>();
    for (Map.Entry<String, ?> e : config.entrySet()) {
      Preconditions.nonBlank(e.getKey(), "config key");
      copy.put(e.getKey(), Preconditions.nonNull(e.getValue(), "config value of " + e.getKey()));
    }
    return Collections.unmodifiableSortedMap(copy);
  }

  private static Map<String, String> copyOfChecksums(Map<String, String> checksums) {
    Preconditions.nonNull(checksums, "fileChecksums");
    SortedMap<String, String> copy = new TreeMap<>();
    for (Map.Entry<String, String> e : checksums.entrySet()) {
      Preconditions.nonBlank(e.getKey(), "fileChecksums key");
      copy.put(e.getKey(), sha256(e.getValue(), "fileChecksums[" + e.getKey() + "]"));
    }
    return Collections.unmodifiableSortedMap(copy);
  }

  private static String sha256(String hex, String name) {
    Preconditions.nonNull(hex, name);
    String lower = hex.strip().toLowerCase(Locale.ROOT);
    Preconditions.require(SHA256.matcher(lower).matches(), name, "64 hex digits (a SHA-256)", hex);
    return lower;
  }
}
