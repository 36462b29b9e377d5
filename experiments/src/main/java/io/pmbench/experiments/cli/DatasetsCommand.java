package io.pmbench.experiments.cli;

import io.pmbench.core.data.DatasetDefaults;
import io.pmbench.datasets.DatasetRegistry;
import io.pmbench.datasets.descriptor.Availability;
import io.pmbench.datasets.descriptor.Descriptor;
import io.pmbench.datasets.descriptor.Descriptors;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/**
 * {@code pmbench datasets}: every known data set with the files its descriptor names, where
 * each is looked for ({@code --data-dir}, then beside the descriptor) and whether it was found
 * (a set built in without a descriptor, such as Omniglot, is listed with where its σ and α come
 * from); then how to name other data. Descriptor files given as arguments are listed the same way.
 * Nothing is read or checksummed: a file that is found can still fail to load.
 */
@Command(name = "datasets", mixinStandardHelpOptions = true,
    header = "Lists the known data sets and where their files are.",
    description = {"Lists the known data sets, where each one's files are looked for and whether they were found, "
        + "and how to name your own files. Give descriptor files (FILE.yaml|FILE.json) to check them too."})
public final class DatasetsCommand extends CliCommand {
  private static final String INDENT = " ".repeat(17);

  @Mixin
  DataDirOption dataDir = new DataDirOption();

  @Parameters(paramLabel = "DESCRIPTOR", arity = "0..*", description = "Descriptor files to check as well.")
  List<Path> descriptors = new ArrayList<>();

  @Override
  public Integer call() {
    PrintWriter out = out();
    Optional<Path> dir = dataDir.options().dataDir();
    DatasetRegistry registry = DatasetRegistry.standard();
    List<Descriptor> given = descriptors.stream().map(Descriptors::read).toList();
    out.println("Data sets (" + dir.map(d -> "--data-dir " + d).orElse("no --data-dir") + "):");
    for (String name : registry.names()) {
      registry.descriptor(name).ifPresent(d -> print(out, d, Availability.of(d, dir)));
      registry.builtIn(name).ifPresent(b -> print(out, b));
    }
    for (Descriptor d : given) {
      print(out, d, Availability.of(d, dir));
    }
    out.println();
    out.println("Other data (--dataset SPEC):");
    registry.names().stream().filter(n -> registry.descriptor(n).isEmpty() && registry.builtIn(n).isEmpty())
        .forEach(n -> out.println("  " + registry.usage(n)));
    out.println("  " + DatasetRegistry.DESCRIPTOR_USAGE + " -- docs/DATASETS.md section 6");
    out.flush();
    return 0;
  }

  private static void print(PrintWriter out, Descriptor d, Availability a) {
    printHead(out, d.name(), a.found(), d.defaults(), d.title());
    out.println(INDENT + "descriptor " + d.origin().name());
    for (Availability.FileStatus f : a.files()) {
      String where = f.foundAt().map(p -> "found at " + p)
          .orElse(f.lookedFor().isEmpty() ? "not found (no --data-dir given: pass --data-dir DIR holding " + f.path() + ")"
              : "not found; looked for " + String.join(", ", f.lookedFor()));
      out.println(INDENT + f.id() + ": " + f.path() + " -- " + where);
    }
  }

  /** A set built into the jar without a descriptor: always found. */
  private static void print(PrintWriter out, DatasetRegistry.BuiltIn b) {
    printHead(out, b.name(), true, b.defaults(), b.title());
    out.println(INDENT + "built in: " + b.location() + " (no --data-dir needed)");
    out.println(INDENT + b.defaultsSource());
  }

  private static void printHead(PrintWriter out, String name, boolean found, DatasetDefaults defaults, String title) {
    out.printf("%n  %-14s %s  sigma=%s alpha=%s  %s%n", name, found ? "found  " : "MISSING", defaults.sigma(),
        defaults.alpha(), title);
  }
}
