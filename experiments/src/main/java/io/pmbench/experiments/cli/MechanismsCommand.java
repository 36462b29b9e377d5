package io.pmbench.experiments.cli;

import io.pmbench.core.mechanism.EmbeddingMechanism;
import io.pmbench.core.mechanism.MechanismOptions;
import io.pmbench.core.mechanism.MechanismRegistry;
import io.pmbench.core.mechanism.OptionSpec;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code pmbench mechanisms [NAME]}: the registered mechanisms (built in and from plugins on the
 * class path), or one mechanism's options.
 */
@Command(name = "mechanisms", mixinStandardHelpOptions = true,
    header = "Lists the registered mechanisms, or one mechanism's options.",
    description = {"Lists every registered mechanism with a one-line description; with NAME, that mechanism's "
        + "options (key, type, default, description) for --option KEY=VALUE or --option NAME.KEY=VALUE."})
public final class MechanismsCommand extends CliCommand {
  @Parameters(arity = "0..1", paramLabel = "NAME", description = "A mechanism whose options to print.")
  String name;

  @Override
  public Integer call() {
    PrintWriter out = out();
    MechanismRegistry registry = MechanismRegistry.discover();
    if (name != null) {
      EmbeddingMechanism m = registry.get(name);
      out.println(m.name() + ": " + m.description());
      out.println("reports and claims: " + m.reporting().describe());
      out.println("revision: " + m.revision() + (m.revision() > 1
          ? " (a resumed run recomputes the cells an earlier revision made)" : ""));
      out.printf("%-18s %-28s %-16s %s%n", "option", "type", "default", "description");
      for (OptionSpec<?> o : m.options()) {
        out.println(o.line());
      }
      for (OptionSpec<?> o : MechanismOptions.COMMON) {
        if (m.options().stream().noneMatch(x -> x.name().equals(o.name()))) {
          out.println(o.line() + " (every mechanism)");
        }
      }
      out.flush();
      return 0;
    }
    for (String n : registry.names()) {
      EmbeddingMechanism m = registry.get(n);
      out.printf("%-16s %s%n", n, m.description());
    }
    out.flush();
    return 0;
  }
}
