package io.pmbench.experiments.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.pmbench.core.mechanism.ClientRelease;
import io.pmbench.core.mechanism.Embedding;
import io.pmbench.core.mechanism.MechanismParams;
import io.pmbench.core.privacy.PrivacyClaim;
import io.pmbench.core.random.NoiseOrigin;
import io.pmbench.datasets.format.NpyWriter;
import io.pmbench.runs.AtomicFiles;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/** The files {@code pmbench release} writes: the release (CSV or .npy) and its privacy statement (JSON). */
final class ReleaseFiles {
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
      .disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);

  private ReleaseFiles() {}

  /** Where the release came from (all public). */
  record Origin(String dataset, String datasetSha256, long seed, int nPublic, int publicOffset) {}

  /** The release's format, from its file name. */
  enum Kind {
    CSV, NPY;

    static Kind of(Path out) {
      String name = out.getFileName().toString().toLowerCase(Locale.ROOT);
      if (name.endsWith(".csv")) {
        return CSV;
      }
      if (name.endsWith(".npy")) {
        return NPY;
      }
      throw new IllegalArgumentException("--out must end in .csv or .npy. Provided value: " + out);
    }

    /** Writes {@code e} atomically: CSV one row per line (shortest round-trip decimals), .npy float64 C order. */
    void write(Path out, Embedding e) throws IOException {
      if (this == CSV) {
        AtomicFiles.write(out, w -> {
          for (int r = 0; r < e.rows(); r++) {
            StringBuilder line = new StringBuilder();
            for (int c = 0; c < e.dim(); c++) {
              line.append(c == 0 ? "" : ",").append(e.data()[r * e.dim() + c]);
            }
            w.write(line.append('\n').toString());
          }
        });
      } else {
        AtomicFiles.writeBytes(out, npy(e));
      }
    }
  }

  /** {@code release.csv} → {@code release.privacy.json}. */
  static Path statementPath(Path out) {
    String name = out.getFileName().toString();
    return out.resolveSibling(name.substring(0, name.lastIndexOf('.')) + ".privacy.json");
  }

  /** An .npy v1.0 file of float64 ({@code <f8}), shape (rows, dim). */
  static byte[] npy(Embedding e) {
    return NpyWriter.float64(e.data(), e.rows(), e.dim());
  }

  /** The privacy statement: the mechanism's claim in full, the noise source and where P came from. */
  static void statement(Writer w, ClientRelease release, String mechanism, MechanismParams params, Origin origin)
      throws IOException {
    PrivacyClaim c = release.claim();
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("mechanism", mechanism);
    m.put("guarantee", c.guarantee().name());
    m.put("summary", c.summary());
    m.put("epsilon", c.epsilon());
    m.put("delta", c.delta());
    m.put("neighbouring", c.neighbouring());
    m.put("sensitivity", c.sensitivity());
    m.put("noiseScale", c.noiseScale());
    m.put("calibration", c.calibration());
    m.put("assumedPublic", c.assumedPublic());
    m.put("caveats", c.caveats());
    m.put("noiseSource", NoiseOrigin.SYSTEM.cliName());
    m.put("noise", NoiseOrigin.SYSTEM_STATEMENT);
    m.put("embeddingShape", new int[] {release.embedding().rows(), release.embedding().dim()});
    m.put("rows", "row 0 the query, rows 1.." + (origin.publicOffset() - 1) + " the dummy queries P_r, then P");
    m.put("publicSet", Map.of("dataset", origin.dataset(), "datasetSha256", origin.datasetSha256(), "seed",
        origin.seed(), "nPublic", origin.nPublic()));
    m.put("params", params.describe());
    JSON.writeValue(w, m);
  }
}
