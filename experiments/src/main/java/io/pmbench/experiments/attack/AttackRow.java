package io.pmbench.experiments.attack;

import io.pmbench.reports.CsvFields;
import io.pmbench.reports.Interval;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * One row of {@code attack.csv}: the dummies attack on one (mechanism, ε, release order), over
 * every query of every seed, with two-level bootstrap intervals (SPEC.md §10).
 *
 * @param dataset the data set's name
 * @param preset the fidelity preset
 * @param mechanism the mechanism attacked
 * @param epsilon ε of the release (for a mechanism that reads no ε: the first ε of the run)
 * @param readsEpsilon whether the mechanism's release depends on ε
 * @param release the order in which the client released its private rows
 * @param seeds the run seeds
 * @param queriesPerSeed queries of each seed
 * @param classes C, the number of gallery classes (class-guess chance 1/C)
 * @param privateRows m averaged over queries (r and its dummies)
 * @param identifyChance the mean over queries of 1/m (guessing r's row blindly)
 * @param identify how often the guessed row is r
 * @param classChance 1/C
 * @param classNearest how often the nearest gallery row of the guessed row carries r's class
 * @param classCombined how often the combined guess (the one public class no other twin covers,
 *     when exactly one; else the nearest gallery label) is r's class
 */
public record AttackRow(String dataset, String preset, String mechanism, double epsilon, boolean readsEpsilon,
    Release release, List<Long> seeds, int queriesPerSeed, int classes, double privateRows, double identifyChance,
    Interval identify, double classChance, Interval classNearest, Interval classCombined) {
  /** The header of {@code attack.csv}. */
  public static final String HEADER = "dataset,preset,mechanism,epsilon,reads_epsilon,release,seeds,queries_per_seed,"
      + "classes,private_rows_mean,identify_chance,identify_accuracy,identify_low,identify_high,class_chance,"
      + "class_nearest_accuracy,class_nearest_low,class_nearest_high,class_combined_accuracy,class_combined_low,"
      + "class_combined_high,bootstrap_resamples";

  /** The order of the private rows [r; P_r] in the release. */
  public enum Release {
    /** As the protocol releases it today: r at row 0. */
    PROTOCOL,
    /** Permuted uniformly by the client before release. */
    SHUFFLED;

    /** The name in {@code attack.csv} and on the console. */
    public String cliName() {
      return switch (this) {
        case PROTOCOL -> "as-released";
        case SHUFFLED -> "client-shuffled";
      };
    }

    static Release parse(String s) {
      return Arrays.stream(values()).filter(r -> r.cliName().equals(s)).findFirst().orElseThrow(() ->
          new IllegalArgumentException("release must be as-released or client-shuffled. Provided value: " + s));
    }
  }

  public AttackRow {
    for (String name : List.of(dataset, preset, mechanism)) {
      if (name.contains("\n") || name.contains("\r")) {
        throw new IllegalArgumentException("names must be one line. Provided value: " + name);
      }
    }
    seeds = List.copyOf(seeds);
    if (seeds.isEmpty()) {
      throw new IllegalArgumentException("seeds must be >= 1. Provided value: 0");
    }
    if (queriesPerSeed < 1) {
      throw new IllegalArgumentException("queriesPerSeed must be >= 1. Provided value: " + queriesPerSeed);
    }
    if (classes < 2) {
      throw new IllegalArgumentException("classes must be >= 2. Provided value: " + classes);
    }
    if (!(identifyChance > 0 && identifyChance <= 1)) {
      throw new IllegalArgumentException("identifyChance must be in (0, 1]. Provided value: " + identifyChance);
    }
  }

  /** The better of the two class guesses by point estimate (the attacker may use either). */
  public Interval classBest() {
    return classCombined.mean() >= classNearest.mean() ? classCombined : classNearest;
  }

  /** Which guess {@link #classBest} is: {@code combined} or {@code nearest}. */
  public String classBestName() {
    return classCombined.mean() >= classNearest.mean() ? "combined" : "nearest";
  }

  /** Writes {@code rows} as CSV with {@link #HEADER}. */
  public static void writeCsv(List<AttackRow> rows, Writer out) throws IOException {
    out.write(HEADER + "\n");
    for (AttackRow r : rows) {
      out.write(String.join(",", CsvFields.quote(r.dataset), CsvFields.quote(r.preset), CsvFields.quote(r.mechanism), Double.toString(r.epsilon),
          Boolean.toString(r.readsEpsilon), r.release.cliName(),
          r.seeds.stream().map(String::valueOf).collect(Collectors.joining(" ")), Integer.toString(r.queriesPerSeed),
          Integer.toString(r.classes), num(r.privateRows), num(r.identifyChance), interval(r.identify),
          num(r.classChance), interval(r.classNearest), interval(r.classCombined),
          Integer.toString(AttackBootstrap.RESAMPLES)) + "\n");
    }
  }

  /** Reads a file written by {@link #writeCsv}. */
  public static List<AttackRow> readCsv(Path file) {
    List<String> lines;
    try {
      lines = Files.readAllLines(file);
    } catch (IOException e) {
      throw new UncheckedIOException(file + ": cannot read (" + e.getMessage() + ")", e);
    }
    if (lines.isEmpty() || !lines.get(0).equals(HEADER)) {
      throw new IllegalArgumentException(file + ": header must be " + HEADER);
    }
    String[] names = HEADER.split(",");
    List<AttackRow> rows = new ArrayList<>();
    for (int i = 1; i < lines.size(); i++) {
      List<String> v = CsvFields.split(lines.get(i));
      if (v.size() != names.length) {
        throw new IllegalArgumentException(file + " row " + (i + 1) + ": must have " + names.length
            + " columns. Provided value: " + v.size());
      }
      Map<String, String> c = new HashMap<>();
      for (int j = 0; j < names.length; j++) {
        c.put(names[j], v.get(j));
      }
      try {
        rows.add(row(c));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(file + " row " + (i + 1) + ": " + e.getMessage(), e);
      }
    }
    return rows;
  }

  private static AttackRow row(Map<String, String> c) {
    List<Long> seeds = Arrays.stream(c.get("seeds").split(" ")).map(Long::parseLong).toList();
    return new AttackRow(c.get("dataset"), c.get("preset"), c.get("mechanism"), Double.parseDouble(c.get("epsilon")),
        Boolean.parseBoolean(c.get("reads_epsilon")), Release.parse(c.get("release")), seeds,
        Integer.parseInt(c.get("queries_per_seed")), Integer.parseInt(c.get("classes")),
        Double.parseDouble(c.get("private_rows_mean")), Double.parseDouble(c.get("identify_chance")),
        interval(c, "identify"), Double.parseDouble(c.get("class_chance")), interval(c, "class_nearest"),
        interval(c, "class_combined"));
  }

  private static Interval interval(Map<String, String> c, String prefix) {
    return new Interval(Double.parseDouble(c.get(prefix + "_accuracy")), Double.parseDouble(c.get(prefix + "_low")),
        Double.parseDouble(c.get(prefix + "_high")));
  }

  private static String interval(Interval i) {
    return num(i.mean()) + "," + num(i.low()) + "," + num(i.high());
  }

  private static String num(double v) {
    return String.format(Locale.ROOT, "%.6f", v);
  }
}
