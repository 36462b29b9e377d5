package io.pmbench.reports;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class CsvFieldsTest {
  @Test
  void split_quotedFieldsWithCommasAndQuotes_readBackAsWritten() {
    List<String> fields = List.of("synthetic:n=300,d=16", "say \"hi\"", "", "plain");
    String line = String.join(",", fields.stream().map(CsvFields::quote).toList());
    assertEquals(fields, CsvFields.split(line));
  }

  @Test
  void quote_plainField_unchanged() {
    assertEquals("fashion-mnist", CsvFields.quote("fashion-mnist"));
  }
}
