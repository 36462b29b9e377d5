package io.pmbench.experiments.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import picocli.CommandLine;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code --help} at {@value Pmbench#HELP_WIDTH} columns: no line wider, and the text as committed
 * under {@code src/test/resources/help/} (a changed option or description shows up in review).
 * To update a golden file after an intended change, render it with
 * {@code java -jar experiments/target/pmbench.jar [run] --help}.
 */
class HelpGoldenTest {
  @ParameterizedTest
  @CsvSource({"'--help', pmbench-help.txt", "'run --help', run-help.txt"})
  void help_atEightyColumns_fitsAndMatchesTheGoldenFile(String args, String golden) throws IOException {
    RunCommandTest.Outcome o = RunCommandTest.execute(args.split(" "));
    assertEquals(0, o.exit(), o.err());
    String text = o.out().replace("\r\n", "\n");
    text.lines().forEach(line -> assertTrue(line.length() <= Pmbench.HELP_WIDTH,
        "longer than " + Pmbench.HELP_WIDTH + " columns: " + line));
    try (InputStream in = HelpGoldenTest.class.getResourceAsStream("/help/" + golden)) {
      assertEquals(new String(in.readAllBytes(), StandardCharsets.UTF_8), text, golden);
    }
  }

  /**
   * Every command's and subcommand's help renders without picocli's "Could not format" warning (a
   * bare {@code %} in a description, such as "95% two-level", is read as a format conversion and
   * the whole description is then printed unformatted, with a warning, on stderr).
   */
  @Test
  void help_everyCommand_rendersWithoutPicocliFormatWarnings() {
    List<String> warned = new ArrayList<>();
    Deque<CommandLine> todo = new ArrayDeque<>(List.of(Pmbench.commandLine()));
    PrintStream stderr = System.err;
    try {
      while (!todo.isEmpty()) {
        CommandLine cl = todo.pop();
        todo.addAll(cl.getSubcommands().values());
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        cl.getUsageMessage();
        System.setErr(stderr);
        if (captured.toString(StandardCharsets.UTF_8).contains("picocli WARN")) {
          warned.add(cl.getCommandSpec().qualifiedName());
        }
      }
    } finally {
      System.setErr(stderr);
    }
    assertEquals(List.of(), warned, "help with a format warning");
  }
}
