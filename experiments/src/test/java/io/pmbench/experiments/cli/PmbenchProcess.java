package io.pmbench.experiments.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** {@code pmbench} in a JVM of its own (for tests that kill it), and the cell files it left. */
public final class PmbenchProcess {
  private PmbenchProcess() {}

  /** Starts {@code pmbench ARGS} on this test's class path, its output (both streams) into {@code log}. */
  public static Process start(List<String> args, Path log) throws Exception {
    List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), "io.pmbench.experiments.cli.Pmbench"));
    cmd.addAll(args);
    return new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
  }

  /** Cell files in {@code dir/cells} (temporary files of an unfinished write left out). */
  public static long cellFiles(Path dir) throws Exception {
    Path cells = dir.resolve("cells");
    if (!Files.isDirectory(cells)) {
      return 0;
    }
    try (var s = Files.list(cells)) {
      return s.filter(p -> p.getFileName().toString().endsWith(".json")
          && !p.getFileName().toString().startsWith(".")).count();
    }
  }
}
