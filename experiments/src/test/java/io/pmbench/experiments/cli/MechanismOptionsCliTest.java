package io.pmbench.experiments.cli;

import static io.pmbench.experiments.cli.RunCommandTest.execute;
import static io.pmbench.experiments.cli.RunCommandTest.smallRun;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pmbench.experiments.cli.RunCommandTest.Outcome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --option} on the command line: typed, namespaced, refused before any data is loaded.
 * The refusals use a data set file that does not exist, so a refusal that came after loading
 * would name the file instead.
 */
class MechanismOptionsCliTest {
  private static final String MISSING = "npz:/nonexistent/pmbench-test.npz";

  private static Outcome refused(Path tmp, String... extra) {
    List<String> args = new java.util.ArrayList<>(List.of(smallRun(tmp.resolve("x"), extra)));
    args.set(args.indexOf("--dataset") + 1, MISSING);
    return refusedBeforeLoading(tmp, args);
  }

  /** {@code args} (writing to {@code tmp/x}) refused in one line, exit 2, before loading and writing anything. */
  private static Outcome refusedBeforeLoading(Path tmp, List<String> args) {
    Outcome o = execute(args.toArray(new String[0]));
    assertEquals(Pmbench.EXIT_BAD_INPUT, o.exit(), o.err());
    assertEquals(1, o.err().strip().lines().count(), o.err());
    assertFalse(o.err().contains("loading"), "refused after loading: " + o.err());
    assertFalse(Files.exists(tmp.resolve("x")));
    return o;
  }

  @Test
  void run_unknownOption_exitTwoNamingTheMechanismsValidKeysBeforeLoading(@TempDir Path tmp) {
    Outcome o = refused(tmp, "--mechanisms", "privatemail,random", "--option", "nosuch=1");
    assertTrue(o.err().startsWith("pmbench: --option nosuch: "), o.err());
    assertTrue(o.err().contains("privatemail: server, serverNeighbours"), o.err());
  }

  @Test
  void run_misspeltMechanismOrOptionKey_didYouMeanTheClosestName(@TempDir Path tmp) {
    assertTrue(refused(tmp, "--mechanisms", "privatmail").err().strip().endsWith(
        "Provided value: privatmail (did you mean privatemail?)"), "mechanism");
    assertTrue(refused(tmp, "--mechanisms", "private-pca", "--option", "metod=PPCA").err()
        .contains("has it (did you mean method?); valid keys: "), "plain key");
    assertTrue(refused(tmp, "--mechanisms", "private-pca", "--option", "private-pca.metod=PPCA").err()
        .contains("private-pca has no option metod (did you mean method?)"), "namespaced key");
  }

  @Test
  void run_illTypedOrForeignOption_refused(@TempDir Path tmp) {
    assertTrue(refused(tmp, "--mechanisms", "private-pca", "--option", "method=SVD").err()
        .contains("--option method: method must be one of PPCA, MOD_SULQ. Provided value: SVD"));
    assertTrue(refused(tmp, "--mechanisms", "smlq", "--option", "method=PPCA").err()
        .contains("--option method: no mechanism of this command (smlq)"));
    assertTrue(refused(tmp, "--mechanisms", "smlq", "--option", "dp-dsne.iterations=10").err()
        .contains("mechanism must be one this command runs (smlq)"));
    assertTrue(refused(tmp, "--mechanisms", "dp-dsne", "--option", "dp-dsne.iterations=0").err()
        .contains("--option dp-dsne.iterations: iterations must be an integer >= 1"));
  }

  /** {@code command} with {@code extra} on a data set file that does not exist, refused before loading. */
  private static Outcome refusedCommand(Path tmp, String command, String... extra) {
    List<String> args = new java.util.ArrayList<>(List.of(command, "--dataset", MISSING, "--out",
        tmp.resolve("x").toString()));
    args.addAll(List.of(extra));
    return refusedBeforeLoading(tmp, args);
  }

