package io.pmbench.experiments.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.pmbench.experiments.figures.Table2;
import io.pmbench.experiments.sweep.GridSetup;
import io.pmbench.runs.ProvenanceJson;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Command;

/** {@code pmbench table2}: the default parameters per data set (the paper's Table 2 and this run's). */
@Command(name = "table2", mixinStandardHelpOptions = true, sortOptions = false,
    header = "Table 2: the default parameters per data set.",
    description = {"Table 2: the default parameters per data set (the paper's three and the one given), "
        + "printed and written to DIR/table2.csv."})
public final class Table2Command extends GridCommand {
  @Override
  public Integer call() throws Exception {
    PrintWriter out = out();
    refuseRecheckOnly();
    GridSetup s = setup();
    JsonNode config = ProvenanceJson.toNode(s.config(Map.of()));
    List<List<String>> rows = Table2.rows(config);
    out.println(String.join(" | ", Table2.HEADER));
    for (List<String> r : rows) {
      out.println(String.join(" | ", r));
    }
    Path file = s.out().resolve("table2.csv");
    Table2.write(file, config);
    out.println("Table: " + file.toAbsolutePath());
    out.flush();
    return 0;
  }
}
