package io.pmbench.experiments.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.pmbench.core.mechanism.MechanismRegistry;
import io.pmbench.experiments.figures.Table2;
import io.pmbench.experiments.sweep.GridSetup;
import io.pmbench.runs.ProvenanceJson;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine;

/** {@code pmbench table2}: the default parameters per data set (the paper's Table 2 and this run's). */
@Command(name = "table2", mixinStandardHelpOptions = true, sortOptions = false,
    header = "Table 2: the default parameters per data set.",
    description = {"Table 2: the default parameters per data set (the paper's three and the one given), "
        + "printed and written to DIR/table2.csv."})
public final class Table2Command implements Callable<Integer> {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec cmd;

  @CommandLine.Mixin
  GridOptions grid;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = cmd.commandLine().getOut();
    GridSetup s = grid.setup("table2", "pmbench table2", cmd.commandLine().getErr(), MechanismRegistry.discover());
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