  @Test
  void figuresTable2Claims_unknownOption_exitTwoNamingTheirMechanismsBeforeLoading(@TempDir Path tmp) {
    // fails if a command checks --option against other mechanisms than the ones it runs (as run does), or not at all
    assertTrue(refusedCommand(tmp, "fig3", "--option", "method=PPCA").err()
        .contains("--option method: no mechanism of this command (smlq) has it; valid keys: "), "fig3");
    Outcome fig7 = refusedCommand(tmp, "fig7", "--option", "nosuch=1");
    assertTrue(fig7.err().contains("no mechanism of this command (privatemail, smlq) has it"), fig7.err());
    assertTrue(fig7.err().contains("privatemail, smlq: server, serverNeighbours"), fig7.err());
    assertTrue(refusedCommand(tmp, "fig7", "--option", "private-pca.method=PPCA").err()
        .contains("mechanism must be one this command runs (privatemail, smlq)"), "fig7");
    for (String command : List.of("table2", "claims")) {
      Outcome o = refusedCommand(tmp, command, "--option", "nosuch=1");
      assertTrue(o.err().startsWith("pmbench: --option nosuch: no mechanism of this command ("), o.err());
      assertTrue(o.err().contains("private-pca") && o.err().contains("method"), o.err());
    }
    assertTrue(refusedCommand(tmp, "claims", "--mechanisms", "nope").err().contains("nope"), "claims");
  }

  @Test
  void run_namespacedOption_reachesThatMechanismAsThePlainKeyWould(@TempDir Path tmp) throws Exception {
    Outcome plain = execute(smallRun(tmp.resolve("plain"), "--mechanisms", "public-pca", "--seeds", "1",
        "--option", "dims=1"));
    Outcome spaced = execute(smallRun(tmp.resolve("spaced"), "--mechanisms", "public-pca,random", "--seeds", "1",
        "--option", "public-pca.dims=1"));
    Outcome k = execute(smallRun(tmp.resolve("k"), "--mechanisms", "public-pca", "--seeds", "1"));
    assertEquals(0, plain.exit(), plain.err());
    assertEquals(0, spaced.exit(), spaced.err());
    assertEquals(0, k.exit(), k.err());
    String a = recallOf(tmp.resolve("plain"), "public-pca");
    assertEquals(a, recallOf(tmp.resolve("spaced"), "public-pca"));
    assertFalse(a.equals(recallOf(tmp.resolve("k"), "public-pca")), "dims=1 must change the release");
    String provenance = Files.readString(tmp.resolve("spaced").resolve("provenance.json"));
    assertTrue(provenance.contains("\"mechanismOptions\"") && provenance.contains("\"dims\" : \"1\""), provenance);
  }

  /** The public-pca rows of results.csv from the mechanism column on. */
  private static String recallOf(Path dir, String mechanism) throws Exception {
    return Files.readAllLines(dir.resolve("results.csv")).stream().filter(l -> l.contains("," + mechanism + ","))
        .map(l -> l.substring(l.indexOf("," + mechanism + ","))).reduce("", String::concat);
  }

  @Test
  void mechanisms_name_printsEveryOptionWithTypeDefaultAndDescription() {
    Outcome o = execute("mechanisms", "private-pca");
    assertEquals(0, o.exit(), o.err());
    assertTrue(o.out().contains("method") && o.out().contains("one of PPCA, MOD_SULQ") && o.out().contains("PPCA"),
        o.out());
    assertTrue(o.out().contains("burnIn") && o.out().contains("integer >= 1") && o.out().contains("100"), o.out());
    assertTrue(o.out().contains("noiseSampler"), o.out());
    assertTrue(o.out().contains("revision: 2 (a resumed run recomputes"), o.out());
    assertTrue(o.out().lines().anyMatch(l -> l.matches("columnDraw +one of AUTO, SWEEP, EXACT +AUTO +.*")), o.out());
    assertEquals(Pmbench.EXIT_BAD_INPUT, execute("mechanisms", "nope").exit());
  }

  @Test
  void run_builtInSetWithArgument_namesTheFlagsFromTheOneTable(@TempDir Path tmp) {
    // fails if datasets names a flag itself, or the CLI's table loses the parameters it raises
    Outcome o = RunCommandTest.execute("run", "--dataset", "fashion-mnist:x", "--out", tmp.toString());
    assertEquals(2, o.exit(), o.err());
    String[] lines = o.err().strip().split("\n");
    assertTrue(lines[lines.length - 1].startsWith("pmbench: --dataset fashion-mnist takes no argument (its files are found under "
        + "--data-dir). Provided value: x"), o.err());
  }
}
