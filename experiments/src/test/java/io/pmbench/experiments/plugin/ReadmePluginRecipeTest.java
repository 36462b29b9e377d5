package io.pmbench.experiments.plugin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.testkit.PluginJar;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's "Adding a plugin" recipe, run as written: its shell block, line by line, in an
 * empty folder with {@code PMBENCH} set to a stand-in of the clone whose
 * {@code experiments/target/pmbench.jar} is a manifest-only jar over this build's class path
 * (the real jar is packed after the tests) and whose {@code baselines} is this clone's. Fails when
 * the README's commands or its module snippet drift from the example and the code.
 */
class ReadmePluginRecipeTest {
  private static final Path ROOT = Path.of(System.getProperty("basedir", "."), "..").toAbsolutePath().normalize();

  /** The fenced block of {@code language} in the README's "Adding a plugin" section. */
  static String block(String readme, String language) {
    int section = readme.indexOf("\n## Adding a plugin");
    assertTrue(section >= 0, "README.md has no section 'Adding a plugin'");
    int end = readme.indexOf("\n## ", section + 1);
    String text = readme.substring(section, end < 0 ? readme.length() : end);
    int open = text.indexOf("```" + language + "\n");
    assertTrue(open >= 0, "no ```" + language + " block in 'Adding a plugin'");
    int from = open + language.length() + 4;
    return text.substring(from, text.indexOf("```", from));
  }

  @Test
  void readmeRecipe_runAsWritten_buildsThePluginAndRunsIt(@TempDir Path tmp) throws Exception {
    String readme = Files.readString(ROOT.resolve("README.md"));
    // the module snippet is the example's, line for line
    String module = Files.readString(ROOT.resolve("baselines/src/test/plugin-src/com/example/mymech/MyModule.java"));
    for (String line : block(readme, "java").strip().lines().toList()) {
      assertTrue(module.contains(line), "README's module line is not in the example's MyModule.java: " + line);
    }
    Path clone = standInClone(tmp.resolve("clone"));
    Path work = Files.createDirectories(tmp.resolve("work"));
    String script = block(readme, "sh");
    Path log = tmp.resolve("recipe.log");
    ProcessBuilder pb = new ProcessBuilder("bash", "-euo", "pipefail", "-xc", script).directory(work.toFile())
        .redirectErrorStream(true).redirectOutput(log.toFile());
    pb.environment().put("PMBENCH", clone.toString());
    pb.environment().put("PATH", Path.of(System.getProperty("java.home"), "bin") + File.pathSeparator
        + pb.environment().getOrDefault("PATH", ""));
    Process p = pb.start();
    assertTrue(p.waitFor(5, TimeUnit.MINUTES), "the recipe did not finish in 5 minutes");
    String out = Files.readString(log, StandardCharsets.UTF_8);
    assertEquals(0, p.exitValue(), "the README's recipe failed:\n" + out);
    assertTrue(Files.exists(work.resolve("my-plugin.jar")), out);
    assertTrue(out.contains("my-mech − random"), "the run did not measure the plugin:\n" + out);
  }

  /** {@code dir} with {@code experiments/target/pmbench.jar} (a class-path jar) and this clone's {@code baselines}. */
  private static Path standInClone(Path dir) throws IOException {
    Path jar = Files.createDirectories(dir.resolve("experiments/target")).resolve("pmbench.jar");
    Manifest m = new Manifest();
    m.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
    m.getMainAttributes().put(Attributes.Name.CLASS_PATH, Arrays.stream(PluginJar.classPath().split(File.pathSeparator))
        .filter(e -> !e.isBlank()).map(e -> Path.of(e).toUri().toString()).collect(Collectors.joining(" ")));
    try (OutputStream out = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(out, m)) {
      j.flush();
    }
    Files.createSymbolicLink(dir.resolve("baselines"), ROOT.resolve("baselines"));
    return dir;
  }

  @Test
  void block_sectionWithoutTheFence_failsNamingIt() {
    List<String> texts = List.of("# x\n## Adding a plugin\nno code\n## Next\n```sh\nls\n```\n");
    AssertionError e = org.junit.jupiter.api.Assertions.assertThrows(AssertionError.class,
        () -> block(texts.get(0), "sh"));
    assertTrue(e.getMessage().contains("no ```sh block"), e.getMessage());
  }
}
