package io.pmbench.experiments.cli;

import io.pmbench.datasets.DatasetRegistry;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code pmbench datasets}: the data-set names and how a spec for each is written. */
@Command(name = "datasets", mixinStandardHelpOptions = true,
    description = "Lists the known data sets and how to name your own files.")
public final class DatasetsCommand implements Callable<Integer> {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec cmd;

  @Override
  public Integer call() {
    PrintWriter out = cmd.commandLine().getOut();
    for (String usage : DatasetRegistry.standard().usages()) {
      out.println(usage);
    }
    out.flush();
    return 0;
  }
}
