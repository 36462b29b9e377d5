package io.pmbench.experiments.cli;

import io.pmbench.core.mechanism.EmbeddingMechanism;
import io.pmbench.core.mechanism.MechanismRegistry;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code pmbench mechanisms}: the registered mechanisms (built in and from plugins on the class path). */
@Command(name = "mechanisms", mixinStandardHelpOptions = true,
    description = "Lists every registered mechanism with a one-line description.")
public final class MechanismsCommand implements Callable<Integer> {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec cmd;

  @Override
  public Integer call() {
    PrintWriter out = cmd.commandLine().getOut();
    MechanismRegistry registry = MechanismRegistry.discover();
    for (String name : registry.names()) {
      EmbeddingMechanism m = registry.get(name);
      out.printf("%-16s %s%n", name, m.description());
    }
    out.flush();
    return 0;
  }
}
