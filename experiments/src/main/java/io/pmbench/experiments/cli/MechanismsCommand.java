package io.pmbench.experiments.cli;

import io.pmbench.core.mechanism.EmbeddingMechanism;
import io.pmbench.core.mechanism.MechanismOptions;
import io.pmbench.core.mechanism.MechanismRegistry;
import io.pmbench.core.mechanism.OptionSpec;
import io.pmbench.core.privacy.PrivacyClaim;
import io.pmbench.experiments.orchestration.MeasuredCosts;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code pmbench mechanisms [NAME]}: the registered mechanisms (built in and from plugins on the
 * class path) with the guarantee each one's release claims ({@link MechanismSheet}) and its
 * measured cost per query on the built-in data sets ({@link MeasuredCosts#shipped}); with NAME,
 * that mechanism's neighbouring relation, assumptions, revision and options. With
 * {@code --costs-from}, the cost table made from stored runs instead.
 */
@Command(name = "mechanisms", mixinStandardHelpOptions = true,
    header = "Lists mechanisms with guarantees and costs, or one's details.",
    description = {"Lists every registered mechanism: the guarantee its release claims at epsilon = 1, delta = 1e-5 "
        + "(computed by one release on a tiny built-in sample, as a run would), its measured cost per query on the "
        + "built-in data sets and a one-line description. With NAME: the guarantee, neighbouring relation, what is "
        + "assumed public, caveats, revision, costs, and the options (key, type, default, description) for "
        + "--option KEY=VALUE or --option NAME.KEY=VALUE.",
        "With --costs-from DIR...: the table of measured costs made from stored run directories (the median of "
        + "their cells' ms per query), as CSV or, with --markdown, as a Markdown table; pmbench ships the CSV "
        + "made from the stored reference runs."})
public final class MechanismsCommand extends CliCommand {
  @Parameters(arity = "0..1", paramLabel = "NAME", description = "A mechanism whose details to print.")
  String name;

  @Option(names = "--costs-from", arity = "1..*", paramLabel = "DIR",
      description = "Run directories (e.g. a claims run's fig6) to make the cost table from, printed on stdout.")
  List<Path> costsFrom = List.of();

  @Option(names = "--markdown", description = "With --costs-from: a Markdown table (mechanisms down, data sets "
      + "across) instead of CSV.")
  boolean markdown;

  @Mixin
  VerboseOption verbose = new VerboseOption();

  @Override
  public Integer call() throws Exception {
    PrintWriter out = out();
    if (!costsFrom.isEmpty()) {
      String command = "pmbench mechanisms --costs-from " + costsFrom.stream().map(p -> p.toString().replace('\\', '/'))
          .collect(Collectors.joining(" ")) + (markdown ? " --markdown" : "");
      MeasuredCosts costs = MeasuredCosts.fromRuns(costsFrom, command);
      out.print(markdown ? costs.toMarkdown() : costs.toCsv());
      out.flush();
      return 0;
    }
    MechanismRegistry registry = MechanismRegistry.discover();
    MeasuredCosts costs = MeasuredCosts.shipped();
    MechanismSheet sheet = new MechanismSheet();
    if (name != null) {
      details(out, registry.get(name), sheet, costs);
    } else {
      list(out, registry, sheet, costs);
    }
    out.flush();
    return 0;
  }

  private static void list(PrintWriter out, MechanismRegistry registry, MechanismSheet sheet, MeasuredCosts costs) {
    List<String> datasets = costs.datasets();
    out.printf("%-17s %-22s %s%n", "mechanism", "claim at eps=1", "ms per query: " + String.join(" / ", datasets));
    for (String n : registry.names()) {
      EmbeddingMechanism m = registry.get(n);
      String cost = datasets.stream().map(d -> costs.of(d, n).map(r -> MeasuredCosts.formatMillis(r.msPerQuery())
          .replace(" ms", "")).orElse("-")).collect(Collectors.joining(" / "));
      out.printf("%-17s %-22s %s%n", n, guarantee(sheet, m), cost);
      out.printf("%-17s %s%n", "", m.description());
    }
    out.println();
    out.println("Claims: one release on a tiny built-in sample (" + MechanismSheet.SAMPLE + ") at the corrected preset;"
        + " `pmbench mechanisms NAME` gives the neighbouring relation, assumptions and options.");
    costs.source().forEach(s -> out.println("Costs: " + s));
  }

  private static String guarantee(MechanismSheet sheet, EmbeddingMechanism m) {
    try {
      return sheet.claim(m).summary();
    } catch (RuntimeException e) {
      return "? (" + e.getClass().getSimpleName() + ")";
    }
  }

  private static void details(PrintWriter out, EmbeddingMechanism m, MechanismSheet sheet, MeasuredCosts costs) {
    out.println(m.name() + ": " + m.description());
    PrivacyClaim c = sheet.claim(m);
    out.println("guarantee at eps=" + MechanismSheet.EPSILON + ", delta=" + MechanismSheet.DELTA
        + " (corrected preset): " + c.summary() + (c.calibration().equals("none") ? "" : ", noise " + c.calibration())
        + (m.readsEpsilon() ? "" : "; does not read epsilon"));
    out.println("neighbouring: " + c.neighbouring());
    out.println("assumed public: " + c.assumedPublic());
    c.caveats().forEach(line -> out.println("caveat: " + line));
    out.println("revision: " + m.revision() + (m.revision() > 1
        ? " (a resumed run recomputes the cells an earlier revision made)" : ""));
    out.println("reports and claims: " + m.reporting().describe());
    List<MeasuredCosts.Row> rows = costs.of(m.name());
    out.println("measured cost per query: " + (rows.isEmpty() ? "not measured (not in the stored reference runs)"
        : rows.stream().map(r -> r.dataset() + " " + MeasuredCosts.formatMillis(r.msPerQuery()) + " (" + r.cells()
            + " cells, " + r.nPublic() + " public rows, " + r.measured() + ")").collect(Collectors.joining("; "))));
    out.printf("%-18s %-28s %-16s %s%n", "option", "type", "default", "description");
    for (OptionSpec<?> o : m.options()) {
      out.println(ParameterFlags.optionLine(o));
    }
    for (OptionSpec<?> o : MechanismOptions.COMMON) {
      if (m.options().stream().noneMatch(x -> x.name().equals(o.name()))) {
        out.println(ParameterFlags.optionLine(o) + " (every mechanism)");
      }
    }
    out.println("The claim comes from one release on a tiny built-in sample (" + MechanismSheet.SAMPLE + "); the "
        + "costs from pmbench's stored reference runs (" + String.join(" ", costs.source()) + ")");
  }
}
