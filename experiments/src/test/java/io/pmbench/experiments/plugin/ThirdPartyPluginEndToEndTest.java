package io.pmbench.experiments.plugin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.testkit.PluginJar;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The plugin example of {@code baselines/src/test/plugin-src} (see baselines' ThirdPartyPluginTest)
 * as a user runs it: its jar beside pmbench's class path, {@code java -cp ... Pmbench}, in its own
 * process. It gets {@code run} (with a namespaced typed option), {@code report}, {@code audit}
 * (through the {@code Auditable} contract it implements) and {@code claims}, with no list in
 * pmbench naming it: if any of them still needed its name somewhere, it would be missing here.
 */
class ThirdPartyPluginEndToEndTest {
  private static final String DATA = "synthetic:n=300,d=16,classes=5,spread=0.3,seed=3";

  @TempDir
  static Path tmp;

  private static String classPath;

  @BeforeAll
  static void buildPlugin() throws IOException {
    Path sources = Path.of(System.getProperty("basedir", "."), "..", "baselines", "src", "test", "plugin-src");
    classPath = PluginJar.classPath() + File.pathSeparator + PluginJar.build(sources, tmp, "my-plugin");
  }

  private record Outcome(int exit, String out) {}

  private static Outcome pmbench(String... args) throws Exception {
    List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", classPath, "io.pmbench.experiments.cli.Pmbench"));
    cmd.addAll(List.of(args));
    Path log = Files.createTempFile(tmp, "pmbench", ".log");
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    assertTrue(p.waitFor(5, TimeUnit.MINUTES), "pmbench " + String.join(" ", args) + " did not finish");
    return new Outcome(p.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
  }

  /** A small grid command on the synthetic data set into {@code dir}. */
  private static Outcome grid(String command, Path dir, String epsilon, String mechanisms, String... extra)
      throws Exception {
    List<String> args = new ArrayList<>(List.of(command, "--dataset", DATA, "--public", "60", "--queries", "30",
        "--seeds", "2", "--epsilon", epsilon, "--mechanisms", mechanisms, "--out", dir.toString()));
    args.addAll(List.of(extra));
    return pmbench(args.toArray(new String[0]));
  }

  @Test
  void runAndReport_pluginListedMeasuredAndRedrawn() throws Exception {
    Path dir = tmp.resolve("run");
    Outcome o = grid("run", dir, "50", "my-mech,random", "--option", "my-mech.radius=1");
    assertEquals(0, o.exit(), o.out());
    assertTrue(Files.readString(dir.resolve("results.csv")).contains("my-mech"));
    Files.delete(dir.resolve("report.html"));
    Outcome r = pmbench("report", dir.toString());
    assertEquals(0, r.exit(), r.out());
    String html = Files.readString(dir.resolve("report.html"));
    assertTrue(html.contains("my-mech"), "the redrawn report lacks the plugin");
    assertTrue(o.out().contains("my-mech − random"), "the plugin is compared with the paired control: " + o.out());
    Outcome bad = pmbench("run", "--dataset", DATA, "--mechanisms", "my-mech", "--option", "radius=wide");
    assertEquals(2, bad.exit(), bad.out());
    assertTrue(bad.out().contains("--option radius: radius must be a number > 0"), bad.out());
  }

  @Test
  void audit_pluginAuditedThroughItsAuditableStages() throws Exception {
    Path dir = tmp.resolve("audit");
    Outcome o = pmbench("audit", "--mechanism", "my-mech", "--epsilon", "1", "--trials", "2000", "--out",
        dir.toString());
    assertEquals(0, o.exit(), o.out());
    String csv = Files.readString(dir.resolve("audit.csv"));
    assertTrue(csv.contains("my-mech") && csv.contains("release"), csv);
    assertTrue(o.out().contains("my-mech"), o.out());
    Outcome all = pmbench("audit", "--help");
    assertEquals(0, all.exit());
  }

  @Test
  void claims_pluginJudgedAsAPrivateBaseline() throws Exception {
    Path dir = tmp.resolve("claims");
    Outcome o = grid("claims", dir, "0.1", "privatemail,my-mech,random", "--parts", "fig6");
    assertEquals(0, o.exit(), o.out());
    String claims = Files.readString(dir.resolve("claims.csv"));
    assertTrue(claims.contains("privatemail − my-mech"), claims);
  }
}
