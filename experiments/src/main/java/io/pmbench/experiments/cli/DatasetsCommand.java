package io.pmbench.experiments.cli;

import io.pmbench.datasets.DatasetRegistry;
import io.pmbench.datasets.descriptor.Availability;
import io.pmbench.datasets.descriptor.Descriptor;
import io.pmbench.datasets.descriptor.Descriptors;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/**
 * {@code pmbench datasets}: every known data set with the files its descriptor names, where
 * each is looked for ({@code --data-dir}, then beside the descriptor) and whether it was found;
 * then how to name other data. Descriptor files given as arguments are listed the same way.
 * Nothing is read or checksummed: a file that is found can still fail to load.
 */
@Command(name = "datasets", mixinStandardHelpOptions = true,
    description = {"Lists the known data sets, where each one's files are looked for and whether they were found,",
        "and how to name your own files. Give descriptor files (FILE.yaml|FILE.json) to check them too."})
public final class DatasetsCommand implements Callable<Integer> {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec cmd;

  @Mixin
  DataDirOption dataDir = new DataDirOption();

  @Parameters(paramLabel = "DESCRIPTOR", arity = "0..*", description = "Descriptor files to check as well.")
  List<Path> descriptors = new ArrayList<>();

  @Override
  public Integer call() {
    PrintWriter out = cmd.commandLine().getOut();
    Optional<Path> dir = dataDir.options().dataDir();
    DatasetRegistry registry = DatasetRegistry.standard();
    List<Descriptor> listed = new ArrayList<>();
    registry.names().forEach(n -> registry.descriptor(n).ifPresent(listed::add));
    descriptors.forEach(p -> listed.add(Descriptors.read(p)));
    out.println("Data sets (" + dir.map(d -> "--data-dir " + d).orElse("no --data-dir") + "):");
    for (Descriptor d : listed) {
      print(out, d, Availability.of(d, dir));
    }
    out.println();
    out.println("Other data (--dataset SPEC):");
    registry.names().stream().filter(n -> registry.descriptor(n).isEmpty())
        .forEach(n -> out.println("  " + registry.usage(n)));
    out.println("  " + DatasetRegistry.DESCRIPTOR_USAGE + " -- README \"Data-set descriptors\"");
    out.flush();
    return 0;
  }

  private static void print(PrintWriter out, Descriptor d, Availability a) {
    out.printf("%n  %-14s %s  sigma=%s alpha=%s  %s%n", d.name(), a.found() ? "found  " : "MISSING",
        d.defaults().sigma(), d.defaults().alpha(), d.title());
    out.println("  " + " ".repeat(15) + "descriptor " + d.origin().name());
    for (Availability.FileStatus f : a.files()) {
      String where = f.foundAt().map(p -> "found at " + p)
          .orElse(f.lookedFor().isEmpty() ? "not found (no --data-dir given: pass --data-dir DIR holding " + f.path() + ")"
              : "not found; looked for " + String.join(", ", f.lookedFor()));
      out.println("  " + " ".repeat(15) + f.id() + ": " + f.path() + " -- " + where);
    }
  }
}
