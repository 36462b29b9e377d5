package io.pmbench.experiments.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
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
}
