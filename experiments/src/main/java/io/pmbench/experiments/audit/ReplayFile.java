package io.pmbench.experiments.audit;

import io.pmbench.core.mechanism.Preset;
import io.pmbench.core.random.NoiseSampler;
import io.pmbench.runs.AtomicFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A saved neighbouring pair, so a reader can replay the sensitivity check:
 * {@code key=value} lines (mechanism, calibration, stage and the audit settings, preset and
 * sampler included, so the target is rebuilt exactly), then one line per row,
 * {@code D <label> <x_1> … <x_d>} for D and {@code P …} for D′, numbers in round-trip form.
 */
final class ReplayFile {
  private ReplayFile() {}

  static void write(Path file, AuditTarget t, AuditSettings s, NeighbourPair p) throws IOException {
    AtomicFiles.write(file, out -> {
      out.write("mechanism=" + t.mechanism() + "\ncalibration=" + t.calibration() + "\nstage=" + t.stageName() + "\n");
      out.write("epsilon=" + s.epsilon() + "\ndelta=" + s.delta() + "\nseed=" + s.seed() + "\npreset="
          + s.preset().cliName() + "\nsampler=" + s.sampler().cliName() + "\n");
      out.write(String.format(Locale.ROOT, "n=%d%nm=%d%nd=%d%nc=%d%nsigma=%s%nalpha=%s%nk=%d%n", s.n(),
          s.privateRows(), s.d(), s.c(), s.sigma(), s.alpha(), s.k()));
      out.write("how=" + p.how() + "\n");
      writeRows(out, "D", p.d());
      writeRows(out, "P", p.dPrime());
    });
  }

  private static void writeRows(java.io.Writer out, String tag, AuditData d) throws IOException {
    for (int i = 0; i < d.n(); i++) {
      StringBuilder b = new StringBuilder(tag).append(' ').append(d.labels()[i]);
      for (double v : d.row(i)) {
        b.append(' ').append(v);
      }
      out.write(b.append('\n').toString());
    }
  }

  /** A pair read back, with the target it was saved for. */
  record Replay(AuditTarget target, NeighbourPair pair) {}

  static Replay read(Path file) throws IOException {
    Map<String, String> keys = new HashMap<>();
    Map<String, List<double[]>> rows = Map.of("D", new ArrayList<>(), "P", new ArrayList<>());
    List<String> lines = Files.readAllLines(file);
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      String[] parts = line.split(" ");
      try {
        if (rows.containsKey(parts[0])) {
          double[] r = new double[parts.length - 1];
          for (int j = 1; j < parts.length; j++) {
            r[j - 1] = Double.parseDouble(parts[j]);
          }
          rows.get(parts[0]).add(r);
        } else if (line.contains("=")) {
          keys.put(line.substring(0, line.indexOf('=')), line.substring(line.indexOf('=') + 1));
        } else if (!line.isBlank()) {
          throw new IllegalArgumentException("expected key=value or a D/P row");
        }
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(file + ": line " + (i + 1) + ": " + e.getMessage(), e);
      }
    }
    try {
      AuditSettings s = new AuditSettings(num(keys, "epsilon"), num(keys, "delta"), Long.parseLong(need(keys, "seed")),
          100, Preset.parse(need(keys, "preset")), NoiseSampler.parse(need(keys, "sampler")), (int) num(keys, "n"),
          (int) num(keys, "m"), (int) num(keys, "d"), (int) num(keys, "c"), num(keys, "sigma"), num(keys, "alpha"),
          (int) num(keys, "k"));
      AuditTarget t = Targets.of(need(keys, "mechanism"), need(keys, "calibration"), need(keys, "stage"), s);
      return new Replay(t, new NeighbourPair(data(rows.get("D"), s), data(rows.get("P"), s), need(keys, "how")));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
    }
  }

  private static AuditData data(List<double[]> rows, AuditSettings s) {
    if (rows.isEmpty()) {
      throw new IllegalArgumentException("D and P rows are required");
    }
    int d = rows.get(0).length - 1;
    double[] x = new double[rows.size() * d];
    int[] labels = new int[rows.size()];
    for (int i = 0; i < rows.size(); i++) {
      labels[i] = (int) rows.get(i)[0];
      System.arraycopy(rows.get(i), 1, x, i * d, d);
    }
    return new AuditData(x, labels, d, s.privateRows());
  }

  private static String need(Map<String, String> keys, String k) {
    String v = keys.get(k);
    if (v == null) {
      throw new IllegalArgumentException("key " + k + " is missing");
    }
    return v;
  }

  private static double num(Map<String, String> keys, String k) {
    return Double.parseDouble(need(keys, k));
  }
}
