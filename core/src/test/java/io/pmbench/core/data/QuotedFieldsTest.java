package io.pmbench.core.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The one CSV splitter of the data reader and the result files: it fails if a quoted delimiter
 * splits a field, a doubled quote is not read as one quote, or stripping leaks into the
 * unstripped mode (result files keep their fields byte for byte).
 */
class QuotedFieldsTest {
  @Test
  void split_quotedDelimiterAndDoubledQuote_keptInOneField() {
    QuotedFields f = QuotedFields.split("a,\"b,\"\"c\"\"\",d", ',', false);
    assertEquals(List.of("a", "b,\"c\"", "d"), f.fields());
    assertFalse(f.unterminated());
  }

  @Test
  void split_strip_trimsEachFieldOnlyWhenAsked() {
    assertEquals(List.of("1", "x y", ""), QuotedFields.split(" 1 ; \" x y \" ; ", ';', true).fields());
    assertEquals(List.of(" 1 ", "  x y  ", " "), QuotedFields.split(" 1 ; \" x y \" ; ", ';', false).fields());
  }

  @Test
  void split_emptyLineAndTrailingDelimiter_giveEmptyFields() {
    assertEquals(List.of(""), QuotedFields.split("", ',', false).fields());
    assertEquals(List.of("a", ""), QuotedFields.split("a,", ',', false).fields());
  }

  @Test
  void split_openQuoteAtEnd_isUnterminated() {
    QuotedFields f = QuotedFields.split("a,\"b", ',', true);
    assertTrue(f.unterminated());
    assertEquals(List.of("a", "b"), f.fields());
  }

  @Test
  void fields_areUnmodifiable() {
    List<String> fields = QuotedFields.split("a,b", ',', false).fields();
    assertThrows(UnsupportedOperationException.class, () -> fields.add("c"));
  }
}
